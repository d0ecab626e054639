/**
 * The content gaps action as the runner runs it (`gaps/action.yml` → dist/gaps/index.js) against the local mock
 * API and its GitHub stand-in: the requests it makes, what counts as a gap, the issue it keeps, its errors, and
 * reader text that tries everything. Written from the interface (section 3); skipped until the bundle exists.
 * Beyond the interface, these assertions hold the lead's decisions: running out of `max-requests` exits 0; the
 * error hints are those of src/api/errors.ts; a wrong-shape error says `page N`; `output` = `worklist` and
 * `issue: update` without a token are bad inputs; worklist lines hold the hits; the data file's page objects
 * hold their numbers as flat fields; the token is sent in the authorization header only; and reader text is
 * escaped on every surface, code spans and the data file included (no `@name` without U+200B, no raw `<`).
 */
import { existsSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type AssistantRow,
  type FeedbackRow,
  type MockApi,
  type MockApiOptions,
  type SearchRow,
  seedIssue,
  startMockApi,
  TOKEN_USER,
  type VisitorRow,
} from '../../local/mock-api.ts'
import type { RunOptions, RunResult } from '../../local/run-action.ts'
import { itemKey } from '../../src/gaps/worklist.js'
import { KEY, runGaps, stopAtFirstRetry, TOKEN, visibleSurfaces, workspaceFiles } from '../helpers/e2e.js'
import { POSIX_SIGNALS } from '../helpers/scripts.ts'
import { decodeEntities, expectNoSecret, markdownUnescaped } from '../helpers/secrets.js'
import { closedPortUrl } from '../helpers/server.js'

let api: MockApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const WINDOW = { 'date-from': '2026-01-01', 'date-to': '2026-01-08' }
const MARKER = '<!-- mintlify-gaps -->'

async function gaps(
  options: MockApiOptions,
  inputs: Record<string, string> = {},
  runOptions: RunOptions = {},
): Promise<RunResult> {
  api = await startMockApi({ github: { roles: {} }, ...options })
  return runGaps(api, { ...WINDOW, ...inputs }, runOptions)
}

/** The analytics requests the server saw, in order: which endpoint, and the query. */
function analytics(): Array<{ section: string; q: URLSearchParams }> {
  return (api?.requests ?? [])
    .filter((r) => r.path.startsWith('/v1/analytics/'))
    .map((r) => {
      const url = new URL(r.path, 'http://x')
      return { section: url.pathname.split('/').pop() ?? '', q: url.searchParams }
    })
}
const sections = () => analytics().map((r) => r.section)
/** The summary's last paragraph: what the reader can do next. */
const nextStep = (r: RunResult) => r.summary.trim().split(/\n\n+/).at(-1)
const github = () => (api?.requests ?? []).filter((r) => r.path.startsWith('/repos/'))

const lines = (text: string) => text.split('\n')
const errors = (r: RunResult) => lines(r.stdout).filter((l) => l.startsWith('::error::'))
const warnings = (r: RunResult) => lines(r.stdout).filter((l) => l.startsWith('::warning::'))
const worklist = (r: RunResult) =>
  readFileSync(r.outputs.worklist ?? path.join(r.workspace, 'mintlify-gaps.md'), 'utf8')
const data = (r: RunResult) => JSON.parse(readFileSync(r.outputs.file ?? '', 'utf8')) as unknown
const checklist = (r: RunResult) => lines(worklist(r)).filter((l) => /^- \[[ x]\] /.test(l))
/** An issue's text without what each line says changed since the last run (` · **new**`, ` · listed since ...`). */
const unlisted = (text: string) => text.replace(/ · (?:\*\*new\*\*|listed since [^·]*?) (?=<!-- gap:)/g, ' ')

