import type { VisitorRow } from '../api/types.js'

interface Ranked<R> {
  row: R
  order: number
  score: number
}

/**
 * Keeps the `size` rows that rank highest by `score` (by default the total: the busiest; ties: the earlier row
 * wins) in a min-heap, so the summary needs no more than `size` rows in memory whatever the export's length.
 */
export class TopRows<R extends VisitorRow = VisitorRow> {
  private readonly heap: Array<Ranked<R>> = []
  private seen = 0

  constructor(
    readonly size: number,
    private readonly score: (row: R) => number = (row) => row.total,
  ) {}

  offer(row: R): void {
    const order = this.seen++
    if (this.size === 0) return
    const score = this.score(row)
    if (this.heap.length < this.size) {
      this.heap.push({ row, order, score })
      this.up(this.heap.length - 1)
      return
    }
    // Most rows rank below the root; they are turned away without allocating anything.
    const root = this.heap[0] as Ranked<R>
    if (score > root.score) {
      this.heap[0] = { row, order, score }
      this.down(0)
    }
  }

  /** Highest first. */
  sorted(): R[] {
    return [...this.heap].sort((a, b) => (before(a, b) ? -1 : 1)).map((r) => r.row)
  }

  get held(): number {
    return this.heap.length
  }

  private up(i: number): void {
    const h = this.heap
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(h[parent] as Ranked<R>, h[i] as Ranked<R>)) break
      ;[h[parent], h[i]] = [h[i] as Ranked<R>, h[parent] as Ranked<R>]
      i = parent
    }
  }

  private down(i: number): void {
    const h = this.heap
    for (;;) {
      let low = i
      for (const c of [2 * i + 1, 2 * i + 2])
        if (c < h.length && before(h[low] as Ranked<R>, h[c] as Ranked<R>)) low = c
      if (low === i) return
      ;[h[low], h[i]] = [h[i] as Ranked<R>, h[low] as Ranked<R>]
      i = low
    }
  }
}

/** True when `a` ranks above `b`: a higher score, or as high and seen first. The heap's root ranks lowest. */
function before<R>(a: Ranked<R>, b: Ranked<R>): boolean {
  return a.score > b.score || (a.score === b.score && a.order < b.order)
}
