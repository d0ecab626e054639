import type { QuestionCategory, UnansweredQuestion } from './assistant.js'
import type { ReportedPage } from './feedback.js'
import type { Section } from './inputs.js'
import type { ReadResult } from './read.js'
import type { ZeroClickSearch } from './searches.js'
import type { SinceLastRun } from './since.js'

/** Everything a run found, as every surface (files, summary, issue, prompt, outputs) shows it. */
export interface Found {
  dateFrom: string
  dateTo: string
  /** The sections chosen (`sections`). */
  sections: ReadonlySet<Section>
  read: ReadResult
  searches: ZeroClickSearch[]
  /** Every search event in the window (`totalSearches`). */
  totalSearches: number
  /** Every category, each with (at least) its first `maxItems` questions. */
  unanswered: QuestionCategory[]
  /** Every question of a category, newest first, for the data file; its `questions` when not given. */
  allQuestions?: (category: string) => Iterable<UnansweredQuestion>
  /** Distinct unanswered turns. */
  unansweredCount: number
  pages: ReportedPage[]
  /** How many items of each section the summary, worklist, issue and prompt show. */
  maxItems: number
  /** `min-hits` and `feedback-status`, for the summary to say what was counted. */
  minHits?: number
  feedbackStatus?: string
  /** With `issue: update`, once the issue was kept: what changed since the last run. */
  since?: SinceLastRun
}

export interface Counts {
  searches: number
  unanswered: number
  pages: number
  items: number
}

export function countsOf(found: Found): Counts {
  const searches = found.searches.length
  const pages = found.pages.length
  return { searches, unanswered: found.unansweredCount, pages, items: searches + found.unansweredCount + pages }
}

/** The first `n` questions over all categories (categories in their order), each with its category. */
export function firstQuestions(categories: QuestionCategory[], n: number): QuestionCategory[] {
  const out: QuestionCategory[] = []
  let left = n
  for (const c of categories) {
    if (left <= 0) break
    const questions = c.questions.slice(0, left)
    out.push({ category: c.category, count: c.count, questions })
    left -= questions.length
  }
  return out
}
