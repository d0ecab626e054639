/**
 * A local server that plays the Mintlify API for the tests and for `npm start`. It keeps agent jobs
 * in memory, walks each job through a script of statuses (one step per poll), checks the Bearer key
 * the way the real API would, and can be told to answer with the failures the tests need.
 *
 * Under `/repos/{owner}/{repo}/` it also stands in for the few GitHub REST endpoints the comment
 * features use: permissions, pull requests, reactions, and the comments of issues and pull requests
 * (listed page by page with `Link` headers, posted as `github-actions[bot]`, edited only by their
 * author), kept in `GitHubData` so a test can seed a thread and read it back as a reader would; and GraphQL's
 * `viewer { login }` at `/graphql`, which answers the same account. It also keeps issues (`GitHubData.issues`):
 * listed newest first with `Link` headers, created as `github-actions[bot]`, edited by number.
 *
 * The content gaps action's analytics endpoints are served from generators (`searches`, `assistant`,
 * `feedback` options, each a `count` and a `rowAt`), paged by opaque cursors made up here, with the spec's
 * `limit` ranges (400 `{error, details}` outside them), the `status` filter of feedback, and knobs for a
 * broken server: empty pages that still have a cursor, a repeated cursor, `hasMore: true` forever, unknown
 * fields in rows and pages. The views endpoint can have data of its own (`views`), for the reported pages' traffic.
 *
 * Standalone: `node local/mock-api.ts [--port 8787]` (Node 24 runs this TypeScript as is).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
// Type-only: erased when Node runs this file, so the mock is checked against the client's own types.
import type { VisitorCounts, VisitorRow } from '../src/api/types.ts'

export type { VisitorCounts, VisitorRow }

export interface MockJob {
  id: string
  status: string
  source: { repository: string; ref: string | null }
  model: string
  prLink: string | null
  createdAt: string
  archivedAt: string | null
}

/** How a job created (or messaged) on this server behaves. */
export interface JobScript {
  /** Status in the create (or follow-up) answer. */
  createStatus: string
  /** Status each GET reveals, in order; the last one stays. */
  statuses: string[]
  /** `prLink` once the job is terminal; `undefined` makes one up. */
  prLink?: string | null
  /** The id of each job created from now on (any string the API may give); `job_N` when unset. */
  id?: string
  /** Extra fields merged into every answer (to drop or bend fields, e.g. `{ model: undefined }`). */
  extra?: Record<string, unknown>
}

