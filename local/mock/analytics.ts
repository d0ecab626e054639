/**
 * The analytics family of the local mock: `GET /v1/analytics/{projectId}/{visitors,views,searches,assistant,feedback}`.
 * Unique visitors and page views are paged by `offset` (the same data unless `views` has its own). The content
 * gaps action's endpoints are served from generators (`searches`, `assistant`, `feedback` options, each a `count`
 * and a `rowAt`), paged by opaque cursors made up here, with the spec's `limit` ranges (400 `{error, details}`
 * outside them), the `status` filter of feedback, and knobs for a broken server: empty pages that still have a
 * cursor, a repeated cursor, `hasMore: true` forever, unknown fields in rows and pages.
 */
// Type-only: erased when Node runs this file, so the mock is checked against the client's own types.
import type { VisitorCounts, VisitorRow } from '../../src/api/types.ts'
import { knownProject, type Route, type Send } from './http.ts'

export type { VisitorCounts, VisitorRow }

/** The visitors endpoint's data: `count` rows in API order, made on the fly by `rowAt`. */
export interface VisitorsData {
  count: number
  rowAt?: (index: number) => VisitorRow
  /** Site-wide totals; by default `siteTotals` of the rows (at least the busiest page, not their sum for visitors). */
  totals?: VisitorCounts
  /** Answer every page with the first rows and `hasMore: true`, as a broken server might. */
  endless?: boolean
  /** Other data for the window that starts at this `dateFrom` (a previous period, for `compare`). */
  periods?: Record<string, VisitorsData>
}

/** Page `i` of a made-up site: busiest first, AI traffic on every third page, total below human + ai. */
export function sampleRow(i: number): VisitorRow {
  const human = Math.max(1, 5000 - i)
  const ai = i % 3 === 0 ? Math.floor(human / 4) : 0
  return { path: `/docs/page-${i}`, human, ai, total: human + ai - Math.floor(ai / 2) }
}

/**
 * Site-wide totals that agree with the rows, as the real API's do: each count at least the busiest page's. For
 * unique visitors (deduplicated) each is less than the sum of the pages (a reader of two pages is one visitor),
 * and `total` lies between the larger of `human` and `ai` and their sum; for page views (events) the counts are
 * the sums and `total` is `human + ai`.
 */
export function siteTotals(metric: 'visitors' | 'views', count: number, rowAt: (index: number) => VisitorRow) {
  const max = { human: 0, ai: 0, total: 0 }
  const sum = { human: 0, ai: 0, total: 0 }
  for (let i = 0; i < count; i++) {
    const row = rowAt(i)
    for (const key of ['human', 'ai', 'total'] as const) {
      max[key] = Math.max(max[key], row[key])
      sum[key] += row[key]
    }
  }
  if (metric === 'views') return { human: sum.human, ai: sum.ai, total: sum.human + sum.ai }
  const human = max.human + Math.floor((sum.human - max.human) / 2)
  const ai = max.ai + Math.floor((sum.ai - max.ai) / 2)
  return { human, ai, total: Math.max(max.total, human + ai - Math.floor(ai / 2)) }
}

/** One search term as the API answers it (`searches[]`); `rowAt` may return any object, to bend fields. */
export interface SearchRow {
  searchQuery: string
  hits: number
  ctr: number
  topClickedPage: string | null
  lastSearchedAt: string
}

/** One assistant turn as the API answers it (`conversations[]`); `id` is the thread's, so (`id`, `timestamp`) is the turn. */
export interface AssistantRow {
  id: string
  timestamp: string
  query: string
  response: string
  responseType?: 'answer' | 'clarifying_question'
  sources: Array<{ title: string; url: string }>
  resolutionStatus: 'answered' | 'unanswered'
  queryCategory: string | null
  pageUrl: string | null
}

/** One feedback item (`feedback[]`), in the shape its `source` gives it. */
export interface FeedbackRow {
  id: string
  path: string
  comment: string | null
  createdAt: string | null
  source: 'contextual' | 'code_snippet' | 'agent' | 'thumbs_only'
  status: 'pending' | 'in_progress' | 'resolved' | 'dismissed'
  /** `contextual` only. */
  helpful?: boolean
  /** `contextual` only: an e-mail address (personal data). */
  contact?: string | null
  /** `code_snippet` only. */
  code?: string
  filename?: string | null
  lang?: string | null
}

