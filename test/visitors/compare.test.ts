import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import type { VisitorCounts, VisitorRow, VisitorsPage } from '../../src/api/types.js'
import { Cancelled } from '../../src/runner/cancel.js'
import {
  change,
  joiningWriter,
  type PreviousPeriod,
  readPrevious,
  Trends,
  totalChange,
} from '../../src/visitors/compare.js'
import type { ExportRow, RowWriter } from '../../src/visitors/writers.js'
import { FakeClock, memoryLog } from '../helpers/fakes.js'

const counts = (total: number): VisitorCounts => ({ human: total + 1, ai: total + 2, total })
const page = (path: string, total: number): VisitorRow => ({ path, ...counts(total) })
/** A row of this period with its previous counts (none: the page is new). */
const joined = (path: string, total: number, before?: number): ExportRow => ({
  ...page(path, total),
  previous: before === undefined ? undefined : counts(before),
})
const deps = () => ({ clock: new FakeClock(), log: memoryLog() })

describe('readPrevious', () => {
  it("reads the previous period whole from offset 0: its totals, each page's counts by path, the requests", async () => {
    const totals = { human: 70, ai: 8, total: 75 }
    const rows = [page('/a', 10), page('/b', 20), page('/c', 30)]
    const offsets: number[] = []
    const fetchPage = async (offset: number): Promise<VisitorsPage> => {
      offsets.push(offset)
      return { totals, rows: rows.slice(offset, offset + 2), hasMore: offset + 2 < rows.length }
    }
    const previous = await readPrevious(fetchPage, deps())
    expect(offsets).toEqual([0, 2])
    expect(previous.requests).toBe(2)
    expect(previous.totals).toEqual(totals)
    // Counts only, copied out of the page.
    expect([...previous.byPath]).toEqual([
      ['/a', counts(10)],
      ['/b', counts(20)],
      ['/c', counts(30)],
    ])
    expect(previous.byPath.get('/a')).not.toBe(rows[0])
  })

  it('a page that cannot be read says the previous period stopped, and where; no file', async () => {
    const failure = new ApiError('visitors', 400, 'Invalid query parameters')
    const fetchPage = async (offset: number): Promise<VisitorsPage> => {
      if (offset > 0) throw failure
      return { totals: counts(3), rows: [page('/a', 1), page('/b', 2)], hasMore: true }
    }
    const err = await readPrevious(fetchPage, deps()).catch((e: unknown) => e)
    expect((err as Error).message).toBe(
      `${failure.message} Reading the previous period stopped at offset 2; no file was written.`,
    )
  })

  it('a cancellation passes through as it is', async () => {
    const cancelled = new Cancelled('SIGTERM')
    const fetchPage = async (): Promise<VisitorsPage> => {
      throw cancelled
    }
    await expect(readPrevious(fetchPage, deps())).rejects.toBe(cancelled)
  })
})

describe('change', () => {
  it("is the page's total now less its total then; a new page's whole total", () => {
    expect(change(joined('/a', 30, 10))).toBe(20)
    expect(change(joined('/a', 10, 30))).toBe(-20)
    expect(change(joined('/new', 7))).toBe(7)
    expect(change(joined('/gone', 0, 5))).toBe(-5)
  })
})

describe('Trends', () => {
  it('a page whose total did not change is neither a gain nor a drop', () => {
    const trends = new Trends(5)
    for (const row of [
      joined('/up', 12, 10),
      joined('/same', 20, 20),
      { ...joined('/moved', 9, 9), human: 1, ai: 8 },
      joined('/flat', 0, 0),
      joined('/down', 5, 8),
    ])
      trends.offer(row)
    expect(trends.gains.sorted().map((r) => r.path)).toEqual(['/up'])
    expect(trends.drops.sorted().map((r) => r.path)).toEqual(['/down'])
  })

  it('keeps the biggest gains and the biggest drops among pages seen in both periods, biggest first', () => {
    const trends = new Trends(2)
    for (const [path, now, before] of [
      ['/g1', 11, 10],
      ['/d1', 9, 10],
      ['/g5', 15, 10],
      ['/d7', 3, 10],
      // New: its whole total would be the second biggest gain.
      ['/new', 3, undefined],
      ['/d4', 6, 10],
    ] as const)
      trends.offer(joined(path, now, before))
    expect(trends.gains.sorted().map((r) => r.path)).toEqual(['/g5', '/g1'])
    expect(trends.drops.sorted().map((r) => r.path)).toEqual(['/d7', '/d4'])
  })

  it('new pages go to their own list, the busiest now first, never to the gains; all of them counted', () => {
    const trends = new Trends(2)
    for (const [path, now, before] of [
      ['/shared', 50, 10],
      ['/n5', 5, undefined],
      ['/n9', 9, undefined],
      ['/zero', 0, undefined],
      ['/n7', 7, undefined],
    ] as const)
      trends.offer(joined(path, now, before))
    expect(trends.newPages.sorted().map((r) => r.path)).toEqual(['/n9', '/n7'])
    expect(trends.fresh).toBe(4)
    expect(trends.gains.sorted().map((r) => r.path)).toEqual(['/shared'])
    expect(trends.vanished).toBe(0)
    expect(trends.vanishedPages.held).toBe(0)
  })

  it('vanished pages go to their own list, the busiest then first, never to the drops; all of them counted', () => {
    const trends = new Trends(2)
    trends.offer(joined('/shared', 1, 10))
    for (const [path, before] of [
      ['/g3', 3],
      ['/g8', 8],
      ['/g6', 6],
    ] as const)
      trends.offerVanished(joined(path, 0, before))
    expect(trends.vanishedPages.sorted().map((r) => r.path)).toEqual(['/g8', '/g6'])
    expect(trends.vanished).toBe(3)
    expect(trends.drops.sorted().map((r) => r.path)).toEqual(['/shared'])
    expect(trends.fresh).toBe(0)
  })

  it('holds no more than its size in any list, however many pages stream through', () => {
    const trends = new Trends(3)
    for (let i = 0; i < 10_000; i++) {
      trends.offer(joined(`/new-${i}`, i))
      trends.offer(joined(`/up-${i}`, i + 2, 1))
      trends.offer(joined(`/down-${i}`, 1, i + 2))
      trends.offerVanished(joined(`/gone-${i}`, 0, i))
    }
    for (const list of [trends.newPages, trends.vanishedPages, trends.gains, trends.drops]) expect(list.held).toBe(3)
    expect([trends.fresh, trends.vanished]).toEqual([10_000, 10_000])
    expect(trends.newPages.sorted().map((r) => r.path)).toEqual(['/new-9999', '/new-9998', '/new-9997'])
  })
})

