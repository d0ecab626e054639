/**
 * HTTP for the API client. Requests go through `node:http(s)` with kept-alive connections; when the
 * runner's proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) apply to the URL, @actions/http-client gives its
 * tunnelling agent (its client is made only then), and the request itself still goes through the code below. So every request, proxied
 * or not, has the same bounds: it is destroyed when its signal aborts (time limit or cancellation), its
 * body is read up to `maxBytes`, and no redirect is followed (the API uses none; following one could repeat
 * a POST elsewhere, or send the key to another host).
 */
import type * as http from 'node:http'
import { StringDecoder } from 'node:string_decoder'
import type { HttpClient } from '@actions/http-client'
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import { bytes } from '../format.js'

export interface RawAnswer {
  status: number
  contentType: string
  retryAfter: string | undefined
  text: string
}

export interface SendOptions {
  /** Aborting it destroys the request at once; the promise rejects with the signal's reason. */
  signal: AbortSignal
  /** The longest answer body read; a longer one rejects with `BodyTooLarge`. */
  maxBytes: number
}

export interface Transport {
  send(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    options: SendOptions,
  ): Promise<RawAnswer>
  /** Closes kept-alive connections so the process can exit at once. */
  dispose(): void
}

/** An answer body larger than the limit: the request was stopped, the body never held in full. */
export class BodyTooLarge extends Error {
  constructor(
    readonly status: number,
    readonly maxBytes: number,
  ) {
    super(`the answer is larger than ${bytes(maxBytes)}`)
    this.name = 'BodyTooLarge'
  }
}

export function createTransport(userAgent: string): Transport {
  const agents = new Map<string, http.Agent>()
  let proxied: Promise<HttpClient> | undefined

  const agentFor = async (url: URL): Promise<http.Agent> => {
    if (getProxyUrl(url)) {
      proxied ??= import('@actions/http-client').then(
        // Kept alive, the client hands out one tunnelling agent for every proxied request rather than one each;
        // nothing a request sends or receives differs, so Stryker is told these options are not observable.
        // Stryker disable next-line ArrayDeclaration,ObjectLiteral,BooleanLiteral: agent reuse only, see above
        ({ HttpClient }) => new HttpClient(userAgent, [], { keepAlive: true }),
      )
      return (await proxied).getAgent(url.href)
    }
    let agent = agents.get(url.protocol)
    if (!agent) {
      const mod = url.protocol === 'https:' ? await import('node:https') : await import('node:http')
      agent = new mod.Agent({ keepAlive: true })
      agents.set(url.protocol, agent)
    }
    return agent
  }

  return {
    send: async (method, href, headers, body, options) => {
      const url = new URL(href)
      const mod = url.protocol === 'https:' ? await import('node:https') : await import('node:http')
      const agent = await agentFor(url)
      const all = {
        ...headers,
        'user-agent': userAgent,
        // Bytes, not characters (a prompt in any language arrives whole). Node would count them the same way for a
        // body sent in one piece, so Stryker is told that leaving the header out is not observable.
        // Stryker disable next-line ObjectLiteral: Node sets the same Content-Length itself
        ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      }
      return request(mod.request, url, { method, headers: all, agent, path: pathOf(href) }, body, options)
    },
    dispose: () => {
      for (const agent of agents.values()) agent.destroy()
      void proxied?.then((client) => client.dispose())
    },
  }
}

/**
 * The path and query of `href` as written (empty, which Node sends as `/`, for a bare origin): `URL` would
 * resolve `%2E` and `%2E%2E` segments away, and the server must see every segment the client wrote.
 */
function pathOf(href: string): string {
  return href.replace(/^[^:/?#]+:\/\/[^/?#]*/, '')
}

type RequestFn = (
  url: URL,
  options: http.RequestOptions,
  callback: (res: http.IncomingMessage) => void,
) => http.ClientRequest

function request(
  send: RequestFn,
  url: URL,
  init: http.RequestOptions,
  body: string | undefined,
  { signal, maxBytes }: SendOptions,
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false
    const finish = (error: unknown, answer?: RawAnswer) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', onAbort)
      if (answer) resolve(answer)
      else {
        req.destroy()
        reject(error)
      }
    }
    const onAbort = () => finish(signal.reason)

    const req = send(url, init, (res) => {
      // Decoded as it arrives, as setEncoding would, so no chunk outlives its event: holding a page's
      // Buffers until its end raised the 1M-row export's peak RSS by about 30 MiB.
      const decoder = new StringDecoder('utf8')
      let text = ''
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        if (bytes > maxBytes) return finish(new BodyTooLarge(res.statusCode ?? 0, maxBytes))
        text += decoder.write(chunk)
      })
      res.on('error', (err) => finish(err))
      res.on('aborted', () => finish(new Error('the connection closed mid-answer')))
      res.on('end', () => finish(undefined, answerOf(res, text + decoder.end())))
    })
    req.on('error', (err) => finish(err))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort) // finish() removes it, whichever way the request ends
    req.end(body)
  })
}

function answerOf(res: http.IncomingMessage, text: string): RawAnswer {
  const retryAfter = res.headers['retry-after']
  return {
    status: res.statusCode ?? 0,
    contentType: String(res.headers['content-type'] ?? ''),
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    text,
  }
}
