import { ApiError, NetworkError } from '../api/errors.js'
import { briefly, isTransient, retryTransient } from '../api/retry.js'
import type {
  AssistantPage,
  CursorQuery,
  FeedbackPage,
  SearchesPage,
  VisitorsPage,
  VisitorsQuery,
} from '../api/types.js'
import type { Clock } from '../clock.js'
import { counted } from '../format.js'
import type { Log } from '../log.js'
import type { UnansweredQuestions } from './assistant.js'
import type { ReportedPages } from './feedback.js'
import type { Section } from './inputs.js'
import type { ZeroClickSearches } from './searches.js'

/** The largest page each endpoint serves: the fewest requests for the data. */
export const PAGE_SIZE = { searches: 100, assistant: 1000, feedback: 100, views: 250 } as const

/** The longest Retry-After worth waiting for; past it, the organization's hourly budget is spent. */
export const MAX_RETRY_AFTER_MS = 60_000

/** The calls the reading needs (the API client's, bound to a project). */
export interface GapsSource {
  searches(query: CursorQuery): Promise<SearchesPage>
  assistant(query: CursorQuery): Promise<AssistantPage>
  feedback(query: CursorQuery): Promise<FeedbackPage>
  views(query: VisitorsQuery): Promise<VisitorsPage>
}

export interface Collectors {
  searches: ZeroClickSearches
  assistant: UnansweredQuestions
  feedback: ReportedPages
}

export interface ReadOptions {
  sections: ReadonlySet<Section>
  dateFrom?: string
  dateTo?: string
  /** `feedback-status`, as the comma list the endpoint takes. */
  feedbackStatus: string
  maxRequests: number
}

export interface ReadDeps {
  source: GapsSource
  clock: Clock
  log: Log
  signal?: AbortSignal
}

/** Why a section was not read to its end. */
export type Cut = 'budget' | 'repeated-cursor' | 'no-cursor'

export interface SectionRead {
  pages: number
  complete: boolean
  cut?: Cut
  /** `feedback` only, once some page was reported: how the views of the reported pages were read. */
  views?: SectionRead
}

export interface ReadResult {
  sections: Partial<Record<Section, SectionRead>>
  /** Every request made, retries included. */
  requests: number
  /** Of them, those that repeated a request after a transient failure, by what failed (`HTTP 429`: 3). */
  retries: Record<string, number>
  complete: boolean
}

/** A page that could not be read: the API's error, with the section and the page it stopped at. */
export class ReadError extends Error {
  constructor(
    readonly cause: Error,
    readonly section: string,
    readonly page: number,
  ) {
    const asked = cause instanceof ApiError ? cause.retryAfterMs : undefined
    const wait =
      asked !== undefined && asked > MAX_RETRY_AFTER_MS
        ? " That is more than a minute: the organization's hourly analytics budget is spent."
        : ''
    super(`${cause.message}${wait} Stopped at page ${page} of ${section}; no file was written.`)
    this.name = 'ReadError'
  }
}

/** Thrown inside a read when the next request would pass `max-requests`. */
class BudgetSpent extends Error {}

const CUT_SAYS: Record<Cut, string> = {
  budget: 'the request budget (`max-requests`) ran out',
  'repeated-cursor': 'the API gave a cursor it had given before',
  'no-cursor': 'the API said more follow but gave no cursor',
}

/**
 * Reads the chosen sections in order (searches, assistant, feedback and then the views of the reported pages), each
 * page handed to its collector at once. `max-requests` is a hard ceiling, retries included: reading stops before a
 * request would pass it, and every section not read to its end is named in one warning.
 */
