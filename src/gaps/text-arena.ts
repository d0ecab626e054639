/**
 * Many short texts kept outside the JavaScript heap: each is appended to one growing buffer as UTF-8 and named by a
 * number. Why: 80,000 unanswered questions kept as strings on the heap cost 35 to 70 MiB of peak RSS (V8 sizes its
 * heap from the live data, and grows it further while pages are read), as bytes in a buffer about 8 MiB (measured,
 * docs/benchmarks.md).
 */
export class TextArena {
  private buffer = Buffer.allocUnsafe(64 * 1024)
  private used = 0
  /** Where each text starts; it ends where the next one starts, or at `used`. */
  private readonly starts: number[] = []

  /** Keeps `text`; returns its number. */
  add(text: string): number {
    const bytes = Buffer.byteLength(text)
    if (this.used + bytes > this.buffer.length) this.grow(this.used + bytes)
    this.buffer.write(text, this.used)
    this.starts.push(this.used)
    this.used += bytes
    return this.starts.length - 1
  }

  /** The text kept as number `id`. */
  get(id: number): string {
    return this.buffer.toString('utf8', this.starts[id], this.starts[id + 1] ?? this.used)
  }

  /** Doubles the buffer until `size` bytes fit (only what was written is copied; the rest is never read). */
  private grow(size: number): void {
    // Stryker disable next-line ArithmeticOperator: equivalent; halving first ends at the same length (size > length)
    let length = this.buffer.length * 2
    while (length < size) length *= 2
    const next = Buffer.allocUnsafe(length)
    this.buffer.copy(next, 0, 0, this.used)
    this.buffer = next
  }
}