function expectNoStack(r: RunResult): void {
  expect(`${r.stdout}\n${r.stderr}`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
}

/** The objects anywhere in a JSON value that have a string field equal to `text`. */
function objectsNaming(value: unknown, text: string): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap((v) => objectsNaming(v, text))
  if (value === null || typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  const own = Object.values(record).includes(text) ? [record] : []
  return [...own, ...Object.values(record).flatMap((v) => objectsNaming(v, text))]
}

function list<T>(rows: T[]): { count: number; rowAt: (i: number) => T } {
  return { count: rows.length, rowAt: (i) => rows[i] as T }
}
const search = (searchQuery: string, hits: number, ctr = 0): SearchRow => ({
  searchQuery,
  hits,
  ctr,
  topClickedPage: ctr > 0 ? '/quickstart' : null,
  lastSearchedAt: '2026-01-05T10:00:00.000Z',
})
const turn = (id: string, timestamp: string, query: string, more: Partial<AssistantRow> = {}): AssistantRow => ({
  id,
  timestamp,
  query,
  response: 'The docs do not say.',
  sources: [],
  resolutionStatus: 'unanswered',
  queryCategory: 'API',
  pageUrl: 'https://docs.example.com/api',
  ...more,
})
function fb(id: string, p: string, source: FeedbackRow['source'], more: Partial<FeedbackRow> = {}): FeedbackRow {
  return {
    id,
    path: p,
    comment: null,
    createdAt: '2026-01-03T00:00:00.000Z',
    source,
    status: 'pending',
    ...(source === 'contextual' ? { helpful: false, contact: null } : {}),
    ...(source === 'code_snippet' ? { code: 'npm i', filename: null, lang: 'bash' } : {}),
    ...more,
  }
}
const views = (rows: VisitorRow[]) => ({ ...list(rows), totals: { human: 1, ai: 1, total: 1 } })

/** One search with no click, one unanswered question, one reported page: three items, four requests. */
const SMALL: MockApiOptions = {
  searches: list([search('webhooks', 5)]),
  assistant: list([turn('t1', '2026-01-02T10:00:00.000Z', 'Do webhooks retry?')]),
  feedback: list([fb('f1', '/webhooks', 'contextual', { comment: 'No retry schedule.' })]),
  views: views([{ path: '/webhooks', human: 90, ai: 10, total: 100 }]),
}

describe('content gaps: requests', () => {
  it('the fewest requests, largest pages, both dates on each, no cursor on first pages; requests output is true', async () => {
    const r = await gaps({
      searches: { count: 250 },
      assistant: { count: 1500 },
      feedback: { count: 250 },
      views: { count: 300 },
    })
    expect(r.code).toBe(0)
    const seen = analytics()
    expect(seen.map((s) => s.section)).toEqual([
      'searches',
      'searches',
      'searches',
      'assistant',
      'assistant',
      'feedback',
      'feedback',
      'views',
      'views',
    ])
    for (const { q } of seen) {
      expect(q.get('dateFrom')).toBe('2026-01-01')
      expect(q.get('dateTo')).toBe('2026-01-08')
    }
    const limits = { searches: '100', assistant: '1000', feedback: '100', views: '250' }
    for (const { section, q } of seen) expect(q.get('limit')).toBe(limits[section as keyof typeof limits])
    // A cursor section starts without `cursor`, then sends the one it was given.
    const cursors = seen.filter((s) => s.section !== 'views').map((s) => [s.section, s.q.has('cursor')])
    expect(cursors).toEqual([
      ['searches', false],
      ['searches', true],
      ['searches', true],
      ['assistant', false],
      ['assistant', true],
      ['feedback', false],
      ['feedback', true],
    ])
    for (const s of seen.filter((x) => x.section === 'feedback')) expect(s.q.get('status')).toBe('pending,in_progress')
    expect(seen.filter((s) => s.section === 'views').map((s) => s.q.get('offset'))).toEqual(['0', '250'])
    expect(r.outputs.requests).toBe('9')
    expect(api?.requests).toHaveLength(9)
    expect(r.outputs.complete).toBe('true')
    // Every third of 250 terms has no click, all with 2 or more hits; 1,500 turns: the even ones are unanswered,
    // those at 4 mod 10 are clarifying questions.
    expect(r.outputs.searches).toBe('84')
    expect(r.outputs.unanswered).toBe('600')
    const { searches, unanswered, pages, items } = r.outputs
    expect(Number(items)).toBe(Number(searches) + Number(unanswered) + Number(pages))
  })

  it('dates default to -7d .. today, the same on every page of every section', async () => {
    api = await startMockApi({ searches: { count: 150 }, assistant: { count: 1 }, feedback: { count: 0 } })
    const r = await runGaps(api)
    expect(r.code).toBe(0)
    const dates = new Set(analytics().map(({ q }) => `${q.get('dateFrom')}..${q.get('dateTo')}`))
    expect(dates.size).toBe(1)
    const [from, to] = [...dates][0]?.split('..') ?? []
    expect(Date.parse(to ?? '') - Date.parse(from ?? '')).toBe(7 * 86_400_000)
  })

  it('sections chooses what is read; no views without a reported page', async () => {
    const r = await gaps(
      { ...SMALL, feedback: list([fb('f1', '/a', 'thumbs_only'), fb('f2', '/a', 'contextual', { helpful: true })]) },
      { sections: 'assistant,feedback' },
    )
    expect(r.code).toBe(0)
    expect(sections()).toEqual(['assistant', 'feedback'])
    expect(r.outputs).toMatchObject({ searches: '0', unanswered: '1', pages: '0', items: '1', requests: '2' })
  })

  it('feedback-status is sent as given', async () => {
    const r = await gaps(SMALL, { sections: 'feedback', 'feedback-status': 'resolved,dismissed' })
    expect(r.code).toBe(0)
    expect(analytics()[0]?.q.get('status')).toBe('resolved,dismissed')
  })

  it('empty pages that still have a cursor are read past', async () => {
    const r = await gaps({
      searches: { ...list([search('sdk', 3)]), emptyPages: [0, 1] },
      assistant: { ...list([turn('t1', '2026-01-02T00:00:00Z', 'q?')]), emptyPages: [0] },
      feedback: list([]),
    })
    expect(r.code).toBe(0)
    expect(sections()).toEqual(['searches', 'searches', 'searches', 'assistant', 'assistant', 'feedback'])
    expect(r.outputs).toMatchObject({ searches: '1', unanswered: '1', complete: 'true', requests: '6' })
  })

  it('a repeated cursor ends its section with a warning and complete=false; the other sections are read', async () => {
    const many = Array.from({ length: 300 }, (_, i) => search(`term ${i}`, 500 - i))
    const r = await gaps({ ...SMALL, searches: { ...list(many), repeatCursorAt: 1 } })
    expect(r.code).toBe(0)
    expect(sections()).toEqual(['searches', 'searches', 'assistant', 'feedback', 'views'])
    expect(r.outputs.complete).toBe('false')
    expect(warnings(r).filter((w) => /searches/i.test(w) && /cursor/i.test(w))).toHaveLength(1)
    expect(r.outputs.unanswered).toBe('1')
    expect(r.outputs.searches).toBe('200') // both pages read are counted
    expect((data(r) as { complete?: unknown }).complete).toBe(false)
  })

  it('max-requests is a hard ceiling: the server sees exactly that many, a warning names the sections cut', async () => {
    const r = await gaps(
      { ...SMALL, searches: { ...list([search('sdk', 3)]), endless: true } },
      { 'max-requests': '5' },
    )
    expect(r.code).toBe(0)
    expect(api?.requests).toHaveLength(5)
    expect(r.outputs.requests).toBe('5')
    expect(sections()).toEqual(Array(5).fill('searches'))
    expect(r.outputs.complete).toBe('false')
    const cut = warnings(r).filter((w) => w.includes('max-requests'))
    expect(cut).toHaveLength(1)
    for (const name of ['searches', 'assistant', 'feedback']) expect(cut[0]).toContain(name)
    expect(r.outputs.searches).toBe('1') // what was read is reported
  })

  it('retries count against max-requests', async () => {
    api = await startMockApi(SMALL)
    api.fault({ path: '/searches', status: 429, headers: { 'Retry-After': '0' }, json: { error: 'Too many' } })
    const r = await runGaps(api, { ...WINDOW, 'max-requests': '2' })
    expect(r.code).toBe(0)
    expect(api.requests).toHaveLength(2)
    expect(r.outputs).toMatchObject({ requests: '2', complete: 'false' })
  })
})

describe('content gaps: errors', () => {
  it.each([
    ['429', 429],
    ['503', 503],
  ])('a %s with a short Retry-After is retried, the retry counted in requests', async (_name, status) => {
    api = await startMockApi(SMALL)
    api.fault({ path: '/assistant', status, headers: { 'Retry-After': '0.2' }, json: { error: 'Busy' } })
    const r = await runGaps(api, WINDOW)
    expect(r.code).toBe(0)
    expect(sections()).toEqual(['searches', 'assistant', 'assistant', 'feedback', 'views'])
    expect(r.outputs).toMatchObject({ requests: '5', complete: 'true', unanswered: '1' })
  })

  it.skipIf(!POSIX_SIGNALS)('api-url refusing connections: said in words, not as an errno code', async () => {
    api = await startMockApi(SMALL)
    const r = await runGaps(api, { ...WINDOW, 'api-url': await closedPortUrl() }, { onStdout: stopAtFirstRetry })
    expect(r.stdout).toContain('search terms page 1 failed: connection refused. Waiting 1.0s before trying again.')
    expect(r.stdout).not.toContain('ECONNREFUSED')
  })

  it('a Retry-After over a minute is a clear error at once: the hourly budget is spent', async () => {
    api = await startMockApi(SMALL)
    api.fault({ path: '/searches', status: 429, headers: { 'Retry-After': '1800' }, json: { error: 'Too many' } })
    const started = Date.now()
    const r = await runGaps(api, WINDOW)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(r.code).toBe(1)
    expect(api.requests).toHaveLength(1)
    expect(errors(r)).toHaveLength(1)
    expect(errors(r)[0]).toContain('HTTP 429')
    expect(errors(r)[0]).toContain('100 requests per organization per hour')
    expectNoStack(r)
  })

  it.each([
    [401, 'Invalid or missing API key', 'api-key'],
    [403, 'Forbidden', 'the read scope'],
    [404, 'Project not found', 'project-id'],
    [400, 'Invalid query parameters; dateFrom must be before dateTo', 'dateFrom must be before dateTo'],
  ])('a %i names its cause, exits 1, no stack trace', async (status, error, cause) => {
    api = await startMockApi(SMALL)
    const details = status === 400 ? [{ message: 'dateFrom must be before dateTo' }] : undefined
    api.fault({ status, json: { error: error.split(';')[0], ...(details ? { details } : {}) } })
    const r = await runGaps(api, WINDOW)
    expect(r.code).toBe(1)
    expect(errors(r)).toHaveLength(1)
    expect(errors(r)[0]).toContain(`HTTP ${status}`)
    expect(errors(r)[0]).toContain(cause)
    expect(api.requests).toHaveLength(1)
    expectNoStack(r)
  })

  it('a page of the wrong shape: one line naming the endpoint, the field and the page number', async () => {
    const many = Array.from({ length: 150 }, (_, i) => search(`term ${i}`, 500 - i))
    api = await startMockApi({ ...SMALL, searches: list(many) })
    api.fault({
      path: 'cursor=',
      status: 200,
      json: { searches: [{ searchQuery: 'x', hits: 'many', ctr: 0 }], totalSearches: 1, nextCursor: null },
    })
    const r = await runGaps(api, WINDOW)
    expect(r.code).toBe(1)
    expect(errors(r)).toHaveLength(1)
    const line = errors(r)[0] ?? ''
    expect(line).toContain('searches')
    expect(line).toContain('hits')
    expect(line).toMatch(/page 2\b/)
    expectNoStack(r)
  })

  it('unknown fields in rows and pages are ignored', async () => {
    const extra = { rowExtra: { sentiment: { score: -1 }, tags: ['x'] }, pageExtra: { cost: 3, debug: null } }
    const r = await gaps({
      searches: { ...SMALL.searches, count: 1, ...extra },
      assistant: { ...SMALL.assistant, count: 1, ...extra },
      feedback: { ...SMALL.feedback, count: 1, ...extra },
      views: SMALL.views,
    })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '1', unanswered: '1', pages: '1', items: '3', complete: 'true' })
  })

  it.each([
    ['sections', 'searches,clicks'],
    ['min-hits', '0'],
    ['min-hits', 'two'],
    ['feedback-status', 'pending,open'],
    ['max-items', '0'],
    ['max-items', '101'],
    ['max-requests', '0'],
    ['max-requests', '101'],
    ['max-requests', '1.5'],
    ['issue', 'always'],
    ['date-from', 'last week'],
    ['date-to', '2025-12-01'],
    ['summary', 'maybe'],
    ['api-url', 'http://api.example.com'],
  ])('bad input %s=%j fails before any request, naming the input', async (name, value) => {
    api = await startMockApi(SMALL)
    const r = await runGaps(api, { ...WINDOW, [name]: value })
    expect(r.code).toBe(1)
    expect(api.requests).toEqual([])
    expect(errors(r)).toHaveLength(1)
    expect(errors(r)[0]).toContain(name)
    expectNoStack(r)
  })

  it('output and worklist naming the same file is a bad input', async () => {
    api = await startMockApi(SMALL)
    const r = await runGaps(api, { ...WINDOW, output: 'gaps.md', worklist: 'gaps.md' })
    expect(r.code).toBe(1)
    expect(api.requests).toEqual([])
    expect(errors(r)[0]).toMatch(/output|worklist/)
  })

  it('a prompt-output that cannot be written fails before any request, naming it: the budget is not spent first', async () => {
    api = await startMockApi(SMALL)
    // A folder under a file cannot be made: known before the run reads a page, not after it read them all.
    const r = await runGaps(api, { ...WINDOW, 'prompt-output': 'taken/prompt.md' }, { files: { taken: 'a file' } })
    expect(r.code).toBe(1)
    expect(api.requests).toEqual([])
    expect(errors(r)).toHaveLength(1)
    expect(errors(r)[0]).toMatch(
      /^::error::Input prompt-output: its folder cannot be written \(E[A-Z]+\)\. Accepted: a path in a folder the step may write, relative to the workspace\.$/,
    )
    expect(r.outputs).toEqual({})
  })

  it('issue: update without a token fails before any request, naming github-token', async () => {
    api = await startMockApi(SMALL)
    const r = await runGaps(api, { ...WINDOW, issue: 'update', 'github-token': '' })
    expect(r.code).toBe(1)
    expect(api.requests).toEqual([])
    expect(errors(r)[0]).toContain('github-token')
  })
})

