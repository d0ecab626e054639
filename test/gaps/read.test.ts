/**
 * Reading the sections: the requests sent, in order, with their queries; where each section ends; the hard
 * `max-requests` ceiling (retries included); Retry-After through the fake clock; what a failure names.
 */
import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type {
  AssistantPage,
  AssistantTurn,
  CursorQuery,
  FeedbackItem,
  FeedbackPage,
  SearchesPage,
  VisitorsPage,
  VisitorsQuery,
} from '../../src/api/types.js'
import { UnansweredQuestions } from '../../src/gaps/assistant.js'
import { ReportedPages } from '../../src/gaps/feedback.js'
import type { Section } from '../../src/gaps/inputs.js'
import { type GapsSource, MAX_RETRY_AFTER_MS, PAGE_SIZE, ReadError, readGaps } from '../../src/gaps/read.js'
import { ZeroClickSearches } from '../../src/gaps/searches.js'
import { FakeClock, memoryLog, rejection } from '../helpers/fakes.js'

type Call = { section: 'searches' | 'assistant' | 'feedback' | 'views'; query: CursorQuery | VisitorsQuery }
type Answer<P> = P | Error

/** A source answering each section from its list of pages (or errors), in order; every call recorded. */
function fakeSource(answers: {
  searches?: Answer<SearchesPage>[]
  assistant?: Answer<AssistantPage>[]
  feedback?: Answer<FeedbackPage>[]
  views?: Answer<VisitorsPage>[]
}) {
  const calls: Call[] = []
  const next = <P>(section: Call['section'], query: Call['query']): Promise<P> => {
    calls.push({ section, query })
    const answer = (answers[section] as Answer<P>[] | undefined)?.shift()
    if (answer === undefined) throw new Error(`unexpected ${section} request`)
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  }
  const source: GapsSource = {
    searches: (q) => next('searches', q),
    assistant: (q) => next('assistant', q),
    feedback: (q) => next('feedback', q),
    views: (q) => next('views', q),
  }
  return { source, calls }
}

const searches = (nextCursor: string | null, rows = [{ term: 'x', hits: 3, ctr: 0 }], totalSearches = 10) => ({
  rows,
  totalSearches,
  nextCursor,
})
const turn: AssistantTurn = {
  id: 't',
  timestamp: '2026-11-20T00:00:00Z',
  query: 'q',
  resolutionStatus: 'unanswered',
  queryCategory: null,
  pageUrl: null,
}
const assistant = (hasMore: boolean, nextCursor: string | null, rows: AssistantTurn[] = [turn]): AssistantPage => ({
  rows,
  hasMore,
  nextCursor,
})
const report: FeedbackItem = { path: '/p', source: 'agent', comment: null, createdAt: null }
const vote: FeedbackItem = { path: '/p', source: 'thumbs_only', comment: null, createdAt: null }
const feedback = (hasMore: boolean, nextCursor: string | null, rows: FeedbackItem[] = [report]): FeedbackPage => ({
  rows,
  hasMore,
  nextCursor,
})
const viewsPage = (hasMore: boolean, rows = [{ path: '/p', total: 500, human: 500, ai: 0 }]): VisitorsPage => ({
  totals: { human: 0, ai: 0, total: 0 },
  rows,
  hasMore,
})

const DATES = { dateFrom: '2026-11-17', dateTo: '2026-11-24' }

function run(
  source: GapsSource,
  options: { sections?: Section[]; maxRequests?: number } = {},
  clock = new FakeClock(),
  log = memoryLog(),
) {
  const collectors = {
    searches: new ZeroClickSearches(1),
    assistant: new UnansweredQuestions(),
    feedback: new ReportedPages(),
  }
  const result = readGaps(
    {
      sections: new Set(options.sections ?? ['searches', 'assistant', 'feedback']),
      ...DATES,
      feedbackStatus: 'pending,in_progress',
      maxRequests: options.maxRequests ?? 60,
    },
    collectors,
    { source, clock, log },
  )
  return { result, collectors, clock, log }
}

