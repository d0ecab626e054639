/** Shapes from `admin-openapi.json`. Every field may be missing in practice, so all are optional. */

export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number]
export type KnownStatus = 'active' | TerminalStatus

export interface AgentJob {
  id: string
  /** Usually a KnownStatus; anything else is treated as not yet terminal. */
  status?: string
  source?: { repository?: string; ref?: string | null }
  model?: string
  prLink?: string | null
  createdAt?: string
  archivedAt?: string | null
}

export function isTerminal(status: string | undefined): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly (string | undefined)[]).includes(status)
}

/** Shapes from `analytics-openapi.json`. */
export interface VisitorCounts {
  human: number
  ai: number
  /** Deduplicated across human and AI: not `human + ai`. */
  total: number
}

export interface VisitorRow extends VisitorCounts {
  path: string
}

/** The analytics metrics the export reads: unique visitors, or content view events (`total` not deduplicated). */
export const METRICS = ['visitors', 'views'] as const
export type Metric = (typeof METRICS)[number]

/** One page of either metric; the answer holds its rows under the metric's name. */
export interface VisitorsPage {
  totals: VisitorCounts
  rows: VisitorRow[]
  hasMore: boolean
}

export interface VisitorsQuery {
  dateFrom?: string
  dateTo?: string
  limit: number
  offset: number
}

/**
 * The three analytics endpoints that say what readers did not find, as the content gaps action reads them.
 * Texts here are redacted (the client's door) and bounded by the shapes; reader text is cut and flattened
 * further by the gaps action before it is shown anywhere.
 */
export type CursorSection = 'searches' | 'assistant' | 'feedback'

/** One search term (`searches[]`): `ctr` 0 means no reader clicked a result. */
export interface SearchTerm {
  term: string
  hits: number
  ctr: number
  lastSearchedAt?: string
}

export interface SearchesPage {
  rows: SearchTerm[]
  totalSearches: number
  nextCursor: string | null
}

/** One assistant turn (`conversations[]`); a turn is (`id`, `timestamp`), `id` being the thread's. */
export interface AssistantTurn {
  id: string
  timestamp: string
  query: string
  resolutionStatus?: string
  /** Missing means `answer`. */
  responseType?: string
  queryCategory: string | null
  pageUrl: string | null
}

export interface AssistantPage {
  rows: AssistantTurn[]
  nextCursor: string | null
  hasMore: boolean
}

/**
 * One feedback item (`feedback[]`), without `contact`: the e-mail address a reader may leave is dropped as the
 * answer is read, and never reaches anything the action writes.
 */
export interface FeedbackItem {
  path: string
  source: string
  comment: string | null
  createdAt: string | null
  /** `contextual` items only. */
  helpful?: boolean
}

export interface FeedbackPage {
  rows: FeedbackItem[]
  nextCursor: string | null
  hasMore: boolean
}

export interface CursorQuery {
  dateFrom?: string
  dateTo?: string
  limit: number
  cursor?: string
  /** `feedback` only: a comma list of statuses. */
  status?: string
}

/**
 * Shapes from `deploy-openapi.json`. The answer to a trigger (a preview of a branch, or a deployment of the site):
 * the id to read its status by, and for a preview its URL.
 */
export interface DeploymentTrigger {
  statusId: string
  previewUrl?: string
}

export interface FilesChanged {
  added?: string[]
  modified?: string[]
  removed?: string[]
}

/**
 * A deployment's status (`GET /v1/project/update-status/{statusId}`). Every field may be missing. `status` is as
 * sent: `queued` and `in_progress` are not final, anything else is (src/deploy/status.ts). Texts are redacted (the
 * client's door) and bounded (deploy-shapes.ts), not yet cleaned for where they are shown.
 */
export interface DeploymentStatus {
  /** `_id`: the status id. */
  id?: string
  projectId?: string
  createdAt?: string
  endedAt?: string
  status?: string
  /** The API's own words on how it went (for a failure, why). */
  summary?: string
  /** The last lines of the build's log (deploy-shapes.ts keeps the last LOG_LINES_KEPT). */
  logs?: string[]
  subdomain?: string
  commit?: { sha?: string; ref?: string; message?: string; filesChanged?: FilesChanged }
  /** Null when the API says there is none. */
  author?: { name?: string } | null
  source?: string
}
