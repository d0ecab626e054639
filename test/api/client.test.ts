import { getEventListeners } from 'node:events'
import nock from 'nock'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MintlifyClient, parseRetryAfter } from '../../src/api/client.js'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import { number } from '../../src/format.js'
import { Cancelled } from '../../src/runner/cancel.js'
import { memoryLog } from '../helpers/fakes.js'
import { closeServers, json, refusingProxy, serve } from '../helpers/server.js'

const BASE = 'https://api.example.test'
const KEY = 'mint_test_key_123'
const job = {
  id: 'job_9',
  status: 'active',
  source: { repository: 'https://github.com/acme/docs', ref: null },
  model: 'm1',
  prLink: null,
  createdAt: '2026-01-01T00:00:00Z',
  archivedAt: null,
}

const client = (extra: Partial<ConstructorParameters<typeof MintlifyClient>[0]> = {}) =>
  new MintlifyClient({ baseUrl: BASE, apiKey: KEY, userAgent: 'test-agent/1', ...extra })

beforeAll(() => nock.disableNetConnect())
afterEach(() => {
  const pending = nock.pendingMocks()
  nock.cleanAll()
  expect(pending).toEqual([])
})
afterAll(() => {
  nock.enableNetConnect()
  nock.restore()
})

describe('requests', () => {
  it('creates a job with the Bearer key, a JSON body and the user agent', async () => {
    nock(BASE, { reqheaders: { authorization: `Bearer ${KEY}`, 'user-agent': /test-agent\/1/ } })
      .post('/v2/agent/proj_1/job', { prompt: 'Document X' })
      .matchHeader('content-type', /application\/json/)
      .reply(201, job)
    await expect(client().createJob('proj_1', 'Document X')).resolves.toEqual(job)
  })

  it('URL-encodes path parameters', async () => {
    nock(BASE)
      .get('/v2/agent/my%20project%2Fx/job/a%2Fb%3Fc')
      .reply(200, { ...job, id: 'a/b?c' })
    nock(BASE).post('/v2/agent/my%20project%2Fx/job/a%2Fb%3Fc/message', { prompt: 'more' }).reply(200, job)
    await expect(client().getJob('my project/x', 'a/b?c')).resolves.toMatchObject({ id: 'a/b?c' })
    // The job asked for keeps its id, whatever id the answer names.
    await expect(client().sendMessage('my project/x', 'a/b?c', 'more')).resolves.toMatchObject({ id: 'a/b?c' })
  })

  it('keeps only documented fields, falls back to the known job id, and refuses a field of another type', async () => {
    nock(BASE).get('/v2/agent/p/job/j2').reply(200, { status: 'completed', extra: 42, prLink: 'https://x/pull/2' })
    await expect(client().getJob('p', 'j2')).resolves.toEqual({
      id: 'j2',
      status: 'completed',
      prLink: 'https://x/pull/2',
    })
    nock(BASE).get('/v2/agent/p/job/j2').reply(200, { status: 'completed', model: 42 })
    await expect(client().getJob('p', 'j2')).rejects.toThrow(
      'Reading the agent job failed: HTTP 200 (`model` is 42, not a string). Check `api-url`',
    )
  })
})