export interface SeenRequest {
  method: string
  /** The request target as the client sent it: still percent-encoded, no `%2E` segment resolved. */
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** A canned answer for the next `times` requests that match. */
export interface Fault {
  method?: string
  /** Substring of the request path; any path when absent. */
  path?: string
  times?: number
  status?: number
  headers?: Record<string, string>
  /** Raw body, or a function of the request (to echo things back). */
  body?: string | ((req: SeenRequest) => string)
  /** JSON body. */
  json?: unknown
  /**
   * `hang`: never answer; `reset`: drop the connection; `endless`: a body that never ends;
   * `trickle`: one byte of body every 50 ms, forever (both with `status`, 200 by default, and `headers`).
   */
  action?: 'hang' | 'reset' | 'endless' | 'trickle'
}

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
  /** Row `i`; any object (fields bent, dropped or added) is served as given. Defaults to the sample rows. */
  rowAt?: (index: number) => Row | Record<string, unknown>
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

/** Search term `i` of a made-up site: busiest first, every third one with no click. */
export function sampleSearch(i: number): SearchRow {
  const noClick = i % 3 === 0
  return {
    searchQuery: `term ${i}`,
    hits: Math.max(1, 1000 - i),
    ctr: noClick ? 0 : 0.25,
    topClickedPage: noClick ? null : `/docs/page-${i}`,
    lastSearchedAt: new Date(Date.UTC(2026, 0, 7, 12) - i * 60_000).toISOString(),
  }
}

const CATEGORIES = ['Authentication', 'Deployment', null] as const

/** Assistant turn `i`: a thread every two turns, every other turn unanswered, every fifth a clarifying question. */
export function sampleTurn(i: number): AssistantRow {
  const unanswered = i % 2 === 0
  return {
    id: `thread_${Math.floor(i / 2)}`,
    timestamp: new Date(Date.UTC(2026, 0, 7, 12) - i * 60_000).toISOString(),
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
export function sampleFeedback(i: number): FeedbackRow {
  const source = SOURCES[i % 4] ?? 'agent'
  const base = {
    id: `fb_${i}`,
    path: `/docs/page-${i % 10}`,
    comment: i % 4 === 3 ? null : `Feedback ${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 7, 12) - i * 60_000).toISOString(),
    source,
    status: STATUSES[Math.floor(i / 4) % 4] ?? 'pending',
  }
  if (source === 'contextual') return { ...base, helpful: i % 8 !== 0, contact: `reader${i}@example.com` }
  if (source === 'code_snippet') return { ...base, code: 'npm i mint', filename: null, lang: 'bash' }
  return base
}

/**
 * A small made-up docs site for the content gaps action (`npm run mock-api`, `npm run demo:gaps`): a few
 * searches with no click (one in two spellings), unanswered questions in two categories (a clarifying question
 * and a repeated turn among them), and reported pages with their traffic.
 */
export function gapsSite(): Pick<MockApiOptions, 'searches' | 'assistant' | 'feedback' | 'views'> {
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 0, day, hour)).toISOString()
  const search = (searchQuery: string, hits: number, ctr: number, day: number): SearchRow => ({
    searchQuery,
    hits,
    ctr,
    topClickedPage: ctr > 0 ? '/quickstart' : null,
    lastSearchedAt: at(day, 10),
  })
  const searches = [
    search('quickstart', 140, 0.62, 14),
    search('rate limit', 23, 0, 13),
    search('webhooks', 17, 0, 12),
    search('api keys', 15, 0.4, 14),
    search('Rate Limit ', 9, 0, 11),
    search('sso saml', 6, 0, 10),
    search('pagination', 4, 0.5, 9),
    search('terraform', 1, 0, 8),
  ]
  const turn = (
    i: number,
    query: string,
    category: string | null,
    unanswered: boolean,
    page: string,
    clarifying = false,
  ): AssistantRow => ({
    id: `01JH${String(i).padStart(22, '0')}`,
    timestamp: at(8 + (i % 7), 9 + i),
    query,
    response: unanswered ? 'The documentation does not cover this.' : 'See the guide.',
    ...(clarifying ? { responseType: 'clarifying_question' as const } : {}),
    sources: [],
    resolutionStatus: unanswered ? 'unanswered' : 'answered',
    queryCategory: category,
    pageUrl: `https://docs.example.com${page}`,
  })
  const turns = [
    turn(1, 'How do I rotate an API key without downtime?', 'Authentication', true, '/api-keys'),
    turn(2, 'Can I use SAML with Okta?', 'Authentication', true, '/sso'),
    turn(3, 'What is the rate limit for the search endpoint?', 'API', true, '/api-reference/search'),
    turn(4, 'Which plan do you mean?', 'API', true, '/pricing', true),
    turn(5, 'How do I install the CLI?', 'Getting started', false, '/quickstart'),
    turn(6, 'Do webhooks retry on failure?', 'API', true, '/webhooks'),
    turn(1, 'How do I rotate an API key without downtime?', 'Authentication', true, '/api-keys'),
    turn(7, 'Is there a Terraform provider?', null, true, '/'),
  ]
  const fb = (
    i: number,
    path: string,
    source: FeedbackRow['source'],
    comment: string | null,
    helpful?: boolean,
  ): FeedbackRow => ({
    id: `fb_${i}`,
    path,
    comment,
    createdAt: at(8 + (i % 7), 12),
    source,
    status: i % 5 === 0 ? 'in_progress' : 'pending',
    ...(source === 'contextual' ? { helpful: helpful ?? false, contact: `reader${i}@example.com` } : {}),
    ...(source === 'code_snippet' ? { code: 'curl https://api.example.com', filename: null, lang: 'bash' } : {}),
  })
  const feedback = [
    fb(1, '/webhooks', 'contextual', 'The retry schedule is missing.'),
    fb(2, 'https://docs.example.com/webhooks/', 'code_snippet', 'This example returns 404.'),
    fb(3, '/webhooks', 'thumbs_only', null),
    fb(4, '/quickstart', 'contextual', 'Clear, thanks!', true),
    fb(5, '/quickstart', 'agent', 'Step 3 names a flag the CLI no longer has.'),
    fb(6, '/api-keys', 'contextual', 'How long do keys last?'),
    fb(7, '/api-keys', 'thumbs_only', null),
  ]
  const views: VisitorRow[] = [
    { path: '/quickstart', human: 4210, ai: 380, total: 4590 },
    { path: '/api-keys', human: 1320, ai: 95, total: 1415 },
    { path: '/webhooks', human: 610, ai: 44, total: 654 },
    { path: '/sso', human: 300, ai: 12, total: 312 },
  ]
  return {
    searches: { count: searches.length, rowAt: (i) => searches[i] ?? search('', 0, 0, 1) },
    assistant: { count: turns.length, rowAt: (i) => turns[i] ?? turn(0, '', null, false, '/') },
    feedback: { count: feedback.length, rowAt: (i) => feedback[i] ?? fb(0, '/', 'agent', null) },
    views: {
      count: views.length,
      rowAt: (i) => views[i] ?? { path: '/', human: 0, ai: 0, total: 0 },
      totals: { human: 6440, ai: 531, total: 6971 },
    },
  }
}

/** The few GitHub REST endpoints the comment features call, served under `/repos/`. */
export interface GitHubData {
  /** Login → role (`admin`, `maintain`, `write`, `triage`, `read`); others are not collaborators (404). */
  roles: Record<string, string>
  /**
   * Pull request number → branches, for `GET /repos/o/r/pulls/n`; `repo` is the head's repository
   * (`owner/name`, default `acme/app`: another one is a pull request from a fork).
   */
  pulls?: Record<number, { head: string; base: string; repo?: string }>
  /**
   * An issue's (or a pull request's conversation) comments, by number, oldest first: what
   * `GET issues/N/comments` lists and `POST issues/N/comments` adds to. Seed with `seedComment`.
   */
  comments?: Record<number, MockComment[]>
  /** A pull request's review comments, by number: `GET pulls/N/comments`, `POST pulls/N/comments/M/replies`. */
  reviewComments?: Record<number, MockComment[]>
  /**
   * The repository's issues (and pull requests, with `pull_request`): what `GET issues` lists, newest first,
   * `POST issues` adds to and `PATCH issues/N` edits. Seed with `seedIssue`.
   */
  issues?: MockIssue[]
  /**
   * The account the token writes as (GraphQL `viewer`, the author of what it posts); `github-actions[bot]` when
   * unset. A personal access token's user is `{ login, type: 'User' }`.
   */
  tokenUser?: { login: string; type: string }
}

/** An issue as the stand-in stores it; answers fill `html_url`. */
export interface MockIssue {
  number: number
  title: string
  body: string | null
  state: 'open' | 'closed'
  user: { login: string; type: string }
  /** ISO date-time. */
  created_at: string
  updated_at?: string
  html_url?: string
  /** Present on a pull request, as GitHub lists them among issues. */
  pull_request?: { url: string; html_url: string }
}

/** A comment as the stand-in stores it; lists and answers add `node_id`, and fill `updated_at` and `html_url`. */
export interface MockComment {
  id: number
  body: string
  user: { login: string; type: string }
  /** ISO date-time. */
  created_at: string
  updated_at?: string
  html_url?: string
  /** A review comment's reply: the id of the comment it answers. */
  in_reply_to_id?: number
}

/** Who the mock's token is: what GitHub answers for the workflow's `GITHUB_TOKEN`. */
export const TOKEN_USER = { login: 'github-actions[bot]', type: 'Bot' } as const

/** GitHub's comment size limit, in characters. */
const GITHUB_COMMENT_LIMIT = 65_536

/** One id counter and one clock per GitHubData, shared by seeded and posted comments. */
const counters = new WeakMap<GitHubData, { id: number; time: number }>()

function counterOf(data: GitHubData): { id: number; time: number } {
  let c = counters.get(data)
  if (!c) {
    c = { id: 1000, time: 0 }
    counters.set(data, c)
  }
  // Ids given by a test (or stored by hand) are never issued again.
  for (const store of [data.comments, data.reviewComments])
    for (const list of Object.values(store ?? {})) for (const comment of list) c.id = Math.max(c.id, comment.id)
  return c
}

/** The next issue number: after every issue and pull request the data knows (they share one sequence on GitHub). */
function nextIssueNumber(data: GitHubData): number {
  let n = 0
  for (const issue of data.issues ?? []) n = Math.max(n, issue.number)
  for (const key of Object.keys(data.pulls ?? {})) n = Math.max(n, Number(key))
  for (const key of Object.keys(data.comments ?? {})) n = Math.max(n, Number(key))
  return n + 1
}

/**
 * Adds an issue as if opened earlier: `number` and `created_at` are assigned when missing (both increasing,
 * so the last one seeded is the newest), `user` defaults to a person, `octocat`, `state` to open; `pull: true`
 * makes it a pull request as the issues list shows one. Returns the stored issue (the object the mock edits).
 */
export function seedIssue(
  data: GitHubData,
  issue: Partial<MockIssue> & { body: string | null; pull?: boolean },
): MockIssue {
  const { pull, ...fields } = issue
  const number = fields.number ?? nextIssueNumber(data)
  const stored: MockIssue = {
    title: `Issue ${number}`,
    state: 'open',
    user: { login: 'octocat', type: 'User' },
    ...fields,
    number,
    created_at: fields.created_at ?? nextStamp(data).created_at,
    ...(pull
      ? {
          pull_request: {
            url: `https://api.github.com/repos/acme/app/pulls/${number}`,
            html_url: `https://github.com/acme/app/pull/${number}`,
          },
        }
      : {}),
  }
  data.issues ??= []
  data.issues.push(stored)
  return stored
}

/** The next comment id and creation time for `data`: ids and times strictly increase. */
function nextStamp(data: GitHubData): { id: number; created_at: string } {
  const c = counterOf(data)
  c.id++
  c.time = Math.max(Date.now(), c.time + 1)
  return { id: c.id, created_at: new Date(c.time).toISOString() }
}

/**
 * Adds a comment to issue (or pull request) `number`'s conversation, or with `review` to its review
 * comments, as if written earlier; `id` and `created_at` are assigned when missing (both strictly
 * increasing, so the newest comment is the last one seeded), `user` defaults to a person, `octocat`.
 * Returns the stored comment (the object the mock answers with and edits).
 */
export function seedComment(
  data: GitHubData,
  number: number,
  c: Partial<MockComment> & { body: string },
  review = false,
): MockComment {
  const stamp = nextStamp(data)
  const comment: MockComment = {
    user: { login: 'octocat', type: 'User' },
    ...c,
    id: c.id ?? stamp.id,
    created_at: c.created_at ?? stamp.created_at,
  }
  return storeComment(data, number, comment, review)
}

/** Appends a comment to the thread of issue or pull request `number`, creating the store as needed. */
function storeComment(data: GitHubData, number: number, comment: MockComment, review: boolean): MockComment {
  const key = review ? 'reviewComments' : 'comments'
  const store = data[key] ?? {}
  data[key] = store
  const list = store[number] ?? []
  store[number] = list
  list.push(comment)
  return comment
}

export interface MockApiOptions {
  port?: number
  visitors?: VisitorsData
  /** The views endpoint's own data (the reported pages' traffic); the visitors data when unset. */
  views?: VisitorsData
  searches?: SearchesData
  assistant?: AssistantData
  feedback?: FeedbackData
  github?: GitHubData
  script?: Partial<JobScript>
  /** When set, other project ids get a 404 like the real API. */
  projects?: string[]
}

export interface MockApi {
  url: string
  visitors: VisitorsData
  /** The data of the views endpoint (the visitors data unless `views` was given). */
  views: VisitorsData
  searches: SearchesData
  assistant: AssistantData
  feedback: FeedbackData
  requests: SeenRequest[]
  jobs: Map<string, MockJob>
  script: JobScript
  /** The GitHub side's data; tests may change it before a run, and read the comments back after it. */
  github: GitHubData
  fault(fault: Fault): void
  /**
   * Forgets what earlier runs did (requests, jobs, faults, the job script) and starts the GitHub data anew from
   * `github`: for tests that keep one server for a whole file (test/helpers/in-process.ts says why).
   */
  reset(github?: GitHubData): void
  /** Adds a job as if created earlier, with its own script of statuses for the next GETs. */
  seedJob(job: Partial<MockJob> & { id: string }, statuses?: string[]): void
  close(): Promise<void>
}

const DEFAULT_SCRIPT: JobScript = { createStatus: 'active', statuses: ['active', 'active', 'completed'] }

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  const requests: SeenRequest[] = []
  const jobs = new Map<string, MockJob>()
  const pending = new Map<string, string[]>() // job id → statuses still to reveal
  const faults: Array<Fault & { left: number }> = []
  const sockets = new Set<Socket>()
  const script: JobScript = { ...DEFAULT_SCRIPT, ...options.script }
  let counter = 0
  let origin = '' // set once listening: the `Link` headers' URLs are on the mock's own origin

  const finalize = (job: MockJob) => {
    if (['completed', 'archived'].includes(job.status) && job.prLink === null && script.prLink !== null) {
      job.prLink = script.prLink ?? `https://github.com/acme/docs/pull/${100 + Number(job.id.replace(/\D/g, '') || 0)}`
    }
    if (job.status === 'archived' && !job.archivedAt) job.archivedAt = new Date().toISOString()
  }

  const present = (job: MockJob) => JSON.stringify({ ...job, ...script.extra })

  const handle = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => {
    const fault = faults.find(
      (f) => f.left > 0 && (!f.method || f.method === seen.method) && (!f.path || seen.path.includes(f.path)),
    )
    if (fault) {
      fault.left--
      if (fault.action === 'hang') return // never answered; the socket is destroyed on close()
      if (fault.action === 'reset') return req.socket.destroy()
      if (fault.action === 'endless' || fault.action === 'trickle')
        return stream(res, fault.action, fault.status ?? 200, fault.headers)
      const body =
        fault.json !== undefined
          ? JSON.stringify(fault.json)
          : typeof fault.body === 'function'
            ? fault.body(seen)
            : (fault.body ?? '')
      const type = fault.json !== undefined ? 'application/json' : 'text/html'
      res.writeHead(fault.status ?? 500, { 'content-type': type, ...fault.headers })
      return res.end(body)
    }

    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    }

    const [pathname = '', search = ''] = seen.path.split('?')
    if (pathname.startsWith('/repos/')) return github(seen, pathname, search, send)
    if (pathname === '/graphql' && seen.method === 'POST') return graphql(seen, send)

    const auth = seen.headers.authorization ?? ''
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : ''
    if (key.startsWith('mint_dsc_') || key.startsWith('mint_us_'))
      return send(403, { error: 'This endpoint requires an admin API key' })
    if (!key.startsWith('mint_')) return send(401, { error: 'Invalid or missing API key' })

    // Unique visitors and page views: the same data, paging and errors, rows under the metric's name.
    const analytics = /^\/v1\/analytics\/([^/]+)\/(visitors|views|searches|assistant|feedback)$/.exec(pathname)
    if (analytics?.[1] && analytics[2] && seen.method === 'GET') {
      if (options.projects && !options.projects.includes(decodeURIComponent(analytics[1])))
        return send(404, { error: 'Project not found' })
      const section = analytics[2]
      const q = new URLSearchParams(search)
      if (section === 'visitors' || section === 'views') return visitorsPage(section, q, send)
      return cursorPage(section as keyof typeof CURSOR_SECTIONS, q, send)
    }

    const m = /^\/v2\/agent\/([^/]+)\/job(?:\/([^/]+))?(\/message)?$/.exec(pathname)
    if (!m?.[1]) return send(404, { error: 'Not found' })
    const projectId = decodeURIComponent(m[1])
    const jobId = m[2] === undefined ? undefined : decodeURIComponent(m[2])
    if (options.projects && !options.projects.includes(projectId)) return send(404, { error: 'Project not found' })

    const prompt = readPrompt(seen.body)
    if (seen.method === 'POST' && jobId === undefined && !m[3]) {
      if (prompt === undefined) return send(400, { error: 'prompt: String must contain at least 1 character(s)' })
      counter++
      const job: MockJob = {
        id: script.id ?? `job_${counter}`,
        status: script.createStatus,
        source: { repository: 'https://github.com/acme/docs', ref: 'main' },
        model: 'claude-sonnet-4-5',
        prLink: null,
        createdAt: new Date().toISOString(),
        archivedAt: null,
      }
      finalize(job)
      jobs.set(job.id, job)
      pending.set(job.id, [...script.statuses])
      return send(201, present(job))
    }
    const job = jobId === undefined ? undefined : jobs.get(jobId)
    if (!job) return send(404, { error: 'Agent job not found' })
    if (seen.method === 'GET' && !m[3]) {
      const queue = pending.get(job.id) ?? []
      const next = queue.length > 1 ? queue.shift() : queue[0]
      if (next !== undefined) job.status = next
      finalize(job)
      return send(200, present(job))
    }
    if (seen.method === 'POST' && m[3]) {
      if (prompt === undefined) return send(400, { error: 'prompt: String must contain at least 1 character(s)' })
      job.status = script.createStatus
      pending.set(job.id, [...script.statuses])
      return send(200, present(job))
    }
    return send(405, { error: 'Method not allowed' })
  }

