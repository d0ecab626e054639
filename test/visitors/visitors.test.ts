import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkRange, previousPeriod, resolveDate } from '../../src/analytics/dates.js'
import { halfSipHash64, randomKey } from '../../src/analytics/half-siphash.js'
import { SeenPaths } from '../../src/analytics/seen-paths.js'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type { VisitorCounts, VisitorRow, VisitorsPage } from '../../src/api/types.js'
import { number, share } from '../../src/format.js'
import { Trends } from '../../src/visitors/compare.js'
import { ExportError, exportVisitors } from '../../src/visitors/export.js'
import { axisUnit, headline, humanAiBar, PATH_SHOWN, shortPath, visitorsSummary } from '../../src/visitors/summary.js'
import { TopRows } from '../../src/visitors/top-rows.js'
import { csvField, openWriter, type RowWriter } from '../../src/visitors/writers.js'
import { FakeClock, memoryLog, OLD_FINGERPRINT_PAIR } from '../helpers/fakes.js'
import { tempDir } from '../helpers/temp.ts'

const row = (i: number): VisitorRow => ({
  path: `/p/${i}`,
  human: (i * 7919) % 1000,
  ai: (i * 31) % 50,
  total: (i * 7919) % 1013,
})
const totals = { human: 1, ai: 2, total: 3 }

/** A server of `count` rows in pages, with optional failures per offset. */
function pages(count: number, limit = 250, failures: Record<number, Error[]> = {}) {
  const offsets: number[] = []
  const fetchPage = async (offset: number): Promise<VisitorsPage> => {
    offsets.push(offset)
    const failure = failures[offset]?.shift()
    if (failure) throw failure
    const visitors: VisitorRow[] = []
    for (let i = offset; i < Math.min(count, offset + limit); i++) visitors.push(row(i))
    return { totals, rows: visitors, hasMore: offset + limit < count }
  }
  return { fetchPage, offsets }
}

/** A writer that only counts, to test the pager on its own. */
function countingWriter(): RowWriter & { rows: VisitorRow[] } {
  const rows: VisitorRow[] = []
  return { rows, begin: () => {}, write: (r) => rows.push(r), finish: () => 'file', discard: () => {} }
}

const tmp = () => tempDir('visitors-unit-')

