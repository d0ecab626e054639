/**
 * Remembers which paths were written, for dedup across pages: a 53-bit fingerprint (8 bytes) per path
 * in an open-addressing table kept at most half full, so 16 to 32 bytes a path. A million paths take
 * 16 to 32 MiB instead of the ~100 MiB a Set of strings would. Two different paths share a fingerprint with odds of about one in 10^4 at a million paths.
 */
export class SeenPaths {
  private table = new Float64Array(1024)
  private count = 0

  /** Adds the path; returns false when it was already there. */
  add(path: string): boolean {
    const fp = fingerprint(path)
    if (!this.insert(fp)) return false
    this.count++
    if (this.count * 2 > this.table.length) this.grow()
    return true
  }

  get size(): number {
    return this.count
  }

  private insert(fp: number): boolean {
    const mask = this.table.length - 1
    for (let i = fp % this.table.length; ; i = (i + 1) & mask) {
      const slot = this.table[i]
      if (slot === fp) return false
      if (slot === 0) {
        this.table[i] = fp
        return true
      }
    }
  }

  private grow(): void {
    const old = this.table
    this.table = new Float64Array(old.length * 2)
    for (const fp of old) if (fp !== 0) this.insert(fp)
  }
}

/** A 53-bit string hash (two multiplicative 32-bit lanes mixed together); never 0, which marks empty slots. */
export function fingerprint(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0) || 1
}