export async function readGaps(options: ReadOptions, collectors: Collectors, deps: ReadDeps): Promise<ReadResult> {
  const { source, log } = deps
  const dates = { dateFrom: options.dateFrom, dateTo: options.dateTo }
  let requests = 0
  const retries: Record<string, number> = {}
  let failed: string | undefined
  let spent = false
  const sections: Partial<Record<Section, SectionRead>> = {}

  /** One request, retried while transient and within the budget. */
  const request = <T>(what: string, page: number, label: string, work: () => Promise<T>): Promise<T> =>
    retryTransient(
      () => {
        if (requests >= options.maxRequests) throw new BudgetSpent()
        requests++
        if (failed !== undefined) retries[failed] = (retries[failed] ?? 0) + 1
        failed = undefined
        return work().catch((err: unknown) => {
          if (isTransient(err)) failed = briefly(err).replace(/ \(.*$/, '')
          throw err
        })
      },
      {
        attempts: 5,
        initialDelayMs: 1000,
        maxDelayMs: 16_000,
        maxRetryAfterMs: MAX_RETRY_AFTER_MS,
        clock: deps.clock,
        log,
        signal: deps.signal,
        what: `${what} page ${page}`,
      },
    ).catch((err: unknown) => {
      if (err instanceof BudgetSpent || !(err instanceof ApiError || err instanceof NetworkError)) throw err
      throw new ReadError(err as Error, label, page)
    })

  /** Pages of one cursor section until its end, a repeated cursor, or the budget. */
  const cursorSection = async <P extends { nextCursor: string | null; rows: unknown[] }>(
    label: string,
    fetch: (cursor: string | undefined) => Promise<P>,
    consume: (page: P) => void,
    more: (page: P) => boolean,
  ): Promise<SectionRead> => {
    const cursors = new Set<string>()
    let cursor: string | undefined
    // The page is taken in within `step` and only what paging needs comes back: a page still referenced while the
    // next one is awaited would survive into V8's old space (1,000 turns a page, 200 pages).
    const step = async (page: number) => {
      const answer = await request(label, page, label, () => fetch(cursor))
      log.debug(
        `${label} page ${page}: ${answer.rows.length} rows, next cursor ${answer.nextCursor === null ? 'none' : 'given'}`,
      )
      consume(answer)
      return { more: more(answer), next: answer.nextCursor }
    }
    for (let page = 1; ; page++) {
      if (spent) return { pages: page - 1, complete: false, cut: 'budget' }
      let taken: { more: boolean; next: string | null }
      try {
        taken = await step(page)
      } catch (err) {
        if (!(err instanceof BudgetSpent)) throw err
        spent = true
        return { pages: page - 1, complete: false, cut: 'budget' }
      }
      if (!taken.more) return { pages: page, complete: true }
      const next = taken.next
      if (next === null) return { pages: page, complete: false, cut: 'no-cursor' }
      if (cursors.has(next)) return { pages: page, complete: false, cut: 'repeated-cursor' }
      cursors.add(next)
      cursor = next
    }
  }

  if (options.sections.has('searches'))
    sections.searches = await cursorSection(
      'search terms',
      (cursor) => source.searches({ ...dates, limit: PAGE_SIZE.searches, cursor }),
      (page) => {
        collectors.searches.totalSearches = page.totalSearches
        for (const row of page.rows) collectors.searches.offer(row)
      },
      (page) => page.nextCursor !== null,
    )
  if (options.sections.has('assistant'))
    sections.assistant = await cursorSection(
      'assistant conversations',
      (cursor) => source.assistant({ ...dates, limit: PAGE_SIZE.assistant, cursor }),
      (page) => {
        for (const row of page.rows) collectors.assistant.offer(row)
      },
      (page) => page.hasMore,
    )
  if (options.sections.has('feedback')) {
    const feedback = await cursorSection(
      'feedback',
      (cursor) => source.feedback({ ...dates, status: options.feedbackStatus, limit: PAGE_SIZE.feedback, cursor }),
      (page) => {
        for (const row of page.rows) collectors.feedback.offer(row)
      },
      (page) => page.hasMore,
    )
    // The traffic of the reported pages: the whole views list (a page may have no row, which only its end tells).
    if (collectors.feedback.anyReported) {
      const views =
        feedback.cut === 'budget' ? { pages: 0, complete: false, cut: 'budget' as const } : await viewsOfPages()
      feedback.views = views
      if (!views.complete) {
        feedback.complete = false
        collectors.feedback.viewsUnknown = true
      }
    }
    sections.feedback = feedback
  }

  async function viewsOfPages(): Promise<SectionRead> {
    const step = async (page: number, offset: number) => {
      const answer = await request('page views', page, 'page views', () =>
        source.views({ ...dates, limit: PAGE_SIZE.views, offset }),
      )
      for (const row of answer.rows) collectors.feedback.offerViews(row)
      return answer.hasMore
    }
    for (let page = 1, offset = 0; ; page++, offset += PAGE_SIZE.views) {
      let more: boolean
      try {
        more = await step(page, offset)
      } catch (err) {
        if (!(err instanceof BudgetSpent)) throw err
        spent = true
        return { pages: page - 1, complete: false, cut: 'budget' }
      }
      if (!more) return { pages: page, complete: true }
    }
  }

  const cut = Object.entries(sections).filter(([, s]) => !s.complete) as [Section, SectionRead][]
  if (cut.length > 0) {
    const retried = Object.entries(retries)
      .map(([what, n]) => `${n} after ${what}`)
      .join(', ')
    const spentOn = spent && retried ? `; ${retried} of its ${options.maxRequests} requests were retries` : ''
    log.warning(
      `Not every section was read to its end: ${cut.map(([name, s]) => cutText(name, s)).join('; ')}${spentOn}. What was read is reported; \`complete\` is false.`,
    )
  }
  return { sections, requests, retries, complete: cut.length === 0 }
}

/** `searches after 2 pages (the request budget ran out)`; for feedback read whole, what cut its page views. */
function cutText(name: string, s: SectionRead): string {
  const pages = (n: number) => counted(n, 'page', 'pages')
  if (s.cut === undefined && s.views && !s.views.complete)
    return `the page views of the reported pages after ${pages(s.views.pages)} (${CUT_SAYS[s.views.cut ?? 'budget']}; their views are not known)`
  return `${name} after ${pages(s.pages)} (${CUT_SAYS[s.cut ?? 'budget']})`
}
