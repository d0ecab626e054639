import { randomUUID } from 'node:crypto'
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'

/** Bytes held before they are written out, and read back at once: texts that fit are never written to a file. */
export const SPILL_BUFFER_BYTES = 64 * 1024

/** Ends each record in the file, and separates its fields; no field holds either. */
const END = 0x0a
const SEP = 0x00

export interface SpillOptions {
  /** Where the texts go once they outgrow the buffer; a new name in the system's temporary folder when not given. */
  file?: string
  bufferBytes?: number
}

/** The temporary file could not be written or read back. */
export class SpillError extends Error {
  constructor(file: string, code: string | undefined) {
    super(
      `Could not keep what was read in the temporary file ${file} (${code}); check that its folder can be written and has room to spare.`,
    )
  }
}

/**
 * Many short records of one-line texts (fields) kept in a temporary file rather than in memory, each named by a
 * number (where it starts): appended as UTF-8 lines, fields separated by U+0000, through a buffer of `bufferBytes`,
 * read back through a window of the same size, so that records read in about the order they were kept cost one
 * read a window. The file is made when the buffer first
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

  /**
   * Keeps a record of `fields` (each one line without U+0000); returns its number. Written field by field: joined
   * into one string first, they left about 145 bytes of garbage a record on the heap (see `UnansweredQuestions`).
   */
  add(fields: readonly [string, ...string[]]): number {
    let bytes = 0
    for (const field of fields) {
      if (field.includes('\n') || field.includes('\u0000'))
        throw new Error('a spilled field is one line without U+0000')
      // Each followed by one byte: the separator, or after the last field the record's end.
      bytes += Buffer.byteLength(field) + 1
    }
    const at = this.written + this.used
    if (this.used + bytes > this.pending.length) {
      this.writeOut(this.pending.subarray(0, this.used))
      this.used = 0
    }
    // Longer than the whole buffer: straight to the file.
    if (bytes > this.pending.length) this.writeOut(Buffer.from(`${fields.join('\u0000')}\n`))
    else
      for (let i = 0; i < fields.length; i++) {
        this.used += this.pending.write(fields[i] as string, this.used)
        this.pending[this.used++] = i < fields.length - 1 ? SEP : END
      }
    return at
  }

  /** The fields of the record kept as number `at`. */
  get(at: number): string[] {
    return this.line(at).split('\u0000')
  }

  private line(at: number): string {
    // A text is never split: it is written out whole or stays whole in the buffer.
    if (at >= this.written) {
      const from = at - this.written
      return this.pending.toString('utf8', from, this.pending.indexOf(END, from))
    }
    const from = at - this.windowStart
    // From a place past the window's end, the search finds no end either: both are read from the file.
    const end = from >= 0 ? this.held().indexOf(END, from) : -1
    if (end !== -1) return this.window.toString('utf8', from, end)
    // Not in the window, or running past its end: read from `at` on, a window at a time, until the line ends.
    const parts: Buffer[] = []
    for (let next = at; ; next += this.windowLength) {
      this.load(next)
      const stop = this.held().indexOf(END)
      if (stop !== -1) return Buffer.concat([...parts, this.window.subarray(0, stop)]).toString('utf8')
      parts.push(Buffer.from(this.held()))
    }
  }

  /** Removes the file; nothing can be kept or read after. Safe to call more than once. */
  close(): void {
    const fd = this.fd
    this.fd = undefined
    if (fd === undefined) return
    // Closed first: Windows cannot remove a file still open. Already gone is as good as removed.
    closeSync(fd)
    rmSync(this.file, { force: true })
  }

  private writeOut(bytes: Buffer): void {
    try {
      // Read back too; a file left by an earlier run killed with the same process id is started over.
      this.fd ??= openSync(this.file, 'w+', 0o600)
      writeSync(this.fd, bytes, 0, bytes.length, this.written)
    } catch (err) {
      throw new SpillError(this.file, (err as NodeJS.ErrnoException).code)
    }
    this.written += bytes.length
  }

  /** The bytes of the file the window holds. */
  private held(): Buffer {
    return this.window.subarray(0, this.windowLength)
  }

  /** Fills the window with the file from `from` on, as much of it as the window holds. */
  private load(from: number): void {
    const length = Math.min(this.window.length, this.written - from)
    let read: number
    try {
      read = readSync(this.fd as number, this.window, 0, length, from)
    } catch (err) {
      throw new SpillError(this.file, (err as NodeJS.ErrnoException).code)
    }
    // Shorter than what was written, or at its end with the line not ended: the file was changed under us.
    if (read < length || length === 0) throw new SpillError(this.file, 'EOF')
    this.windowStart = from
    this.windowLength = length
  }
}