describe('errors', () => {
  it('401 names the status, the API text and the key to check', async () => {
    nock(BASE).post('/v2/agent/p/job').reply(401, { error: 'Invalid API key' })
    const err = await client()
      .createJob('p', 'x')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 401, apiText: 'Invalid API key', transient: false })
    expect((err as Error).message).toBe(
      'Creating the agent job failed: HTTP 401 (Invalid API key). Check `api-key`: it is invalid or has expired (new keys expire after 90 days). Create an admin API key (`mint_...`) on the API keys page of the Mintlify dashboard and update the secret.',
    )
  })

  it('403 names the scope the call needs and the IP allowlist', async () => {
    nock(BASE).post('/v2/agent/p/job').reply(403, { error: 'Forbidden' })
    nock(BASE).get('/v1/analytics/p/visitors').query(true).reply(403, { error: 'Forbidden' })
    const create = await client()
      .createJob('p', 'x')
      .catch((e: unknown) => e)
    expect((create as Error).message).toBe(
      'Creating the agent job failed: HTTP 403 (Forbidden). Check `api-key`: it may lack the `write` scope (creating a job needs it), or have an IP allowlist that leaves out this runner (GitHub-hosted runners have no fixed address), or belong to another organization.',
    )
    const read = await client()
      .getAnalytics('visitors', 'p', { limit: 250, offset: 0 })
      .catch((e: unknown) => e)
    expect((read as Error).message).toContain('HTTP 403 (Forbidden). Check `api-key`: it may lack the `read` scope, or')
  })

  it('404 on create points at project-id, on get at job-id', async () => {
    nock(BASE).post('/v2/agent/p/job').reply(404, { error: 'Project not found' })
    nock(BASE).get('/v2/agent/p/job/j').reply(404, { error: 'Agent job not found' })
    await expect(client().createJob('p', 'x')).rejects.toThrow(/HTTP 404 \(Project not found\)\. Check `project-id`/)
    await expect(client().getJob('p', 'j')).rejects.toThrow(/HTTP 404 \(Agent job not found\)\. Check `job-id`/)
  })

  it('429 carries Retry-After and the rate limit hint', async () => {
    nock(BASE).post('/v2/agent/p/job').reply(429, { error: 'Rate limit exceeded' }, { 'Retry-After': '30' })
    const err = (await client()
      .createJob('p', 'x')
      .catch((e: unknown) => e)) as ApiError
    expect(err).toMatchObject({ status: 429, retryAfterMs: 30_000, transient: true })
    expect(err.message).toBe(
      'Creating the agent job failed: HTTP 429 (Rate limit exceeded). Agent jobs allow 100 per project per hour. The API asked to wait 30s: re-run after that.',
    )
  })

  it('an HTML 502 is a transient error that does not dump the page', async () => {
    nock(BASE)
      .get('/v2/agent/p/job/j')
      .reply(502, '<html><body>Bad gateway</body></html>', { 'Content-Type': 'text/html' })
    const err = (await client()
      .getJob('p', 'j')
      .catch((e: unknown) => e)) as ApiError
    expect(err).toMatchObject({ status: 502, transient: true, apiText: 'the answer is not JSON (text/html)' })
    expect(err.message).not.toContain('<html>')
  })

  it('a 300 is an error, even when its body is a job', async () => {
    nock(BASE).get('/v2/agent/p/job/j').reply(300, job)
    await expect(client().getJob('p', 'j')).rejects.toMatchObject({
      status: 300,
      message: /^Reading the agent job failed: HTTP 300\./,
    })
  })

  it('a 200 that is not JSON, or not a job, points at api-url', async () => {
    nock(BASE).get('/v2/agent/p/job/j').reply(200, '<!doctype html><p>docs site</p>', { 'Content-Type': 'text/html' })
    nock(BASE).post('/v2/agent/p/job').reply(201, { hello: 'world' })
    await expect(client().getJob('p', 'j')).rejects.toMatchObject({ status: 200, malformed: true, transient: false })
    await expect(client().createJob('p', 'x')).rejects.toThrow(/\(`id` is missing\)\. Check `api-url`/)
  })
})

describe('every job id the API may give (local socket: the path as the server receives it)', () => {
  beforeEach(() => nock.enableNetConnect('127.0.0.1'))
  afterEach(async () => {
    await closeServers()
    nock.disableNetConnect()
  })

  it.each([
    ['job 1', 'job%201'],
    ['a/b', 'a%2Fb'],
    ['a?b', 'a%3Fb'],
    ['a#b', 'a%23b'],
    ['100%', '100%25'],
    ['jöb-日本-🚀', 'j%C3%B6b-%E6%97%A5%E6%9C%AC-%F0%9F%9A%80'],
    ['...', '...'],
    ['x-->y', 'x--%3Ey'],
    ['a\nb', 'a%0Ab'],
    ['j'.repeat(1024), 'j'.repeat(1024)],
  ])('%j is taken from a create answer, sent as one segment, %s, and read back as it is', async (id, segment) => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ...job, id }))
    })
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't' })
    await expect(c.createJob('p', 'Document X')).resolves.toMatchObject({ id })
    await expect(c.getJob('p', id)).resolves.toMatchObject({ id })
    await expect(c.sendMessage('p', id, 'more')).resolves.toMatchObject({ id })
    c.dispose()
    expect(server.hits).toEqual([
      'POST /v2/agent/p/job',
      `GET /v2/agent/p/job/${segment}`,
      `POST /v2/agent/p/job/${segment}/message`,
    ])
  })
})