const http = (status: number, retryAfterMs?: number, operation: 'searches' | 'feedback' = 'searches') =>
  new ApiError(operation, status, 'Busy', retryAfterMs)

describe('readGaps: requests', () => {
  it('reads searches, assistant, feedback then views, each page with both dates, its size and the cursor', async () => {
    const { source, calls } = fakeSource({
      searches: [searches('s2'), searches(null)],
      assistant: [assistant(true, 'a2'), assistant(false, null)],
      feedback: [feedback(true, 'f2'), feedback(false, null)],
      views: [viewsPage(true), viewsPage(false)],
    })
    const { result, collectors, log } = run(source)
    const read = await result
    expect(calls).toEqual([
      { section: 'searches', query: { ...DATES, limit: 100, cursor: undefined } },
      { section: 'searches', query: { ...DATES, limit: 100, cursor: 's2' } },
      { section: 'assistant', query: { ...DATES, limit: 1000, cursor: undefined } },
      { section: 'assistant', query: { ...DATES, limit: 1000, cursor: 'a2' } },
      { section: 'feedback', query: { ...DATES, status: 'pending,in_progress', limit: 100, cursor: undefined } },
      { section: 'feedback', query: { ...DATES, status: 'pending,in_progress', limit: 100, cursor: 'f2' } },
      { section: 'views', query: { ...DATES, limit: 250, offset: 0 } },
      { section: 'views', query: { ...DATES, limit: 250, offset: 250 } },
    ])
    expect(PAGE_SIZE).toEqual({ searches: 100, assistant: 1000, feedback: 100, views: 250 })
    expect(read).toEqual({
      sections: {
        searches: { pages: 2, complete: true },
        assistant: { pages: 2, complete: true },
        feedback: { pages: 2, complete: true, views: { pages: 2, complete: true } },
      },
      requests: 8,
      retries: {},
      complete: true,
    })
    // Every page reached its collector.
    expect(collectors.searches.found()).toEqual([{ term: 'x', hits: 6 }])
    expect(collectors.searches.totalSearches).toBe(10)
    expect(collectors.assistant.count).toBe(1)
    expect(collectors.feedback.found()[0]).toMatchObject({ path: '/p', reports: 2, views: 1000 })
    expect(log.text('warning')).toBe('')
  })

  it('reads only the sections chosen', async () => {
    const { source, calls } = fakeSource({ assistant: [assistant(false, null)] })
    const read = await run(source, { sections: ['assistant'] }).result
    expect(calls.map((c) => c.section)).toEqual(['assistant'])
    expect(read.sections).toEqual({ assistant: { pages: 1, complete: true } })
  })

  it('ends searches on a null nextCursor, assistant and feedback on hasMore false whatever the cursor', async () => {
    const { source, calls } = fakeSource({
      searches: [searches(null)],
      assistant: [assistant(false, 'ignored')],
      feedback: [feedback(false, 'ignored', [vote])],
    })
    const read = await run(source).result
    expect(calls.map((c) => c.section)).toEqual(['searches', 'assistant', 'feedback'])
    expect(read.complete).toBe(true)
  })

  it('reads past empty pages that say more follow', async () => {
    const { source, calls } = fakeSource({
      searches: [searches('s2', []), searches(null)],
      assistant: [assistant(true, 'a2', []), assistant(false, null)],
      feedback: [feedback(true, 'f2', []), feedback(false, null, [vote])],
    })
    const { result, log } = run(source)
    const read = await result
    expect(calls).toHaveLength(6)
    expect(read.complete).toBe(true)
    expect(log.text('debug')).toContain('search terms page 1: 0 rows, next cursor given')
    expect(log.text('debug')).toContain('search terms page 2: 1 rows, next cursor none')
  })

  it('reads views only when some page was reported, and no views when none was', async () => {
    const { source, calls } = fakeSource({ feedback: [feedback(false, null, [vote])] })
    const read = await run(source, { sections: ['feedback'] }).result
    expect(calls.map((c) => c.section)).toEqual(['feedback'])
    expect(read.sections.feedback).toEqual({ pages: 1, complete: true })
  })
})