describe('content gaps: what counts', () => {
  it('searches: grouped case-insensitively and trimmed, listed when every member has no click and hits reach min-hits', async () => {
    const r = await gaps(
      {
        searches: list([
          search('Rate Limit', 10),
          search('webhooks', 9),
          search(' rate limit ', 5),
          search('Webhooks', 3, 0.5),
          search('RATE LIMIT', 3),
          search('sdk', 2),
          search('saml sso', 1),
        ]),
      },
      { sections: 'searches', 'min-hits': '2' },
    )
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '2', items: '2' })
    const items = checklist(r)
    expect(items).toHaveLength(2)
    expect(items[0]?.toLowerCase()).toContain('rate limit')
    expect(items[0]).toContain('18')
    expect(items[1]).toContain('sdk')
    expect(worklist(r).toLowerCase()).not.toContain('webhooks')
    expect(worklist(r)).not.toContain('saml')
  })

  it('unanswered: clarifying questions left out, (id, timestamp) counted once, grouped by category', async () => {
    const r = await gaps(
      {
        assistant: list([
          turn('a', '2026-01-02T10:00:00.000Z', 'How do I rotate keys?', { queryCategory: 'Authentication' }),
          turn('a', '2026-01-02T10:00:00.000Z', 'How do I rotate keys?', { queryCategory: 'Authentication' }),
          turn('a', '2026-01-02T11:00:00.000Z', 'And for SSO users?', { queryCategory: 'Authentication' }),
          turn('b', '2026-01-03T10:00:00.000Z', 'Which plan?', { responseType: 'clarifying_question' }),
          turn('c', '2026-01-04T10:00:00.000Z', 'How do I install it?', { resolutionStatus: 'answered' }),
          turn('d', '2026-01-05T10:00:00.000Z', 'Is there a Terraform provider?', { queryCategory: null }),
          turn('e', '2026-01-06T10:00:00.000Z', 'Do webhooks retry?', { responseType: 'answer' }),
        ]),
      },
      { sections: 'assistant' },
    )
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ unanswered: '4', items: '4' })
    const text = worklist(r)
    expect(text).not.toContain('Which plan?')
    expect(text).not.toContain('install')
    expect(text.match(/rotate keys/g)).toHaveLength(1)
    expect(text).toContain('Uncategorized')
    expect(text).toContain('Authentication')
    // The biggest group first, its questions newest first.
    expect(text.indexOf('Authentication')).toBeLessThan(text.indexOf('Uncategorized'))
    expect(text.indexOf('And for SSO users?')).toBeLessThan(text.indexOf('How do I rotate keys?'))
  })

  it('pages: reports and votes by the rules, paths normalised, ranked by reports then by reports per 1,000 views', async () => {
    const r = await gaps(
      {
        feedback: list([
          fb('1', '/guides/deploy', 'contextual'),
          fb('2', '/guides/deploy', 'agent'),
          fb('3', '/guides/errors', 'code_snippet'),
          fb('4', 'https://docs.example.com/guides/errors/', 'contextual', { comment: 'Wrong status code.' }),
          fb('5', '/guides/errors', 'thumbs_only'),
          fb('6', '/api/auth', 'contextual'),
          fb('7', '/api/auth', 'contextual', { helpful: true }),
          fb('8', '/liked', 'contextual', { helpful: true }),
          fb('9', '/liked', 'thumbs_only'),
          fb('10', '', 'agent'),
        ]),
        views: views([
          { path: '/guides/deploy', human: 9000, ai: 1000, total: 10_000 },
          { path: '/guides/errors', human: 90, ai: 10, total: 100 },
          { path: '/api/auth', human: 400, ai: 100, total: 500 },
          { path: '/liked', human: 1, ai: 0, total: 1 },
        ]),
      },
      { sections: 'feedback' },
    )
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ pages: '4', items: '4' })
    expect(sections()).toEqual(['feedback', 'views'])
    const text = checklist(r).join('\n')
    const order = ['/guides/errors', '/guides/deploy', '/api/auth'].map((p) => text.indexOf(p))
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true)
    expect(text).not.toContain('/liked')
    expect(checklist(r)).toHaveLength(4) // '/' is the fourth, with no views
    const json = data(r)
    const errorsPage = objectsNaming(json, '/guides/errors')
    expect(errorsPage.length).toBeGreaterThan(0)
    const numbers = Object.values(errorsPage[0] ?? {})
    expect(numbers).toContain(2) // reports: the code snippet, and the contextual one under a full URL with a slash
    expect(numbers).toContain(1) // one vote (thumbs only)
    expect(numbers).toContain(100) // views
    expect(numbers).toContain(20) // reports per 1,000 views
    expect(Object.values(objectsNaming(json, '/api/auth')[0] ?? {})).toEqual(expect.arrayContaining([1, 1, 500, 2]))
    expect(Object.values(objectsNaming(json, '/')[0] ?? {})).toContain(0) // no row in views: 0 views
    // The summary says what its Votes column counts, under the table.
    const reported = r.summary.slice(r.summary.indexOf('#### Pages readers reported'))
    expect(reported).toMatch(/\| # \| Page \| Reports \| Votes \|[\s\S]*\n\nVotes: feedback that reports nothing/)
    expect(reported).toContain(
      'Votes: feedback that reports nothing, a thumbs-only vote (the API does not say up or down) or page feedback marked helpful.',
    )
  })

  it('max-items cuts the worklist, not the data file nor the counts', async () => {
    const r = await gaps(
      { searches: list(Array.from({ length: 30 }, (_, i) => search(`missing ${i}`, 100 - i))) },
      { sections: 'searches', 'max-items': '5' },
    )
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '30', items: '30' })
    expect(checklist(r)).toHaveLength(5)
    expect(objectsNaming(data(r), 'missing 29')).toHaveLength(1)
  })

  it('exactly max-items found: every one listed, and no "the first 5 of 5" anywhere', async () => {
    const r = await gaps(
      {
        searches: list(Array.from({ length: 5 }, (_, i) => search(`missing ${i}`, 100 - i))),
        assistant: list(Array.from({ length: 5 }, (_, i) => turn(`t${i}`, '2026-01-02T10:00:00.000Z', `Why ${i}?`))),
        feedback: list(Array.from({ length: 5 }, (_, i) => fb(`f${i}`, `/page-${i}`, 'agent'))),
      },
      { 'max-items': '5' },
    )
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '5', unanswered: '5', pages: '5' })
    const prompt = readFileSync(r.outputs['prompt-file'] ?? '', 'utf8')
    for (const [name, text] of Object.entries({ summary: r.summary, worklist: worklist(r), prompt }))
      expect(text, name).not.toMatch(/first 5\b/)
    expect(r.summary.match(/^\| [1-5] \|/gm)).toHaveLength(15)
    expect(checklist(r)).toHaveLength(15)
    // One item more than max-items is cut, and says so: the same words the exact count must not have.
    const six = await gaps(
      { searches: list(Array.from({ length: 6 }, (_, i) => search(`missing ${i}`, 100 - i))) },
      { sections: 'searches', 'max-items': '5' },
    )
    expect(six.summary).toContain('The first 5 of 6; the data file holds them all.')
  })

  it('the "Last searched" cell is escaped like every other cell: a mention or HTML from the API stays inert', async () => {
    const r = await gaps(
      {
        searches: list([
          { ...search('webhooks', 9), lastSearchedAt: '@octocat' },
          { ...search('sdk', 5), lastSearchedAt: '<b>bold</b>' },
        ]),
      },
      { sections: 'searches' },
    )
    expect(r.code).toBe(0)
    const rows = lines(r.summary).filter((l) => /^\| [12] \|/.test(l))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(/^\| 1 \| webhooks \| 9 \| .*octocat \|$/)
    expect(rows[1]).toMatch(/^\| 2 \| sdk \| 5 \| .*b.*bold/)
    // No live mention (GitHub would notify @octocat) and no tag (GitHub would render it) in what it renders.
    expect(r.summary).not.toMatch(/(^|[^\u200b])@octocat/)
    expect(r.summary).not.toContain('<b>')
  })

  it("a page's newest comment that fits is listed in the prompt when its two newest would not fit", async () => {
    // Two long search terms fill the prompt so far that one comment of the page still fits and two do not. Each
    // `<` is 6 characters in the prompt (`\u003c`): a term or a comment of 300 is a line of about 1,800.
    const long = (c: string) => `${c}${'<'.repeat(299)}`
    const r = await gaps(
      {
        searches: list([search(long('a'), 9), search(long('b'), 8)]),
        feedback: list([
          fb('f1', '/webhooks', 'contextual', { comment: long('1'), createdAt: '2026-01-02T00:00:00.000Z' }),
          fb('f2', '/webhooks', 'contextual', { comment: long('3'), createdAt: '2026-01-04T00:00:00.000Z' }),
          fb('f3', '/webhooks', 'contextual', { comment: long('2'), createdAt: '2026-01-03T00:00:00.000Z' }),
        ]),
      },
      { sections: 'searches,feedback' },
    )
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '2', pages: '1' })
    const prompt = readFileSync(r.outputs['prompt-file'] ?? '', 'utf8')
    const comments = lines(prompt).filter((l) => l.startsWith('  - comment: '))
    // The newest one, whole.
    expect(comments).toEqual([`  - comment: "3${'\\u003c'.repeat(299)}"`])
    // Two would not have fit: the prompt plus the next comment's line reach 8,000 characters.
    expect(prompt.length + (comments[0] ?? '').length + 1).toBeGreaterThanOrEqual(8000)
    expect(prompt).toContain('page "/webhooks": 3 reports')
  })

  it('nothing found: outputs 0, no prompt file, prompt-file empty; files and summary still written', async () => {
    const r = await gaps({ searches: list([search('quickstart', 50, 0.7)]) }, { sections: 'searches' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '0', items: '0' })
    expect(r.outputs['prompt-file'] ?? '').toBe('')
    expect(existsSync(path.join(r.workspace, 'mintlify-gaps-prompt.md'))).toBe(false)
    expect(existsSync(r.outputs.file ?? '')).toBe(true)
    expect(existsSync(r.outputs.worklist ?? '')).toBe(true)
    expect(r.summary).not.toBe('')
    expect(nextStep(r)).toBe('**Next:** Nothing to do: no reader missed anything in these dates.')
  })

  it('files at the default paths; the prompt under 8,000 characters; the summary opens with window and counts', async () => {
    const r = await gaps(SMALL)
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({
      searches: '1',
      unanswered: '1',
      pages: '1',
      items: '3',
      complete: 'true',
      requests: '4',
      file: path.join(r.workspace, 'mintlify-gaps.json'),
      worklist: path.join(r.workspace, 'mintlify-gaps.md'),
      'prompt-file': path.join(r.workspace, 'mintlify-gaps-prompt.md'),
    })
    for (const name of ['issue-url', 'issue-number', 'new', 'gone']) expect(r.outputs[name], name).toBe('')
    expect(r.summary).not.toContain('Since the last run')
    expect(checklist(r)).toHaveLength(3)
    expect(readFileSync(r.outputs['prompt-file'] ?? '', 'utf8').length).toBeLessThan(8000)
    const first = lines(r.summary).find((l) => l.trim() !== '' && !l.startsWith('#')) ?? ''
    expect(first).toContain('2026-01-01')
    // Bookkeeping just before the end; last, what the reader can do with what was found.
    expect(r.summary.trim().split(/\n\n+/).at(-2)).toMatch(/^<sub>Wrote /)
    expect(nextStep(r)).toBe(
      "**Next:** Work through the worklist `mintlify-gaps.md`, or hand the prompt `mintlify-gaps-prompt.md` to the agent action (its `prompt-file` input; this step's `prompt-file` output names it).",
    )
    expect(github()).toEqual([]) // issue: none touches no issue
  })
})