/** A file writer that records what it was given. */
function recordingFile() {
  const calls: Array<[string, ...unknown[]]> = []
  const file: RowWriter = {
    begin: (totals, previous) => calls.push(['begin', totals, previous]),
    write: (row) => calls.push(['write', row]),
    finish: (complete) => {
      calls.push(['finish', complete])
      return '/work/out.json'
    },
    discard: () => calls.push(['discard']),
  }
  return { file, calls }
}

describe('joiningWriter', () => {
  // Then: /b and /c and /d; now: /a (new), /b, /c.
  const previousPeriod = (): PreviousPeriod => ({
    totals: { human: 9, ai: 8, total: 7 },
    byPath: new Map([
      ['/b', counts(40)],
      ['/c', counts(10)],
      ['/d', counts(5)],
    ]),
    requests: 1,
  })

  it('gives each row its previous counts, counts new pages, and appends vanished ones with zeros when complete', () => {
    const { file, calls } = recordingFile()
    const trends = new Trends(5)
    const writer = joiningWriter(file, previousPeriod(), trends)
    writer.begin({ human: 1, ai: 2, total: 3 })
    for (const row of [page('/a', 10), page('/b', 20), page('/c', 10)]) writer.write(row)
    expect(writer.finish(true)).toBe('/work/out.json')
    expect(calls).toEqual([
      ['begin', { human: 1, ai: 2, total: 3 }, { human: 9, ai: 8, total: 7 }],
      ['write', { ...page('/a', 10), previous: undefined }],
      ['write', { ...page('/b', 20), previous: counts(40) }],
      ['write', { ...page('/c', 10), previous: counts(10) }],
      ['write', { path: '/d', human: 0, ai: 0, total: 0, previous: counts(5) }],
      ['finish', true],
    ])
    expect(trends.fresh).toBe(1)
    expect(trends.vanished).toBe(1)
    // The new and the vanished page in their own lists; gains and drops only from pages seen in both periods.
    expect(trends.newPages.sorted().map((r) => r.path)).toEqual(['/a'])
    expect(trends.vanishedPages.sorted().map((r) => r.path)).toEqual(['/d'])
    expect(trends.gains.held).toBe(0)
    expect(trends.drops.sorted().map((r) => [r.path, change(r)])).toEqual([['/b', -20]])
  })

  it('lists no vanished page when the export was cut short: they cannot be known', () => {
    const { file, calls } = recordingFile()
    const trends = new Trends(5)
    const writer = joiningWriter(file, previousPeriod(), trends)
    writer.begin({ human: 1, ai: 2, total: 3 })
    writer.write(page('/b', 40))
    writer.finish(false)
    expect(calls.slice(1)).toEqual([
      ['write', { ...page('/b', 40), previous: counts(40) }],
      ['finish', false],
    ])
    expect(trends.vanished).toBe(0)
    expect(trends.fresh).toBe(0)
  })

  it('discarding discards the file', () => {
    const { file, calls } = recordingFile()
    joiningWriter(file, previousPeriod(), new Trends(5)).discard()
    expect(calls).toEqual([['discard']])
  })
})

describe('totalChange', () => {
  it.each([
    [60, 48, '25.0'],
    [30, 40, '-25.0'],
    [0, 5, '-100.0'],
    [48, 48, '0.0'],
    // -0.02 % rounds to "-0.0", shown as 0.0.
    [47.99, 48, '0.0'],
    // Against a negative total the change keeps the direction of the move.
    [-5, -10, '50.0'],
    [5, 0, ''],
    [Number.POSITIVE_INFINITY, 5, ''],
    [5, Number.POSITIVE_INFINITY, ''],
    [Number.NaN, 5, ''],
  ])('%d against %d: %j', (now, before, expected) => {
    expect(totalChange(now, before)).toBe(expected)
  })
})
