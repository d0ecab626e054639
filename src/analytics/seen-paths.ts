import { type HashKey, halfSipHash64, randomKey } from './half-siphash.js'

/**
 * Remembers which paths were written, for dedup across pages, in 8 bytes a slot: a 64-bit keyed hash per path
 * (HalfSipHash-2-4 under a key drawn at random for each run) in an open-addressing table kept at most half
 * full, so 16 to 32 bytes a path. A million paths take 16 to 32 MiB instead of the ~100 MiB a Set of strings
 * would, and the 1M-row export stays under its 150 MiB peak RSS (`npm run bench`).
 *
 * Why keyed: a row is dropped only when its hash equals one already written. The unkeyed 53-bit hash this
 * replaced could be attacked offline: a birthday search over 2.5e8 short strings found `/docs/da6ghk` and
 * `/docs/db6jxe` sharing it in about a minute, so a server (or whoever names pages) could make the export drop
 * a real page. Under a key nobody outside the run knows there is nothing to search, and two different paths
 * share a hash by accident with odds of about n²/2⁶⁵: one in 37 million at a million paths. Cost: a million
 * `/docs/page-N` paths are hashed and added in about 0.35 s, against 0.42 to 0.53 s with the unkeyed
 * fingerprint (same machine), and the 1M-row export's CPU time did not change measurably (`npm run bench`).
 */
export class SeenPaths {
  /** Slot i is words 2i and 2i + 1; both 0 marks it empty. */
  private table = new Uint32Array(2 * 1024)
  private slots = 1024
  private count = 0
  /** The one hash, 0:0, that cannot live in the table because it marks empty slots. */
  private zeroSeen = false
  private readonly hash = new Uint32Array(2)

  constructor(private readonly key: HashKey = randomKey()) {}

  /** Adds the path; returns false when it was already there. */
  add(path: string): boolean {
    halfSipHash64(this.key, path, this.hash)
    const lo = this.hash[0] ?? 0
    const hi = this.hash[1] ?? 0
    if (lo === 0 && hi === 0) {
      if (this.zeroSeen) return false
      this.zeroSeen = true
    } else if (!this.insert(lo, hi)) return false
    this.count++
    if (this.count * 2 > this.slots) this.grow()
    return true
  }

  get size(): number {
    return this.count
  }

  private insert(lo: number, hi: number): boolean {
    const t = this.table
    const mask = this.slots - 1
    for (let i = lo & mask; ; i = (i + 1) & mask) {
      const a = t[2 * i]
      const b = t[2 * i + 1]
      if (a === lo && b === hi) return false
      if (a === 0 && b === 0) {
        t[2 * i] = lo
        t[2 * i + 1] = hi
        return true
      }
    }
  }

  private grow(): void {
    const old = this.table
    this.slots *= 2
    this.table = new Uint32Array(2 * this.slots)
    for (let i = 0; i < old.length; i += 2) {
      const lo = old[i] ?? 0
      const hi = old[i + 1] ?? 0
      if (lo !== 0 || hi !== 0) this.insert(lo, hi)
    }
  }
}
