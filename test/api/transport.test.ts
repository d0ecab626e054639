/**
 * The API client's HTTP layer against a server on loopback: what a request carries (a body counted in bytes),
 * what an answer becomes, and the bounds every request has (size, abort, a connection cut mid-answer).
 */
import { getEventListeners } from 'node:events'
import type { ServerResponse } from 'node:http'
import { HttpClient } from '@actions/http-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BodyTooLarge, createTransport, type SendOptions, type Transport } from '../../src/api/transport.js'
import { closeServers, refusingProxy, serve } from '../helpers/server.js'

// The proxy-aware client, counted: loading it costs start-up time, so only a proxied request may.
vi.mock(import('@actions/http-client'), async (original) => {
  const actual = await original()
  return {
    ...actual,
    HttpClient: vi.fn(function (this: unknown, ...args) {
      return new actual.HttpClient(...args)
    }) as unknown as typeof actual.HttpClient,
  }
})

const transports: Transport[] = []
const transport = () => {
  const t = createTransport('test-agent/2')
  transports.push(t)
  return t
}
afterEach(async () => {
  for (const t of transports.splice(0)) t.dispose()
  await closeServers()
})

const options = (extra: Partial<SendOptions> = {}): SendOptions => ({
  signal: new AbortController().signal,
  maxBytes: 1024,
  ...extra,
})

/** Answers with the body written in the pieces given, as they are (a piece may end inside a character). */
const pieces = (res: ServerResponse, parts: Buffer[], headers: Record<string, string> = {}) => {
  res.writeHead(200, headers)
  for (const part of parts) res.write(part)
  res.end()
}

describe('requests', () => {
  it('a body with accents, CJK and emoji arrives whole, Content-Length counting its bytes', async () => {
    const seen: Array<{ length?: string; type?: string; agent?: string; body: string }> = []
    const server = await serve((req, res, _url, body) => {
      seen.push({
        length: req.headers['content-length'],
        type: req.headers['content-type'],
        agent: req.headers['user-agent'],
        body,
      })
      res.end('{}')
    })
    const body = JSON.stringify({ prompt: 'Résumé: 文档の更新 🚀👩‍💻' })
    const answer = await transport().send(
      'POST',
      `${server.url}/v2/job`,
      { 'content-type': 'application/json', 'user-agent': 'overridden' },
      body,
      options(),
    )
    expect(answer).toMatchObject({ status: 200, text: '{}' })
    expect(seen).toEqual([
      { length: String(Buffer.byteLength(body)), type: 'application/json', agent: 'test-agent/2', body },
    ])
    expect(Buffer.byteLength(body)).toBeGreaterThan(body.length)
  })

  it('a GET has no body and no Content-Length', async () => {
    const lengths: Array<string | undefined> = []
    const server = await serve((req, res) => {
      lengths.push(req.headers['content-length'])
      res.end('ok')
    })
    await expect(transport().send('GET', `${server.url}/x`, {}, undefined, options())).resolves.toMatchObject({
      status: 200,
      text: 'ok',
    })
    expect(server.hits).toEqual(['GET /x'])
    expect(lengths).toEqual([undefined])
  })

  it('the path and query arrive as written: no %2E or %2E%2E segment (a job id of . or ..) is resolved away', async () => {
    const server = await serve((_req, res) => res.end('ok'))
    const t = transport()
    await t.send('GET', `${server.url}/v2/agent/p/job/%2E%2E/message?limit=1`, {}, undefined, options())
    await t.send('POST', `${server.url}/base/%2E/job/a%2Fb%20c`, {}, '{}', options())
    expect(server.hits).toEqual(['GET /v2/agent/p/job/%2E%2E/message?limit=1', 'POST /base/%2E/job/a%2Fb%20c'])
  })

  it('an http:// URL behind an HTTP proxy goes through the proxy (CONNECT), with the proxy-aware client', async () => {
    vi.mocked(HttpClient).mockClear()
    const proxy = await refusingProxy()
    vi.stubEnv('http_proxy', proxy.url)
    try {
      await expect(transport().send('GET', 'http://api.example.test/v2/x', {}, undefined, options())).rejects.toThrow()
      expect(proxy.connects).toEqual(['api.example.test:80'])
      expect(HttpClient).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllEnvs()
      proxy.close()
    }
  })

  it('a request no proxy setting applies to goes direct, without the proxy-aware client', async () => {
    vi.mocked(HttpClient).mockClear()
    const server = await serve((_req, res) => res.end('ok'))
    await transport().send('GET', server.url, {}, undefined, options())
    expect(server.hits).toEqual(['GET /'])
    expect(HttpClient).not.toHaveBeenCalled()
  })

  it('requests to one server share a kept-alive connection until dispose closes it', async () => {
    const ports: Array<number | undefined> = []
    const server = await serve((req, res) => {
      ports.push(req.socket.remotePort)
      res.end('ok')
    })
    const t = transport()
    await t.send('GET', `${server.url}/1`, {}, undefined, options())
    await t.send('GET', `${server.url}/2`, {}, undefined, options())
    t.dispose()
    await t.send('GET', `${server.url}/3`, {}, undefined, options())
    expect(ports[1]).toBe(ports[0])
    expect(ports[2]).not.toBe(ports[0])
  })
})