describe('dropped, hung and cancelled requests (local socket)', () => {
  beforeEach(() => nock.enableNetConnect('127.0.0.1'))
  afterEach(async () => {
    await closeServers()
    nock.disableNetConnect()
  })
  const silent = () => {} // never answers

  it('a reset connection is a transient NetworkError', async () => {
    const server = await serve((req) => req.socket.destroy())
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't' })
    const err = await c.getJob('p', 'j').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ reason: 'connection reset', transient: true, unsent: false })
    c.dispose()
  })

  it('a refused connection says so in words, and that nothing was sent', async () => {
    const server = await serve(() => {})
    await server.close()
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't' })
    const err = await c.createJob('p', 'x').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ reason: 'connection refused', unsent: true, timedOut: false })
    expect((err as Error).message).toBe(
      "Creating the agent job failed: connection refused. Check `api-url` and the runner's network and proxy settings.",
    )
    c.dispose()
  })

  it('a refused connection names the call that failed, whichever it is', async () => {
    const server = await serve(() => {})
    await server.close()
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't' })
    const failed = (call: Promise<unknown>) => call.catch((e: NetworkError) => e.failed)
    const query = { limit: 1 }
    expect([
      await failed(c.getJob('p', 'j')),
      await failed(c.sendMessage('p', 'j', 'x')),
      await failed(c.getAnalytics('views', 'p', { limit: 1, offset: 0 })),
      await failed(c.getSearches('p', query)),
      await failed(c.getAssistant('p', query)),
      await failed(c.getFeedback('p', query)),
      await failed(c.triggerPreview('p', 'b')),
      await failed(c.getDeploymentStatus('s')),
    ]).toEqual([
      'Reading the agent job failed: connection refused.',
      'Sending the follow-up message failed: connection refused.',
      'Reading page views failed: connection refused.',
      'Reading search terms failed: connection refused.',
      'Reading assistant conversations failed: connection refused.',
      'Reading feedback failed: connection refused.',
      'Triggering the preview failed: connection refused.',
      'Reading the deployment status failed: connection refused.',
    ])
    c.dispose()
  })

  it('a request that hangs fails on its own time limit', async () => {
    const server = await serve(silent)
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', requestTimeoutMs: 150 })
    const err = await c.getJob('p', 'j').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ timedOut: true, transient: true, reason: 'no answer within 0.2s' })
    c.dispose()
  })

  it('a create that hangs fails on its own (longer) write limit, sent once', async () => {
    const server = await serve(silent)
    const c = new MintlifyClient({
      baseUrl: server.url,
      apiKey: KEY,
      userAgent: 't',
      requestTimeoutMs: 50,
      writeTimeoutMs: 200,
    })
    const started = Date.now()
    const err = await c.createJob('p', 'x').catch((e: unknown) => e)
    expect(err).toMatchObject({ operation: 'create', timedOut: true, reason: 'no answer within 0.2s' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(190) // the write limit, not the 50 ms read limit
    expect(server.hits).toEqual(['POST /v2/agent/p/job'])
    c.dispose()
  })

  it('aborting rejects the request in hand with the signal reason', async () => {
    const server = await serve(silent)
    const controller = new AbortController()
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', signal: controller.signal })
    const pending = c.getJob('p', 'j')
    setTimeout(() => controller.abort(new Cancelled('SIGINT')), 20)
    await expect(pending).rejects.toBeInstanceOf(Cancelled)
    c.dispose()
  })
})

