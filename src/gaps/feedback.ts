import type { FeedbackItem, VisitorRow } from '../api/types.js'
import { pagePath, readerText } from './reader-text.js'
import { compareText, newer } from './searches.js'

/** A reader's comment on a page, one bounded line. */
export interface ReaderComment {
  text: string
  createdAt: string | null
  source: string
}

/** A page readers reported, with its traffic in the window. */
export interface ReportedPage {
  path: string
  reports: number
  votes: number
  /**
   * `total` of the views endpoint for the page, 0 when it has no row; undefined when the views were not read to
   * their end (the request budget ran out), so no page's count is known.
   */
  views?: number
  /** Reports per 1,000 views, undefined when views are 0 or not known. */
  rate?: number
  /** The three newest comments of its reports (praise from a helpful vote is no report). */
  comments: ReaderComment[]
}

export const COMMENTS_KEPT = 3

/**
 * A report says something is wrong with the page: page feedback marked not helpful, feedback on a code block,
 * feedback sent by an AI agent. A thumbs-only vote has no direction in this endpoint, and helpful page feedback is
 * praise: both are votes.
 */
export function isReport(item: FeedbackItem): boolean {
  if (item.source === 'contextual') return item.helpful === false
  return item.source === 'code_snippet' || item.source === 'agent'
}

/**
 * Collects feedback page by page, grouped by page path; then the views of the reported pages, page by page.
 * Memory: one entry per page with feedback, and at most COMMENTS_KEPT comments each.
 */
export class ReportedPages {
  private readonly pages = new Map<string, ReportedPage>()
  /** Feedback items read (reports and votes). */
  items = 0
  /** Set when the views were not read to their end: then no page's views are known. */
  viewsUnknown = false

  offer(item: FeedbackItem): void {
    this.items++
    const path = pagePath(item.path)
    const page = this.pages.get(path) ?? { path, reports: 0, votes: 0, views: 0, comments: [] }
    const report = isReport(item)
    if (report) page.reports++
    else page.votes++
    const text = item.comment === null || !report ? '' : readerText(item.comment)
    if (text !== '')
      keepNewest(page.comments, {
        text,
        createdAt: item.createdAt && readerText(item.createdAt),
        source: readerText(item.source),
      })
    this.pages.set(path, page)
  }

  /** Whether any page was reported: only then are views worth reading. */
  get anyReported(): boolean {
    for (const page of this.pages.values()) if (page.reports > 0) return true
    return false
  }

  /** A row of the views endpoint: its `total` joins the page it names (rows naming one page add up). */
  offerViews(row: VisitorRow): void {
    const page = this.pages.get(pagePath(row.path))
    if (page && page.reports > 0) page.views = (page.views ?? 0) + row.total
  }

  /** Pages with at least one report: by reports, then reports per 1,000 views (pages without views last), then path. */
  found(): ReportedPage[] {
    const reported: ReportedPage[] = []
    for (const page of this.pages.values()) {
      if (page.reports === 0) continue
      if (this.viewsUnknown) reported.push({ ...page, views: undefined })
      else if (page.views !== undefined && page.views > 0)
        reported.push({ ...page, rate: (page.reports * 1000) / page.views })
      else reported.push({ ...page })
    }
    return reported.sort(
      (a, b) =>
        b.reports - a.reports ||
        (b.rate ?? Number.NEGATIVE_INFINITY) - (a.rate ?? Number.NEGATIVE_INFINITY) ||
        compareText(a.path, b.path),
    )
  }
}

/** Adds `comment` to the newest COMMENTS_KEPT, newest first (undated comments count as oldest). */
function keepNewest(comments: ReaderComment[], comment: ReaderComment): void {
  const at = comments.findIndex((c) => isNewer(comment, c))
  comments.splice(at === -1 ? comments.length : at, 0, comment)
  if (comments.length > COMMENTS_KEPT) comments.length = COMMENTS_KEPT
}

function isNewer(a: ReaderComment, b: ReaderComment): boolean {
  if (a.createdAt === null) return false
  return newer(a.createdAt, b.createdAt ?? undefined)
}
