/**
 * Sends one HTTP request and reads the whole answer. Requests go straight through `node:http(s)` with
 * kept-alive connections; when the runner's proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) apply to
 * the URL, they go through @actions/http-client instead, loaded only then: it brings undici, whose
 * loading alone would double the action's start-up.
 */
import type * as http from 'node:http'
import type { HttpClient } from '@actions/http-client'
import { getProxyUrl } from '@actions/http-client/lib/proxy'

export interface RawAnswer {
  status: number
  contentType: string
  retryAfter: string | undefined
  text: string
}

export interface Transport {
  send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string): Promise<RawAnswer>
  /** Closes kept-alive connections so the process can exit at once. */
  dispose(): void
}

export function createTransport(userAgent: string, socketTimeoutMs: number): Transport {
  const agents = new Map<string, http.Agent>()
  let proxied: Promise<HttpClient> | undefined

  const direct = async (method: string, url: URL, headers: Record<string, string>, body?: string) => {
    const mod = url.protocol === 'https:' ? await import('node:https') : await import('node:http')
    let agent = agents.get(url.protocol)
    if (!agent) {
      agent = new mod.Agent({ keepAlive: true })
      agents.set(url.protocol, agent)
    }
    const all = {
      ...headers,
      'user-agent': userAgent,
      ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    }
    return new Promise<RawAnswer>((resolve, reject) => {
      const req = mod.request(url, { method, headers: all, agent, timeout: socketTimeoutMs }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('error', reject)
        res.on('end', () => resolve(answerOf(res.statusCode, res.headers, text)))
      })
      req.on('timeout', () => req.destroy(new Error('Request timeout')))
      req.on('error', reject)
      req.end(body)
    })
  }

  const viaProxy = async (method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body?: string) => {
    proxied ??= import('@actions/http-client').then(
      // No redirects: the API does not use them, and following one could repeat a POST elsewhere.
      ({ HttpClient }) =>
        new HttpClient(userAgent, [], { allowRedirects: false, keepAlive: true, socketTimeout: socketTimeoutMs }),
    )
    const client = await proxied
    const res =
      method === 'GET' ? await client.get(url.href, headers) : await client.post(url.href, body ?? '', headers)
    return answerOf(res.message.statusCode, res.message.headers, await res.readBody())
  }

  return {
    send: (method, href, headers, body) => {
      const url = new URL(href)
      return getProxyUrl(url) ? viaProxy(method, url, headers, body) : direct(method, url, headers, body)
    },
    dispose: () => {
      for (const agent of agents.values()) agent.destroy()
      void proxied?.then((client) => client.dispose())
    },
  }
}

function answerOf(status: number | undefined, headers: http.IncomingHttpHeaders, text: string): RawAnswer {
  return {
    status: status ?? 0,
    contentType: String(headers['content-type'] ?? ''),
    retryAfter: typeof headers['retry-after'] === 'string' ? headers['retry-after'] : undefined,
    text,
  }
}
