import { randomFillSync } from 'node:crypto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { halfSipHash64 } from '../../src/analytics/half-siphash.js'
import { SeenPaths } from '../../src/analytics/seen-paths.js'
import type { VisitorsPage } from '../../src/api/types.js'
import { exportVisitors } from '../../src/visitors/export.js'
import { TopRows } from '../../src/visitors/top-rows.js'
import { FakeClock, memoryLog } from '../helpers/fakes.js'

// Both pass through to the real functions unless a test says otherwise; the spies record calls.
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>()
  return { ...real, randomFillSync: vi.fn(real.randomFillSync) }
})
vi.mock('../../src/analytics/half-siphash.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/analytics/half-siphash.js')>()
  return { ...real, halfSipHash64: vi.fn(real.halfSipHash64) }
})

const real = await vi.importActual<typeof import('../../src/analytics/half-siphash.js')>(
  '../../src/analytics/half-siphash.js',
)
beforeEach(() => {
  vi.mocked(halfSipHash64).mockImplementation(real.halfSipHash64)
})

/**
 * For the rest of the test each path hashes to the two 32-bit words it names, `lo:hi`: the cases a real hash brings up once
 * in 2³² paths (a zero word, a shared word, a shared slot) come up on purpose.
 */
function hashesAsNamed(): void {
  vi.mocked(halfSipHash64).mockImplementation((_key, text, out) => {
    const [lo = 0, hi = 0] = text.split(':').map(Number)
    out[0] = lo
    out[1] = hi
  })
}

/** Hashes a table of 1,024 slots must tell apart: zero words, shared words, shared and neighbouring slots. */
const TRICKY = [
  '0:0', // the mark of an empty slot
  '0:5', // slot 0
  '0:6', // slot 0 too, same low word
  '1024:7', // slot 0 too
  '7:0', // slot 7, high word 0
  '9:0', // same high word
  '1031:3', // slot 7 too
  '5:1',
  '5:2', // same low word
  '1029:1', // same slot and high word, another low word
  '1:0',
  '4294967295:4294967295', // the last slot
  '1023:1', // the last slot too: the probe wraps around to slot 0
]

describe('SeenPaths, under chosen hashes', () => {
  it('drops a path only when its whole 64-bit hash was added before, whichever words are zero or shared', () => {
    hashesAsNamed()
    const seen = new SeenPaths()
    for (const p of TRICKY) expect(seen.add(p), `first ${p}`).toBe(true)
    for (const p of TRICKY) expect(seen.add(p), `again ${p}`).toBe(false)
    expect(seen.size).toBe(TRICKY.length)
  })

  it('a path whose hash is 0:0 is kept once, like any other', () => {
    hashesAsNamed()
    const seen = new SeenPaths()
    expect(seen.add('0:0')).toBe(true)
    expect(seen.add('0:0')).toBe(false)
    expect(seen.add('0:0')).toBe(false)
    expect(seen.size).toBe(1)
  })

  it('keeps every path through each growth (513, 1,025, 2,049 and 4,097 paths), zero words included', () => {
    hashesAsNamed()
    const seen = new SeenPaths()
    // Odd multiplier: distinct low words for distinct i, spread over the slots; no filler has a zero word.
    const fillers = Array.from({ length: 5000 }, (_, i) => `${(i * 40_503 + 12_345) >>> 0}:${i + 1}`)
    for (const p of TRICKY) expect(seen.add(p)).toBe(true)
    for (const [i, p] of fillers.entries()) {
      expect(seen.add(p), p).toBe(true)
      // Right after each growth, the paths from before it are all still known.
      if ([512, 1024, 2048, 4096].includes(TRICKY.length + i))
        for (const q of [...TRICKY, ...fillers.slice(0, i + 1)]) expect(seen.add(q), `${q} at ${i}`).toBe(false)
    }
    expect(seen.size).toBe(TRICKY.length + fillers.length)
  })
})

describe('the dedup key', () => {
  const totals = { human: 1, ai: 1, total: 1 }
  const exportOnce = () =>
    exportVisitors(
      { offset: 0, maxRows: 0 },
      {
        fetchPage: async (): Promise<VisitorsPage> => ({
          totals,
          rows: ['/a', '/b', '/a'].map((path) => ({ path, ...totals })),
          hasMore: false,
        }),
        writer: { begin: () => {}, write: () => {}, finish: () => '', discard: () => {} },
        top: new TopRows(0),
        clock: new FakeClock(),
        log: memoryLog(),
      },
    )

  it('each export run draws its own key from the OS CSPRNG and hashes every path under it, so no one can search collisions offline', async () => {
    const drawn: number[][] = []
    for (let run = 0; run < 2; run++) {
      vi.mocked(randomFillSync).mockClear()
      vi.mocked(halfSipHash64).mockClear()
      expect(await exportOnce()).toMatchObject({ rows: 2, duplicates: 1 })
      expect(randomFillSync).toHaveBeenCalledTimes(1)
      const key = vi.mocked(randomFillSync).mock.results[0]?.value
      expect(key).toBeInstanceOf(Uint32Array)
      expect(key).toHaveLength(2)
      const used = vi.mocked(halfSipHash64).mock.calls
      expect(used.map(([, path]) => path)).toEqual(['/a', '/b', '/a'])
      for (const [k] of used) expect(k).toBe(key)
      drawn.push(Array.from(key as Uint32Array))
    }
    // 64 random bits each: the same key twice is a 1 in 2⁶⁴ event.
    expect(drawn[0]).not.toEqual(drawn[1])
  })

  it('two tables built side by side have different keys', () => {
    vi.mocked(halfSipHash64).mockClear()
    new SeenPaths().add('/a')
    new SeenPaths().add('/a')
    const [first, second] = vi.mocked(halfSipHash64).mock.calls.map(([k]) => Array.from(k))
    expect(first).toHaveLength(2)
    expect(first).not.toEqual(second)
  })
})