describe('each call as the API receives it, and what its errors say (local socket)', () => {
  beforeEach(() => nock.enableNetConnect('127.0.0.1'))
  afterEach(async () => {
    await closeServers()
    nock.disableNetConnect()
  })

  /** A server answering every request with `status` and `body`; what it received, request by request. */
  async function api(status = 200, body: unknown = job, headers: Record<string, string> = {}) {
    const seen: Array<{ method?: string; url: string; headers: Record<string, unknown>; body: string }> = []
    const server = await serve((req, res, url, text) => {
      seen.push({ method: req.method, url, headers: req.headers, body: text })
      if (typeof body === 'string') {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers })
        res.end(body)
      } else json(res, status, body, headers)
    })
    const log = memoryLog()
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', log })
    return { c, seen, log }
  }

  it('reads a job with a GET and no body; sends a follow-up as a POST of the prompt', async () => {
    const { c, seen, log } = await api()
    await c.getJob('p', 'j')
    await c.sendMessage('p', 'j', 'More')
    c.dispose()
    expect(seen.map((q) => [q.method, q.url, q.body])).toEqual([
      ['GET', '/v2/agent/p/job/j', ''],
      ['POST', '/v2/agent/p/job/j/message', '{"prompt":"More"}'],
    ])
    expect(seen[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, accept: 'application/json' })
    expect(seen[0]?.headers['content-type']).toBeUndefined()
    expect(seen[1]?.headers['content-type']).toBe('application/json')
    expect(log.text('debug')).toMatch(/^GET \/v2\/agent\/p\/job\/j\nHTTP 200 in (under 0\.1s|\d\.\ds): \{"id"/)
  })

  it('logs each request as its method and path', async () => {
    const { c, log } = await api(409, { error: 'Conflict' })
    const query = { limit: 1 }
    const calls = [
      () => c.getAnalytics('visitors', 'p', { limit: 1, offset: 0 }),
      () => c.getSearches('p', query),
      () => c.getAssistant('p', query),
      () => c.getFeedback('p', query),
      () => c.getDeploymentStatus('s'),
      () => c.triggerDeployment('p'),
    ]
    for (const call of calls) await call().catch(() => {})
    c.dispose()
    expect(
      log
        .text('debug')
        .split('\n')
        .filter((line) => !line.startsWith('HTTP ')),
    ).toEqual([
      'GET /v1/analytics/p/visitors?limit=1&offset=0',
      'GET /v1/analytics/p/searches?limit=1',
      'GET /v1/analytics/p/assistant?limit=1',
      'GET /v1/analytics/p/feedback?limit=1',
      'GET /v1/project/update-status/s',
      'POST /v1/project/update/p',
    ])
  })

  it('names the operation that failed', async () => {
    const { c } = await api(409, { error: 'Conflict' })
    const failures = await Promise.all([
      c.getJob('p', 'j').catch((e: Error) => e.message),
      c.sendMessage('p', 'j', 'x').catch((e: Error) => e.message),
      c.getAnalytics('views', 'p', { limit: 1, offset: 0 }).catch((e: Error) => e.message),
      c.getAnalytics('visitors', 'p', { limit: 1, offset: 0 }).catch((e: Error) => e.message),
      c.getSearches('p', { limit: 1 }).catch((e: Error) => e.message),
      c.getAssistant('p', { limit: 1 }).catch((e: Error) => e.message),
      c.getFeedback('p', { limit: 1 }).catch((e: Error) => e.message),
    ])
    c.dispose()
    expect(failures.map((m) => String(m).split(' failed:')[0])).toEqual([
      'Reading the agent job',
      'Sending the follow-up message',
      'Reading page views',
      'Reading unique visitors',
      'Reading search terms',
      'Reading assistant conversations',
      'Reading feedback',
    ])
  })

  it('an answer that is not the API’s JSON: a wrong URL below 500 (but 429), server trouble from 500 on', async () => {
    const of = async (status: number, contentType = 'text/html; charset=utf-8') => {
      const { c } = await api(status, '<html>x</html>', { 'content-type': contentType })
      const err = (await c.getJob('p', 'j').catch((e: unknown) => e)) as ApiError
      c.dispose()
      return err
    }
    expect((await of(404)).message).toBe(
      'Reading the agent job failed: HTTP 404 (the answer is not JSON (text/html)). Check `api-url`: it must point at the Mintlify API (https://api.mintlify.com).',
    )
    expect(await of(499)).toMatchObject({ malformed: true })
    expect(await of(500)).toMatchObject({ malformed: false, transient: true })
    expect(await of(429)).toMatchObject({ malformed: false, transient: true })
    expect(await of(300)).toMatchObject({ status: 300, malformed: true })
    expect((await of(200, '')).apiText).toBe('the answer is not JSON')
    expect((await of(404, 'text/plain ; charset=utf-8')).apiText).toBe('the answer is not JSON (text/plain)')
    expect((await of(200)).message).toMatch(/HTTP 200 \(the answer is not JSON \(text\/html\)\)\. Check `api-url`/)
  })

  it('an answer nested too deeply to be read is refused as unreadable, not parsed', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0061"${']'.repeat(100_000)}`
    const { c } = await api(200, deep, { 'content-type': 'application/json' })
    const err = (await c.getJob('p', 'j').catch((e: unknown) => e)) as ApiError
    c.dispose()
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      status: 200,
      malformed: true,
      apiText: 'the answer cannot be read (it is nested too deeply)',
    })
  })

  it('an answer larger than the client reads is refused, naming its size', async () => {
    const server = await serve((_req, res) => json(res, 200, { ...job, model: 'm'.repeat(5000) }))
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', maxBodyBytes: 1000 })
    const err = (await c.getJob('p', 'j').catch((e: unknown) => e)) as ApiError
    c.dispose()
    expect(err).toBeInstanceOf(ApiError)
    expect(err.malformed).toBe(true)
    expect(err.apiText).toBe('the answer is larger than 1 KiB')
  })

  it('a Retry-After date is read against the clock given', async () => {
    const server = await serve((_req, res) =>
      json(res, 429, { error: 'Slow down' }, { 'retry-after': 'Thu, 01 Jan 2026 00:01:00 GMT' }),
    )
    const c = new MintlifyClient({
      baseUrl: server.url,
      apiKey: KEY,
      userAgent: 't',
      now: () => Date.parse('2026-01-01T00:00:30Z'),
    })
    const err = (await c.getJob('p', 'j').catch((e: unknown) => e)) as ApiError
    c.dispose()
    expect(err.retryAfterMs).toBe(30_000)
  })

  it('a limit shorter than its own is kept; a longer one is not; a request cancelled before it starts never waits', async () => {
    const server = await serve(() => {})
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', requestTimeoutMs: 300 })
    expect(await c.getJob('p', 'j', { timeoutMs: 100 }).catch((e: NetworkError) => e.reason)).toBe(
      'no answer within 0.1s',
    )
    expect(await c.getJob('p', 'j', { timeoutMs: 60_000 }).catch((e: NetworkError) => e.reason)).toBe(
      'no answer within 0.3s',
    )
    c.dispose()
    const controller = new AbortController()
    controller.abort(new Cancelled('SIGTERM'))
    const cancelled = new MintlifyClient({
      baseUrl: server.url,
      apiKey: KEY,
      userAgent: 't',
      signal: controller.signal,
    })
    const started = Date.now()
    await expect(cancelled.getJob('p', 'j')).rejects.toBeInstanceOf(Cancelled)
    expect(Date.now() - started).toBeLessThan(250)
    cancelled.dispose()
  })

  it('leaves no listener on the run’s signal once a request is done', async () => {
    const server = await serve((_req, res) => json(res, 200, job))
    const controller = new AbortController()
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', signal: controller.signal })
    for (let i = 0; i < 3; i++) await c.getJob('p', 'j')
    c.dispose()
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('dispose closes the connection kept alive, so the process can end at once', async () => {
    let socket: import('node:net').Socket | undefined
    const server = await serve((req, res) => {
      socket = req.socket
      json(res, 200, job)
    })
    const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't' })
    await c.getJob('p', 'j')
    const closed = new Promise((resolve) => socket?.on('close', resolve))
    c.dispose()
    // At once: well before the server's own keep-alive limit (5 s) would close it.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())])
    expect(socket?.destroyed).toBe(true)
  })

  it('a request answered leaves no timer behind to keep the process alive', async () => {
    const server = await serve((_req, res) => json(res, 200, job))
    // Only the client's own timers (its request time, 60 s here): the test runner keeps timers of its own.
    const set = vi.spyOn(globalThis, 'setTimeout')
    const cleared = vi.spyOn(globalThis, 'clearTimeout')
    try {
      const c = new MintlifyClient({ baseUrl: server.url, apiKey: KEY, userAgent: 't', requestTimeoutMs: 60_000 })
      await c.getJob('p', 'j')
      c.dispose()
      const requestTimers = set.mock.results.filter((_, i) => set.mock.calls[i]?.[1] === 60_000).map((r) => r.value)
      expect(requestTimers.length).toBeGreaterThan(0)
      const clearedTimers = cleared.mock.calls.map((call) => call[0])
      for (const timer of requestTimers) expect(clearedTimers).toContain(timer)
    } finally {
      set.mockRestore()
      cleared.mockRestore()
    }
  })
})

