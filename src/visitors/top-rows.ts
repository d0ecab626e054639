import type { VisitorRow } from '../api/types.js'

interface Ranked {
  row: VisitorRow
  order: number
}

/**
 * Keeps the `size` busiest rows by total (ties: the earlier row wins) in a min-heap, so the summary
 * needs no more than `size` rows in memory whatever the export's length.
 */
export class TopRows {
  private readonly heap: Ranked[] = []
  private seen = 0

  constructor(readonly size: number) {}

  offer(row: VisitorRow): void {
    const order = this.seen++
    if (this.size === 0) return
    if (this.heap.length < this.size) {
      this.heap.push({ row, order })
      this.up(this.heap.length - 1)
      return
    }
    // Most rows rank below the root; they are turned away without allocating anything.
    const root = this.heap[0] as Ranked
    if (row.total > root.row.total) {
      this.heap[0] = { row, order }
      this.down(0)
    }
  }

  /** Busiest first. */
  sorted(): VisitorRow[] {
    return [...this.heap].sort((a, b) => (before(a, b) ? -1 : 1)).map((r) => r.row)
  }

  get held(): number {
    return this.heap.length
  }

  private up(i: number): void {
    const h = this.heap
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(h[parent] as Ranked, h[i] as Ranked)) break
      ;[h[parent], h[i]] = [h[i] as Ranked, h[parent] as Ranked]
      i = parent
    }
  }

  private down(i: number): void {
    const h = this.heap
    for (;;) {
      let low = i
      for (const c of [2 * i + 1, 2 * i + 2]) if (c < h.length && before(h[low] as Ranked, h[c] as Ranked)) low = c
      if (low === i) return
      ;[h[low], h[i]] = [h[i] as Ranked, h[low] as Ranked]
      i = low
    }
  }
}

/** True when `a` ranks above `b`: more visitors, or as many and seen first. The heap's root ranks lowest. */
function before(a: Ranked, b: Ranked): boolean {
  return a.row.total > b.row.total || (a.row.total === b.row.total && a.order < b.order)
}