describe('readGaps: where a section ends early', () => {
  it('a cursor given before ends the section: complete false, the warning names it', async () => {
    const { source, calls } = fakeSource({
      searches: [searches('c1'), searches('c2'), searches('c1')],
      assistant: [assistant(false, null)],
    })
    const { result, log } = run(source, { sections: ['searches', 'assistant'] })
    const read = await result
    expect(calls.map((c) => c.section)).toEqual(['searches', 'searches', 'searches', 'assistant'])
    expect(read.sections.searches).toEqual({ pages: 3, complete: false, cut: 'repeated-cursor' })
    expect(read.complete).toBe(false)
    expect(log.text('warning')).toBe(
      'Not every section was read to its end: searches after 3 pages (the API gave a cursor it had given before). What was read is reported; `complete` is false.',
    )
  })

  it('hasMore with a null cursor ends the section, named as such', async () => {
    const { source } = fakeSource({ assistant: [assistant(true, null)] })
    const { result, log } = run(source, { sections: ['assistant'] })
    const read = await result
    expect(read.sections.assistant).toEqual({ pages: 1, complete: false, cut: 'no-cursor' })
    expect(log.text('warning')).toContain('assistant after 1 page (the API said more follow but gave no cursor)')
  })

  it('max-requests is a hard ceiling: reading stops before a request would pass it; later sections are cut', async () => {
    const { source, calls } = fakeSource({
      searches: [searches('s2'), searches('s3'), searches(null)],
      assistant: [assistant(false, null)],
    })
    const { result, log } = run(source, { maxRequests: 2 })
    const read = await result
    expect(calls).toHaveLength(2)
    expect(read).toEqual({
      sections: {
        searches: { pages: 2, complete: false, cut: 'budget' },
        assistant: { pages: 0, complete: false, cut: 'budget' },
        feedback: { pages: 0, complete: false, cut: 'budget' },
      },
      requests: 2,
      retries: {},
      complete: false,
    })
    const warnings = log.lines.filter((l) => l.level === 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toBe(
      'Not every section was read to its end: searches after 2 pages (the request budget (`max-requests`) ran out); assistant after 0 pages (the request budget (`max-requests`) ran out); feedback after 0 pages (the request budget (`max-requests`) ran out). What was read is reported; `complete` is false.',
    )
  })

  it('counts retries against max-requests: max 3 with a 503 then success is 3 requests', async () => {
    const { source, calls } = fakeSource({
      searches: [http(503), searches('s2'), searches('s3'), searches(null)],
    })
    const { result, clock } = run(source, { sections: ['searches'], maxRequests: 3 })
    const read = await result
    expect(calls).toHaveLength(3)
    expect(read.requests).toBe(3)
    expect(read.sections.searches).toEqual({ pages: 2, complete: false, cut: 'budget' })
    expect(clock.sleeps).toEqual([1000])
  })

  it('stops within the views when the budget runs out there, and the feedback section says so', async () => {
    const { source, calls } = fakeSource({
      feedback: [feedback(false, null)],
      views: [viewsPage(true), viewsPage(true), viewsPage(false)],
    })
    const { result, log, collectors } = run(source, { sections: ['feedback'], maxRequests: 3 })
    const read = await result
    expect(calls.map((c) => c.section)).toEqual(['feedback', 'views', 'views'])
    // The feedback was read whole; its pages' views were not, so none is known (never shown as 0).
    expect(read.sections.feedback).toEqual({
      pages: 1,
      complete: false,
      views: { pages: 2, complete: false, cut: 'budget' },
    })
    expect(log.text('warning')).toContain(
      'the page views of the reported pages after 2 pages (the request budget (`max-requests`) ran out; their views are not known)',
    )
    expect(collectors.feedback.found()[0]).toMatchObject({ reports: 1, views: undefined })
    expect(collectors.feedback.found()[0]?.rate).toBeUndefined()
  })

  it('reads no views when the feedback itself ran out of budget', async () => {
    const { source, calls } = fakeSource({ feedback: [feedback(true, 'f2')] })
    const read = await run(source, { sections: ['feedback'], maxRequests: 1 }).result
    expect(calls.map((c) => c.section)).toEqual(['feedback'])
    expect(read.sections.feedback).toEqual({
      pages: 1,
      complete: false,
      cut: 'budget',
      views: { pages: 0, complete: false, cut: 'budget' },
    })
  })

  it('pages the views by offset += 250 while hasMore, whatever the rows', async () => {
    const { source, calls } = fakeSource({
      feedback: [feedback(false, null)],
      views: [viewsPage(true, []), viewsPage(true, []), viewsPage(false, [])],
    })
    await run(source, { sections: ['feedback'] }).result
    expect(calls.filter((c) => c.section === 'views').map((c) => (c.query as VisitorsQuery).offset)).toEqual([
      0, 250, 500,
    ])
  })
})

describe('readGaps: retries and failures', () => {
  it('names the retries that spent the budget in the warning, by what failed', async () => {
    const { source, calls } = fakeSource({
      searches: [http(429, 1000), http(429, 1000), http(503, 1000), searches(null)],
    })
    const { result, log } = run(source, { sections: ['searches', 'assistant'], maxRequests: 3 })
    const read = await result
    expect(calls).toHaveLength(3)
    expect(read.retries).toEqual({ 'HTTP 429': 2 })
    expect(read.sections.searches).toEqual({ pages: 0, complete: false, cut: 'budget' })
    expect(log.text('warning')).toContain('; 2 after HTTP 429 of its 3 requests were retries.')
    // Retries that did not spend the budget are not blamed for a cut.
    const fine = fakeSource({ searches: [http(503, 1000), searches(null)] })
    const ok = await run(fine.source, { sections: ['searches'] }).result
    expect(ok.retries).toEqual({ 'HTTP 503': 1 })
    expect(ok.complete).toBe(true)
  })

  it('honours Retry-After through the clock, each retry a request', async () => {
    const { source, calls } = fakeSource({ searches: [http(429, 30_000), http(503, 5_000), searches(null)] })
    const { result, clock, log } = run(source, { sections: ['searches'] })
    const read = await result
    expect(clock.sleeps).toEqual([30_000, 5_000])
    expect(calls).toHaveLength(3)
    expect(read.requests).toBe(3)
    expect(log.text('info')).toContain('search terms page 1 failed: HTTP 429 (Busy). Waiting 30s')
  })

  it('a Retry-After over a minute is a ReadError naming the wait, the section and the page', async () => {
    const { source } = fakeSource({ searches: [searches('s2'), http(429, MAX_RETRY_AFTER_MS + 1000)] })
    const { result, clock } = run(source, { sections: ['searches'] })
    const err = await rejection(result, ReadError)
    expect(clock.sleeps).toEqual([])
    expect(err.message).toContain('Reading search terms failed: HTTP 429 (Busy).')
    // The wait once (the API error says it), then what it means.
    expect(err.message).toContain(
      "The API asked to wait 1m 01s: re-run after that. That is more than a minute: the organization's hourly analytics budget is spent.",
    )
    expect(err.message.split('1m 01s')).toHaveLength(2)
    expect(err.message).toContain('Stopped at page 2 of search terms; no file was written.')
    expect(err).toMatchObject({ section: 'search terms', page: 2 })
  })

  it('a Retry-After of exactly a minute is waited for', async () => {
    const { source } = fakeSource({ searches: [http(429, MAX_RETRY_AFTER_MS), searches(null)] })
    const { result, clock } = run(source, { sections: ['searches'] })
    await result
    expect(clock.sleeps).toEqual([60_000])
  })

  it('a Retry-After of a minute or less that outlasts the retries ends without the "more than a minute" sentence', async () => {
    const busy = () => new ApiError('assistant', 429, 'Busy', MAX_RETRY_AFTER_MS)
    const { source, calls } = fakeSource({ assistant: [busy(), busy(), busy(), busy(), busy()] })
    const { result, clock, log } = run(source, { sections: ['assistant'] })
    const err = await rejection(result, ReadError)
    expect(calls).toHaveLength(5)
    expect(clock.sleeps).toEqual([60_000, 60_000, 60_000, 60_000])
    expect(err.message).toBe(`${busy().message} Stopped at page 1 of assistant conversations; no file was written.`)
    expect(log.text('info')).toContain('assistant conversations page 1 failed: HTTP 429 (Busy).')
  })

  it('a refusal is a ReadError naming the section and page, without a wait sentence', async () => {
    const { source, calls } = fakeSource({
      feedback: [feedback(true, 'f2'), new ApiError('feedback', 403, 'Forbidden')],
    })
    const err = await rejection(run(source, { sections: ['feedback'] }).result, ReadError)
    expect(calls).toHaveLength(2)
    expect(err.message).toMatch(
      /^Reading feedback failed: HTTP 403 \(Forbidden\)\. .*\. Stopped at page 2 of feedback; no file was written\.$/,
    )
    expect(err.message).not.toContain('asked to wait')
    expect(err.message).not.toContain('Stryker')
    expect(err.message).toBe(
      `${new ApiError('feedback', 403, 'Forbidden').message} Stopped at page 2 of feedback; no file was written.`,
    )
  })

  it('a network failure that outlasts the retries is a ReadError; views name their own section', async () => {
    const down = () => new NetworkError('views', 'connection failed (ECONNRESET)')
    const { source, calls } = fakeSource({
      feedback: [feedback(false, null)],
      views: [down(), down(), down(), down(), down()],
    })
    const { result, clock, log } = run(source, { sections: ['feedback'] })
    const err = await rejection(result, ReadError)
    expect(calls).toHaveLength(6)
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000])
    expect(err.message).toContain('Stopped at page 1 of page views')
    expect(log.text('info')).toContain('page views page 1 failed: connection failed (ECONNRESET). Waiting 1.0s')
  })

  it('any other error goes up as it is', async () => {
    const bug = new TypeError('boom')
    const { source } = fakeSource({ searches: [bug] })
    await expect(run(source, { sections: ['searches'] }).result).rejects.toBe(bug)
  })

  it('names each kind of retry that spent the budget, one after the other', async () => {
    const { source } = fakeSource({ searches: [http(429, 1000), http(503, 1000), http(503, 1000)] })
    const { result, log } = run(source, { sections: ['searches'], maxRequests: 3 })
    await result
    expect(log.text('warning')).toContain('; 1 after HTTP 429, 1 after HTTP 503 of its 3 requests were retries.')
  })

  it('feedback whose paging broke off is named as such, even when its page views were then cut too', async () => {
    const { source, calls } = fakeSource({ feedback: [feedback(true, null)], views: [viewsPage(true)] })
    const { result, log } = run(source, { sections: ['feedback'], maxRequests: 2 })
    const read = await result
    expect(calls.map((c) => c.section)).toEqual(['feedback', 'views'])
    expect(read.sections.feedback).toEqual({
      pages: 1,
      complete: false,
      cut: 'no-cursor',
      views: { pages: 1, complete: false, cut: 'budget' },
    })
    expect(log.text('warning')).toBe(
      'Not every section was read to its end: feedback after 1 page (the API said more follow but gave no cursor). What was read is reported; `complete` is false.',
    )
  })
})