describe('answers', () => {
  it('keeps the status, the content type and Retry-After, and decodes characters split across chunks', async () => {
    const text = 'é 文 🚀'
    const bytes = Buffer.from(text)
    const server = await serve((_req, res) =>
      pieces(
        res,
        [bytes.subarray(0, 1), bytes.subarray(1, 5), bytes.subarray(5, bytes.length - 1), bytes.subarray(-1)],
        {
          'content-type': 'text/plain; charset=utf-8',
          'retry-after': '7',
        },
      ),
    )
    await expect(transport().send('GET', server.url, {}, undefined, options())).resolves.toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      retryAfter: '7',
      text,
    })
  })

  it('an answer cut inside its last character still ends, with the replacement character', async () => {
    const server = await serve((_req, res) => pieces(res, [Buffer.from('ok '), Buffer.from('é').subarray(0, 1)]))
    await expect(transport().send('GET', server.url, {}, undefined, options())).resolves.toMatchObject({
      text: 'ok \ufffd',
    })
  })

  it('an answer without a content type or Retry-After has an empty type and no Retry-After', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(204)
      res.end()
    })
    await expect(transport().send('GET', server.url, {}, undefined, options())).resolves.toEqual({
      status: 204,
      contentType: '',
      retryAfter: undefined,
      text: '',
    })
  })
})

describe('bounds', () => {
  it('a body of maxBytes is read; one byte more stops the request with BodyTooLarge', async () => {
    const server = await serve((_req, res, url) => {
      res.writeHead(url === '/big' ? 201 : 200)
      res.end('x'.repeat(url === '/big' ? 2049 : 2048))
    })
    const t = transport()
    const fits = await t.send('GET', `${server.url}/fits`, {}, undefined, options({ maxBytes: 2048 }))
    expect(fits.text).toHaveLength(2048)
    const err = await t.send('GET', `${server.url}/big`, {}, undefined, options({ maxBytes: 2048 })).catch((e) => e)
    expect(err).toBeInstanceOf(BodyTooLarge)
    expect(err).toMatchObject({ status: 201, maxBytes: 2048, name: 'BodyTooLarge' })
    expect((err as Error).message).toBe('the answer is larger than 2 KiB')
    // The client's own limit, as every count is shown.
    expect(new BodyTooLarge(200, 4 * 1024 * 1024).message).toBe('the answer is larger than 4 MiB')
  })

  it('an aborted signal rejects with its reason before anything is sent', async () => {
    const server = await serve((_req, res) => res.end('ok'))
    const controller = new AbortController()
    const reason = new Error('cancelled first')
    controller.abort(reason)
    await expect(transport().send('POST', server.url, {}, 'body', options({ signal: controller.signal }))).rejects.toBe(
      reason,
    )
    expect(server.hits).toEqual([])
  })

  it('aborting while the answer is awaited rejects with the reason and closes the connection', async () => {
    const controller = new AbortController()
    const reason = new Error('time is up')
    let closed = false
    const server = await serve((req) => {
      req.socket.on('close', () => {
        closed = true
      })
      controller.abort(reason)
    })
    await expect(
      transport().send('GET', server.url, {}, undefined, options({ signal: controller.signal })),
    ).rejects.toBe(reason)
    await expect.poll(() => closed).toBe(true)
  })

  it('a signal shared by many requests keeps no listener once each has ended', async () => {
    const server = await serve((_req, res) => res.end('ok'))
    const signal = new AbortController().signal
    const t = transport()
    for (let i = 0; i < 12; i++) await t.send('GET', server.url, {}, undefined, options({ signal }))
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })

  it('a connection cut mid-answer rejects, and never resolves with half a body', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-length': '100' })
      res.write('partial', () => req.socket.destroy())
    })
    await expect(transport().send('GET', server.url, {}, undefined, options())).rejects.toThrow(
      'the connection closed mid-answer',
    )
  })

  it('a connection refused rejects with the socket error', async () => {
    const server = await serve((_req, res) => res.end())
    const url = server.url
    await server.close()
    await expect(transport().send('GET', url, {}, undefined, options())).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })
})