describe('helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('12', now)).toBe(12_000)
    expect(parseRetryAfter('0.25', now)).toBe(250)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 +0000', now)).toBe(90_000) // a date that ends in digits
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('  ', now)).toBeUndefined()
    expect(parseRetryAfter(' 5 ', now)).toBe(5000)
    expect(parseRetryAfter('5s', now)).toBeUndefined()
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0) // already past: no wait
  })
})

describe('proxy settings', () => {
  it('HTTPS_PROXY sends the request through the proxy (CONNECT); NO_PROXY sends it direct', async () => {
    nock.enableNetConnect('127.0.0.1')
    const proxy = await refusingProxy()
    try {
      vi.stubEnv('https_proxy', proxy.url)
      const viaProxy = client()
      await expect(viaProxy.getJob('p', 'j')).rejects.toBeInstanceOf(NetworkError)
      viaProxy.dispose()
      expect(proxy.connects).toEqual(['api.example.test:443'])

      vi.stubEnv('no_proxy', 'api.example.test')
      nock(BASE).get('/v2/agent/p/job/j').reply(200, job)
      const direct = client()
      await expect(direct.getJob('p', 'j')).resolves.toMatchObject({ status: 'active', model: 'm1' })
      direct.dispose()
      expect(proxy.connects).toHaveLength(1)
    } finally {
      vi.unstubAllEnvs()
      proxy.close()
      nock.disableNetConnect()
    }
  })
})

