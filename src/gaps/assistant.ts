import { SeenPaths } from '../analytics/seen-paths.js'

import type { AssistantTurn } from '../api/types.js'
import { pagePath, readerText } from './reader-text.js'
import { compareText } from './searches.js'
import { TextArena } from './text-arena.js'

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

/** A category's questions: their numbers in the arena and their times (for the order), side by side. */
interface Kept {
  ids: number[]
  /** Milliseconds; -Infinity for a time that cannot be read, which sorts as the oldest. */
  times: number[]
}

/**
 * Collects unanswered turns page by page: `resolutionStatus` `unanswered`, except clarifying questions (a missing
 * `responseType` means `answer`). A turn is (`id`, `timestamp`), since `id` is its conversation's; seen twice, it
 * counts once. Only unanswered turns are kept, so memory grows with the gaps found, not with the turns read: each
 * question's text outside the heap (TextArena, about 100 bytes), its time and number in two arrays, and its
 * (`id`, `timestamp`) as a 64-bit keyed hash.
 */
export class UnansweredQuestions {
  private readonly seen = new SeenPaths()
  private readonly arena = new TextArena()
  private readonly byCategory = new Map<string, Kept>()
  /** Distinct unanswered turns. */
  count = 0

  offer(turn: AssistantTurn): void {
    if (turn.resolutionStatus !== 'unanswered') return
    if ((turn.responseType ?? 'answer') === 'clarifying_question') return
    // JSON of the pair: no separator inside either text can make two different pairs one key.
    if (!this.seen.add(JSON.stringify([turn.id, turn.timestamp]))) return
    this.count++
    const category = turn.queryCategory === null ? UNCATEGORIZED : readerText(turn.queryCategory) || UNCATEGORIZED
    const kept = this.byCategory.get(category) ?? { ids: [], times: [] }
    const timestamp = readerText(turn.timestamp)
    const path = turn.pageUrl === null ? '' : pagePath(turn.pageUrl)
    kept.ids.push(this.arena.add([timestamp, path, readerText(turn.query)].join(SEP)))
    const ms = Date.parse(timestamp)
    kept.times.push(Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms)
    this.byCategory.set(category, kept)
  }

  /** Categories by size (then name), each with its first `shown` questions, newest first. */
  found(shown = Number.POSITIVE_INFINITY): QuestionCategory[] {
    return [...this.byCategory]
      .map(([category, kept]) => {
        this.sort(kept)
        return { category, count: kept.ids.length, questions: kept.ids.slice(0, shown).map((id) => this.question(id)) }
      })
      .sort((a, b) => b.count - a.count || compareText(a.category, b.category))
  }

  /** Every question of a category, newest first, one at a time (the data file writes them as they come). */
  *all(category: string): Generator<UnansweredQuestion> {
    const kept = this.byCategory.get(category)
    if (!kept) return
    this.sort(kept)
    for (const id of kept.ids) yield this.question(id)
  }

  /**
   * Newest first, then by question. The arrays are put in that order, so sorting them again (`all()` after
   * `found()`) is one pass.
   */
  private sort(kept: Kept): void {
    const order = kept.ids.map((_, i) => i)
    order.sort((a, b) => {
      const ta = kept.times[a] as number
      const tb = kept.times[b] as number
      if (ta !== tb) return ta < tb ? 1 : -1
      return compareText(this.question(kept.ids[a] as number).question, this.question(kept.ids[b] as number).question)
    })
    kept.ids = order.map((i) => kept.ids[i] as number)
    kept.times = order.map((i) => kept.times[i] as number)
  }

  private question(id: number): UnansweredQuestion {
    // Always three fields: `offer` writes them, and none of them can hold SEP.
    const [timestamp, path, question] = this.arena.get(id).split(SEP) as [string, string, string]
    return { question, timestamp, path }
  }
}