describe('content gaps: more questions than memory holds', () => {
  /** 2,500 unanswered turns, newest first, about 90 bytes of text each: past the 64 KiB kept in memory. */
  const MANY = 2500
  const asked = (i: number): AssistantRow =>
    turn(
      `conv_${i}`,
      new Date(Date.UTC(2026, 0, 7) - i * 60_000).toISOString(),
      `Wie lösche ich Schlüssel ${i} 名前?`,
      {
        queryCategory: ['Keys', 'Auth'][i % 2] ?? null,
        pageUrl: `https://docs.example.com/keys/${i % 17}?ref=${i}`,
      },
    )

  it('the data file holds every question, newest first, and the run leaves no file of its own behind', async () => {
    const r = await gaps({ assistant: { count: MANY, rowAt: asked } }, { sections: 'assistant' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ unanswered: String(MANY), requests: '3' })
    const want = (parity: number) =>
      Array.from({ length: MANY }, (_, i) => i)
        .filter((i) => i % 2 === parity)
        .map((i) => ({ question: asked(i).query, timestamp: asked(i).timestamp, path: `/keys/${i % 17}` }))
    expect((data(r) as { unanswered: unknown }).unanswered).toEqual([
      { category: 'Auth', count: MANY / 2, questions: want(1) },
      { category: 'Keys', count: MANY / 2, questions: want(0) },
    ])
    expect(Object.keys(workspaceFiles(r.workspace)).sort()).toEqual([
      '.github-output',
      '.github-step-summary',
      'mintlify-gaps-prompt.md',
      'mintlify-gaps.json',
      'mintlify-gaps.md',
    ])
  })

  it('a run that fails after its questions outgrew memory leaves no file of its own behind either', async () => {
    api = await startMockApi({ assistant: { count: MANY, rowAt: asked } })
    api.fault({ path: 'cursor=', status: 401, json: { error: 'Invalid or missing API key' } })
    const r = await runGaps(api, { ...WINDOW, sections: 'assistant' })
    expect(r.code).toBe(1)
    expect(errors(r)[0]).toContain('HTTP 401')
    expect(sections()).toEqual(['assistant', 'assistant'])
    expect(Object.keys(workspaceFiles(r.workspace)).sort()).toEqual(['.github-output', '.github-step-summary'])
  })
})

