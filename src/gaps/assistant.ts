import { SeenPaths } from '../analytics/seen-paths.js'

import type { AssistantTurn } from '../api/types.js'
import { NumberList } from './number-list.js'
import { pagePath, readerText } from './reader-text.js'
import { compareText } from './searches.js'
import { SpillFile, type SpillOptions } from './spill-file.js'

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

/** How many page URLs `pathOf` remembers. */
const PATHS_KEPT = 1000

/** A category's questions: where their texts start in the spill file, and their times (for the order), side by side. */
interface Kept {
  ids: NumberList
  /** Milliseconds; UNREADABLE for a time that cannot be read. */
  times: NumberList
}

/** The time of a question whose time cannot be read: the lowest number, so it sorts as the oldest. */
const UNREADABLE = -Number.MAX_VALUE

/**
 * Collects unanswered turns page by page: `resolutionStatus` `unanswered`, except clarifying questions (a missing
 * `responseType` means `answer`). A turn is (`id`, `timestamp`), since `id` is its conversation's; seen twice, it
 * counts once. Only unanswered turns are kept, and of each only numbers stay in memory, outside the heap: its time
 * and where its text is (two `NumberList`s of its category, 16 bytes) and its (`id`, `timestamp`) as a 64-bit keyed
 * hash (`SeenPaths`, 16 to 32 bytes). The texts go to a temporary file (`SpillFile`, at `file`) as they come; the
 * summary, worklist and prompt read the first `max-items` of each category back (`found`), the data file all of
 * them, one at a time (`all`). `close()` removes the file.
 *
 * Why a file: with the texts in memory (in one buffer outside the heap) and the times and numbers in arrays, 200,000
 * turns took 152 to 155 MiB peak RSS with 80,000 unanswered and 198 to 209 MiB with all of them, against a target of
 * 150 MiB; with the texts in a file and the garbage that made V8 double its young generation gone, 116 to 117 and
 * 126 to 127 MiB, and 111 to 113 MiB with 20,000 (`npm run bench`'s reading, six runs each; docs/benchmarks.md).
 */
export class UnansweredQuestions {
  private readonly seen = new SeenPaths()
  private readonly texts: SpillFile
  private readonly byCategory = new Map<string, Kept>()
  private readonly paths = new Map<string, string>()
  /** Distinct unanswered turns. */
  count = 0

  constructor(options: SpillOptions = {}) {
    this.texts = new SpillFile(options)
  }

  offer(turn: AssistantTurn): void {
    if (turn.resolutionStatus !== 'unanswered') return
    if ((turn.responseType ?? 'answer') === 'clarifying_question') return
    // The pair as one key, the id's length first: no text inside either can make two different pairs one key. (As
    // JSON, the key left twice the garbage: about 125 bytes a question.)
    if (!this.seen.add(`${turn.id.length}:${turn.id}${turn.timestamp}`)) return
    this.count++
    const category = turn.queryCategory === null ? UNCATEGORIZED : readerText(turn.queryCategory) || UNCATEGORIZED
    let kept = this.byCategory.get(category)
    if (!kept) {
      kept = { ids: new NumberList(), times: new NumberList() }
      this.byCategory.set(category, kept)
    }
    const timestamp = readerText(turn.timestamp)
    const path = turn.pageUrl === null ? '' : this.pathOf(turn.pageUrl)
    // Reader text holds no line break and no U+0000 (control characters became spaces), as the file needs.
    kept.ids.push(this.texts.add([timestamp, path, readerText(turn.query)]))
    const ms = Date.parse(timestamp)
    kept.times.push(Number.isNaN(ms) ? UNREADABLE : ms)
  }

  /** Categories by size (then name), each with its first `shown` questions, newest first. */
  found(shown = Number.POSITIVE_INFINITY): QuestionCategory[] {
    return [...this.byCategory]
      .map(([category, kept]) => {
        this.sort(kept)
        const questions: UnansweredQuestion[] = []
        for (let i = 0; i < Math.min(shown, kept.ids.length); i++) questions.push(this.question(kept.ids.at(i)))
        return { category, count: kept.ids.length, questions }
      })
      .sort((a, b) => b.count - a.count || compareText(a.category, b.category))
  }

  /** Every question of a category, newest first, one at a time (the data file writes them as they come). */
  *all(category: string): Generator<UnansweredQuestion> {
    const kept = this.byCategory.get(category)
    if (!kept) return
    this.sort(kept)
    for (let i = 0; i < kept.ids.length; i++) yield this.question(kept.ids.at(i))
  }

  /** Removes the temporary file; call it once the data file is written. */
  close(): void {
    this.texts.close()
  }

  /**
   * Newest first, then by question; questions alike keep the order they had. By time first, then each run of one
   * time by its questions, read back from the file once each, not once a comparison. The order by time is found
   * with typed arrays only, outside the heap: an array of 67,000 numbers sorted with a comparator (200,000
   * questions in three categories) was enough, promoted, to make V8 double its young generation at the end of a run.
   */
  private sort({ ids, times }: Kept): void {
    const n = ids.length
    // The times, newest first (negated, so that the native ascending sort puts them so), then each question at the
    // first free place of its time: questions of one time stay in the order they had.
    const sorted = new Float64Array(n)
    // Stryker disable next-line EqualityOperator: a write past a typed array's end is dropped
    for (let i = 0; i < n; i++) sorted[i] = -times.at(i)
    sorted.sort()
    const order = new Uint32Array(n)
    const placed = new Uint32Array(n)
    for (let i = 0; i < n; i++) {
      const first = firstAtLeast(sorted, -times.at(i))
      order[first + (placed[first] as number)++] = i
    }
    // Stryker disable next-line EqualityOperator: one more turn starts a run past the end, of one, left as it is
    for (let from = 0; from < n; ) {
      let to = from + 1
      // Stryker disable next-line EqualityOperator,ConditionalExpression: past the end, order holds no index, so no time
      while (to < n && sorted[to] === sorted[from]) to++
      // Stryker disable next-line EqualityOperator,ConditionalExpression,ArithmeticOperator: a run of one is in order
      if (to - from > 1) {
        const run = Array.from(order.subarray(from, to), (i) => ({ i, question: this.question(ids.at(i)).question }))
        run.sort((a, b) => compareText(a.question, b.question))
        for (let k = 0; k < run.length; k++) order[from + k] = (run[k] as { i: number }).i
      }
      from = to
    }
    ids.permute(order)
    times.permute(order)
  }

  /**
   * The path of a page's URL, remembered for the next question asked on it (most are asked on a few pages): parsing
   * a URL leaves about 470 bytes of garbage, which at 200,000 questions was enough to make V8 double its young
   * generation (docs/benchmarks.md). At most PATHS_KEPT are remembered; past that, it starts over.
   */
  private pathOf(url: string): string {
    // Stryker disable all: a memo; whatever it remembers or forgets, each path is the one pagePath gives
    let path = this.paths.get(url)
    if (path === undefined) {
      if (this.paths.size >= PATHS_KEPT) this.paths.clear()
      path = pagePath(url)
      this.paths.set(url, path)
    }
    // Stryker restore all
    return path
  }

  private question(id: number): UnansweredQuestion {
    // Always the three fields `offer` writes.
    const [timestamp, path, question] = this.texts.get(id) as [string, string, string]
    return { question, timestamp, path }
  }
}

/** The first place in `sorted` (ascending) whose number is not below `x`. */
function firstAtLeast(sorted: Float64Array, x: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] as number) < x) low = middle + 1
    else high = middle
  }
  return low
}