/**
 * A cursor-paged analytics endpoint's data: `count` rows in API order, made on the fly by `rowAt` (so a bench
 * can ask for 200,000 rows without building them), and the ways a broken server strays.
 */
export interface CursorData<Row> {
  count: number
  /**
   * Row `i`; any object (fields bent, dropped or added) is served as given. Defaults to the sample rows. It gets
   * the window the request asked for, so made-up data can be dated inside it (`inWindow`).
   */
  rowAt?: (index: number, window?: DateWindow) => Row | Record<string, unknown>
  /** Pages (0-based, in the order they are served) answered with no rows but a cursor to the same place. */
  emptyPages?: number[]
  /** From this page on (0-based, at least 1), each answer's `nextCursor` is the cursor the request sent. */
  repeatCursorAt?: number
  /** Never ends: `hasMore: true` and a new cursor on every page, no rows past `count`. */
  endless?: boolean
  /** Fields the spec does not list, added to every row. */
  rowExtra?: Record<string, unknown>
  /** Fields the spec does not list, added to every page. */
  pageExtra?: Record<string, unknown>
}

export interface SearchesData extends CursorData<SearchRow> {
  /** The page's `totalSearches`; the sum of the hits by default. */
  totalSearches?: number
}
export type AssistantData = CursorData<AssistantRow>
export type FeedbackData = CursorData<FeedbackRow>

/** The window a request asked for, as sent (`dateTo` is exclusive); either may be missing. */
export interface DateWindow {
  dateFrom: string | null
  dateTo: string | null
}

/**
 * A date of made-up data moved inside the asked window [dateFrom, dateTo), so what the mock serves is what the API
 * would: already inside (or no window, or not dates), it is left as it is; outside, it is wrapped around by whole
 * windows, so one date always lands on one place (a turn served twice stays one turn, by `id` and `timestamp`).
 */
export function inWindow(iso: string, window?: DateWindow): string {
  const from = Date.parse(window?.dateFrom ?? '')
  const to = Date.parse(window?.dateTo ?? '')
  const t = Date.parse(iso)
  if (Number.isNaN(from) || Number.isNaN(to) || Number.isNaN(t) || to <= from || (t >= from && t < to)) return iso
  const span = to - from
  return new Date(from + ((((t - from) % span) + span) % span)).toISOString()
}

/** `minutes` before noon of 2026-01-07 (the samples' newest row), inside the window when one is given. */
function sampleDate(minutes: number, window?: DateWindow): string {
  return inWindow(new Date(Date.UTC(2026, 0, 7, 12) - minutes * 60_000).toISOString(), window)
}

/** Search term `i` of a made-up site: busiest first, every third one with no click. */
export function sampleSearch(i: number, window?: DateWindow): SearchRow {
  const noClick = i % 3 === 0
  return {
    searchQuery: `term ${i}`,
    hits: Math.max(1, 1000 - i),
    ctr: noClick ? 0 : 0.25,
    topClickedPage: noClick ? null : `/docs/page-${i}`,
    lastSearchedAt: sampleDate(i, window),
  }
}

const CATEGORIES = ['Authentication', 'Deployment', null] as const

/** Assistant turn `i`: a thread every two turns, every other turn unanswered, every fifth a clarifying question. */
export function sampleTurn(i: number, window?: DateWindow): AssistantRow {
  const unanswered = i % 2 === 0
  return {
    id: `thread_${Math.floor(i / 2)}`,
    timestamp: sampleDate(i, window),
    query: `How do I do thing ${i}?`,
    response: unanswered ? 'I could not find that in the documentation.' : 'Like this.',
    ...(i % 5 === 4 ? { responseType: 'clarifying_question' as const } : {}),
    sources: [],
    resolutionStatus: unanswered ? 'unanswered' : 'answered',
    queryCategory: CATEGORIES[i % 3] ?? null,
    pageUrl: `https://docs.example.com/docs/page-${i % 10}`,
  }
}

const SOURCES = ['contextual', 'code_snippet', 'agent', 'thumbs_only'] as const
const STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const

