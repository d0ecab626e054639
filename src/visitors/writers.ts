import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import * as path from 'node:path'
import type { Metric, VisitorCounts, VisitorRow } from '../api/types.js'
import { InputError, quote } from '../inputs.js'
import type { Format } from './inputs.js'

export interface ExportMeta {
  metric: Metric
  dateFrom?: string
  dateTo?: string
  exportedAt: string
  /** With `compare`: the previous period's dates; its totals come with `begin`. Rows then carry their previous counts. */
  previous?: { dateFrom: string; dateTo: string }
}

/** A row as written: with `compare`, its counts in the previous period too (0 where the page had no row then). */
export interface ExportRow extends VisitorRow {
  previous?: VisitorCounts
}

/**
 * Streams rows into a file as pages arrive. Rows are written to `<file>.<pid>.partial` and only moved to
 * `file` by `finish`, so a half-written export is never left where the complete one belongs.
 */
export interface RowWriter {
  /** Called once, with the first page's totals (and, with `compare`, the previous period's), before any row. */
  begin(totals: VisitorCounts, previous?: VisitorCounts): void
  write(row: ExportRow): void
  /** Completes the file and moves it into place; returns its path. */
  finish(complete: boolean): string
  /** Deletes the partial file (failure or cancellation). */
  discard(): void
}

interface Encoding {
  /** The text before the rows, and where in it (bytes) the `complete` flag sits, if it has one. */
  header(meta: ExportMeta, totals: VisitorCounts, previous?: VisitorCounts): { text: string; flagAt?: number }
  row(row: ExportRow, index: number): string
  footer(rows: number): string
}

/** Small on purpose: text waiting here outlives young-generation collections and swells V8's heap. */
const FLUSH_AT = 16 * 1024

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, with quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const NONE: VisitorCounts = { human: 0, ai: 0, total: 0 }
const counts = (c: VisitorCounts) => ({ human: c.human, ai: c.ai, total: c.total })

/** The fields of a row, in the order of the CSV header; the previous counts only with `compare`. */
function rowFields(r: ExportRow, compare: boolean) {
  const row = { path: r.path, human: r.human, ai: r.ai, total: r.total }
  if (!compare) return row
  const p = r.previous ?? NONE
  return { ...row, previousHuman: p.human, previousAi: p.ai, previousTotal: p.total }
}

function encodings(compare: boolean): Record<Format, Encoding> {
  const rowJson = (r: ExportRow) => JSON.stringify(rowFields(r, compare))
  return {
    csv: {
      header: () => ({
        text: compare ? 'path,human,ai,total,previousHuman,previousAi,previousTotal\r\n' : 'path,human,ai,total\r\n',
      }),
      row: (r) => {
        const p = r.previous ?? NONE
        const tail = compare ? `,${p.human},${p.ai},${p.total}` : ''
        return `${csvField(r.path)},${r.human},${r.ai},${r.total}${tail}\r\n`
      },
      footer: () => '',
    },
    jsonl: {
      header: () => ({ text: '' }),
      row: (r) => `${rowJson(r)}\n`,
      footer: () => '',
    },
    json: {
      // `complete` is only known at the end: it is written as `false` and, if need be, overwritten in
      // place by ` true` (same length; the space is valid JSON), so rows never wait in memory.
      header: (meta, totals, previous) => {
        const before = `{\n  "metric": ${JSON.stringify(meta.metric)},\n  "dateFrom": ${JSON.stringify(meta.dateFrom ?? null)},\n  "dateTo": ${JSON.stringify(meta.dateTo ?? null)},\n  "exportedAt": ${JSON.stringify(meta.exportedAt)},\n  "complete": `
        const earlier =
          compare && meta.previous
            ? `\n  "previous": ${JSON.stringify({ ...meta.previous, totals: counts(previous ?? NONE) })},`
            : ''
        const after = `false,\n  "totals": ${JSON.stringify(counts(totals))},${earlier}\n  ${JSON.stringify(meta.metric)}: [`
        return { text: before + after, flagAt: Buffer.byteLength(before) }
      },
      row: (r, i) => `${i === 0 ? '' : ','}\n    ${rowJson(r)}`,
      footer: (rows) => `${rows === 0 ? '' : '\n  '}]\n}\n`,
    },
  }
}

export function openWriter(format: Format, file: string, meta: ExportMeta): RowWriter {
  const encoding = encodings(meta.previous !== undefined)[format]
  const partial = `${file}.${process.pid}.partial`
  const accepted = 'a writable file path, relative to the workspace'
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new InputError('output', `${quote(file)} is a directory`, accepted)
  let fd: number
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    fd = openSync(partial, 'w')
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'error'
    throw new InputError('output', `${quote(file)} cannot be written (${code})`, accepted)
  }
  let buffer = ''
  let rows = 0
  let flagAt: number | undefined
  let open = true

  const flush = () => {
    if (buffer) writeSync(fd, buffer)
    buffer = ''
  }
  const append = (text: string) => {
    buffer += text
    if (buffer.length >= FLUSH_AT) flush()
  }

  return {
    begin(totals, previous) {
      const header = encoding.header(meta, totals, previous)
      flagAt = header.flagAt
      append(header.text)
    },
    write(row) {
      append(encoding.row(row, rows))
      rows++
    },
    finish(complete) {
      append(encoding.footer(rows))
      flush()
      if (complete && flagAt !== undefined) writeSync(fd, ' true', flagAt)
      closeSync(fd)
      open = false
      renameSync(partial, file)
      return file
    },
    discard() {
      if (open) closeSync(fd)
      open = false
      rmSync(partial, { force: true })
    },
  }
}
