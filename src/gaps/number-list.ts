/**
 * A list of numbers that grows, in a Float64Array: 8 bytes each, outside the JavaScript heap, where an array of
 * numbers would be copied into V8's young generation each time it grew.
 */
export class NumberList {
  private array: Float64Array<ArrayBuffer>
  /** How many numbers it holds. */
  length = 0

  constructor(capacity = 256) {
    this.array = new Float64Array(capacity)
  }

  push(value: number): void {
    // `transfer` gives the old memory back at once; a new array and a copy left it for V8's next full collection.
    if (this.length === this.array.length)
      this.array = new Float64Array(this.array.buffer.transfer(this.array.byteLength * 2))
    this.array[this.length++] = value
  }

  /** The number at `index` (below `length`). */
  at(index: number): number {
    return this.array[index] as number
  }

  /**
   * Puts the numbers in the order `order` gives, in place: after it, the number at i is the one that was at
   * `order[i]`. `order` holds each index below `length` once.
   */
  permute(order: ArrayLike<number>): void {
    const a = this.array
    const placed = new Uint8Array(this.length)
    for (let start = 0; start < this.length; start++) {
      if (placed[start]) continue
      // One cycle of the permutation: each place takes the number from the place it names, the last one the first.
      const first = a[start] as number
      for (let i = start; ; ) {
        placed[i] = 1
        const from = order[i] as number
        if (from === start) {
          a[i] = first
          break
        }
        a[i] = a[from] as number
        i = from
      }
    }
  }
}
