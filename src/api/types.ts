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
