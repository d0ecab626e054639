/**
 * Both bundles against an API that behaves as a hostile or broken one would: it echoes the key, sends line
 * breaks and workflow commands in its fields, odd shapes, endless or huge bodies. Whatever it sends, no
 * surface a user sees (log, outputs, summary, reply comment, exported file) shows a piece of the key, starts
 * a command, mentions anyone, or grows without bound, and the step ends with one clear line.
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type MockApi, startMockApi } from '../../local/mock-api.ts'
import type { RunOptions, RunResult } from '../../local/run-action.ts'
import { KEY, runAgent, runGaps, runVisitors, TOKEN, visibleSurfaces } from '../helpers/e2e.js'
import { decodeEntities, expectNoSecret, jsonEscaped, markdownUnescaped } from '../helpers/secrets.js'

let api: MockApi

beforeEach(async () => {
  api = await startMockApi({ github: { roles: { writer: 'write' } } })
})
afterEach(async () => {
  await api.close()
})

const commentEvent = (body: string) => ({
  name: 'issue_comment',
  payload: {
    action: 'created',
    comment: { id: 77, body, user: { login: 'writer', type: 'User' } },
    issue: { number: 12, title: 'Add a flag', html_url: 'https://github.com/acme/app/issues/12' },
  },
  githubApiUrl: api.url,
})

const agent = (inputs: Record<string, string> = {}, options: RunOptions = {}) => runAgent(api, inputs, options)
/** The answer to the next poll of the job. */
const answerPoll = (json: unknown) => api.fault({ method: 'GET', path: '/v2/', status: 200, json })

/** Every surface of a run, the reply comments and any file it names included. */
function surfaces(r: RunResult, files: string[] = []): Record<string, string> {
  const out: Record<string, string> = {
    ...visibleSurfaces(r),
    outputs: readFileSync(path.join(r.workspace, '.github-output'), 'utf8'),
    comments: replies().join('\n'),
  }
  for (const file of files) out[file] = readFileSync(path.join(r.workspace, file), 'utf8')
  return out
}

/** Every comment body the action wrote or rewrote, in order. */
const replies = () =>
  api.requests
    .filter(
      (q) =>
        (q.method === 'POST' || q.method === 'PATCH') && /^\/repos\/.*\/comments(\/\d+(\/replies)?)?$/.test(q.path),
    )
    .map((q) => (JSON.parse(q.body) as { body: string }).body)

const escaped = jsonEscaped(KEY)

const creates = () => api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/v2/')).length
const noStackTrace = (r: RunResult) => expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /)