describe('content gaps reads (searches, assistant, feedback)', () => {
  const DATES = { dateFrom: '2026-11-17', dateTo: '2026-11-24' }
  const SECRET_TEXT = 'my-reader-typed-this'

  it('getSearches sends both dates and the limit, no cursor on the first page, then the cursor', async () => {
    nock(BASE, { reqheaders: { authorization: `Bearer ${KEY}` } })
      .get('/v1/analytics/proj%201/searches')
      .query(
        (q) => JSON.stringify(q) === JSON.stringify({ dateFrom: '2026-11-17', dateTo: '2026-11-24', limit: '100' }),
      )
      .reply(200, { searches: [{ searchQuery: 'x', hits: 2, ctr: 0 }], totalSearches: 5, nextCursor: 'a/b+c' })
    nock(BASE)
      .get('/v1/analytics/proj%201/searches')
      .query({ ...DATES, limit: '100', cursor: 'a/b+c' })
      .reply(200, { searches: [], totalSearches: 5, nextCursor: null })
    await expect(client().getSearches('proj 1', { ...DATES, limit: 100 })).resolves.toEqual({
      rows: [{ term: 'x', hits: 2, ctr: 0 }],
      totalSearches: 5,
      nextCursor: 'a/b+c',
    })
    await expect(client().getSearches('proj 1', { ...DATES, limit: 100, cursor: 'a/b+c' })).resolves.toMatchObject({
      nextCursor: null,
    })
  })

  it('getAssistant asks 1,000 a page', async () => {
    nock(BASE)
      .get('/v1/analytics/p/assistant')
      .query({ ...DATES, limit: '1000', cursor: 'c2' })
      .reply(200, { conversations: [], hasMore: false, nextCursor: null })
    await expect(client().getAssistant('p', { ...DATES, limit: 1000, cursor: 'c2' })).resolves.toEqual({
      rows: [],
      hasMore: false,
      nextCursor: null,
    })
  })

  it('getFeedback sends the status list with its commas as written, and never returns contact', async () => {
    // A local server sees the raw request line, commas and all.
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          feedback: [
            {
              path: '/a',
              source: 'agent',
              comment: 'hi',
              createdAt: null,
              contact: 'reader@example.com',
              helpful: true,
            },
          ],
          hasMore: true,
          nextCursor: 'n',
        }),
      )
    })
    nock.enableNetConnect('127.0.0.1')
    const page = await client({ baseUrl: s.url })
      .getFeedback('p', { ...DATES, status: 'pending,in_progress', limit: 100 })
      .finally(async () => {
        nock.disableNetConnect()
        await closeServers()
      })
    expect(s.hits).toEqual([
      'GET /v1/analytics/p/feedback?dateFrom=2026-11-17&dateTo=2026-11-24&status=pending,in_progress&limit=100',
    ])
    expect(page.rows).toEqual([{ path: '/a', source: 'agent', comment: 'hi', createdAt: null, helpful: true }])
    expect(JSON.stringify(page)).not.toContain('reader@example.com')
  })

  it('leaves out dates that are not set', async () => {
    nock(BASE)
      .get('/v1/analytics/p/searches')
      .query((q) => JSON.stringify(q) === JSON.stringify({ limit: '100' }))
      .reply(200, { searches: [], totalSearches: 0, nextCursor: null })
    await client().getSearches('p', { limit: 100 })
  })

  it.each([
    ['searches', { searches: [{ searchQuery: SECRET_TEXT, hits: 1, ctr: 0 }], totalSearches: 1, nextCursor: null }],
    ['assistant', { conversations: [{ id: 'i', timestamp: 't', query: SECRET_TEXT }], hasMore: false }],
    [
      'feedback',
      { feedback: [{ path: '/a', source: 'x', comment: SECRET_TEXT, contact: `${SECRET_TEXT}@x.io` }], hasMore: false },
    ],
  ] as const)('the debug log of %s names the size of the answer, never its reader text', async (section, body) => {
    nock(BASE)
      .get(new RegExp(`^/v1/analytics/p/${section}\\?`))
      .reply(200, body)
    const log = memoryLog()
    const c = client({ log })
    const query = { ...DATES, limit: 100 }
    if (section === 'searches') await c.getSearches('p', query)
    else if (section === 'assistant') await c.getAssistant('p', query)
    else await c.getFeedback('p', query)
    const debug = log.text('debug')
    // A duration as every duration is shown (a local answer takes well under 10 s), the size as every count is.
    expect(debug).toMatch(/HTTP 200 in (?:under 0\.1s|\d\.\ds): [\d,]+ characters, reader text not logged/)
    expect(debug).toContain(`: ${number(JSON.stringify(body).length)} characters`)
    expect(debug).not.toContain(SECRET_TEXT)
  })

  it('the debug log shows the size of a large answer with thousands separators', async () => {
    const body = { searches: [{ searchQuery: 'q'.repeat(1_500), hits: 1, ctr: 0 }], totalSearches: 1, nextCursor: null }
    nock(BASE)
      .get(/^\/v1\/analytics\/p\/searches\?/)
      .reply(200, body)
    const log = memoryLog()
    await client({ log }).getSearches('p', { ...DATES, limit: 100 })
    expect(log.text('debug')).toContain(`: 1,586 characters, reader text not logged`)
  })

  it('a page of the wrong shape is an error naming the endpoint and the field', async () => {
    nock(BASE)
      .get(/^\/v1\/analytics\/p\/feedback\?/)
      .reply(200, { feedback: [{ path: '/a', source: 1 }], hasMore: false })
    await expect(client().getFeedback('p', { limit: 100 })).rejects.toThrow(
      /^Reading feedback failed: HTTP 200 \(`feedback\[0\]\.source` is 1, not a string\)\./,
    )
  })
})

