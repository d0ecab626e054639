import type { AssistantTurn } from '../api/types.js'
import { pagePath, readerText } from './reader-text.js'
import { compareText, newer } from './searches.js'

/** An assistant turn the docs could not answer. */
export interface UnansweredQuestion {
  question: string
  timestamp: string
  /** The path of the page where the conversation started; empty when none was captured. */
  path: string
}

export interface QuestionCategory {
  /** `queryCategory`, or `Uncategorized` when null. */
  category: string
  /** Newest first. */
  questions: UnansweredQuestion[]
}

export const UNCATEGORIZED = 'Uncategorized'

/**
 * Collects unanswered turns page by page: `resolutionStatus` `unanswered`, except clarifying questions (a missing
 * `responseType` means `answer`). A turn is (`id`, `timestamp`), since `id` is its conversation's; seen twice, it
 * counts once. Only unanswered turns are kept, so memory grows with the gaps found, not with the turns read.
 */
export class UnansweredQuestions {
  private readonly seen = new Set<string>()
  private readonly byCategory = new Map<string, UnansweredQuestion[]>()
  /** Distinct unanswered turns. */
  count = 0

  offer(turn: AssistantTurn): void {
    if (turn.resolutionStatus !== 'unanswered') return
    if ((turn.responseType ?? 'answer') === 'clarifying_question') return
    // JSON of the pair: no separator inside either text can make two different pairs one key.
    const key = JSON.stringify([turn.id, turn.timestamp])
    if (this.seen.has(key)) return
    this.seen.add(key)
    this.count++
    const category = turn.queryCategory === null ? UNCATEGORIZED : readerText(turn.queryCategory) || UNCATEGORIZED
    const list = this.byCategory.get(category) ?? []
    list.push({
      question: readerText(turn.query),
      timestamp: readerText(turn.timestamp),
      path: turn.pageUrl === null ? '' : pagePath(turn.pageUrl),
    })
    this.byCategory.set(category, list)
  }

  /** Categories by size (then name), questions newest first in each. */
  found(): QuestionCategory[] {
    return [...this.byCategory]
      .map(([category, questions]) => ({
        category,
        questions: questions.sort((a, b) =>
          newer(a.timestamp, b.timestamp)
            ? -1
            : newer(b.timestamp, a.timestamp)
              ? 1
              : compareText(a.question, b.question),
        ),
      }))
      .sort((a, b) => b.questions.length - a.questions.length || compareText(a.category, b.category))
  }
}