  const gh: GitHubData = options.github ?? { roles: {} }
  const github = (
    seen: SeenRequest,
    pathname: string,
    search: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) => {
    if (!seen.headers.authorization) return send(401, { message: 'Requires authentication' })
    const parts = pathname.split('/').slice(4) // after /repos/owner/repo/
    const route = `${seen.method} ${parts.map((p) => (/^\d+$/.test(p) ? 'N' : p)).join('/')}`
    const user = parts[1] ?? ''
    const n = Number(parts[1]) // the issue, pull request or comment number of most routes
    switch (route) {
      case `GET collaborators/${user}/permission`: {
        const role = gh.roles[decodeURIComponent(user)]
        if (!role) return send(404, { message: 'Not Found' })
        const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
        return send(200, { permission, role_name: role, user: { login: user } })
      }
      case 'GET pulls/N': {
        const pr = gh.pulls?.[n]
        if (!pr) return send(404, { message: 'Not Found' })
        return send(200, {
          number: n,
          head: { ref: pr.head, repo: { full_name: pr.repo ?? 'acme/app' } },
          base: { ref: pr.base, repo: { full_name: repoOf(pathname) } },
        })
      }
      case 'POST issues/comments/N/reactions':
      case 'POST pulls/comments/N/reactions':
        return send(201, { id: 1, content: 'eyes' })
      case 'GET issues/N/comments':
        return listComments(gh.comments?.[n] ?? [], n, false, pathname, search, send)
      case 'GET pulls/N/comments':
        return listComments(gh.reviewComments?.[n] ?? [], n, true, pathname, search, send)
      case 'GET issues/comments/N':
      case 'GET pulls/comments/N': {
        const review = parts[0] === 'pulls'
        const found = findComment(review ? gh.reviewComments : gh.comments, Number(parts[2]))
        if (!found) return send(404, { message: 'Not Found' })
        return send(200, presentComment(found.comment, found.number, review))
      }
      case 'POST issues/N/comments':
      case 'POST pulls/N/comments/N/replies': {
        const body = commentBody(seen.body)
        if (typeof body !== 'string') return send(body.status, { message: body.message })
        const review = parts[0] === 'pulls'
        const { id, created_at } = nextStamp(gh)
        const comment: MockComment = {
          id,
          body,
          user: { ...(gh.tokenUser ?? TOKEN_USER) },
          created_at,
          updated_at: created_at,
          html_url: commentUrl(n, id, review),
          ...(review ? { in_reply_to_id: Number(parts[3]) } : {}),
        }
        return send(201, presentComment(storeComment(gh, n, comment, review), n, review))
      }
      case 'PATCH issues/comments/N':
      case 'PATCH pulls/comments/N': {
        const review = parts[0] === 'pulls'
        const found = findComment(review ? gh.reviewComments : gh.comments, Number(parts[2]))
        if (!found) return send(404, { message: 'Not Found' })
        // A token may edit only the comments its own identity wrote.
        if (found.comment.user.login !== (gh.tokenUser ?? TOKEN_USER).login)
          return send(403, { message: 'Resource not accessible by integration' })
        const body = commentBody(seen.body)
        if (typeof body !== 'string') return send(body.status, { message: body.message })
        found.comment.body = body
        found.comment.updated_at = new Date(Math.max(Date.now(), Date.parse(found.comment.created_at))).toISOString()
        return send(200, presentComment(found.comment, found.number, review))
      }
      case 'GET issues':
        return listIssues(pathname, search, send)
      case 'GET issues/N': {
        const issue = gh.issues?.find((i) => i.number === n)
        if (!issue) return send(404, { message: 'Not Found' })
        return send(200, presentIssue(issue, pathname))
      }
      case 'POST issues': {
        const fields = issueFields(seen.body, true)
        if ('status' in fields) return send(fields.status, { message: fields.message })
        const created_at = nextStamp(gh).created_at
        const issue: MockIssue = {
          number: nextIssueNumber(gh),
          title: fields.title ?? '',
          body: fields.body ?? null,
          state: 'open',
          user: { ...(gh.tokenUser ?? TOKEN_USER) },
          created_at,
          updated_at: created_at,
        }
        gh.issues ??= []
        gh.issues.push(issue)
        return send(201, presentIssue(issue, pathname))
      }
      case 'PATCH issues/N': {
        const issue = gh.issues?.find((i) => i.number === n)
        if (!issue) return send(404, { message: 'Not Found' })
        const fields = issueFields(seen.body, false)
        if ('status' in fields) return send(fields.status, { message: fields.message })
        if (fields.title !== undefined) issue.title = fields.title
        if (fields.body !== undefined) issue.body = fields.body
        if (fields.state !== undefined) issue.state = fields.state
        issue.updated_at = new Date(Math.max(Date.now(), Date.parse(issue.created_at))).toISOString()
        return send(200, presentIssue(issue, pathname))
      }
      default:
        return send(404, { message: `Not Found: ${route}` })
    }
  }