/** Feedback item `i`, in the shape of its source (all four in turn), on ten pages, all statuses in turn. */
export function sampleFeedback(i: number, window?: DateWindow): FeedbackRow {
  const source = SOURCES[i % 4] ?? 'agent'
  const base = {
    id: `fb_${i}`,
    path: `/docs/page-${i % 10}`,
    comment: i % 4 === 3 ? null : `Feedback ${i}`,
    createdAt: sampleDate(i, window),
    source,
    status: STATUSES[Math.floor(i / 4) % 4] ?? 'pending',
  }
  if (source === 'contextual') return { ...base, helpful: i % 8 !== 0, contact: `reader${i}@example.com` }
  if (source === 'code_snippet') return { ...base, code: 'npm i mint', filename: null, lang: 'bash' }
  return base
}

export interface AnalyticsOptions {
  visitors?: VisitorsData
  /** The views endpoint's own data (the reported pages' traffic); the visitors data when unset. */
  views?: VisitorsData
  searches?: SearchesData
  assistant?: AssistantData
  feedback?: FeedbackData
  /** When set, other project ids get a 404 like the real API. */
  projects?: string[]
}

export interface AnalyticsFamily {
  visitors: VisitorsData
  views: VisitorsData
  searches: SearchesData
  assistant: AssistantData
  feedback: FeedbackData
  route: Route
}