describe('streaming', () => {
  it('the writer keeps no rows beyond the page in hand and the top N: they are on disk as pages arrive', async () => {
    const dir = tmp()
    const file = path.join(dir, 'out.jsonl')
    const writer = openWriter('jsonl', file, { metric: 'visitors', exportedAt: 'now' })
    const top = new TopRows(20)
    const server = pages(20_000)
    let written = 0
    const lineBytes = (r: VisitorRow) => Buffer.byteLength(`${JSON.stringify(r)}\n`)
    const checks: number[] = []
    const result = await exportVisitors(
      { offset: 0, maxRows: 0 },
      {
        fetchPage: async (offset) => {
          // Everything handed to the writer before this page is on disk, but for one bounded buffer.
          const onDisk = statSync(`${file}.${process.pid}.partial`).size
          expect(written - onDisk).toBeLessThan(64 * 1024 + 200)
          expect(top.held).toBeLessThanOrEqual(20)
          checks.push(offset)
          const page = await server.fetchPage(offset)
          for (const r of page.rows) written += lineBytes(r)
          return page
        },
        writer,
        top,
        clock: new FakeClock(),
        log: memoryLog(),
      },
    )
    writer.finish(result.complete)
    expect(checks).toHaveLength(80)
    expect(statSync(file).size).toBe(written)
    expect(top.held).toBe(20)
  })

  it('JSON: valid, with complete patched in place, and only after finish is the file in place', () => {
    const dir = tmp()
    const file = path.join(dir, 'v.json')
    const writer = openWriter('json', file, { metric: 'visitors', dateFrom: '2026-01-01', exportedAt: 'now' })
    writer.begin(totals)
    writer.write(row(1))
    writer.write(row(2))
    expect(() => statSync(file)).toThrow()
    writer.finish(true)
    const json = JSON.parse(readFileSync(file, 'utf8'))
    expect(json).toEqual({
      metric: 'visitors',
      dateFrom: '2026-01-01',
      dateTo: null,
      exportedAt: 'now',
      complete: true,
      totals,
      visitors: [row(1), row(2)],
    })
  })

  it('discard leaves nothing behind', () => {
    const dir = tmp()
    const writer = openWriter('csv', path.join(dir, 'v.csv'), { metric: 'visitors', exportedAt: 'now' })
    writer.begin(totals)
    writer.write(row(1))
    writer.discard()
    expect(readdirSync(dir)).toEqual([])
  })

  it('each format with the previous period: its columns, zeros for a page new since then, and the previous totals', () => {
    const dir = tmp()
    try {
      const previous = { dateFrom: '2025-12-25', dateTo: '2026-01-01' }
      const shared = { path: '/b', human: 2, ai: 1, total: 3, previous: { human: 4, ai: 0, total: 4 } }
      const fresh = { path: '/a', human: 1, ai: 0, total: 1 }
      const written = (format: 'csv' | 'jsonl' | 'json', before?: VisitorCounts) => {
        const file = path.join(dir, `v.${format}`)
        const writer = openWriter(format, file, { metric: 'views', ...previous, previous, exportedAt: 'now' })
        writer.begin(totals, before)
        writer.write(shared)
        writer.write(fresh)
        writer.finish(false)
        return readFileSync(file, 'utf8')
      }
      expect(written('csv')).toBe(
        'path,human,ai,total,previousHuman,previousAi,previousTotal\r\n/b,2,1,3,4,0,4\r\n/a,1,0,1,0,0,0\r\n',
      )
      expect(written('jsonl')).toBe(
        '{"path":"/b","human":2,"ai":1,"total":3,"previousHuman":4,"previousAi":0,"previousTotal":4}\n' +
          '{"path":"/a","human":1,"ai":0,"total":1,"previousHuman":0,"previousAi":0,"previousTotal":0}\n',
      )
      expect(JSON.parse(written('json', { human: 9, ai: 1, total: 9 }))).toEqual({
        metric: 'views',
        dateFrom: '2025-12-25',
        dateTo: '2026-01-01',
        exportedAt: 'now',
        complete: false,
        totals,
        previous: { ...previous, totals: { human: 9, ai: 1, total: 9 } },
        views: [
          { path: '/b', human: 2, ai: 1, total: 3, previousHuman: 4, previousAi: 0, previousTotal: 4 },
          { path: '/a', human: 1, ai: 0, total: 1, previousHuman: 0, previousAi: 0, previousTotal: 0 },
        ],
      })
      expect(JSON.parse(written('json')).previous.totals).toEqual({ human: 0, ai: 0, total: 0 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('JSON without rows, and every format without the previous period, as the interface writes them', () => {
    const dir = tmp()
    try {
      const file = path.join(dir, 'v.json')
      const empty = openWriter('json', file, { metric: 'visitors', exportedAt: 'now' })
      empty.begin(totals)
      empty.finish(true)
      expect(readFileSync(file, 'utf8')).toBe(
        '{\n  "metric": "visitors",\n  "dateFrom": null,\n  "dateTo": null,\n  "exportedAt": "now",\n  "complete":  true,\n  "totals": {"human":1,"ai":2,"total":3},\n  "visitors": [' +
          ']\n}\n',
      )
      const csv = openWriter('csv', path.join(dir, 'v.csv'), { metric: 'visitors', exportedAt: 'now' })
      csv.begin(totals)
      csv.write({ path: '/a', human: 1, ai: 0, total: 1, previous: { human: 5, ai: 5, total: 5 } })
      csv.finish(true)
      expect(readFileSync(path.join(dir, 'v.csv'), 'utf8')).toBe('path,human,ai,total\r\n/a,1,0,1\r\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('discarding once finished leaves the file; a discard is harmless twice', () => {
    const dir = tmp()
    try {
      const file = path.join(dir, 'v.jsonl')
      const writer = openWriter('jsonl', file, { metric: 'visitors', exportedAt: 'now' })
      writer.begin(totals)
      writer.write(row(1))
      expect(writer.finish(true)).toBe(file)
      writer.discard()
      writer.discard()
      expect(readdirSync(dir)).toEqual(['v.jsonl'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('an output that is a folder, or under a file, is bad input naming `output`', () => {
    const dir = tmp()
    try {
      expect(() => openWriter('json', dir, { metric: 'visitors', exportedAt: 'now' })).toThrow(
        `Input \`output\`: ${JSON.stringify(dir)} is a directory. Accepted: a writable file path, relative to the workspace.`,
      )
      writeFileSync(path.join(dir, 'notes'), 'x')
      const under = path.join(dir, 'notes', 'v.json')
      expect(() => openWriter('json', under, { metric: 'visitors', exportedAt: 'now' })).toThrow(
        /^Input `output`: ".*v\.json" cannot be written \(E[A-Z]+\)\./,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('CSV fields follow RFC 4180', () => {
    expect(csvField('/plain')).toBe('/plain')
    expect(csvField('/a,b')).toBe('"/a,b"')
    expect(csvField('/say "hi"')).toBe('"/say ""hi"""')
    expect(csvField('/line\nbreak')).toBe('"/line\nbreak"')
  })
})

describe('exportVisitors', () => {
  const run = (server: ReturnType<typeof pages>, start = { offset: 0, maxRows: 0 }, clock = new FakeClock()) => {
    const writer = countingWriter()
    const log = memoryLog()
    const result = exportVisitors(start, { fetchPage: server.fetchPage, writer, top: new TopRows(10), clock, log })
    return { result, writer, log, clock }
  }

  it('asks for the fewest pages: ceil(N / limit), and one for zero rows', async () => {
    for (const [n, expected] of [
      [0, 1],
      [1, 1],
      [250, 1],
      [251, 2],
      [600, 3],
    ]) {
      const server = pages(n as number)
      const { result } = run(server)
      expect((await result).requests).toBe(expected)
    }
  })

  it('starts at offset and stops at max-rows inside a page', async () => {
    const server = pages(1000)
    const { result, writer } = run(server, { offset: 100, maxRows: 260 })
    expect(await result).toMatchObject({ rows: 260, complete: false })
    expect(server.offsets).toEqual([100, 350])
    expect(writer.rows[0]).toEqual(row(100))
  })

  it('max-rows equal to what is left still reports complete', async () => {
    const { result } = run(pages(250), { offset: 0, maxRows: 250 })
    expect(await result).toMatchObject({ rows: 250, complete: true })
  })

  it('writes a repeated path once, with a warning', async () => {
    const server = {
      offsets: [] as number[],
      fetchPage: async (offset: number): Promise<VisitorsPage> =>
        offset === 0
          ? { totals, rows: [row(1), row(2)], hasMore: true }
          : { totals, rows: [row(2), row(3)], hasMore: false },
    }
    const { result, writer, log } = run(server)
    expect(await result).toMatchObject({ rows: 3, duplicates: 1, complete: true })
    expect(writer.rows.map((r) => r.path)).toEqual(['/p/1', '/p/2', '/p/3'])
    expect(log.text('warning')).toContain('Path "/p/2" came again at offset 2; it is written once.')
  })

  it('stops on an empty page that claims more', async () => {
    const server = {
      offsets: [],
      fetchPage: async (offset: number): Promise<VisitorsPage> => ({
        totals,
        rows: offset === 0 ? [row(0)] : [],
        hasMore: true,
      }),
    }
    const { result, log } = run(server)
    expect(await result).toMatchObject({ rows: 1, complete: false, requests: 2 })
    expect(log.text('warning')).toContain('but that page was empty')
  })

  it('retries 5xx and dropped connections with backoff, then goes on at the same offset', async () => {
    const server = pages(600, 250, {
      250: [new ApiError('visitors', 500, 'x'), new NetworkError('visitors', 'connection failed (ECONNRESET)')],
    })
    const { result, clock, writer } = run(server)
    expect(await result).toMatchObject({ rows: 600, complete: true, requests: 5 })
    expect(clock.sleeps).toEqual([1000, 2000])
    expect(server.offsets).toEqual([0, 250, 250, 250, 500])
    expect(writer.rows).toHaveLength(600)
  })

  it('a failure that persists fails naming the offset', async () => {
    const failures = Array.from({ length: 10 }, () => new ApiError('visitors', 503, 'down'))
    const { result, clock } = run(pages(600, 250, { 250: failures }))
    const err = await result.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ExportError)
    expect((err as Error).message).toContain('HTTP 503 (down)')
    expect((err as Error).message).toContain('The export stopped at offset 250, after 250 rows; no file was written.')
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000, 16_000])
  })

  it('counts and offsets in its messages in the one number format', async () => {
    const failures = Array.from({ length: 10 }, () => new ApiError('visitors', 503, 'down'))
    const { result, log } = run(pages(2000, 250, { 1250: failures }))
    const err = await result.catch((e: unknown) => e)
    expect((err as Error).message).toContain(
      'The export stopped at offset 1,250, after 1,250 rows; no file was written.',
    )
    expect(log.text('info')).toContain('Page at offset 1,250 failed')
    // A page of 1,000 rows that brings nothing new after 1,000 written.
    const again = {
      offsets: [] as number[],
      fetchPage: async (offset: number): Promise<VisitorsPage> => ({
        totals,
        rows: Array.from({ length: 1000 }, (_, i) => row(i)),
        hasMore: offset === 0 || offset < 2000,
      }),
    }
    const stuck = run(again)
    expect(await stuck.result).toMatchObject({ rows: 1000, duplicates: 1000, complete: false })
    const warnings = stuck.log.text('warning')
    expect(warnings).toContain(
      'The API says more rows follow offset 1,000, but that page brought no path not seen before; stopping here. The file holds the 1,000 rows read.',
    )
    expect(warnings).toContain('1,000 rows repeated a path already written; each path is written once.')
  })

  it('a Retry-After beyond 15 minutes is not waited for', async () => {
    const { result, clock } = run(pages(10, 250, { 0: [new ApiError('visitors', 429, 'limit', 3_600_000)] }))
    await expect(result).rejects.toThrow(/100 requests per organization per hour/)
    expect(clock.sleeps).toEqual([])
  })

  it('names the first five repeated paths, then counts the rest once; says each page read at debug level', async () => {
    const repeated = (n: number) => ({
      offsets: [] as number[],
      fetchPage: async (offset: number): Promise<VisitorsPage> =>
        offset === 0
          ? { totals, rows: Array.from({ length: 8 }, (_, i) => row(i)), hasMore: true }
          : { totals, rows: [...Array.from({ length: n }, (_, i) => row(i)), row(100)], hasMore: false },
    })
    const six = run(repeated(6))
    expect(await six.result).toMatchObject({ rows: 9, duplicates: 6, complete: true })
    expect(six.log.lines.filter((l) => l.level === 'warning').map((l) => l.message)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `Path "/p/${i}" came again at offset 8; it is written once.`),
      '6 rows repeated a path already written; each path is written once.',
    ])
    expect(six.log.text('debug')).toBe('Offset 0: 8 rows, hasMore true\nOffset 8: 7 rows, hasMore false')
    const five = run(repeated(5))
    await five.result
    expect(five.log.lines.filter((l) => l.level === 'warning')).toHaveLength(5)
  })

  it('max-rows reached at the end of a page that claims more: no further request, and not complete', async () => {
    const server = pages(1000)
    const { result } = run(server, { offset: 0, maxRows: 250 })
    expect(await result).toMatchObject({ rows: 250, complete: false, requests: 1 })
    expect(server.offsets).toEqual([0])
    // Cut inside the last page: not complete either, though the API says nothing follows.
    expect(await run(pages(100), { offset: 0, maxRows: 60 }).result).toMatchObject({ rows: 60, complete: false })
  })

  it('a Retry-After of 15 minutes is waited for; the failure names what it was', async () => {
    const { result, clock } = run(pages(10, 250, { 0: [new ApiError('visitors', 429, 'limit', 15 * 60_000)] }))
    expect(await result).toMatchObject({ rows: 10, complete: true })
    expect(clock.sleeps).toEqual([15 * 60_000])
    const failed = new ExportError(new Error('Reading unique visitors failed: HTTP 400.'), 0, 1)
    expect(failed).toMatchObject({
      name: 'ExportError',
      message:
        'Reading unique visitors failed: HTTP 400. The export stopped at offset 0, after 1 row; no file was written.',
    })
  })

  it('a 400 is not retried', async () => {
    const server = pages(10, 250, { 0: [new ApiError('visitors', 400, 'Invalid query parameters; limit too big')] })
    const { result } = run(server)
    await expect(result).rejects.toThrow('HTTP 400 (Invalid query parameters; limit too big)')
    expect(server.offsets).toEqual([0])
  })
})

describe('TopRows', () => {
  it('keeps exactly the N busiest, ties in API order', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(i))
    const top = new TopRows(25)
    for (const r of rows) top.offer(r)
    const expected = rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => b.r.total - a.r.total || a.i - b.i)
      .slice(0, 25)
      .map((x) => x.r)
    expect(top.sorted()).toEqual(expected)
    expect(top.held).toBe(25)
  })

  it('rows that tie at the cut: the earliest offered are kept, in the order offered, whatever came later', () => {
    // Ties from offset 0 on, one busier row among them and, after the heap is full, more ties and a quieter row.
    const tie = (i: number): VisitorRow => ({ path: `/tie-${i}`, human: 9, ai: 0, total: 9 })
    const rows = [tie(0), tie(1), { path: '/busy', human: 20, ai: 0, total: 20 }, tie(2), tie(3), tie(4), tie(5)]
    const top = new TopRows(4)
    for (const r of [...rows, { path: '/quiet', human: 1, ai: 0, total: 1 }]) top.offer(r)
    expect(top.sorted().map((r) => r.path)).toEqual(['/busy', '/tie-0', '/tie-1', '/tie-2'])
    expect(top.held).toBe(4)
  })

  it('size 0 keeps nothing', () => {
    const top = new TopRows(0)
    top.offer(row(1))
    expect(top.sorted()).toEqual([])
  })
})

describe('SeenPaths', () => {
  it('tells new paths from repeated ones across growth', () => {
    const seen = new SeenPaths()
    for (let i = 0; i < 50_000; i++) expect(seen.add(`/docs/${i}`)).toBe(true)
    for (let i = 0; i < 50_000; i += 997) expect(seen.add(`/docs/${i}`)).toBe(false)
    expect(seen.size).toBe(50_000)
  })

  it('keeps both paths of a pair that collided under the old unkeyed fingerprint', () => {
    const [a, b] = OLD_FINGERPRINT_PAIR
    const seen = new SeenPaths()
    expect(seen.add(a)).toBe(true)
    expect(seen.add(b)).toBe(true)
    expect(seen.add(a)).toBe(false)
    expect(seen.add(b)).toBe(false)
    expect(seen.size).toBe(2)
  })

  it('with a fixed key, still drops only equal paths, across growth and for the empty path', () => {
    const seen = new SeenPaths(new Uint32Array([0x03020100, 0x07060504]))
    const paths = ['', ...OLD_FINGERPRINT_PAIR, ...Array.from({ length: 5000 }, (_, i) => `/p/${i}`)]
    for (const p of paths) expect(seen.add(p)).toBe(true)
    for (const p of paths) expect(seen.add(p)).toBe(false)
    expect(seen.size).toBe(paths.length)
  })

  it('draws a fresh 64-bit key for each run', () => {
    const keys = Array.from({ length: 4 }, () => Array.from(randomKey()).join(':'))
    expect(new Set(keys).size).toBe(4)
    for (const k of keys) expect(k).toMatch(/^\d+:\d+$/)
  })
})

describe('halfSipHash64', () => {
  const hash = (key: Uint32Array, text: string) => {
    const out = new Uint32Array(2)
    halfSipHash64(key, text, out)
    return Buffer.from(out.buffer).toString('hex')
  }
  const keyOf = (hex: string) => new Uint32Array(new Uint8Array(Buffer.from(hex, 'hex')).buffer)

  it("matches the reference's published 64-bit vectors (key 00..07, message bytes 00, 01, ...) for even lengths", () => {
    // vectors_hsip64 from github.com/veorq/SipHash vectors.h; bytes 2k and 2k+1 are UTF-16 code unit k.
    const official: Record<number, string> = {
      0: '218d1f59b9b83cc8',
      2: '064f39ef7c50eb57',
      4: 'd5e78a175be52ea1',
      8: 'edfee820bce4858c',
      14: '3bb1a870eae8e658',
      16: '7336aad25f7bf3b5',
      30: '291aaf864898179d',
      62: 'f90b3ab572d46693',
    }
    const message = (bytes: number) =>
      String.fromCharCode(...Array.from({ length: bytes / 2 }, (_, k) => (2 * k) | ((2 * k + 1) << 8)))
    for (const [bytes, expected] of Object.entries(official))
      expect(hash(keyOf('0001020304050607'), message(Number(bytes))), `${bytes} bytes`).toBe(expected)
  })

  it('equals the reference C code over the UTF-16LE bytes: odd lengths, non-ASCII, surrogates, length wrap', () => {
    // Expected values from the reference halfsiphash.c (cROUNDS 2, dROUNDS 4, outlen 8) over
    // Buffer.from(text, 'utf16le'), with key 9f3c1a7e5b2d8c04.
    const key = keyOf('9f3c1a7e5b2d8c04')
    const cases: Array<[string, string]> = [
      ['', '080ca2cbaa7b82b1'],
      ['/', '1c484501e98a80a0'],
      ['/docs/da6ghk', '2bcb9079707887af'],
      ['/docs/db6jxe', 'a451574edf0448fd'],
      ['/guides/ünïcödé', '3958f519af2dab9f'],
      ['/emoji/😀', '15c5d52c2338ae0f'],
      ['/lone/\ud800x', '936a177a01b55878'],
      ['p'.repeat(128), '374e27927297cee7'],
      [`/${'long-segment/'.repeat(23)}x`, '5b6b57930969f0e6'],
    ]
    for (const [text, expected] of cases) expect(hash(key, text), JSON.stringify(text.slice(0, 20))).toBe(expected)
  })
})

describe('dates', () => {
  const now = new Date('2026-03-10T15:00:00Z')
  it.each([
    ['today', '2026-03-10'],
    ['-7d', '2026-03-03'],
    ['-0d', '2026-03-10'],
    ['-10d', '2026-02-28'],
    ['2024-02-29', '2024-02-29'],
    ['2026-03-01T12:00:00Z', '2026-03-01T12:00:00Z'],
    ['2026-03-01T12:00:00.123+02:00', '2026-03-01T12:00:00.123+02:00'],
    ['', undefined],
  ])('%s → %s', (value, expected) => {
    expect(resolveDate('date-from', value, now)).toBe(expected)
  })

  it.each([
    '2026-13-01',
    '2023-02-29',
    'yesterday',
    '7d',
    '2026/03/01',
    '2026-03-01T25:00',
    '2023-02-29T00:00Z',
    '2024-04-31T00:00',
    '2026-03-01t12:00:00z',
    '2026-03-01T12:00:00+0100',
  ])('refuses %s', (value) => {
    expect(() => resolveDate('date-from', value, now)).toThrow('Input `date-from`')
  })

  it('date-to must be after date-from', () => {
    expect(() => checkRange('2026-03-01', '2026-03-02')).not.toThrow()
    expect(() => checkRange('2026-03-02', '2026-03-01')).toThrow('(date-to is exclusive)')
    expect(() => checkRange('2026-03-01', '2026-03-01')).toThrow(
      'Input `date-to`: "2026-03-01" is not after date-from "2026-03-01" (date-to is exclusive). Accepted: a date after `date-from`.',
    )
    expect(() => checkRange('2026-03-01', undefined)).not.toThrow()
    expect(() => checkRange(undefined, '2026-03-01')).not.toThrow()
  })

  it('reads the relative forms in any case, date-times with or without seconds and zone; nothing around them', () => {
    expect(resolveDate('date-to', 'Today', now)).toBe('2026-03-10')
    expect(resolveDate('date-to', '-2D', now)).toBe('2026-03-08')
    expect(resolveDate('date-to', '2026-03-01T12:00Z', now)).toBe('2026-03-01T12:00Z')
    expect(resolveDate('date-to', '2026-03-01T12:00:00', now)).toBe('2026-03-01T12:00:00')
    for (const value of ['-7dx', 'x-7d', 'x2026-03-01', '2026-03-01x', '2026-03-01T12:00:00Zx'])
      expect(() => resolveDate('date-to', value, now)).toThrow(
        `Input \`date-to\`: ${JSON.stringify(value)} is not a date. Accepted: \`YYYY-MM-DD\`, an ISO 8601 date-time, \`today\`, or \`-Nd\` (N days before today, UTC).`,
      )
    expect(() => resolveDate('date-to', '2023-02-29', now)).toThrow(
      'Input `date-to`: "2023-02-29" is not a calendar date.',
    )
  })

  it('the previous period: as long, ending where the export begins, a date while whole days allow it', () => {
    expect(previousPeriod('2026-03-08', '2026-03-15')).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-08' })
    expect(previousPeriod('2026-03-08', '2026-03-08T12:00:00Z')).toEqual({
      dateFrom: '2026-03-07T12:00:00.000Z',
      dateTo: '2026-03-08',
    })
    expect(previousPeriod('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual({
      dateFrom: '2026-03-07T00:00:00.000Z',
      dateTo: '2026-03-08T00:00:00Z',
    })
  })
})

describe('visitors summary', () => {
  const verdict = { title: 'exported', emoji: '📊', message: 'ok', level: 'notice' as const, fail: false }

  it('opens with the headline: the total, the change on the previous period, the AI share and its change in points', () => {
    const totals = { human: 12_400, ai: 2_150, total: 13_900 }
    const previous = { dateFrom: '2026-01-01', dateTo: '2026-01-08' }
    const compared = { totals: { human: 11_800, ai: 1_300, total: 12_650 }, requests: 1, trends: new Trends(5) }
    expect(headline({ totals, compared, previous })).toBe(
      '**13,900 unique visitors**, +9.9% on the previous 7 days; AI share 15.5% (+5.2 points).',
    )
    expect(headline({ totals, metric: 'views' })).toBe('**13,900 page views**; AI share 15.5%.')
    const down = { ...compared, totals: { human: 20_000, ai: 4_000, total: 20_000 } }
    expect(
      headline({ totals, compared: down, previous: { dateFrom: '2026-01-01T12:00:00Z', dateTo: '2026-01-08' } }),
    ).toBe('**13,900 unique visitors**, -30.5% on the previous period; AI share 15.5% (-4.5 points).')
    const zero = { ...compared, totals: { human: 0, ai: 0, total: 0 } }
    expect(headline({ totals, compared: zero, previous })).toBe(
      '**13,900 unique visitors**, no change to show on the previous 7 days; AI share 15.5%.',
    )
    expect(headline({})).toBe('')
    const md = visitorsSummary({ verdict, totals, rows: 3, complete: true, top: [], tableRows: 5, compared, previous })
    expect(md.split('\n\n')[1]).toBe(
      '**13,900 unique visitors**, +9.9% on the previous 7 days; AI share 15.5% (+5.2 points).',
    )
    // No sentence counts zero pages.
    expect(md).not.toMatch(/\b0 pages?\b/)
    // Bookkeeping last, once: the verdict's line (in a run, "Wrote 3 rows to ...").
    expect(md.trimEnd().endsWith('\n\nok')).toBe(true)
  })

  it('escapes paths in the table and keeps them out of the chart, whose bars are numbered like the table', () => {
    const evil = { path: '/x"]\n<script>|`', human: 5, ai: 5, total: 8 }
    const other = { path: '/y', human: 2, ai: 0, total: 2 }
    const md = visitorsSummary({ verdict, totals, rows: 1, complete: true, top: [evil, other], tableRows: 5 })
    // A code span shows the path literally; its pipe is escaped for the table, the backtick fenced off.
    expect(md).toContain('| 1 | `` /x"] <script>\\|` `` |')
    expect(md).toContain('| # | Page | Human | AI | Total | Human █ / AI ░ |')
    const chart = md.slice(md.indexOf('```mermaid'))
    expect(chart).toContain('x-axis ["#1", "#2"]')
    expect(chart).toContain('y-axis "Visitors" 0 --> 8')
    expect(chart).not.toContain('/x')
  })

  it('without totals, the verdict leads; rows written are counted last, saying when not every page was read', () => {
    const failed = {
      title: 'Error',
      emoji: '❌',
      message: 'Reading unique visitors failed: HTTP 500.',
      level: 'error' as const,
      fail: true,
    }
    const md = visitorsSummary({ verdict: failed, top: [], tableRows: 5 })
    expect(md).toBe(
      "### ❌ Mintlify unique visitors: Error\n\nReading unique visitors failed: HTTP 500.\n\nDate range: the API's default date range.\n",
    )
    const part = visitorsSummary({ verdict: failed, top: [], tableRows: 5, rows: 3, file: 'f.json', complete: false })
    expect(part.trimEnd().split('\n\n').at(-1)).toBe('3 pages in `f.json` (not every page was read).')
    const whole = visitorsSummary({ verdict: failed, top: [], tableRows: 5, rows: 3, complete: true })
    expect(whole.trimEnd().split('\n\n').at(-1)).toBe('3 pages.')
  })

  it('charts ten pages at most, whatever the table shows; summary-rows 0 shows neither table nor chart', () => {
    const top = Array.from({ length: 30 }, (_, i) => ({ path: `/p${i}`, human: 100 - i, ai: 0, total: 100 - i }))
    const of = (tableRows: number) => visitorsSummary({ verdict, totals, rows: 30, complete: true, top, tableRows })
    const wide = of(25)
    expect(wide).toContain('#### Busiest 25 pages')
    expect(wide.match(/^\| [\d,]+ \| `/gm)).toHaveLength(25)
    expect(wide).toContain('  title "Top 10 pages by total visitors"')
    expect(wide).toContain('  bar [100, 99, 98, 97, 96, 95, 94, 93, 92, 91]')
    const few = of(3)
    expect(few).toContain('  bar [100, 99, 98]')
    const none = of(0)
    expect(none).not.toContain('Busiest')
    expect(none).not.toContain('mermaid')
    expect(none).not.toMatch(/^\| [\d,]+ \| `/m)
    expect(none).toContain('| Site-wide | 1 | 2 | 3 |')
  })

  it('draws the axis from 0, negative counts as no bar, huge ones in digits of a larger unit', () => {
    const chartOf = (counts: number[]) => {
      const top = counts.map((total, i) => ({ path: `/${i}`, human: 1, ai: 0, total }))
      const md = visitorsSummary({ verdict, totals, rows: 3, complete: true, top, tableRows: 5 })
      return md.slice(md.indexOf('```mermaid'))
    }
    const small = chartOf([2.5, -7, 1])
    expect(small).toContain('y-axis "Visitors" 0 --> 2.5')
    expect(small).toContain('bar [2.5, 0, 1]')
    // Past 2^53 a count is drawn as 2^53 - 1, in quadrillions: never `1e+308`.
    const huge = chartOf([1e308, 2.5, -7])
    expect(huge).toContain('y-axis "Visitors (quadrillions)" 0 --> 9.01')
    expect(huge).toContain('bar [9.01, 0, 0]')
  })

  it('plots bars in the smallest unit that keeps every axis tick under 1,000', () => {
    expect(axisUnit(0)).toEqual([1, ''])
    expect(axisUnit(999.99)).toEqual([1, ''])
    // 999.996 would be plotted as 1000: a tick of 1000 would read without its comma.
    expect(axisUnit(999.996)).toEqual([1e3, 'thousands'])
    expect(axisUnit(240_000)).toEqual([1e3, 'thousands'])
    expect(axisUnit(999_990)).toEqual([1e3, 'thousands'])
    expect(axisUnit(1_000_000)).toEqual([1e6, 'millions'])
    expect(axisUnit(2e9)).toEqual([1e9, 'billions'])
    expect(axisUnit(2e12)).toEqual([1e12, 'trillions'])
    expect(axisUnit(1e308)).toEqual([1e15, 'quadrillions'])
    expect(axisUnit(-5)).toEqual([1, ''])
  })

  it('stays small however many rows the export had', () => {
    const top = Array.from({ length: 1000 }, (_, i) => ({ ...row(i), path: `/${'long-segment/'.repeat(20)}${i}` }))
    const md = visitorsSummary({ verdict, totals, rows: 1_000_000, complete: true, top, tableRows: 1000 })
    expect(Buffer.byteLength(md)).toBeLessThan(512 * 1024)
    // Row numbers too in the one number format.
    expect(md).toMatch(/^\| 1,000 \| `\/long-segment\/.*…` \|/m)
    expect(md).toContain('#### Busiest 1,000 pages')
  })

  it('groups the thousands of a change in percent, in the headline and in the table', () => {
    const totals = { human: 25_000, ai: 0, total: 25_000 }
    const compared = { totals: { human: 1_000, ai: 2, total: 1_000 }, requests: 1, trends: new Trends(5) }
    const previous = { dateFrom: '2026-01-01', dateTo: '2026-01-08' }
    const md = visitorsSummary({ verdict, totals, rows: 3, complete: true, top: [], tableRows: 5, compared, previous })
    expect(md.split('\n\n')[1]).toBe(
      '**25,000 unique visitors**, +2,400.0% on the previous 7 days; AI share 0.0% (-0.2 points).',
    )
    expect(md).toContain('| Change | +2,400.0% | -100.0% | +2,400.0% | -0.2 points |')
    // Past what toFixed writes in digits, the change is shown as it is rather than garbled.
    const tiny = { ...compared, totals: { human: 1e-20, ai: 0, total: 1e-20 } }
    expect(headline({ totals, compared: tiny, previous })).toContain('+2.5e+26%')
  })

  it('groups thousands like en-US', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4321, 1234.5])
      expect(number(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }))
  })

  it('draws human against AI in ten characters', () => {
    expect(humanAiBar({ human: 3, ai: 1, total: 4 })).toBe('████████░░')
    expect(humanAiBar({ human: 0, ai: 0, total: 0 })).toBe('')
  })

  it('draws a bar only where it means something, for any finite counts', () => {
    const bar = (human: number, ai: number) => humanAiBar({ human, ai, total: 0 })
    expect(bar(-7, 12)).toBe('')
    expect(bar(12, -7)).toBe('')
    expect(bar(-1, -1)).toBe('')
    expect(bar(1e308, 1)).toBe('██████████')
    expect(bar(1, 1e308)).toBe('░░░░░░░░░░')
    expect(bar(1e308, 1e308)).toBe('█████░░░░░')
    expect(bar(Number.MAX_VALUE, Number.MAX_VALUE / 3)).toBe('████████░░')
    expect(bar(0.25, 1.5)).toBe('█░░░░░░░░░')
    expect(bar(-0, 3)).toBe('░░░░░░░░░░')
    expect(bar(5e-324, 0)).toBe('██████████')
    expect(bar(Number.POSITIVE_INFINITY, 1)).toBe('')
  })

  it('shows an AI share only where one makes sense, without overflowing', () => {
    expect(share(300, 1000)).toBe('30.0%')
    expect(share(1e308, 1e308)).toBe('100.0%')
    expect(share(1, 1e308)).toBe('0.0%')
    expect(share(-1, 10)).toBe('–')
    expect(share(11, 10)).toBe('–')
    expect(share(5, 0)).toBe('–')
    expect(share(5, -10)).toBe('–')
  })

  it('shows counts as given: negative, fractional, huge, -0', () => {
    expect(number(1e308)).toBe('1e+308')
    expect(number(-1.7976931348623157e308)).toBe('-1.7976931348623157e+308')
    expect(number(-0.5)).toBe('-0.5')
    expect(number(-1234567.25)).toBe('-1,234,567.25')
    expect(number(1e-7)).toBe('1e-7')
    expect(number(-0)).toBe('0')
  })

  it('never crashes on such counts, and the table shows them as given', () => {
    const rows = [
      { path: '/neg', human: -7, ai: 12, total: -1 },
      { path: '/frac', human: 0.25, ai: 1.5, total: 1.75 },
      { path: '/huge', human: 1e308, ai: 1, total: 1e308 },
      { path: '/zero', human: -0, ai: 3, total: 3 },
    ]
    const md = visitorsSummary({
      verdict,
      totals: { human: -5, ai: 0.125, total: 1e308 },
      rows: 4,
      complete: true,
      top: rows,
      tableRows: 10,
    })
    expect(md).toContain('| Site-wide | -5 | 0.125 | 1e+308 | 0.0% |')
    expect(md).toContain('| `/neg` | -7 | 12 | -1 |  |')
    expect(md).toContain('| `/frac` | 0.25 | 1.5 | 1.75 | █░░░░░░░░░ |')
    expect(md).toContain('| `/huge` | 1e+308 | 1 | 1e+308 | ██████████ |')
    expect(md).toContain('| `/zero` | 0 | 3 | 3 | ░░░░░░░░░░ |')
  })

  it('cuts a long path before escaping it, never inside an escape or a surrogate pair', () => {
    expect(shortPath('/short')).toBe('/short')
    expect(shortPath('x'.repeat(PATH_SHOWN))).toBe('x'.repeat(PATH_SHOWN))
    expect(shortPath('x'.repeat(PATH_SHOWN + 1))).toBe(`${'x'.repeat(PATH_SHOWN - 1)}…`)
    // An emoji (two code units) across the cut is left out whole, not halved.
    expect(shortPath(`${'x'.repeat(PATH_SHOWN - 2)}😀😀`)).toBe(`${'x'.repeat(PATH_SHOWN - 2)}…`)
    const md = visitorsSummary({ verdict, top: [{ path: '|'.repeat(500), human: 1, ai: 0, total: 1 }], tableRows: 5 })
    expect(md).toContain(`| 1 | \`${'\\|'.repeat(PATH_SHOWN - 1)}…\` |`)
  })

  it("stays under the runner's 1 MiB with 1,000 rows of 100 kB paths, however they escape", () => {
    const big = (path: string, n: number) => ({ path, human: n, ai: n, total: n })
    const plain = Array.from({ length: 1000 }, (_, i) => big(`/${'a'.repeat(100_000)}${i}`, 1_234_567 + i))
    // The worst cases: every character escaped, three bytes long, or a backtick that lengthens the fences; and
    // every count in the longest form a number takes.
    const worst = (path: string) => Array.from({ length: 1000 }, () => big(path, -1.2345678901234567e-100))
    for (const top of [plain, worst('|'.repeat(100_000)), worst('語'.repeat(100_000)), worst('`'.repeat(100_000))]) {
      const md = visitorsSummary({
        verdict,
        totals: { human: -1.7976931348623157e308, ai: -0.0000012345678901234567, total: -123456789012345680000 },
        rows: 1000,
        complete: true,
        top,
        tableRows: 1000,
      })
      expect(md.match(/^\| [\d,]+ \|/gm)).toHaveLength(1000)
      expect(Buffer.byteLength(md)).toBeLessThan(1024 * 1024)
    }
  })
})