  /** GraphQL, as far as the action asks it: who the token is (`viewer { login }`), as GitHub answers. */
  const graphql = (seen: SeenRequest, send: (status: number, body: unknown) => void) => {
    if (!seen.headers.authorization) return send(401, { message: 'This endpoint requires you to be authenticated.' })
    const query = String((JSON.parse(seen.body || '{}') as { query?: unknown }).query ?? '')
    if (!/\bviewer\s*\{\s*login\s*\}/.test(query))
      return send(200, { errors: [{ message: 'Not served by the stand-in' }] })
    return send(200, { data: { viewer: { login: (options.github?.tokenUser ?? TOKEN_USER).login } } })
  }

  /** `https://github.com/acme/app/issues/N#issuecomment-ID`, `pull/N` for a pull request, `#discussion_rID` for review comments. */
  const commentUrl = (n: number, id: number, review: boolean) =>
    review
      ? `https://github.com/acme/app/pull/${n}#discussion_r${id}`
      : `https://github.com/acme/app/${gh.pulls?.[n] ? 'pull' : 'issues'}/${n}#issuecomment-${id}`

  const presentComment = (c: MockComment, n: number, review: boolean) => ({
    id: c.id,
    node_id: `${review ? 'PRRC' : 'IC'}_mock${c.id}`,
    body: c.body,
    user: { ...c.user },
    created_at: c.created_at,
    updated_at: c.updated_at ?? c.created_at,
    html_url: c.html_url ?? commentUrl(n, c.id, review),
    ...(review
      ? {
          // GitHub files every review comment under a review; a reply (or a lone comment) is a review of its own.
          pull_request_review_id: 500_000 + c.id,
          ...(c.in_reply_to_id !== undefined ? { in_reply_to_id: c.in_reply_to_id } : {}),
        }
      : {}),
  })

