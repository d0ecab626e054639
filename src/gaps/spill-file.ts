import { randomUUID } from 'node:crypto'
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'

/** Bytes held before they are written out, and read back at once: texts that fit are never written to a file. */
export const SPILL_BUFFER_BYTES = 64 * 1024

/** Ends each text in the file; no text holds it. */
const END = 0x0a

export interface SpillOptions {
  /** Where the texts go once they outgrow the buffer; a new name in the system's temporary folder when not given. */
  file?: string
  bufferBytes?: number
}

/** The temporary file could not be written or read. */
export class SpillError extends Error {
  constructor(file: string, err: unknown) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error'
    super(
      `Could not keep what was read in the temporary file ${file} (${code}); check that its folder can be written and has room to spare.`,
    )
    this.name = 'SpillError'
  }
}

/**
 * Many one-line texts kept in a temporary file rather than in memory, each named by a number (where it starts):
 * appended as UTF-8 lines through a buffer of `bufferBytes`, read back through a window of the same size, so that
 * texts read in about the order they were kept cost one read a window. The file is made when the buffer first
 * fills (a run that keeps less makes none); `close()` removes it. In memory: the two buffers, nothing a text.
 */
export class SpillFile {
  private readonly file: string
  private readonly pending: Buffer
  /** Bytes in `pending`, after the `written` bytes of the file. */
  private used = 0
  private written = 0
  private fd: number | undefined
  private readonly window: Buffer
  /** The bytes of the file that `window` holds: from `windowStart`, `windowLength` of them. */
  private windowStart = 0
  private windowLength = 0

  constructor(options: SpillOptions = {}) {
    this.file = options.file ?? path.join(tmpdir(), `mintlify-${process.pid}-${randomUUID()}.spill`)
    const size = options.bufferBytes ?? SPILL_BUFFER_BYTES
    this.pending = Buffer.allocUnsafe(size)
    this.window = Buffer.allocUnsafe(size)
  }

  /** Keeps `text` (one line: no `\n`); returns its number. */
  add(text: string): number {
    if (text.includes('\n')) throw new Error('a spilled text is one line')
    const at = this.written + this.used
    const bytes = Buffer.byteLength(text) + 1
    if (this.used + bytes > this.pending.length) {
      this.writeOut(this.pending.subarray(0, this.used))
      this.used = 0
    }
    // Longer than the whole buffer: straight to the file.
    if (bytes > this.pending.length) this.writeOut(Buffer.from(`${text}\n`))
    else {
      this.used += this.pending.write(text, this.used)
      this.pending[this.used++] = END
    }
    return at
  }

  /** The text kept as number `at`. */
  get(at: number): string {
    // A text is never split: it is written out whole or stays whole in the buffer.
    if (at >= this.written) {
      const from = at - this.written
      return this.pending.toString('utf8', from, this.pending.indexOf(END, from))
    }
    if (at < this.windowStart || at >= this.windowStart + this.windowLength) this.load(at)
    const held = this.window.subarray(0, this.windowLength)
    const end = held.indexOf(END, at - this.windowStart)
    if (end !== -1) return held.toString('utf8', at - this.windowStart, end)
    // It runs past the window: read it whole on its own.
    const parts: Buffer[] = []
    for (let from = at; ; ) {
      this.load(from)
      const part = this.window.subarray(0, this.windowLength)
      const stop = part.indexOf(END)
      parts.push(Buffer.from(stop === -1 ? part : part.subarray(0, stop)))
      if (stop !== -1) return Buffer.concat(parts).toString('utf8')
      from += this.windowLength
    }
  }

  /** Removes the file; nothing can be read after. Safe to call more than once. */
  close(): void {
    const fd = this.fd
    this.fd = undefined
    if (fd === undefined) return
    try {
      closeSync(fd)
    } finally {
      rmSync(this.file, { force: true })
    }
  }

  private writeOut(bytes: Buffer): void {
    try {
      // Read back too; a file left by an earlier run killed with the same process id is started over.
      this.fd ??= openSync(this.file, 'w+', 0o600)
      for (let done = 0; done < bytes.length; )
        done += writeSync(this.fd, bytes, done, bytes.length - done, this.written + done)
    } catch (err) {
      throw new SpillError(this.file, err)
    }
    this.written += bytes.length
  }

  /** Fills the window with the file from `from` (as much as it holds). */
  private load(from: number): void {
    const length = Math.min(this.window.length, this.written - from)
    try {
      if (length <= 0) throw Object.assign(new Error('the file ended early'), { code: 'EOF' })
      for (let done = 0; done < length; ) {
        const n = readSync(this.fd as number, this.window, done, length - done, from + done)
        if (n === 0) throw Object.assign(new Error('the file ended early'), { code: 'EOF' })
        done += n
      }
    } catch (err) {
      this.windowLength = 0
      throw new SpillError(this.file, err)
    }
    this.windowStart = from
    this.windowLength = length
  }
}
