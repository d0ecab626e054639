import { SeenPaths } from '../analytics/seen-paths.js'
import { type RetryOptions, retryTransient } from '../api/retry.js'
import type { VisitorCounts, VisitorsPage } from '../api/types.js'
import type { Clock } from '../clock.js'
import { counted, number } from '../format.js'
import type { Log } from '../log.js'
import { Cancelled } from '../runner/cancel.js'
import { clip } from '../text.js'
import type { TopRows } from './top-rows.js'
import type { RowWriter } from './writers.js'

export interface ExportDeps {
  /** One page from the API at this offset; may throw ApiError or NetworkError. */
  fetchPage: (offset: number) => Promise<VisitorsPage>
  writer: RowWriter
  top: TopRows
  clock: Clock
  log: Log
  signal?: AbortSignal
  retry?: Partial<Pick<RetryOptions, 'attempts' | 'initialDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs'>>
}

export interface ExportResult {
  totals: VisitorCounts
  rows: number
  /** Every page was read (`hasMore: false` reached, and `max-rows` did not cut it). */
  complete: boolean
  /** Why not every page was read, when `max-rows` was the reason (the API's paging is the other, with a warning). */
  stop?: 'max-rows'
  requests: number
  duplicates: number
}

/** A page that could not be read, with where the export stopped. */
export class ExportError extends Error {
  constructor(
    readonly cause: Error,
    readonly offset: number,
    readonly rows: number,
  ) {
    super(
      `${cause.message} The export stopped at offset ${number(offset)}, after ${counted(rows, 'row', 'rows')}; no file was written.`,
    )
    this.name = 'ExportError'
  }
}

const DUPLICATES_NAMED = 5

/**
 * Pages through the visitors endpoint from `offset`, writing each new row as it arrives. A path seen
 * before is skipped with a warning; a page that is empty or brings no new path ends the export, so a
 * server that keeps saying `hasMore: true` cannot keep the step running. Memory: the page in hand, the
 * top rows and 16 to 32 bytes per path seen (`SeenPaths`).
 */
export async function exportVisitors(
  start: { offset: number; maxRows: number },
  deps: ExportDeps,
): Promise<ExportResult> {
  const { log, writer, top } = deps
  const seen = new SeenPaths()
  let offset = start.offset
  let rows = 0
  let requests = 0
  let duplicates = 0
  let totals: VisitorCounts | undefined

  /**
   * Takes in one page, synchronously, and returns only numbers. Keeping the page out of the async loop's
   * frame matters: a page still referenced while the next one is awaited survives into V8's old space,
   * and a million rows of such pages grew the heap past 150 MiB.
   */
  const consume = (page: VisitorsPage) => {
    log.debug(`Offset ${number(offset)}: ${counted(page.rows.length, 'row', 'rows')}, hasMore ${page.hasMore}`)
    if (!totals) {
      totals = page.totals
      writer.begin(totals)
    }
    let fresh = 0
    for (const row of page.rows) {
      if (!seen.add(row.path)) {
        duplicates++
        if (duplicates <= DUPLICATES_NAMED)
          log.warning(
            `Path ${JSON.stringify(clip(row.path, 200))} came again at offset ${number(offset)}; it is written once.`,
          )
        continue
      }
      fresh++
      if (start.maxRows > 0 && rows >= start.maxRows)
        return { cut: true, fresh, length: page.rows.length, hasMore: page.hasMore }
      writer.write(row)
      top.offer(row)
      rows++
    }
    return { cut: false, fresh, length: page.rows.length, hasMore: page.hasMore }
  }

  const read = async () => {
    try {
      return consume(
        await retryTransient(
          () => {
            requests++
            return deps.fetchPage(offset)
          },
          {
            attempts: 6,
            initialDelayMs: 1000,
            maxDelayMs: 30_000,
            maxRetryAfterMs: 15 * 60_000,
            ...deps.retry,
            clock: deps.clock,
            log,
            signal: deps.signal,
            what: `Page at offset ${number(offset)}`,
          },
        ),
      )
    } catch (err) {
      if (err instanceof Cancelled || !(err instanceof Error)) throw err
      throw new ExportError(err, offset, rows)
    }
  }

  for (;;) {
    const page = await read()
    if (page.cut) return end(false, 'max-rows')
    if (!page.hasMore) return end(true)
    if (start.maxRows > 0 && rows >= start.maxRows) return end(false, 'max-rows')
    if (page.length === 0 || page.fresh === 0) {
      log.warning(
        `The API says more rows follow offset ${number(offset)}, but that page ${page.length === 0 ? 'was empty' : 'brought no path not seen before'}; stopping here. The file holds the ${counted(rows, 'row', 'rows')} read.`,
      )
      return end(false)
    }
    offset += page.length
  }

  function end(complete: boolean, stop?: 'max-rows'): ExportResult {
    if (duplicates > DUPLICATES_NAMED)
      log.warning(`${counted(duplicates, 'row', 'rows')} repeated a path already written; each path is written once.`)
    const result: ExportResult = { totals: totals as VisitorCounts, rows, complete, requests, duplicates }
    return stop ? { ...result, stop } : result
  }
}
