import type { SearchTerm } from '../api/types.js'
import { clip } from '../text.js'
import { flatText, READER_TEXT_MAX } from './reader-text.js'

/** A search term no reader clicked a result of: its members grouped case-insensitively. */
export interface ZeroClickSearch {
  /** As the busiest member wrote it (the API lists terms busiest first), one bounded line. */
  term: string
  hits: number
  /** The newest `lastSearchedAt` of its members, when any has one. */
  lastSearchedAt?: string
}

interface Group {
  term: string
  hits: number
  clicked: boolean
  lastSearchedAt?: string
}

/**
 * Collects search terms page by page. Terms are grouped by their trimmed, lower-cased text (hits summed, the newest
 * `lastSearchedAt`); a group is a gap when no member has a click (`ctr` 0: the only value whose unit does not
 * matter) and its hits reach `minHits`. Memory: one entry per distinct term read.
 */
export class ZeroClickSearches {
  private readonly groups = new Map<string, Group>()
  totalSearches = 0

  constructor(private readonly minHits: number) {}

  offer(row: SearchTerm): void {
    // The group's key is the whole term: two long terms alike in their first 300 characters stay apart.
    const flat = flatText(row.term)
    const term = clip(flat, READER_TEXT_MAX)
    const key = flat.toLowerCase()
    const group = this.groups.get(key) ?? { term, hits: 0, clicked: false }
    group.hits += row.hits
    if (row.ctr !== 0) group.clicked = true
    if (row.lastSearchedAt !== undefined && newer(row.lastSearchedAt, group.lastSearchedAt))
      group.lastSearchedAt = row.lastSearchedAt
    this.groups.set(key, group)
  }

  /** The gaps, busiest first (then by term, so that equal counts keep one order from run to run). */
  found(): ZeroClickSearch[] {
    const gaps: ZeroClickSearch[] = []
    for (const g of this.groups.values())
      if (!g.clicked && g.hits >= this.minHits)
        gaps.push(
          g.lastSearchedAt === undefined
            ? { term: g.term, hits: g.hits }
            : { term: g.term, hits: g.hits, lastSearchedAt: g.lastSearchedAt },
        )
    return gaps.sort((a, b) => b.hits - a.hits || compareText(a.term, b.term))
  }
}

/** Whether time `a` is after `b` (undefined or unreadable `b`: yes). Unreadable `a` never wins over a readable `b`. */
export function newer(a: string, b: string | undefined): boolean {
  if (b === undefined) return true
  const ta = Date.parse(a)
  const tb = Date.parse(b)
  if (Number.isNaN(tb)) return !Number.isNaN(ta) || a > b
  return !Number.isNaN(ta) && ta > tb
}

/** A stable order for texts, independent of the runner's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