describe('content gaps: the issue', () => {
  const update = { issue: 'update' }
  const bodyOf = (n: number) => api?.github.issues?.find((i) => i.number === n)?.body ?? ''

  it('none yet: one is created with issue-title, holding the marker and the worklist; a re-run edits it', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    const r = await runGaps(api, { ...WINDOW, ...update, 'issue-title': 'Docs gaps this week' })
    expect(r.code).toBe(0)
    const listed = github().find((q) => q.method === 'GET')
    const q = new URL(listed?.path ?? '/', 'http://x').searchParams
    expect([q.get('state'), q.get('sort'), q.get('direction'), q.get('per_page')]).toEqual([
      'open',
      'created',
      'desc',
      '100',
    ])
    expect(api.github.issues).toHaveLength(1)
    const issue = api.github.issues?.[0]
    expect(issue).toMatchObject({ title: 'Docs gaps this week', user: TOKEN_USER, state: 'open' })
    expect(r.outputs['issue-url']).toBe(`https://github.com/acme/app/issues/${issue?.number}`)
    expect(issue?.body).toContain(MARKER)
    expect(issue?.body?.match(/^- \[ \] /gm)).toHaveLength(3)
    expect(issue?.body?.length).toBeLessThan(65_536)

    const again = await runGaps(api, { ...WINDOW, ...update })
    expect(again.code).toBe(0)
    expect(api.github.issues).toHaveLength(1)
    expect(github().filter((x) => x.method === 'POST')).toHaveLength(1)
    expect(
      github()
        .filter((x) => x.method === 'PATCH')
        .map((x) => x.path),
    ).toEqual([`/repos/acme/app/issues/${issue?.number}`])
    expect(again.outputs['issue-url']).toBe(r.outputs['issue-url'])
  })

  it('the newest open bot issue with the marker is kept; a person’s, a closed one, a pull request are not', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    const ours = seedIssue(api.github, { body: `${MARKER}\n- [ ] old`, user: { ...TOKEN_USER } })
    const closed = seedIssue(api.github, { body: MARKER, user: { ...TOKEN_USER }, state: 'closed' })
    const pull = seedIssue(api.github, { body: MARKER, user: { ...TOKEN_USER }, pull: true })
    const unmarked = seedIssue(api.github, { body: 'Release checklist', user: { ...TOKEN_USER } })
    const person = seedIssue(api.github, { body: `Please fix ${MARKER}`, user: { login: 'writer', type: 'User' } })
    const others = [closed, pull, unmarked, person]
    const before = others.map((i) => i.body)
    const r = await runGaps(api, { ...WINDOW, ...update })
    expect(r.code).toBe(0)
    expect(r.outputs['issue-url']).toBe(`https://github.com/acme/app/issues/${ours.number}`)
    expect(bodyOf(ours.number)).not.toContain('old')
    expect(bodyOf(ours.number)).toContain(MARKER)
    expect(others.map((i) => bodyOf(i.number))).toEqual(before)
    expect(
      github()
        .filter((x) => x.method !== 'GET')
        .map((x) => `${x.method} ${x.path}`),
    ).toEqual([`PATCH /repos/acme/app/issues/${ours.number}`])
  })

  it('only a person’s issue holds the marker: a new one is created, the person’s left alone', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    const person = seedIssue(api.github, { body: MARKER, user: { login: 'writer', type: 'User' } })
    const r = await runGaps(api, { ...WINDOW, ...update })
    expect(r.code).toBe(0)
    expect(api.github.issues).toHaveLength(2)
    expect(person.body).toBe(MARKER)
    expect(r.outputs['issue-url']).not.toBe(`https://github.com/acme/app/issues/${person.number}`)
  })

  it('a personal token (no bot) keeps its own issue: found by the account GraphQL names, never a second one', async () => {
    const pat = { login: 'docs-maintainer', type: 'User' }
    api = await startMockApi({ ...SMALL, github: { roles: {}, tokenUser: pat } })
    const first = await runGaps(api, { ...WINDOW, ...update })
    expect(first.code).toBe(0)
    expect(api.github.issues?.map((i) => i.user)).toEqual([pat])
    const person = seedIssue(api.github, { body: MARKER, user: { login: 'writer', type: 'User' } })
    const again = await runGaps(api, { ...WINDOW, ...update })
    expect(again.code).toBe(0)
    expect(api.github.issues).toHaveLength(2) // the first run's, and the person's, left alone
    expect(person.body).toBe(MARKER)
    expect(again.outputs['issue-url']).toBe(first.outputs['issue-url'])
    expect(api.requests.filter((q) => q.path === '/graphql')).toHaveLength(1) // asked only on the re-run
  })

  it('a run cut short by max-requests keeps the lists the issue held, ticks and all; it exits 0 with a warning', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    expect((await runGaps(api, { ...WINDOW, ...update })).code).toBe(0)
    const issue = api.github.issues?.[0]
    if (!issue?.body) throw new Error('no issue was created')
    const page = issue.body.match(/^- \[ \] `\/webhooks`.*$/m)?.[0] ?? ''
    issue.body = issue.body.replace(page, page.replace('- [ ]', '- [x]'))
    const full = issue.body
    // One request: the searches are read, the questions and the feedback are not.
    const cut = await runGaps(api, { ...WINDOW, ...update, 'max-requests': '1' })
    expect(cut.code).toBe(0)
    expect(cut.outputs.complete).toBe('false')
    expect(
      lines(cut.stdout)
        .filter((l) => l.startsWith('::warning::'))
        .join('\n'),
    ).toMatch(/assistant after 0 pages .*feedback after 0 pages/)
    expect(lines(cut.stdout).find((l) => l.includes('Read in part'))).toBeDefined()
    const after = issue.body
    expect(api.github.issues).toHaveLength(1)
    expect(after).toContain(page.replace('- [ ]', '- [x]')) // the tick and the page are still there
    expect(after).toContain('Do webhooks retry?')
    expect(after.match(/_Not read to its end this run/g)).toHaveLength(2)
    expect(after).not.toContain('None found.')
    // The searches, read whole, are written anew: the same line, one run longer listed.
    const searches = (body: string) => unlisted(body.split('## Searches')[1]?.split('## ')[0] ?? '')
    expect(searches(after)).toBe(searches(full))
    // The summary and the worklist say the sections were not read, rather than that nothing was found.
    expect(cut.summary).toContain('Not read this run (the request budget ran out).')
    expect(worklist(cut)).toContain('Not read this run (the request budget ran out).')
    // Next: the issue, and how to read the rest.
    expect(nextStep(cut)).toMatch(
      /^\*\*Next:\*\* Work through \[issue #1\]\(http[^)]*\/issues\/1\), or hand the prompt /,
    )
    expect(nextStep(cut)).toContain('To read the rest, raise `max-requests` (1 this run, up to 100) and re-run;')
  })

  it('views not read to their end are shown as not known, never as 0', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    // Searches, assistant and feedback take 3 requests; the views would be the fourth.
    const r = await runGaps(api, { ...WINDOW, 'max-requests': '3' })
    expect(r.code).toBe(0)
    expect(r.outputs.complete).toBe('false')
    expect(r.outputs.pages).toBe('1')
    const data = JSON.parse(readFileSync(r.outputs.file ?? '', 'utf8'))
    expect(data.pages[0]).toMatchObject({ path: '/webhooks', reports: 1, views: null, reportsPer1000Views: null })
    expect(data.sections.feedback).toMatchObject({
      complete: false,
      views: { pages: 0, complete: false, cut: 'budget' },
    })
    expect(worklist(r)).toContain('`/webhooks`: 1 report, views not read')
    expect(r.summary).toMatch(/\| `\/webhooks` \| 1 \| 0 \| – \|/)
    expect(lines(r.stdout).find((l) => l.startsWith('::warning::'))).toContain(
      'the page views of the reported pages after 0 pages',
    )
  })

  it('an item checked in the issue and listed again stays checked', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    expect((await runGaps(api, { ...WINDOW, ...update })).code).toBe(0)
    const issue = api.github.issues?.[0]
    if (!issue?.body) throw new Error('no issue was created')
    const checked = issue.body.match(/^- \[ \] .*$/m)?.[0] ?? ''
    issue.body = issue.body.replace(checked, checked.replace('- [ ]', '- [x]'))
    expect((await runGaps(api, { ...WINDOW, ...update })).code).toBe(0)
    expect(issue.body.match(/^- \[x\] .*$/gm)?.map(unlisted)).toEqual([unlisted(checked.replace('- [ ]', '- [x]'))])
    expect(issue.body.match(/^- \[ \] /gm)).toHaveLength(2)
  })

  it('the token travels only in the authorization header: not in a query, not in a body; the API version in each', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    const r = await runGaps(api, { ...WINDOW, ...update })
    expect(r.code).toBe(0)
    expect(github().length).toBeGreaterThan(0)
    for (const q of github()) {
      expect(q.headers['x-github-api-version']).toBe('2022-11-28')
      expect(q.headers.authorization).toContain(TOKEN)
      expect(`${q.path}\n${q.body}`).not.toContain(TOKEN.slice(0, 8))
    }
    const listed = new URL(github()[0]?.path ?? '/', 'http://x').searchParams
    expect([...listed.keys()].sort()).toEqual(['direction', 'page', 'per_page', 'sort', 'state'])
    const created = github().find((q) => q.method === 'POST')
    expect(Object.keys(JSON.parse(created?.body ?? '{}')).sort()).toEqual(['body', 'title'])
  })

  it('a 403 fails the step after the files, outputs and summary are written, naming issues: write', async () => {
    api = await startMockApi({ ...SMALL, github: { roles: {} } })
    api.fault({
      path: '/repos/acme/app/issues',
      status: 403,
      times: 10,
      json: { message: 'Resource not accessible by integration' },
    })
    const r = await runGaps(api, { ...WINDOW, ...update })
    expect(r.code).toBe(1)
    expect(errors(r)).toHaveLength(1)
    expect(errors(r)[0]).toContain('issues: write')
    // The summary's next step names the permission too, and how to get the issue.
    expect(nextStep(r)).toContain(
      'To keep the issue, give the workflow `permissions: issues: write` (and make sure `github-token` may write issues), then re-run.',
    )
    expect(r.outputs).toMatchObject({ items: '3', complete: 'true' })
    for (const name of ['issue-url', 'issue-number', 'new', 'gone']) expect(r.outputs[name], name).toBe('')
    expect((data(r) as Record<string, unknown>).sinceLastRun).toBeUndefined()
    expect(existsSync(r.outputs.file ?? '')).toBe(true)
    expect(checklist(r)).toHaveLength(3)
    expect(existsSync(r.outputs['prompt-file'] ?? '')).toBe(true)
    expect(r.summary).toContain('2026-01-01')
    expect(api.github.issues ?? []).toEqual([])
    expectNoStack(r)
  })
})

