import { afterEach, describe, expect, it } from 'vitest'
import { boundedFetch, type Fetch, GitHubHttpError } from '../../../src/agent/github/http.js'
import { createRedactor } from '../../../src/log.js'
import { closeServers, json, serve } from '../../helpers/server.js'

afterEach(closeServers)

const TOKEN = 'ghs_Un7tK4wQ9eR2tY5uI8oP1aS3dF6gH0j'
const redact = createRedactor([TOKEN])

const bounded = (o: { timeoutMs?: number; maxBytes?: number; base?: Fetch } = {}) =>
  boundedFetch(o.base ?? fetch, { redact, timeoutMs: o.timeoutMs ?? 2000, maxBytes: o.maxBytes ?? 1024 })

async function failure(work: Promise<unknown>): Promise<GitHubHttpError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(GitHubHttpError)
  return err as GitHubHttpError
}

describe('boundedFetch', () => {
  it('passes the request to the wrapped (proxy) fetch with manual redirects and a signal', async () => {
    const s = await serve((_req, res) => json(res, 200, { ok: true }))
    const seen: RequestInit[] = []
    const base: Fetch = (input, init) => {
      seen.push(init ?? {})
      return fetch(input, init)
    }
    const res = await bounded({ base })(`${s.url}/x`, { method: 'POST', body: '{"a":1}' })
    expect(await res.json()).toEqual({ ok: true })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.redirect).toBe('manual')
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal)
    expect(seen[0]?.method).toBe('POST')
  })

  it('a request that hangs ends at the limit', async () => {
    const s = await serve(() => {}) // never answers
    const started = Date.now()
    const err = await failure(bounded({ timeoutMs: 100 })(`${s.url}/hang`))
    expect(err.problem).toBe('timeout')
    expect(err.message).toBe('no answer within 0.1s')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('an answer that trickles forever ends at the limit too', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{')
      const drip = setInterval(() => res.write(' '), 20)
      res.on('close', () => clearInterval(drip))
    })
    const started = Date.now()
    const err = await failure(bounded({ timeoutMs: 150 })(`${s.url}/trickle`))
    expect(err.problem).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('never follows a redirect to another host', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, { role_name: 'admin' }))
    const s = await serve((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/repos/o/r/collaborators/x/permission` })
      res.end()
    })
    const err = await failure(bounded()(`${s.url}/repos/o/r/collaborators/x/permission`))
    expect(err.problem).toBe('redirect')
    expect(err.message).toBe(`a redirect to another host (${elsewhere.url}), which was not followed`)
    expect(elsewhere.hits).toEqual([])
  })

  it('follows a few same-origin redirects (a renamed repository), keeping a POST body on 307', async () => {
    const bodies: string[] = []
    const s = await serve((req, res, url) => {
      if (url === '/repos/old/name/issues/1/comments') {
        res.writeHead(307, { location: '/repos/new/name/issues/1/comments' })
        return res.end()
      }
      json(res, 201, { id: 5, method: req.method })
    })
    const base: Fetch = async (input, init) => {
      bodies.push(String(init?.body))
      return fetch(input, init)
    }
    const res = await bounded({ base })(`${s.url}/repos/old/name/issues/1/comments`, {
      method: 'POST',
      body: '{"b":1}',
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 5, method: 'POST' })
    expect(s.hits).toEqual(['POST /repos/old/name/issues/1/comments', 'POST /repos/new/name/issues/1/comments'])
    expect(bodies).toEqual(['{"b":1}', '{"b":1}'])
  })

  it('stops after three same-origin redirects', async () => {
    const s = await serve((_req, res, url) => {
      res.writeHead(301, { location: `${url}x` })
      res.end()
    })
    const err = await failure(bounded()(`${s.url}/a`))
    expect(err.problem).toBe('redirect')
    expect(err.message).toBe('more than 3 redirects')
    expect(s.hits).toHaveLength(4)
  })

  it('refuses an answer larger than the limit, by its declared length or by counting', async () => {
    const big = 'x'.repeat(2000)
    const s = await serve((_req, res, url) => {
      if (url === '/declared') return json(res, 200, { big })
      res.writeHead(200, { 'content-type': 'application/json' }) // chunked, no length
      res.write('{"big":"')
      res.write(big)
      res.end('"}')
    })
    for (const path of ['/declared', '/chunked']) {
      const err = await failure(bounded({ maxBytes: 1024 })(`${s.url}${path}`))
      expect(err.problem).toBe('too-large')
      expect(err.message).toBe('the answer is larger than 1 KiB, so it was not read')
    }
    const fits = await bounded({ maxBytes: 4096 })(`${s.url}/chunked`)
    expect(((await fits.json()) as { big: string }).big).toHaveLength(2000)
  })

  it('redacts the body and the headers before anyone reads them', async () => {
    const s = await serve((_req, res) =>
      json(res, 401, { message: `Bad credentials for ${TOKEN}` }, { 'x-echo': `token ${TOKEN}` }),
    )
    const res = await bounded()(`${s.url}/x`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Bad credentials for ***' })
    expect(res.headers.get('x-echo')).toBe('token ***')
  })

  it('redacts a token spelled with JSON escapes, which the raw text does not show', async () => {
    const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"role_name": "read", "note": "${escaped}"}`)
    })
    const res = await bounded()(`${s.url}/x`)
    expect(await res.json()).toEqual({ role_name: 'read', note: '***' })
  })

  it('a failed connection is a one-line, redacted error', async () => {
    const s = await serve(() => {})
    await s.close()
    const hideHost = createRedactor(['127.0.0.1'])
    const err = await failure(boundedFetch(fetch, { redact: hideHost, timeoutMs: 2000, maxBytes: 1024 })(s.url))
    expect(err.problem).toBe('network')
    expect(err.message).toMatch(/^connection failed \(.*\)$/)
    expect(err.message).not.toContain('127.0.0.1')
  })
})
