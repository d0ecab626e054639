import { afterEach, describe, expect, it, vi } from 'vitest'
import { boundedFetch, type Fetch, GitHubHttpError } from '../../src/github/http.js'
import { createRedactor } from '../../src/log.js'
import { rejection } from '../helpers/fakes.js'
import { jsonEscaped } from '../helpers/secrets.js'
import { closeServers, json, serve } from '../helpers/server.js'

afterEach(closeServers)

const TOKEN = 'ghs_Un7tK4wQ9eR2tY5uI8oP1aS3dF6gH0j'
const redact = createRedactor([TOKEN])

const bounded = (o: { timeoutMs?: number; maxBytes?: number; base?: Fetch } = {}) =>
  boundedFetch(o.base ?? fetch, { redact, timeoutMs: o.timeoutMs ?? 2000, maxBytes: o.maxBytes ?? 1024 })

const failure = (work: Promise<unknown>) => rejection(work, GitHubHttpError)

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
    const escaped = jsonEscaped(TOKEN)
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"role_name": "read", "note": "${escaped}"}`)
    })
    const res = await bounded()(`${s.url}/x`)
    expect(await res.json()).toEqual({ role_name: 'read', note: '***' })
  })

  it('asks every request for the REST API version it was written against, unless the caller named one', async () => {
    const s = await serve((req, res) => json(res, 200, { version: req.headers['x-github-api-version'] }))
    const get = bounded()
    expect(await (await get(`${s.url}/x`, { headers: { accept: 'application/json' } })).json()).toEqual({
      version: '2022-11-28',
    })
    expect(await (await get(`${s.url}/x`, { headers: { 'X-GitHub-Api-Version': '2026-03-10' } })).json()).toEqual({
      version: '2026-03-10',
    })
  })

  it('sends back what an answer gave as GitHub gave it, though the caller saw it redacted', async () => {
    // A login that holds twelve characters of the token by chance, asked for again as `creator`.
    const login = `bot-${TOKEN.slice(8, 20)}`
    const s = await serve((req, res) => json(res, 200, { login, url: req.url }))
    const get = bounded()
    const first = (await (await get(`${s.url}/user`)).json()) as { login: string }
    expect(first.login).toBe('bot-***')
    const path = `/repos/o/r/issues?state=open&creator=${encodeURIComponent(first.login)}&q=a+b%2Cc`
    await get(`${s.url}${path}`)
    expect(s.hits.at(-1)).toBe(`GET /repos/o/r/issues?state=open&creator=${login}&q=a+b%2Cc`)
    await get(`${s.url}/users/${first.login}/x`)
    expect(s.hits.at(-1)).toBe(`GET /users/${login}/x`)
    await get(`${s.url}/users/bot-%2A%2A%2A%2/x?creator=other`) // left exactly as written
    expect(s.hits.at(-1)).toBe('GET /users/bot-%2A%2A%2A%2/x?creator=other')
  })

  it('a refused connection is said in words, not as its errno code', async () => {
    const s = await serve(() => {})
    await s.close()
    const err = await failure(boundedFetch(fetch, { redact: (t) => t, timeoutMs: 2000, maxBytes: 1024 })(s.url))
    expect(err.problem).toBe('network')
    expect(err.message).toBe('connection refused')
  })
})

/** A wrapped fetch that answers `res` (or what `answer` makes of each request), keeping the requests. */
function fake(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; method?: string; body?: unknown }[] = []
  const base: Fetch = async (input, init = {}) => {
    const url = String(input)
    calls.push({ url, method: init.method, body: init.body })
    return answer(url, init)
  }
  return { base, calls }
}

/** A body arriving in the chunks given, then ending (or never, with `open`). */
function chunked(chunks: Uint8Array[], open = false): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      if (!open) controller.close()
    },
  })
}

/** Whether `work` has settled, and how, without waiting for it. */
function watch<T>(work: Promise<T>): { outcome: 'pending' | T | unknown } {
  const state: { outcome: 'pending' | T | unknown } = { outcome: 'pending' }
  work.then(
    (v) => {
      state.outcome = v
    },
    (e: unknown) => {
      state.outcome = e
    },
  )
  return state
}

describe('boundedFetch: answers', () => {
  it.each([204, 205, 304])('an answer %i has an empty body', async (status) => {
    const s = await serve((_req, res) => {
      res.writeHead(status, { etag: '"1"' })
      res.end()
    })
    const res = await bounded()(`${s.url}/x`)
    expect(res.status).toBe(status)
    expect(await res.text()).toBe('')
    expect(res.headers.get('etag')).toBe('"1"')
  })

  it('a 400 is an answer to read, not a redirect', async () => {
    const s = await serve((_req, res) => json(res, 400, { message: 'Problems parsing JSON' }))
    const res = await bounded()(`${s.url}/x`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Problems parsing JSON' })
  })

  it('an answer without a body reads as empty text', async () => {
    const { base } = fake(() => new Response(null, { status: 200 }))
    expect(await (await bounded({ base })('https://api.github.com/x')).text()).toBe('')
  })

  it('keeps the address it was answered from, after a redirect too', async () => {
    const s = await serve((_req, res, url) => {
      if (url === '/from') {
        res.writeHead(301, { location: '/to' })
        return res.end()
      }
      json(res, 200, {})
    })
    expect((await bounded()(`${s.url}/from`)).url).toBe(`${s.url}/to`)
  })

  it('a character split between two chunks arrives whole', async () => {
    const bytes = new TextEncoder().encode('{"name":"café"}')
    const cut = bytes.indexOf(0xc3) + 1
    const { base } = fake(
      () =>
        new Response(chunked([bytes.slice(0, cut), bytes.slice(cut)]), {
          headers: { 'content-type': 'application/json' },
        }),
    )
    expect(await (await bounded({ base })('https://api.github.com/x')).json()).toEqual({ name: 'café' })
  })

  it('drops the headers that describe the raw body, which no longer holds', async () => {
    const raw = `{"note":"${TOKEN}"}`
    const { base } = fake(
      () =>
        new Response(raw, {
          headers: {
            'content-type': 'application/json',
            'content-length': String(raw.length),
            'content-encoding': 'gzip',
            'transfer-encoding': 'chunked',
            connection: 'keep-alive',
          },
        }),
    )
    const res = await bounded({ base })('https://api.github.com/x')
    expect(await res.text()).toBe('{"note":"***"}')
    expect([...res.headers.keys()]).toEqual(['content-type'])
  })

  it('an answer nested too deeply to redact is unreadable, not a crash', async () => {
    const deep = `${'['.repeat(1e6)}"a\\n"${']'.repeat(1e6)}`
    const { base } = fake(() => new Response(deep, { headers: { 'content-type': 'application/json' } }))
    const err = await failure(
      boundedFetch(base, { redact, timeoutMs: 2000, maxBytes: 4e6 })('https://api.github.com/x'),
    )
    expect(err.problem).toBe('unreadable')
    expect(err.message).toBe('the answer cannot be read (it is nested too deeply)')
  })
})

describe('boundedFetch: size', () => {
  it('an answer of exactly the limit is read, declared or counted', async () => {
    const body = `"${'x'.repeat(1022)}"`
    const s = await serve((_req, res, url) => {
      if (url === '/declared') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1024' })
        return res.end(body)
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(body.slice(0, 500))
      res.end(body.slice(500))
    })
    for (const path of ['/declared', '/counted'])
      expect(await (await bounded({ maxBytes: 1024 })(`${s.url}${path}`)).text()).toHaveLength(1024)
  })

  it('an answer declared too large is refused before its body arrives', async () => {
    const { base } = fake(() => new Response(chunked([], true), { headers: { 'content-length': '5000' } }))
    const err = await failure(bounded({ base, maxBytes: 1024 })('https://api.github.com/x'))
    expect(err.problem).toBe('too-large')
    expect(err.message).toBe('the answer is larger than 1 KiB, so it was not read')
  })

  it('says the limit in MiB from 1 MiB on, even for an answer without a body', async () => {
    const { base } = fake(() => new Response(null, { headers: { 'content-length': String(3 * 1024 * 1024) } }))
    const err = await failure(bounded({ base, maxBytes: 1024 * 1024 })('https://api.github.com/x'))
    expect(err.message).toBe('the answer is larger than 1 MiB, so it was not read')
  })
})

describe('boundedFetch: redirects', () => {
  it.each([
    [303, 'POST', 'GET', false],
    [301, 'POST', 'GET', false],
    [302, 'POST', 'GET', false],
    [303, 'PATCH', 'GET', false],
    [302, 'PATCH', 'PATCH', true],
    [308, 'POST', 'POST', true],
  ])('a %i after a %s goes on as a %s (body kept: %s)', async (status, method, then, kept) => {
    const seen: string[] = []
    const s = await serve((req, res, url, body) => {
      seen.push(`${req.method} ${url} ${body}`)
      if (url === '/from') {
        res.writeHead(status, { location: '/to' })
        return res.end()
      }
      json(res, 200, { ok: true })
    })
    const res = await bounded()(`${s.url}/from`, { method, body: '{"body":"hi"}' })
    expect(await res.json()).toEqual({ ok: true })
    expect(seen).toEqual([`${method} /from {"body":"hi"}`, `${then} /to ${kept ? '{"body":"hi"}' : ''}`])
  })

  it('a HEAD stays a HEAD after a 303', async () => {
    const s = await serve((_req, res, url) => {
      res.writeHead(url === '/from' ? 303 : 200, url === '/from' ? { location: '/to' } : {})
      res.end()
    })
    expect((await bounded()(`${s.url}/from`, { method: 'HEAD' })).status).toBe(200)
    expect(s.hits).toEqual(['HEAD /from', 'HEAD /to'])
  })

  it('a redirect answer without a body is followed', async () => {
    const { base, calls } = fake((url) =>
      url.endsWith('/from')
        ? new Response(null, { status: 302, headers: { location: '/to' } })
        : new Response('{}', { status: 200 }),
    )
    expect((await bounded({ base })('https://api.github.com/from')).status).toBe(200)
    expect(calls.map((c) => c.url)).toEqual(['https://api.github.com/from', 'https://api.github.com/to'])
  })

  it.each([
    ['a 300 (multiple choices)', 300, { location: '/elsewhere' }],
    ['a 302 without a location', 302, {}],
  ])('%s is refused, nothing followed', async (_, status, headers) => {
    const s = await serve((_req, res) => {
      res.writeHead(status, headers)
      res.end()
    })
    const err = await failure(bounded()(`${s.url}/x`))
    expect(err.problem).toBe('redirect')
    expect(err.message).toBe(`an unexpected redirect answer (HTTP ${status})`)
    expect(s.hits).toEqual(['GET /x'])
  })

  it('a 301 without a location says that the repository moved, as GitHub answers for a renamed one', async () => {
    const s = await serve((_req, res) => json(res, 301, { message: 'Moved Permanently' }))
    const err = await failure(bounded()(`${s.url}/repos/acme/old/issues/1/comments`))
    expect(err.problem).toBe('redirect')
    expect(err.message).toBe(
      'the repository moved (HTTP 301: it was renamed or transferred), and the answer does not say where to',
    )
    expect(s.hits).toEqual(['GET /repos/acme/old/issues/1/comments'])
  })
})

describe('boundedFetch: failures and time', () => {
  const refused = (cause: unknown) => new TypeError('fetch failed', { cause })
  it.each([
    [
      'the cause',
      refused(Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })),
      'self-signed certificate',
    ],
    ['the cause’s code, when it has no message', refused({ code: 'ERR_SOCKET_CLOSED' }), 'ERR_SOCKET_CLOSED'],
    ['the error, when it has no cause', new Error('socket hang up'), 'socket hang up'],
    ['the error, when its cause says nothing', refused({}), 'fetch failed'],
    ['what was thrown, when it is not an error', 'EPIPE', 'EPIPE'],
    ['the cause, redacted', refused(new Error(`proxy refused ${TOKEN}`)), 'proxy refused ***'],
  ])('a failed connection names %s', async (_, thrown, why) => {
    const err = await failure(bounded({ base: () => Promise.reject(thrown) })('https://api.github.com/x'))
    expect(err.problem).toBe('network')
    expect(err.message).toBe(`connection failed (${why})`)
  })

  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ENOTFOUND', 'host not found'],
    ['ECONNRESET', 'connection reset'],
  ])('a connection that failed with %s says "%s"', async (code, words) => {
    const cause = Object.assign(new Error(`connect ${code} 10.0.0.1:443`), { code })
    const err = await failure(bounded({ base: () => Promise.reject(refused(cause)) })('https://api.github.com/x'))
    expect(err.message).toBe(words)
  })

  it("the caller's own signal ends the request as an AbortError, not a timeout", async () => {
    const s = await serve(() => {}) // never answers
    const caller = new AbortController()
    const pending = bounded({ timeoutMs: 2000 })(`${s.url}/hang`, { signal: caller.signal })
    caller.abort()
    const err = await pending.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).not.toBeInstanceOf(GitHubHttpError)
    expect((err as Error).name).toBe('AbortError')
  })

  describe('with a fake clock', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('the limit ends the wait even when the wrapped fetch ignores the signal', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const request = watch(bounded({ base: () => new Promise<Response>(() => {}), timeoutMs: 100 })('https://x/y'))
      await vi.advanceTimersByTimeAsync(99)
      expect(request.outcome).toBe('pending')
      await vi.advanceTimersByTimeAsync(1)
      expect(request.outcome).toBeInstanceOf(GitHubHttpError)
      expect((request.outcome as GitHubHttpError).message).toBe('no answer within 0.1s')
    })

    it('the limit passing while a redirect answer is dropped is the timeout, whatever fails after it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const slowToDrop = new ReadableStream({ cancel: () => new Promise((resolve) => setTimeout(resolve, 200)) })
      const { base } = fake(() => new Response(slowToDrop, { status: 302, headers: { location: 'http://[' } }))
      const request = watch(bounded({ base, timeoutMs: 100 })('https://api.github.com/x'))
      await vi.advanceTimersByTimeAsync(200)
      expect(request.outcome).toBeInstanceOf(GitHubHttpError)
      expect((request.outcome as GitHubHttpError).message).toBe('no answer within 0.1s')
    })

    it('leaves no timer behind once answered or failed, so the action can exit', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      await bounded({ base: async () => new Response('{}') })('https://x/y')
      expect(vi.getTimerCount()).toBe(0)
      await failure(bounded({ base: () => Promise.reject(new Error('reset')) })('https://x/y'))
      expect(vi.getTimerCount()).toBe(0)
    })
  })
})