describe('content gaps: since the last run', () => {
  const update = { ...WINDOW, issue: 'update' }
  const issue = () => {
    const kept = api?.github.issues?.[0]
    if (!kept?.body) throw new Error('no issue was kept')
    return kept as typeof kept & { body: string }
  }
  /** The issue's checklist line of an item, found by its words. */
  const lineWith = (words: string) => lines(issue().body).find((l) => /^- \[[ x]\] /.test(l) && l.includes(words))
  /** What the data file says of the run against the issue (`sinceLastRun`). */
  const sinceOf = (r: RunResult) => {
    const since = (data(r) as { sinceLastRun?: Record<string, unknown> & { listed: unknown[]; gone: unknown[] } })
      .sinceLastRun
    if (!since) throw new Error('the data file says nothing of the last run')
    return since
  }
  /** The day the run was on (its clock, UTC). */
  const dayOf = (r: RunResult) => String((data(r) as { generatedAt: string }).generatedAt).slice(0, 10)
  /** The mock serving SMALL (its own copy of the searches, which a test may change between runs). */
  const start = (more: MockApiOptions = {}) =>
    startMockApi({ ...SMALL, searches: { ...SMALL.searches, count: 1 }, github: { roles: {} }, ...more })
  const searchesNow = (...rows: SearchRow[]) => Object.assign(api?.searches ?? {}, list(rows))
  const summaryRow = (r: RunResult, words: string) =>
    lines(r.summary).find((l) => l.startsWith('| ') && l.includes(words))

  it('the first run: every item new; the issue, summary, data file and outputs say so, with the issue number', async () => {
    api = await start()
    const r = await runGaps(api, update)
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ 'issue-number': '1', new: '3', gone: '0' })
    expect(r.outputs['issue-url']).toBe('https://github.com/acme/app/issues/1')
    const sentence = 'Since the last run: 3 new, 0 listed before; no longer found: 0.'
    expect(issue().body).toContain(`\n\n${sentence}\n\n`)
    expect(issue().body.match(/^- \[ \] .* · \*\*new\*\* <!-- gap:[spq][0-9a-f]{16} -->$/gm)).toHaveLength(3)
    expect(r.summary.split('\n\n')[2]).toBe(sentence)
    expect(summaryRow(r, 'webhooks')).toMatch(/\| new \|$/)
    const day = dayOf(r)
    expect(sinceOf(r)).toMatchObject({ issue: 1, date: day, complete: true, gone: [] })
    expect(sinceOf(r).counts).toEqual({ new: 3, listedBefore: 0, gone: 0, goneTicked: 0 })
    expect(sinceOf(r).listed).toEqual([
      expect.objectContaining({ section: 'searches', item: 'webhooks', new: true, listedSince: day, runs: 1 }),
      expect.objectContaining({
        section: 'assistant',
        item: 'Do webhooks retry?',
        new: true,
        listedSince: day,
        runs: 1,
      }),
      expect.objectContaining({ section: 'feedback', item: '/webhooks', new: true, listedSince: day, runs: 1 }),
    ])
    // The memory, hidden below the marker: keys and dates, no reader text.
    const memory = lines(issue().body).at(-2) ?? ''
    expect(lines(issue().body).at(-3)).toBe(MARKER)
    expect(memory).toMatch(
      /^<!-- mintlify-gaps-memory \{"v":1,"listed":\{("[spq][0-9a-f]{16}":\["[-0-9]{10}",1\],?){3}\}\} -->$/,
    )
  })

  it('the second run: the others listed since the first run, 2 runs; a term found for the first time is new', async () => {
    api = await start()
    const first = await runGaps(api, update)
    searchesNow(search('webhooks', 5), search('rate limits', 4))
    const r = await runGaps(api, update)
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ 'issue-number': '1', new: '1', gone: '0' })
    const day = dayOf(first)
    expect(lineWith('"webhooks"')).toContain(` · listed since ${day}, 2 runs <!-- gap:`)
    expect(lineWith('"rate limits"')).toContain(' · **new** <!-- gap:')
    expect(lineWith('/webhooks')).toContain(` · listed since ${day}, 2 runs <!-- gap:`)
    const sentence = `Since the last run: 1 new, 3 listed before (the longest since ${day}, 2 runs); no longer found: 0.`
    expect(issue().body).toContain(sentence)
    expect(r.summary).toContain(sentence)
    expect(summaryRow(r, '| webhooks |')).toMatch(new RegExp(`\\| since ${day}, 2 runs \\|$`))
    expect(summaryRow(r, '| rate limits |')).toMatch(/\| new \|$/)
    expect(sinceOf(r).counts).toEqual({ new: 1, listedBefore: 3, gone: 0, goneTicked: 0 })
    expect(api.github.issues).toHaveLength(1)
  })

  it('a person rewriting the visible text keeps each date; the memory gives nothing but dates and counts', async () => {
    api = await start()
    expect((await runGaps(api, update)).code).toBe(0)
    const kept = issue()
    const [, memory = ''] = kept.body.split(`${MARKER}\n`)
    // As if the first run had been weeks ago, and someone had then tampered with the memory as well.
    const hostile = memory
      .replace(/"[-0-9]{10}",1\]/g, '"2025-12-01",41]')
      .replace(
        '"listed":{',
        `"listed":{"<img src=x onerror=alert(1)>":["2025-12-01",1],"s0123456789abcdef":["2025-12-01<img>",2],"__proto__":{"x":1},"p0123456789abcdef":["2025-12-01","@octocat"],`,
      )
    kept.body = `# Our docs to-do\n\nRewritten by a person: the webhooks retry question and the page.\n\n- [ ] whatever\n\n${MARKER}\n${hostile}`
    const r = await runGaps(api, update)
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ new: '0', gone: '0' })
    for (const words of ['"webhooks"', 'Do webhooks retry?', '/webhooks'])
      expect(lineWith(words)).toContain(' · listed since 2025-12-01, 42 runs <!-- gap:')
    expect(summaryRow(r, '| webhooks |')).toMatch(/\| since 2025-12-01, 42 runs \|$/)
    expect(sinceOf(r).listed).toEqual(
      sinceOf(r).listed.map(() => expect.objectContaining({ listedSince: '2025-12-01', runs: 42 })),
    )
    const surfaces = [r.summary, readFileSync(r.outputs.file ?? '', 'utf8'), issue().body, r.stdout]
    for (const text of surfaces)
      for (const junk of ['<img', '\\u003cimg', 'octocat', '0123456789abcdef']) expect(text).not.toContain(junk)
  })

  it('items no longer found are shown once under their own heading, ticked or not, then dropped', async () => {
    api = await start({ searches: list([search('webhooks', 5), search('rate limits', 4)]) })
    const first = await runGaps(api, update)
    const ticked = lineWith('"webhooks"') ?? ''
    issue().body = issue().body.replace(ticked, ticked.replace('- [ ]', '- [x]'))
    searchesNow()
    const r = await runGaps(api, update)
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ new: '0', gone: '2' })
    const day = dayOf(first)
    const gone = issue().body.split('## No longer found')[1] ?? ''
    expect(gone.split('\n')[0]).toBe(' (2, of them 1 ticked)')
    expect(gone).toContain(`\n- "webhooks": 5 searches, no result clicked · ticked, listed since ${day}, 1 run\n`)
    expect(gone).toContain(
      `\n- "rate limits": 4 searches, no result clicked · not ticked, listed since ${day}, 1 run\n`,
    )
    expect(issue().body).toContain('## Searches with no click (0)\n\nNone found.')
    expect(issue().body).toContain('no longer found: 2, of them 1 ticked.')
    expect(r.summary).toContain('; no longer found: 2, of them 1 ticked.')
    expect(sinceOf(r).counts).toEqual({ new: 0, listedBefore: 2, gone: 2, goneTicked: 1 })
    expect(sinceOf(r).gone).toEqual([
      expect.objectContaining({ section: 'searches', ticked: true, listedSince: day, runs: 1 }),
      expect.objectContaining({ section: 'searches', ticked: false, listedSince: day, runs: 1 }),
    ])
    // The next run drops them.
    const next = await runGaps(api, update)
    expect(next.outputs).toMatchObject({ new: '0', gone: '0' })
    expect(issue().body).not.toContain('No longer found')
    expect(issue().body).not.toContain('webhooks"')
    expect(issue().body).not.toContain('rate limits')
    expect(next.summary).toContain('; no longer found: 0.')
  })

  it.each([
    ['as the last run left it', false],
    ['after a person rewrote its visible text, so that it shows nothing of the sections cut', true],
  ])(
    'a run cut short by max-requests calls only items of sections read to their end gone: the issue %s',
    async (_, rewrite) => {
      api = await start()
      const first = await runGaps(api, update)
      if (rewrite) issue().body = `Our to-do list.\n\n${MARKER}\n${issue().body.split(`${MARKER}\n`)[1]}`
      // The search is no longer found; one request reads the searches whole, the questions and pages not at all.
      searchesNow()
      const cut = await runGaps(api, { ...update, 'max-requests': '1' })
      expect(cut.code).toBe(0)
      expect(cut.outputs).toMatchObject({ complete: 'false', new: '0', gone: '1' })
      expect(issue().body).toContain('## No longer found (1, of them 0 ticked)')
      expect(issue().body.split('## No longer found')[1]).not.toMatch(/retry|\/webhooks/)
      if (rewrite) expect(issue().body).toContain('## Unanswered questions (0)\n\nNot read this run')
      else expect(lineWith('Do webhooks retry?')).toContain(' · **new** <!-- gap:') // kept as the issue held it
      expect(issue().body).toContain('Items of a section not read to its end are not called gone.')
      expect(cut.summary).toContain('Items of a section not read to its end are not called gone.')
      expect(sinceOf(cut)).toMatchObject({ complete: false })
      expect(sinceOf(cut).gone.map((g) => (g as { section: string }).section)).toEqual(['searches'])
      // Read whole again, the question and the page were never gone: listed since the first run.
      const full = await runGaps(api, update)
      expect(full.outputs).toMatchObject({ complete: 'true', new: '0', gone: '0' })
      expect(lineWith('Do webhooks retry?')).toContain(` · listed since ${dayOf(first)}, 2 runs <!-- gap:`)
      expect(lineWith('/webhooks')).toContain(` · listed since ${dayOf(first)}, 2 runs <!-- gap:`)
    },
  )

  it('a body written before the memory: its checklist is what the issue listed', async () => {
    api = await start()
    const old = [
      '# Documentation gaps',
      '',
      '## Searches with no click (2)',
      '',
      `- [x] "webhooks": 9 searches, no result clicked <!-- gap:${itemKey('s', 'webhooks')} -->`,
      `- [x] "saml sso": 3 searches, no result clicked <!-- gap:${itemKey('s', 'saml sso')} -->`,
      '',
      MARKER,
      '',
    ].join('\n')
    seedIssue(api.github, { body: old, user: { ...TOKEN_USER } })
    const r = await runGaps(api, update)
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ 'issue-number': '1', new: '2', gone: '1' })
    const day = dayOf(r)
    expect(lineWith('"webhooks"')).toBe(
      `- [x] "webhooks": 5 searches, no result clicked · listed since before ${day}, at least 2 runs <!-- gap:${itemKey('s', 'webhooks')} -->`,
    )
    expect(lineWith('Do webhooks retry?')).toContain(' · **new** <!-- gap:')
    expect(issue().body).toContain(
      `## No longer found (1, of them 1 ticked)\n\n_Listed here before, not found by this run: shown this once, left out by the next run._\n\n- "saml sso": 3 searches, no result clicked · ticked, listed since before ${day}, at least 1 run\n`,
    )
    expect(summaryRow(r, '| webhooks |')).toMatch(new RegExp(`\\| since before ${day}, at least 2 runs \\|$`))
    expect(sinceOf(r).listed).toContainEqual(
      expect.objectContaining({ item: 'webhooks', new: false, listedSince: day, runs: 2, listedBeforeMemory: true }),
    )
  })
})