export function analyticsFamily(options: AnalyticsOptions): AnalyticsFamily {
  const visitors: VisitorsData = options.visitors ?? { count: 0 }
  const visitorsPage = (metric: string, q: URLSearchParams, send: Send) => {
    const problems: Array<{ message: string }> = []
    const limit = Number(q.get('limit') ?? 50)
    const offset = Number(q.get('offset') ?? 0)
    if (!Number.isInteger(limit) || limit < 1 || limit > 250)
      problems.push({ message: 'limit must be between 1 and 250' })
    if (!Number.isInteger(offset) || offset < 0) problems.push({ message: 'offset must be 0 or more' })
    for (const name of ['dateFrom', 'dateTo']) {
      const value = q.get(name)
      if (value !== null && Number.isNaN(Date.parse(value))) problems.push({ message: `${name} is not a date` })
    }
    if (problems.length) return send(400, { error: 'Invalid query parameters', details: problems })
    const base = metric === 'views' ? views : visitors
    const data = base.periods?.[q.get('dateFrom') ?? ''] ?? base
    const rowAt = data.rowAt ?? sampleRow
    const start = data.endless ? 0 : offset
    const end = Math.min(data.count, start + limit)
    const rows: VisitorRow[] = []
    for (let i = start; i < end; i++) rows.push(rowAt(i))
    const totals = data.totals ?? defaultTotals(metric === 'views' ? 'views' : 'visitors', data, rowAt)
    send(200, { totals, [metric]: rows, hasMore: data.endless ? true : end < data.count })
  }
  const views: VisitorsData = options.views ?? visitors
  /** `siteTotals`, worked out once per data, metric, count and row generator (a bench serves a million rows). */
  const computed = new WeakMap<VisitorsData, Map<string, { count: number; rowAt: unknown; totals: VisitorCounts }>>()
  const defaultTotals = (metric: 'visitors' | 'views', data: VisitorsData, rowAt: (i: number) => VisitorRow) => {
    const byMetric = computed.get(data) ?? new Map()
    computed.set(data, byMetric)
    const known = byMetric.get(metric)
    if (known && known.count === data.count && known.rowAt === rowAt) return known.totals
    const totals = siteTotals(metric, data.count, rowAt)
    byMetric.set(metric, { count: data.count, rowAt, totals })
    return totals
  }

  const cursorData = {
    searches: options.searches ?? { count: 0 },
    assistant: options.assistant ?? { count: 0 },
    feedback: options.feedback ?? { count: 0 },
  }
  /** Cursors handed out, per section: cursor → where its page starts (row index, page number). */
  const cursors = new Map<string, { section: string; index: number; page: number }>()
  let cursorCount = 0
  const cursorTo = (section: string, index: number, page: number) => {
    cursorCount++
    // Opaque, as the API's are; a ULID-like look for the assistant's.
    const cursor = `${section.slice(0, 2)}_${(0x5eed0000 + cursorCount * 7919).toString(36).toUpperCase()}${cursorCount}`
    cursors.set(cursor, { section, index, page })
    return cursor
  }

  /** One page of searches, assistant turns or feedback: `limit` rows from the cursor's place, and the next cursor. */
  const cursorPage = (section: keyof typeof CURSOR_SECTIONS, q: URLSearchParams, send: Send) => {
    const spec = CURSOR_SECTIONS[section]
    const problems: Array<{ message: string }> = []
    const rawLimit = q.get('limit')
    const limit = rawLimit === null ? spec.defaultLimit : Number(rawLimit)
    if (!Number.isInteger(limit) || limit < 1 || limit > spec.maxLimit)
      problems.push({ message: `limit must be a whole number between 1 and ${spec.maxLimit}` })
    for (const name of ['dateFrom', 'dateTo']) {
      const value = q.get(name)
      if (value !== null && Number.isNaN(Date.parse(value))) problems.push({ message: `${name} is not a date` })
    }
    const statuses = section === 'feedback' && q.get('status') ? (q.get('status') ?? '').split(',') : undefined
    for (const status of statuses ?? [])
      if (!(STATUSES as readonly string[]).includes(status))
        problems.push({ message: `status must be one of ${STATUSES.join(', ')}; got ${JSON.stringify(status)}` })
    const source = section === 'feedback' ? q.get('source') : null
    if (source !== null && !(SOURCES as readonly string[]).includes(source))
      problems.push({ message: `source must be one of ${SOURCES.join(', ')}` })
    const cursor = q.get('cursor')
    const at = cursor === null ? { section, index: 0, page: 0 } : cursors.get(cursor)
    if (!at || at.section !== section) problems.push({ message: 'cursor is not a valid cursor' })
    if (problems.length || !at) return send(400, { error: 'Invalid query parameters', details: problems })

    const data: CursorData<unknown> = cursorData[section]
    const rowAt = data.rowAt ?? spec.sample
    const window: DateWindow = { dateFrom: q.get('dateFrom'), dateTo: q.get('dateTo') }
    const wanted = (row: Record<string, unknown>) =>
      (!statuses || statuses.includes(String(row.status))) && (source === null || row.source === source)
    const rows: Array<Record<string, unknown>> = []
    let next = at.index
    if (!data.emptyPages?.includes(at.page)) {
      for (; next < data.count && rows.length < limit; next++) {
        const row = rowAt(next, window) as Record<string, unknown>
        if (wanted(row)) rows.push({ ...row, ...data.rowExtra })
      }
      // Where the next page starts: the next row that passes the filters, so the last page says there is no more.
      while (next < data.count && !wanted(rowAt(next, window) as Record<string, unknown>)) next++
    }
    const more = data.endless === true || next < data.count
    const repeat = cursor !== null && data.repeatCursorAt !== undefined && at.page >= data.repeatCursorAt
    const nextCursor = !more ? null : repeat ? cursor : cursorTo(section, next, at.page + 1)
    const page: Record<string, unknown> = { [spec.key]: rows }
    if (section === 'searches') {
      const searches = data as SearchesData
      let total = searches.totalSearches
      if (total === undefined) {
        total = 0
        for (let i = 0; i < data.count; i++) total += Number((rowAt(i) as { hits?: unknown }).hits) || 0
      }
      Object.assign(page, { totalSearches: total, nextCursor })
    } else Object.assign(page, { nextCursor, hasMore: more })
    send(200, { ...page, ...data.pageExtra })
  }

  const route: Route = (seen, pathname, search, send) => {
    // Unique visitors and page views: the same data, paging and errors, rows under the metric's name.
    const analytics = /^\/v1\/analytics\/([^/]+)\/(visitors|views|searches|assistant|feedback)$/.exec(pathname)
    if (!analytics?.[1] || !analytics[2] || seen.method !== 'GET') return false
    const section = analytics[2]
    const q = new URLSearchParams(search)
    if (!knownProject(options.projects, decodeURIComponent(analytics[1]))) send(404, { error: 'Project not found' })
    else if (section === 'visitors' || section === 'views') visitorsPage(section, q, send)
    else cursorPage(section as keyof typeof CURSOR_SECTIONS, q, send)
    return true
  }

  return { visitors, views, ...cursorData, route }
}

/** What differs between the three cursor-paged endpoints, as analytics-openapi.json gives it. */
const CURSOR_SECTIONS = {
  searches: { key: 'searches', defaultLimit: 50, maxLimit: 100, sample: sampleSearch },
  assistant: { key: 'conversations', defaultLimit: 100, maxLimit: 1000, sample: sampleTurn },
  feedback: { key: 'feedback', defaultLimit: 50, maxLimit: 100, sample: sampleFeedback },
} as const
