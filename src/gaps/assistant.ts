import { SeenPaths } from '../analytics/seen-paths.js'
import type { AssistantTurn } from '../api/types.js'
import { pagePath, readerText } from './reader-text.js'
import { compareText } from './searches.js'

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
  /** Its distinct unanswered questions. */
  count: number
  /** Newest first: the first ones (as many as were asked for), or all of them. */
  questions: UnansweredQuestion[]
}

export const UNCATEGORIZED = 'Uncategorized'

/** Separates the fields of a kept question; reader text never holds it (control characters became spaces). */
const SEP = '\u0000'

/**
 * Collects unanswered turns page by page: `resolutionStatus` `unanswered`, except clarifying questions (a missing
 * `responseType` means `answer`). A turn is (`id`, `timestamp`), since `id` is its conversation's; seen twice, it
 * counts once. Only unanswered turns are kept, so memory grows with the gaps found, not with the turns read; each
 * is kept as one string (its sort key, time, path and question) and its (`id`, `timestamp`) as a 64-bit keyed
 * hash, about 150 bytes a question where objects and a set of texts took about 450 (80,000 questions, measured).
 */
export class UnansweredQuestions {
  private readonly seen = new SeenPaths()
  private readonly byCategory = new Map<string, string[]>()
  /** One string per distinct page path, shared by the questions asked there. */
  private readonly paths = new Map<string, string>()
  /** Distinct unanswered turns. */
  count = 0

  offer(turn: AssistantTurn): void {
    if (turn.resolutionStatus !== 'unanswered') return
    if ((turn.responseType ?? 'answer') === 'clarifying_question') return
    // JSON of the pair: no separator inside either text can make two different pairs one key.
    if (!this.seen.add(JSON.stringify([turn.id, turn.timestamp]))) return
    this.count++
    const category = turn.queryCategory === null ? UNCATEGORIZED : readerText(turn.queryCategory) || UNCATEGORIZED
    const list = this.byCategory.get(category) ?? []
    const timestamp = readerText(turn.timestamp)
    const path = turn.pageUrl === null ? '' : this.intern(pagePath(turn.pageUrl))
    list.push([sortKey(timestamp), timestamp, path, readerText(turn.query)].join(SEP))
    this.byCategory.set(category, list)
  }

  /** Categories by size (then name), each with its first `shown` questions, newest first. */
  found(shown = Number.POSITIVE_INFINITY): QuestionCategory[] {
    this.sort()
    return [...this.byCategory]
      .map(([category, list]) => ({ category, count: list.length, questions: list.slice(0, shown).map(unpack) }))
      .sort((a, b) => b.count - a.count || compareText(a.category, b.category))
  }

  /** Every question of a category, newest first, one at a time (the data file writes them as they come). */
  *all(category: string): Generator<UnansweredQuestion> {
    const list = this.byCategory.get(category) ?? []
    list.sort(newestFirst)
    for (const packed of list) yield unpack(packed)
  }

  /** Sorts every category; a list already sorted costs one pass (TimSort), so `all()` after `found()` is cheap. */
  private sort(): void {
    for (const list of this.byCategory.values()) list.sort(newestFirst)
  }

  /** Sharing one string per path saves memory only: no test can tell a copy from the shared one. */
  private intern(path: string): string {
    const known = this.paths.get(path)
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, memory only (see above)
    if (known !== undefined) return known
    // Stryker disable next-line CallExpression: equivalent, memory only (see above)
    this.paths.set(path, path)
    return path
  }
}

/** A time as a key that sorts as the time does: ISO 8601 in UTC; empty (oldest) when it cannot be read. */
function sortKey(timestamp: string): string {
  const ms = Date.parse(timestamp)
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString()
}

/** Newest first: the sort key (an ISO time, empty when unreadable, so oldest) descending; then the question. */
function newestFirst(a: string, b: string): number {
  const ka = a.slice(0, a.indexOf(SEP))
  const kb = b.slice(0, b.indexOf(SEP))
  return ka < kb ? 1 : ka > kb ? -1 : compareText(questionOf(a), questionOf(b))
}

function questionOf(packed: string): string {
  return packed.slice(packed.lastIndexOf(SEP) + 1)
}

function unpack(packed: string): UnansweredQuestion {
  // Always four fields: `offer` writes them, and none of them can hold SEP.
  const [, timestamp, path, question] = packed.split(SEP) as [string, string, string, string]
  return { question, timestamp, path }
}