describe('an API that echoes the key everywhere', () => {
  /** The key at every position around the cuts: 500 characters of API text, 2,000 of a debug line. */
  const OFFSETS = [0, 1, 250, 470, 485, 490, 492, 495, 499, 500, 1975, 1990, 1995, 2000]
  const echo = (offset: number) => `${'x'.repeat(offset)}${KEY} Bearer ${KEY} ${encodeURIComponent(KEY)} ${KEY}`

  it('shows no piece of the key or the token on any surface of a job that ends well', async () => {
    api.fault({
      method: 'POST',
      path: '/v2/',
      status: 201,
      json: {
        id: 'job_1',
        status: 'active',
        model: KEY,
        source: { repository: `https://github.com/${KEY}`, ref: KEY },
        prLink: null,
        createdAt: KEY,
        archivedAt: null,
      },
    })
    for (const offset of OFFSETS.slice(0, 6))
      api.fault({
        method: 'GET',
        path: '/v2/',
        status: 503,
        json: { error: echo(offset) },
        headers: { 'retry-after': '0' },
      })
    answerPoll({ id: 'job_1', status: `active ${KEY}`, model: TOKEN })
    const final = {
      id: 'job_1',
      status: 'completed',
      model: `${KEY} ${TOKEN}`,
      source: { repository: `https://github.com/${KEY}`, ref: 'REF' },
      prLink: `https://github.com/acme/docs/pull/1?key=${KEY}`,
      createdAt: KEY,
    }
    api.fault({
      method: 'GET',
      path: '/v2/',
      status: 200,
      body: JSON.stringify(final).replace('"REF"', `"${escaped}"`),
    })
    const r = await agent({ prompt: '' }, { event: commentEvent('/docs document the flag') })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('completed')
    expect(r.stdout).toContain('Poll failed: HTTP 503 (***')
    expect(replies().length).toBeGreaterThan(0)
    expectNoSecret(surfaces(r), [KEY, TOKEN])
  })

  it.each(OFFSETS)('an error text with the key after %i characters leaks no piece of it', async (offset) => {
    api.fault({ method: 'POST', path: '/v2/', status: 400, json: { error: echo(offset) } })
    const r = await agent({ prompt: '' }, { event: commentEvent('/docs document the flag') })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::Creating the agent job failed: HTTP 400 \(/)
    expect(replies()).toHaveLength(2) // the reply, then its edit with the outcome
    expectNoSecret(surfaces(r), [KEY, TOKEN])
  })

  it('an answer that is not JSON, with the key spelled in \\u escapes, shows only *** in its debug line', async () => {
    api.fault({ method: 'POST', path: '/v2/', status: 400, body: `<html>Bad key ${escaped}; Bearer ${escaped}</html>` })
    const r = await agent()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Creating the agent job failed: HTTP 400 (the answer is not JSON (text/html))')
    expect(r.stdout).toMatch(
      /::debug::HTTP 400 in (?:under 0\.1s|\d\.\ds): <html>Bad key \*\*\*; Bearer \*\*\*<\/html>/,
    )
    expectNoSecret(surfaces(r), [KEY, TOKEN])
  })

  it('a key split by pairs of backticks in an error text is not pieced together when the log drops them', async () => {
    // Pieces of 7 characters, every other one in backticks: no piece is a window of the key as the API wrote it,
    // but the log shows a code span's content without its backticks.
    const pieces = KEY.match(/.{1,7}/g) ?? []
    const split = pieces.map((p, i) => (i % 2 === 1 ? `\`${p}\`` : p)).join('')
    expect(split.replaceAll('`', '')).toBe(KEY)
    api.fault({ method: 'POST', path: '/v2/', status: 400, json: { error: `Bad key ${split}` } })
    const r = await agent({}, { env: { RUNNER_DEBUG: '1' } })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::Creating the agent job failed: HTTP 400 \(Bad key .*\*\*\*/)
    expectNoSecret(surfaces(r), [KEY, TOKEN])
  })

  it('the key written into the prompt input shows nowhere: the summary that shows the prompt is redacted on its way out', async () => {
    const r = await agent({ prompt: `Rotate ${KEY} and ${TOKEN}` })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('```text\nRotate *** and ***\n```')
    expectNoSecret(surfaces(r), [KEY, TOKEN])
  })

  it('the visitors export: paths and error details that echo the key leak nothing, file included', async () => {
    api.visitors.count = 3
    api.visitors.rowAt = (i) => ({ path: `/docs/${i}/${KEY}`, human: 3, ai: 1, total: 4 })
    const ok = await runVisitors(api, { format: 'csv' })
    expect(ok.code).toBe(0)
    expect(ok.outputs.rows).toBe('3')
    expect(readFileSync(path.join(ok.workspace, 'mintlify-visitors.csv'), 'utf8')).toContain('/docs/0/***')
    expectNoSecret(surfaces(ok, ['mintlify-visitors.csv']), [KEY])

    api.fault({
      path: '/v1/',
      status: 400,
      json: { error: `Bad key ${KEY}`, details: OFFSETS.map((n) => ({ message: echo(n) })) },
    })
    const failed = await runVisitors(api)
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain('::error::Reading unique visitors failed: HTTP 400 (Bad key ***; ')
    expectNoSecret(surfaces(failed), [KEY])
  })
})

/**
 * Answers are redacted as they are received, but what the run sends back (a new job's id, a page's cursor) is sent
 * as the API gave it: its redacted form is no id or cursor the API knows. Twelve characters of the token stand in
 * each value here, as a random cursor or id may hold some by chance.
 */
describe('values sent back to the API', () => {
  const piece = TOKEN.slice(8, 20)

  it("a new job's id is polled as the API gave it, and shown redacted", async () => {
    const id = `job_${piece}_1`
    api.script.id = id
    const r = await agent()
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_***_1', status: 'completed' })
    expect(r.summary).toContain('| Job id | `job_***_1` |')
    expect(api.requests.filter((q) => q.method === 'GET').map((q) => q.path)).toEqual(
      Array(3).fill(`/v2/agent/proj_1/job/${id}`),
    )
  })

  it.each([
    ['searches', { searches: [], totalSearches: 0 }],
    ['assistant', { conversations: [] }],
    ['feedback', { feedback: [] }],
  ])('a %s cursor is sent back as the API gave it', async (section, rows) => {
    const cursor = `c_${piece}/+=`
    api.fault({
      path: `cursor=${encodeURIComponent(cursor)}`,
      status: 200,
      json: { ...rows, nextCursor: null, hasMore: false },
    })
    api.fault({ path: `/${section}?`, status: 200, json: { ...rows, nextCursor: cursor, hasMore: true } })
    const r = await runGaps(api, { sections: section, 'date-from': '2026-01-01', 'date-to': '2026-01-08' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ complete: 'true', requests: '2' })
    const sent = api.requests.map((q) => new URL(q.path, api.url).searchParams.get('cursor'))
    expect(sent).toEqual([null, cursor])
  })
})