  /** One page of a list, oldest first, with GitHub's `per_page` (default 30, at most 100), `page` and `Link`. */
  const listComments = (
    all: MockComment[],
    n: number,
    review: boolean,
    pathname: string,
    search: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) => {
    const sorted = [...all].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id)
    return listPage(sorted, (c) => presentComment(c, n, review), pathname, search, send)
  }

  /** A page of `sorted` as GitHub lists it: `per_page` (default 30, at most 100), `page`, and `Link`. */
  const listPage = <T>(
    sorted: T[],
    present: (item: T) => unknown,
    pathname: string,
    search: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) => {
    const q = new URLSearchParams(search)
    const asked = Number.parseInt(q.get('per_page') ?? '', 10)
    const perPage = Number.isNaN(asked) || asked < 1 ? 30 : Math.min(asked, 100)
    const pageAsked = Number.parseInt(q.get('page') ?? '', 10)
    const page = Number.isNaN(pageAsked) || pageAsked < 1 ? 1 : pageAsked
    const items = sorted.slice((page - 1) * perPage, page * perPage).map(present)
    const last = Math.max(1, Math.ceil(sorted.length / perPage))
    const linkTo = (p: number, rel: string) => {
      const params = new URLSearchParams(search)
      params.set('page', String(p))
      return `<${origin}${pathname}?${params}>; rel="${rel}"`
    }
    // As GitHub writes it: prev, next, last, first; no header at all for a single page.
    const links: string[] = []
    if (page > 1) links.push(linkTo(Math.min(page - 1, last), 'prev'))
    if (page < last) links.push(linkTo(page + 1, 'next'), linkTo(last, 'last'))
    if (page > 1) links.push(linkTo(1, 'first'))
    return send(200, items, links.length ? { link: links.join(', ') } : {})
  }

  const presentIssue = (issue: MockIssue, pathname: string) => ({
    id: 9_000_000 + issue.number,
    node_id: `I_mock${issue.number}`,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    user: { ...issue.user },
    created_at: issue.created_at,
    updated_at: issue.updated_at ?? issue.created_at,
    html_url:
      issue.html_url ??
      `https://github.com/${repoOf(pathname)}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}`,
    ...(issue.pull_request ? { pull_request: { ...issue.pull_request } } : {}),
  })

  /** `GET issues`: `state` (open by default, closed, all), `sort=created` with `direction` (desc by default). */
  const listIssues = (
    pathname: string,
    search: string,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) => {
    const q = new URLSearchParams(search)
    const state = q.get('state') ?? 'open'
    const sort = q.get('sort') ?? 'created'
    const direction = q.get('direction') ?? 'desc'
    if (!['open', 'closed', 'all'].includes(state) || sort !== 'created' || !['asc', 'desc'].includes(direction))
      return send(422, { message: 'Validation Failed: the stand-in serves state=open|closed|all, sort=created' })
    const sign = direction === 'asc' ? 1 : -1
    // `creator`: only the issues that account opened, as GitHub filters them.
    const creator = q.get('creator')
    const sorted = (gh.issues ?? [])
      .filter((i) => state === 'all' || i.state === state)
      .filter((i) => creator === null || i.user.login === creator)
      .sort((a, b) => sign * (Date.parse(a.created_at) - Date.parse(b.created_at) || a.number - b.number))
    return listPage(sorted, (i) => presentIssue(i, pathname), pathname, search, send)
  }

  const visitors: VisitorsData = options.visitors ?? { count: 0 }
  const visitorsPage = (metric: string, q: URLSearchParams, send: (status: number, body: unknown) => void) => {
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
  const cursorPage = (
    section: keyof typeof CURSOR_SECTIONS,
    q: URLSearchParams,
    send: (status: number, body: unknown) => void,
  ) => {
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
    const wanted = (row: Record<string, unknown>) =>
      (!statuses || statuses.includes(String(row.status))) && (source === null || row.source === source)
    const rows: Array<Record<string, unknown>> = []
    let next = at.index
    if (!data.emptyPages?.includes(at.page)) {
      for (; next < data.count && rows.length < limit; next++) {
        const row = rowAt(next) as Record<string, unknown>
        if (wanted(row)) rows.push({ ...row, ...data.rowExtra })
      }
      // Where the next page starts: the next row that passes the filters, so the last page says there is no more.
      while (next < data.count && !wanted(rowAt(next) as Record<string, unknown>)) next++
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

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      }
      requests.push(seen)
      handle(req, res, seen)
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`

  return {
    url: origin,
    visitors,
    views,
    ...cursorData,
    requests,
    jobs,
    script,
    github: gh,
    fault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    reset: (github = { roles: {} }) => {
      requests.length = 0
      jobs.clear()
      pending.clear()
      faults.length = 0
      for (const key of Object.keys(script)) delete script[key as keyof JobScript]
      Object.assign(script, DEFAULT_SCRIPT, options.script)
      counter = 0
      for (const key of Object.keys(gh)) delete gh[key as keyof GitHubData]
      Object.assign(gh, github)
      counters.delete(gh)
    },
    seedJob: (job, statuses = []) => {
      const full: MockJob = {
        status: 'active',
        source: { repository: 'https://github.com/acme/docs', ref: 'main' },
        model: 'claude-sonnet-4-5',
        prLink: null,
        createdAt: new Date().toISOString(),
        archivedAt: null,
        ...job,
      }
      jobs.set(full.id, full)
      pending.set(full.id, statuses)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** What differs between the three cursor-paged endpoints, as analytics-openapi.json gives it. */
const CURSOR_SECTIONS = {
  searches: { key: 'searches', defaultLimit: 50, maxLimit: 100, sample: sampleSearch },
  assistant: { key: 'conversations', defaultLimit: 100, maxLimit: 1000, sample: sampleTurn },
  feedback: { key: 'feedback', defaultLimit: 50, maxLimit: 100, sample: sampleFeedback },
} as const

/** A body that never ends: as fast as the client reads it, or a byte at a time. Stops when the client goes. */
function stream(
  res: ServerResponse,
  how: 'endless' | 'trickle',
  status: number,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.write('{"id": "job_1", "model": "')
  const chunk = 'x'.repeat(64 * 1024)
  const timer = setInterval(
    () => {
      if (res.destroyed) return clearInterval(timer)
      if (how === 'trickle') res.write('x')
      else while (res.write(chunk)) if (res.destroyed) break
    },
    how === 'trickle' ? 50 : 1,
  )
  res.on('close', () => clearInterval(timer))
}

/** `acme/app` from `/repos/acme/app/...`. */
function repoOf(pathname: string): string {
  return pathname.split('/').slice(2, 4).map(decodeURIComponent).join('/')
}

/** The comment with this id, and the issue or pull request number it belongs to. */
function findComment(
  store: Record<number, MockComment[]> | undefined,
  id: number,
): { comment: MockComment; number: number } | undefined {
  for (const [number, list] of Object.entries(store ?? {})) {
    const comment = list.find((c) => c.id === id)
    if (comment) return { comment, number: Number(number) }
  }
  return undefined
}

/** The `body` of a comment request, or the error GitHub answers (400 for bad JSON, 422 for a bad body). */
function commentBody(raw: string): string | { status: number; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { status: 400, message: 'Problems parsing JSON' }
  }
  const body = (parsed as { body?: unknown } | null)?.body
  if (typeof body !== 'string' || body.trim() === '')
    return { status: 422, message: 'Invalid request.\n\n"body" wasn\'t supplied.' }
  if (body.length > GITHUB_COMMENT_LIMIT)
    return { status: 422, message: `Body is too long (maximum is ${GITHUB_COMMENT_LIMIT} characters)` }
  return body
}

/** The fields of an issue request (a title is required to create one), or the error GitHub answers. */
function issueFields(
  raw: string,
  create: boolean,
): { title?: string; body?: string; state?: 'open' | 'closed' } | { status: number; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { status: 400, message: 'Problems parsing JSON' }
  }
  const { title, body, state } = (parsed ?? {}) as Record<string, unknown>
  if (create ? typeof title !== 'string' || title.trim() === '' : title !== undefined && typeof title !== 'string')
    return { status: 422, message: 'Invalid request.\n\n"title" wasn\'t supplied.' }
  if (body !== undefined && typeof body !== 'string') return { status: 422, message: 'Invalid request: "body"' }
  if (typeof body === 'string' && body.length > GITHUB_COMMENT_LIMIT)
    return { status: 422, message: `Body is too long (maximum is ${GITHUB_COMMENT_LIMIT} characters)` }
  if (state !== undefined && state !== 'open' && state !== 'closed')
    return { status: 422, message: 'Invalid request: "state"' }
  return {
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof body === 'string' ? { body } : {}),
    ...(state === 'open' || state === 'closed' ? { state } : {}),
  }
}

function readPrompt(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { prompt?: unknown }
    return typeof parsed.prompt === 'string' && parsed.prompt.length > 0 ? parsed.prompt : undefined
  } catch {
    return undefined
  }
}

if (import.meta.main) {
  const i = process.argv.indexOf('--port')
  const api = await startMockApi({ port: i > 0 ? Number(process.argv[i + 1]) : 8787 })
  console.log(
    `Mock Mintlify API (any \`mint_\` key, any project id; no data and no commenter roles: \`npm run mock-api\` has both, see its --help) on ${api.url}`,
  )
}
