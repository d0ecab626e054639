/**
 * `compare: previous-period`: the previous period is read whole first, into a map of path → counts (the one
 * thing held in memory besides the dedup table: about 100 bytes a page); then every row of the export is
 * written with its previous counts, and the pages seen only before follow with zeros.
 */
import type { VisitorCounts, VisitorsPage } from '../api/types.js'
import { number } from '../format.js'
import { type ExportDeps, ExportError, type ExportResult, exportVisitors } from './export.js'
import { TopRows } from './top-rows.js'
import type { ExportRow, RowWriter } from './writers.js'

/** The previous period as read: its totals and every page's counts, by path. */
export interface PreviousPeriod {
  totals: VisitorCounts
  byPath: Map<string, VisitorCounts>
  requests: number
}

/** Reads the previous period in full, from offset 0, with the export's own pager (retries, dedup, stops). */
export async function readPrevious(
  fetchPage: (offset: number) => Promise<VisitorsPage>,
  deps: Omit<ExportDeps, 'fetchPage' | 'writer' | 'top'>,
): Promise<PreviousPeriod> {
  const byPath = new Map<string, VisitorCounts>()
  let totals: VisitorCounts = { human: 0, ai: 0, total: 0 }
  const collector: RowWriter = {
    begin: (t) => {
      totals = { human: t.human, ai: t.ai, total: t.total }
    },
    // Copied, so that no page of the answer stays alive through its rows.
    write: (r) => {
      byPath.set(r.path, { human: r.human, ai: r.ai, total: r.total })
    },
    finish: () => '',
    discard: () => {},
  }
  let result: ExportResult
  try {
    result = await exportVisitors(
      { offset: 0, maxRows: 0 },
      { ...deps, fetchPage, writer: collector, top: new TopRows(0) },
    )
  } catch (err) {
    if (!(err instanceof ExportError)) throw err
    throw new Error(
      `${err.cause.message} Reading the previous period stopped at offset ${number(err.offset)}; no file was written.`,
    )
  }
  return { totals, byPath, requests: result.requests }
}

/**
 * What the comparison found, for the summary. Gains and drops: pages seen in both periods, by change of total. New
 * pages (seen now, not then) by their total now, vanished ones (seen then, not now) by their total then: each kept
 * apart, so a page that only came or went never crowds out a page that grew or shrank. Every list is a `TopRows` of
 * `size`: memory stays bounded whatever the export's length; `fresh` and `vanished` count them all.
 */
export class Trends {
  fresh = 0
  vanished = 0
  readonly gains: TopRows<ExportRow>
  readonly drops: TopRows<ExportRow>
  readonly newPages: TopRows<ExportRow>
  readonly vanishedPages: TopRows<ExportRow>

  constructor(size: number) {
    this.gains = new TopRows<ExportRow>(size, (r) => change(r))
    this.drops = new TopRows<ExportRow>(size, (r) => -change(r))
    this.newPages = new TopRows<ExportRow>(size)
    this.vanishedPages = new TopRows<ExportRow>(size, (r) => r.previous?.total ?? 0)
  }

  /** A row of this period: new when it has no previous counts, else a gain, a drop, or neither. */
  offer(row: ExportRow): void {
    if (!row.previous) {
      this.fresh++
      this.newPages.offer(row)
    } else if (change(row) > 0) this.gains.offer(row)
    else if (change(row) < 0) this.drops.offer(row)
  }

  /** A page of the previous period that this period does not have. */
  offerVanished(row: ExportRow): void {
    this.vanished++
    this.vanishedPages.offer(row)
  }
}

/** The change of a page's total since the previous period. */
export function change(row: ExportRow): number {
  return row.total - (row.previous?.total ?? 0)
}

/**
 * Wraps the file's writer: each row gets its previous counts (and leaves the map, so what is left at the end
 * are the pages seen only before); `finish` appends those vanished pages with zeros when every page of the
 * export was read (when `max-rows` or a stop cut it short they cannot be known).
 */
export function joiningWriter(file: RowWriter, previous: PreviousPeriod, trends: Trends): RowWriter {
  const { byPath } = previous
  return {
    begin: (totals) => file.begin(totals, previous.totals),
    write: (row) => {
      const before = byPath.get(row.path)
      if (before) byPath.delete(row.path)
      const joined: ExportRow = { path: row.path, human: row.human, ai: row.ai, total: row.total, previous: before }
      trends.offer(joined)
      file.write(joined)
    },
    finish: (complete) => {
      if (complete)
        for (const [path, before] of byPath) {
          const gone: ExportRow = { path, human: 0, ai: 0, total: 0, previous: before }
          trends.offerVanished(gone)
          file.write(gone)
        }
      return file.finish(complete)
    },
    discard: () => file.discard(),
  }
}

/** `total-change`: percent, one decimal, no plus sign, no `-0.0`; empty when the previous total is 0. */
export function totalChange(now: number, before: number): string {
  if (before === 0 || !Number.isFinite(now) || !Number.isFinite(before)) return ''
  const text = ((100 * (now - before)) / Math.abs(before)).toFixed(1)
  return text === '-0.0' ? '0.0' : text
}