describe('text that tries to start workflow commands', () => {
  it('line breaks in a status or model start no command and split no output', async () => {
    api.fault({ method: 'POST', path: '/v2/', status: 201, json: { id: 'job_1', status: 'active' } })
    answerPoll({ id: 'job_1', status: 'Pending\n::stop-commands::tok\n::error::pwned' })
    answerPoll({ id: 'job_1', status: 'Waiting ##[set-output name=prLink]https://evil' })
    answerPoll({ id: 'job_1', status: 'completed', model: 'm\r\n::error::pwned' })
    const r = await agent()
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n').filter((l) => /^\s*::(stop-commands|error)::/.test(l))).toEqual([])
    expect(r.stdout).not.toContain('##[')
    expect(r.stdout).not.toMatch(/%0A|%0D/)
    expect(r.stdout).toContain('Job job_1: Pending ::stop-commands::tok ::error::pwned (not a known status')
    expect(r.stdout).toContain('Job job_1: Waiting ## [set-output name=prLink]https://evil (not a known status')
    expect(r.outputs.model).toBe('m ::error::pwned')
    expect(r.outputs.status).toBe('completed')
    expect(r.outputs.prLink).toBe('')
  })

  it('a job id with a line break and a command is used, and shown as one inert line', async () => {
    api.script.id = 'job_1\n::error::pwned'
    const r = await agent()
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n').filter((l) => /^\s*::error::/.test(l))).toEqual([])
    expect(r.stdout).toContain('\nCreated agent job job_1 ::error::pwned.\n')
    expect(r.outputs['job-id']).toBe('job_1 ::error::pwned')
    expect(api.requests.filter((q) => q.method === 'GET').map((q) => q.path)).toEqual(
      Array(3).fill('/v2/agent/proj_1/job/job_1%0A%3A%3Aerror%3A%3Apwned'),
    )
  })
})

describe('shapes', () => {
  it('a job id over 1,024 characters is refused: after one request from the API, before any as job-id', async () => {
    const long = 'j'.repeat(1025)
    api.fault({ method: 'POST', path: '/v2/', status: 201, json: { id: long, status: 'active' } })
    const r = await agent()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('id is longer than 1,024 characters')
    expect(r.stdout).toContain('The job may have been created anyway: check the Mintlify dashboard')
    expect(api.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v2/agent/proj_1/job'])

    const input = await agent({ 'job-id': long, prompt: '' })
    expect(input.code).toBe(1)
    expect(input.stdout).toContain('::error::Input job-id: the value is longer than 1,024 characters')
    expect(api.requests).toHaveLength(1)
  })

  it('a status is compared case-insensitively', async () => {
    answerPoll({ id: 'job_1', status: 'ACTIVE' })
    answerPoll({ id: 'job_1', status: 'Completed', prLink: 'https://github.com/acme/docs/pull/5' })
    const r = await agent()
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('completed')
    expect(r.stdout).toContain('::notice::Job job_1 completed: https://github.com/acme/docs/pull/5')
    expect(api.requests.filter((q) => q.method === 'GET')).toHaveLength(2)
  })

  it('a status of another type is one clear line, no stack trace', async () => {
    answerPoll({ id: 'job_1', status: 3 })
    const r = await agent()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      '::error::Reading the agent job failed: HTTP 200 (status is 3, not a string). Check api-url',
    )
    noStackTrace(r)
  })

  it.each([
    ['no id', { status: 201, json: { status: 'active' } }, 'HTTP 201 (id is missing)'],
    ['an empty 204', { status: 204, body: '' }, 'HTTP 204 (the answer is not JSON'],
    ['an HTML 200', { status: 200, body: '<html>ok</html>' }, 'HTTP 200 (the answer is not JSON (text/html))'],
    [
      'nested a million deep, with an escape',
      { status: 201, body: `${'['.repeat(1e6)}"a\\n"${']'.repeat(1e6)}` },
      'HTTP 201 (the answer cannot be read (it is nested too deeply))',
    ],
  ])('a 2xx create answer that cannot be read (%s) says the job may exist', async (_name, fault, text) => {
    api.fault({ method: 'POST', path: '/v2/', ...fault })
    const r = await agent()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(text)
    expect(r.stdout).toContain('The job may have been created anyway: check the Mintlify dashboard before running')
    expect(creates()).toBe(1)
    noStackTrace(r)
  })

  it.each(['"false"', '1'])('a hasMore of %s is one line naming the field, not a reason to read on', async (raw) => {
    api.visitors.count = 600
    api.fault({
      path: '/v1/',
      status: 200,
      body: `{"totals":{"human":1,"ai":1,"total":1},"visitors":[{"path":"/a","human":1,"ai":0,"total":1}],"hasMore":${raw}}`,
    })
    const r = await runVisitors(api)
    expect(r.code).toBe(1)
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error::'))
    expect(errors).toEqual([
      expect.stringContaining(
        `::error::Reading unique visitors failed: HTTP 200 (hasMore is ${raw}, not true or false).`,
      ),
    ])
    expect(api.requests).toHaveLength(1)
    noStackTrace(r)
  })

  it('visitors counts that are not finite numbers: one line naming the offset and the field', async () => {
    api.visitors.count = 600
    api.fault({
      path: 'offset=250',
      status: 200,
      body: '{"totals":{"human":1,"ai":1,"total":1},"visitors":[{"path":"/a","human":1e400,"ai":0,"total":1}],"hasMore":true}',
    })
    const r = await runVisitors(api)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      '::error::Reading unique visitors failed: HTTP 200 (visitors[0].human is Infinity, not a finite number).',
    )
    expect(r.stdout).toContain('The export stopped at offset 250, after 250 rows; no file was written.')
    noStackTrace(r)
  })
})