describe('deploy endpoints', () => {
  it('a preview sends the branch as JSON; a deployment sends no body at all; a status is read by its id alone', async () => {
    nock(BASE, { reqheaders: { authorization: `Bearer ${KEY}` } })
      .post('/v1/project/preview/proj%201', { branch: 'docs/new-flag' })
      .matchHeader('content-type', /application\/json/)
      .reply(202, { statusId: 's_1', previewUrl: 'https://acme-docs-new-flag.mintlify.app' })
    nock(BASE, { badheaders: ['content-type'], reqheaders: { authorization: `Bearer ${KEY}` } })
      .post('/v1/project/update/proj%201', (body) => body === '' || body === undefined)
      .reply(202, { statusId: 's_2' })
    nock(BASE).get('/v1/project/update-status/s%2F1').reply(200, { _id: 's/1', status: 'in_progress' })
    await expect(client().triggerPreview('proj 1', 'docs/new-flag')).resolves.toEqual({
      statusId: 's_1',
      previewUrl: 'https://acme-docs-new-flag.mintlify.app',
    })
    await expect(client().triggerDeployment('proj 1')).resolves.toEqual({ statusId: 's_2' })
    await expect(client().getDeploymentStatus('s/1')).resolves.toEqual({ id: 's/1', status: 'in_progress' })
  })

  it('a 403 on a preview names the plan first, then the write scope; on a deployment, the write scope', async () => {
    nock(BASE).post('/v1/project/preview/p').reply(403, { error: 'Preview deployments are not available on your plan' })
    nock(BASE).post('/v1/project/update/p').reply(403, { error: 'Forbidden' })
    await expect(client().triggerPreview('p', 'b')).rejects.toThrow(
      'Triggering the preview failed: HTTP 403 (Preview deployments are not available on your plan). Check the Mintlify plan: previews need a Pro or Enterprise plan. Else check `api-key`: it may lack the `write` scope (triggering a preview needs it), or have an IP allowlist',
    )
    await expect(client().triggerDeployment('p')).rejects.toThrow(
      'Triggering the deployment failed: HTTP 403 (Forbidden). Check `api-key`: it may lack the `write` scope (triggering a deployment needs it)',
    )
  })

  it('401, 404 and 429 say what to check for each deploy call', async () => {
    nock(BASE).post('/v1/project/update/p').reply(401, { error: 'Invalid API key' })
    nock(BASE).post('/v1/project/preview/p').reply(404, { error: 'Project not found' })
    nock(BASE).get('/v1/project/update-status/s').reply(404, { error: 'Not found' })
    nock(BASE).post('/v1/project/preview/q').reply(429, { error: 'Too many requests' }, { 'Retry-After': '12' })
    nock(BASE).post('/v1/project/update/q').reply(429, { error: 'Too many requests' })
    await expect(client().triggerDeployment('p')).rejects.toThrow(
      /^Triggering the deployment failed: HTTP 401 \(Invalid API key\)\. Check `api-key`: it is invalid or has expired/,
    )
    await expect(client().triggerPreview('p', 'b')).rejects.toThrow(
      /HTTP 404 \(Project not found\)\. Check `project-id`/,
    )
    await expect(client().getDeploymentStatus('s')).rejects.toThrow(
      'Reading the deployment status failed: HTTP 404 (Not found). The API did not find the deployment it had just queued; check `api-url`, then re-run.',
    )
    const limited = (await client()
      .triggerPreview('q', 'b')
      .catch((e: unknown) => e)) as ApiError
    expect(limited).toMatchObject({ status: 429, retryAfterMs: 12_000, transient: true })
    expect(limited.message).toContain('previews allow 5 requests a minute per organization')
    await expect(client().triggerDeployment('q')).rejects.toThrow(
      'deployments allow 10 requests per 10 seconds per organization, shared with automation triggers',
    )
  })

  it('a trigger answer without a usable status id, or a status of the wrong shape, points at api-url', async () => {
    nock(BASE).post('/v1/project/preview/p').reply(202, { previewUrl: 'https://x.mintlify.app' })
    nock(BASE).get('/v1/project/update-status/s').reply(200, { status: 'success', logs: 'boom' })
    await expect(client().triggerPreview('p', 'b')).rejects.toMatchObject({
      operation: 'preview',
      malformed: true,
      message: expect.stringContaining('(`statusId` is missing, not a string). Check `api-url`'),
    })
    await expect(client().getDeploymentStatus('s')).rejects.toThrow(
      'Reading the deployment status failed: HTTP 200 (`logs` is "boom", not a list). Check `api-url`',
    )
  })
})

describe('a deployment trigger on the wire (local socket)', () => {
  beforeEach(() => nock.enableNetConnect('127.0.0.1'))
  afterEach(async () => {
    await closeServers()
    nock.disableNetConnect()
  })

  it('is a POST with an empty body and no content type, given the write limit rather than the read one', async () => {
    let seen: { length?: string; type?: string; body: string } | undefined
    const server = await serve((req, res, _url, body) => {
      seen = { length: req.headers['content-length'], type: req.headers['content-type'], body }
      setTimeout(() => {
        res.writeHead(202, { 'content-type': 'application/json' })
        res.end('{"statusId":"s_1"}')
      }, 120)
    })
    const c = new MintlifyClient({
      baseUrl: server.url,
      apiKey: KEY,
      userAgent: 't',
      requestTimeoutMs: 50,
      writeTimeoutMs: 2000,
    })
    await expect(c.triggerDeployment('p')).resolves.toEqual({ statusId: 's_1' })
    c.dispose()
    expect(server.hits).toEqual(['POST /v1/project/update/p'])
    expect(seen?.body).toBe('')
    expect(seen?.type).toBeUndefined()
    expect(seen?.length).toBe('0')
  })
})