describe('content gaps: hostile reader text', () => {
  const EMAIL = 'victim.reader@example.org'
  const PWN = '\n::error::PWNED\r\n::set-output name=items::999'
  const HTML = '<img src=x onerror=alert(1)> <!-- hidden --> <script>alert(2)</script>'
  const LONG = 'Z'.repeat(10_000)
  const hostile = (what: string) => `${what} ${KEY} @octocat @acme/docs-team ${HTML}${PWN} ${LONG}`

  it('reaches no surface with the key, the e-mail, a live mention, raw HTML, a command or more than 300 characters', async () => {
    api = await startMockApi({
      searches: list([search(hostile('search'), 40), search(`  ${hostile('search').toUpperCase()}`, 2)]),
      assistant: list([
        turn('t1', '2026-01-02T10:00:00.000Z', hostile('question'), {
          queryCategory: `cat ${KEY} @octocat <b>x</b>\n::error::PWNED`,
          pageUrl: `https://docs.example.com/${KEY}/<img src=x>/@octocat`,
        }),
      ]),
      feedback: list([
        fb('f1', `/guides/${KEY}/<script>/@octocat/${'Z'.repeat(500)}`, 'contextual', {
          comment: hostile('comment'),
          contact: EMAIL,
        }),
        fb('f2', `https://docs.example.com/api/${KEY}?q=<img>`, 'code_snippet', { comment: hostile('snippet') }),
        fb('f3', '/api/<b>', 'agent', { comment: hostile('agent') }),
      ]),
      views: views([{ path: '/api/<b>', human: 10, ai: 0, total: 10 }]),
      github: { roles: {} },
    })
    const r = await runGaps(api, { ...WINDOW, issue: 'update' }, { env: { RUNNER_DEBUG: '1' } })
    expect(r.code).toBe(0)
    expect(Number(r.outputs.items)).toBeGreaterThanOrEqual(5)
    const files = expectInert(r)
    expect(r.outputs.items).not.toBe('999')
    // In the prompt, reader text is quoted data below a line that says it is not an instruction.
    const prompt = files['mintlify-gaps-prompt.md'] ?? ''
    expect(prompt.length).toBeLessThan(8000)
    expect(prompt).toMatch(/not (an )?instructions?/i)
    expect(prompt).toContain('"question ')
  })

  it('reader text holding the GitHub token, not only the key, reaches no file, no issue body and no request to GitHub', async () => {
    const leak = (what: string) => `${what} ${TOKEN} and ${TOKEN.slice(4, 20)}`
    api = await startMockApi({
      searches: list([search(leak('search'), 40)]),
      assistant: list([turn('t1', '2026-01-02T10:00:00.000Z', leak('question'), { queryCategory: leak('cat') })]),
      feedback: list([fb('f1', `/guides/${TOKEN}`, 'contextual', { comment: leak('comment') })]),
      views: views([]),
      github: { roles: {} },
    })
    const r = await runGaps(api, { ...WINDOW, issue: 'update' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: '1', unanswered: '1', pages: '1' })
    const files = expectInert(r) // no piece of the key or the token on any surface, the issue and GitHub requests included
    // Each text is still there, the token in it redacted.
    for (const name of ['mintlify-gaps.json', 'mintlify-gaps.md', 'mintlify-gaps-prompt.md'])
      expect(markdownUnescaped(files[name] ?? ''), name).toContain('search *** and ***')
    expect(markdownUnescaped(api.github.issues?.[0]?.body ?? '')).toContain('comment *** and ***')
  })

  it('150 hostile items of each list at max-items 100: every surface inert and within its bound', async () => {
    const n = 150
    api = await startMockApi({
      searches: { count: n, rowAt: (i) => search(`${i} ${hostile('search')}`, 1000 - i) },
      assistant: {
        count: n,
        rowAt: (i) =>
          turn(`t${i}`, '2026-01-02T10:00:00.000Z', `${i} ${hostile('question')}`, {
            queryCategory: `cat ${i % 7} <b>@octocat</b>`,
            pageUrl: `https://docs.example.com/${i}/${'<'.repeat(400)}/@octocat`,
          }),
      },
      feedback: {
        count: n,
        rowAt: (i) =>
          fb(`f${i}`, `/p${i}/${'<'.repeat(400)}`, 'contextual', { comment: hostile(`comment ${i}`), contact: EMAIL }),
      },
      views: views([{ path: '/p1', human: 10, ai: 0, total: 10 }]),
      github: { roles: {} },
    })
    const r = await runGaps(api, { ...WINDOW, issue: 'update', 'max-items': '100', 'min-hits': '1' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ searches: String(n), unanswered: String(n), pages: String(n), complete: 'true' })
    const files = expectInert(r)
    expect((files['mintlify-gaps-prompt.md'] ?? '').length).toBeLessThan(8000)
    expect((api.github.issues?.[0]?.body ?? '').length).toBeLessThan(65_536)
    expect(Buffer.byteLength(r.summary)).toBeLessThan(1_000_000)
    // The data file holds them all, the issue and the summary the first ones only.
    const data = JSON.parse(files['mintlify-gaps.json'] ?? '{}')
    expect(data.searches.terms).toHaveLength(n)
    expect(data.pages).toHaveLength(n)
  })
})