describe('bounds', () => {
  it('an endless create answer is a clear error after one request, no stack trace', async () => {
    api.fault({ method: 'POST', path: '/v2/', action: 'endless' })
    const r = await agent()
    expect(r.code).toBe(1)
    expect(creates()).toBe(1)
    expect(r.stdout).toContain('::error::Creating the agent job failed: HTTP 200 (the answer is larger than 4 MiB).')
    expect(r.stdout).toContain('The job may have been created anyway')
    noStackTrace(r)
  })

  for (const action of ['hang', 'trickle'] as const) {
    it(`a poll that ${action}s ends the step within a few seconds of \`timeout\``, async () => {
      api.fault({ method: 'GET', path: '/v2/', action, times: 1000 })
      const started = Date.now()
      const r = await agent({ timeout: '1s' }, { killAfterMs: 15_000 })
      expect(Date.now() - started).toBeLessThan(4000)
      expect(r.code).toBe(1)
      expect(r.outputs).toMatchObject({ 'job-id': 'job_1', status: 'active', 'timed-out': 'true' })
      expect(r.stdout).toContain('::error::Job job_1 is still active after 1.0s; it keeps running on Mintlify.')
      noStackTrace(r)
    })
  }

  it('a huge field keeps the summary under 1 MiB, the reply under 65,536 characters, the outputs short', async () => {
    api.script.extra = { model: 'm'.repeat(3_000_000) }
    const r = await agent({ prompt: '' }, { event: commentEvent(`/docs ${'p'.repeat(200_000)}`) })
    expect(r.code).toBe(0)
    expect(Buffer.byteLength(r.summary)).toBeLessThan(1024 * 1024)
    expect(r.outputs.model?.length).toBeLessThanOrEqual(256)
    expect(replies().length).toBeGreaterThan(0)
    for (const body of replies()) expect(body.length).toBeLessThan(65_536)
  })

  it('@mentions and e-mail addresses in API text are inert in the reply and the summary', async () => {
    api.fault({
      method: 'POST',
      path: '/v2/',
      status: 400,
      json: { error: 'Ask @octocat or @acme/docs-team, or write to admin@example.com' },
    })
    const r = await agent({ prompt: '' }, { event: commentEvent('/docs document the flag') })
    expect(r.code).toBe(1)
    const reply = replies().at(-1)
    for (const text of [reply ?? '', r.summary]) {
      const rendered = decodeEntities(markdownUnescaped(text))
      expect(rendered).toContain('@\u200boctocat')
      expect(rendered).not.toMatch(/@[A-Za-z0-9]/)
    }
  })
})