/**
 * Every surface of a run (log, stderr, outputs, summary, every workspace file, the issue, the requests to GitHub)
 * holds no secret, no `contact` e-mail, no reader text over 300 characters, no workflow command from reader text;
 * what GitHub renders holds no live mention and no raw HTML outside code spans; the data file holds no `<` or `>`.
 */
function expectInert(r: RunResult): Record<string, string> {
  const files = workspaceFiles(r.workspace)
  const issueBody = api?.github.issues?.[0]?.body ?? ''
  expect(issueBody).toContain(MARKER)
  const surfaces: Record<string, string> = {
    ...visibleSurfaces(r),
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`file ${name}`, text])),
    'issue body': issueBody,
    'issue title': api?.github.issues?.[0]?.title ?? '',
    'GitHub requests': github()
      .map((q) => `${q.path}\n${q.body}`)
      .join('\n'),
  }
  expect(Object.keys(surfaces)).toEqual(
    expect.arrayContaining(['file mintlify-gaps.json', 'file mintlify-gaps.md', 'file mintlify-gaps-prompt.md']),
  )
  expectNoSecret(surfaces, [KEY, TOKEN])
  for (const [name, raw] of Object.entries(surfaces)) {
    const forms = [raw, decodeEntities(markdownUnescaped(raw))]
    for (const text of forms) {
      expect(text.includes('victim.reader'), `${name} shows the e-mail`).toBe(false)
      expect(text.match(/Z{301,}/), `${name} shows reader text over 300 characters`).toBeNull()
    }
    // What GitHub renders (summary, worklist, prompt, issue body): outside code spans, where Markdown reads
    // neither HTML nor mentions, no live mention and no raw HTML. The data file is JSON, not rendered: its `<`
    // is a `\u003c` escape, and its texts stay as readers typed them (a search for `a@b` is data).
    const rendered = name === 'summary' || name === 'issue body' || name.endsWith('.md')
    if (rendered) {
      const prose = outsideCodeSpans(raw)
      expect(prose.match(/@(?!\u200b)(octocat|acme\/docs-team)/i), `${name} mentions someone`).toBeNull()
      expect(prose.match(/<(img|script|b>|!-- hidden)/i), `${name} shows raw HTML from reader text`).toBeNull()
    }
    if (name === 'file mintlify-gaps.json') expect(raw).not.toMatch(/[<>]/)
    const commands = lines(raw).filter((l) => /^\s*::(error|set-output)::?/.test(l) && /PWNED|999/.test(l))
    expect(commands, `${name} starts a workflow command from reader text`).toEqual([])
    if (name !== 'log')
      expect(
        lines(raw).filter((l) => /^\s*::/.test(l)),
        `${name} has a :: line`,
      ).toEqual([])
  }
  return files
}

/** Markdown text without its code spans (a backtick run up to the next run of the same length). */
function outsideCodeSpans(markdown: string): string {
  return markdown.replace(/(`+)(?:(?!\1)[\s\S])*?[^`]\1(?!`)/g, '')
}
