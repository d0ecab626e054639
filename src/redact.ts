/**
 * Removing secrets from outside text. The redactor is applied where text enters the action (API answers,
 * GitHub answers, the event payload), before anything cuts, escapes or formats it, and once more on the
 * way out (log, outputs, summary) as a second line of defence.
 *
 * Not only whole secrets: any run of WINDOW or more characters that also stands in a secret (in plain,
 * URL-encoded or JSON-escaped form) becomes `***`. An answer that echoes a key cut short, or a message that
 * was cut in the middle of a key, then shows no more than WINDOW - 1 of its characters.
 */

import type { SentBack } from './sent-back.js'

export type Redact = (text: string) => string

/** The shortest piece of a secret that is removed on its own. */
export const WINDOW = 8

/** Secrets shorter than this are not redacted at all: masking a tiny string would garble every line. */
const MIN_SECRET = 4

/**
 * The public start of a key or token (`mint_`, `mint_dsc_`, `ghs_`, `github_pat_`...): the same for every
 * key of its kind and named in our own messages, so a piece made only of it is no secret.
 */
const PUBLIC_PREFIX = /^(?:mint_(?:dsc_|us_)?|gh[pousr]_|github_pat_)/

/** Every form in which a secret can come back inside an answer or a URL. */
function formsOf(secret: string): string[] {
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]
}

/** 31^(WINDOW-1) mod 2^32: what the oldest character weighs in the rolling hash, to take it out again. */
const OUT_WEIGHT = (() => {
  let w = 1
  for (let i = 1; i < WINDOW; i++) w = Math.imul(w, 31)
  return w
})()

function windowHash(text: string, start: number): number {
  let h = 0
  for (let i = start; i < start + WINDOW; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0
  return h
}

export function createRedactor(secrets: readonly string[]): Redact {
  const short = new Set<string>()
  const windows = new Set<string>()
  // A 2^16-bit filter on the rolling hash: the scan touches the set of windows only on a filter hit, so a
  // page of 250 rows (about 20 kB) is scanned in about 40 µs; most texts come back unchanged, uncopied.
  const filter = new Uint8Array(8192)
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET) continue
    const prefix = PUBLIC_PREFIX.exec(secret)?.[0].length ?? 0
    for (const form of formsOf(secret)) {
      if (form.length < WINDOW) {
        short.add(form)
        continue
      }
      // Windows that hold at least one character past the public prefix (the forms share the prefix).
      for (let i = Math.max(0, prefix - WINDOW + 1); i + WINDOW <= form.length; i++) {
        windows.add(form.slice(i, i + WINDOW))
        const bucket = windowHash(form, i) >>> 16
        filter[bucket >>> 3] = (filter[bucket >>> 3] ?? 0) | (1 << (bucket & 7))
      }
    }
  }
  const shortForms = [...short].sort((a, b) => b.length - a.length)
  if (windows.size === 0 && shortForms.length === 0) return (text) => text

  return (text) => {
    let out = windows.size > 0 ? redactWindows(text, windows, filter) : text
    for (const form of shortForms) if (out.includes(form)) out = out.split(form).join('***')
    return out
  }
}

/** Replaces every run of text covered by windows of a secret with one `***`. */
function redactWindows(text: string, windows: Set<string>, filter: Uint8Array): string {
  if (text.length < WINDOW) return text
  let spans: number[] | undefined // start, end, start, end... merged as they are found
  let h = windowHash(text, 0)
  for (let i = 0; ; i++) {
    const bucket = h >>> 16
    if (((filter[bucket >>> 3] ?? 0) & (1 << (bucket & 7))) !== 0 && windows.has(text.slice(i, i + WINDOW))) {
      spans ??= []
      const last = spans.length - 1
      if (last > 0 && (spans[last] ?? 0) >= i) spans[last] = i + WINDOW
      else spans.push(i, i + WINDOW)
    }
    const next = i + WINDOW
    if (next >= text.length) break
    h = (Math.imul(h - Math.imul(text.charCodeAt(i), OUT_WEIGHT), 31) + text.charCodeAt(next)) | 0
  }
  if (!spans) return text
  let out = ''
  let from = 0
  for (let k = 0; k < spans.length; k += 2) {
    out += `${text.slice(from, spans[k])}***`
    from = spans[k + 1] ?? text.length
  }
  return out + text.slice(from)
}

/** An answer whose secrets could not be checked: it cannot be read at all. */
export class UnreadableAnswer extends Error {
  constructor(why: string) {
    super(`the answer cannot be read (${why})`)
    this.name = 'UnreadableAnswer'
  }
}

/**
 * An answer body as the action may see it, the one function both doors (the API client and the GitHub
 * fetch) read answers through, before any log line, parser or check. A backslash means an escape such as
 * `\u006d` could spell a secret that the raw text does not show: a JSON answer is then parsed, redacted
 * string by string and written out again (escapes resolved); other text is shown decoded where its
 * decoding holds a secret. Throws `UnreadableAnswer` when a JSON answer is nested too deeply to write out.
 * With `sentBack`, the door's memory of values to send back as received: an answer that redaction changed has
 * its changed strings noted there (see sent-back.ts).
 */
export function redactAnswer(raw: string, redact: Redact, sentBack?: SentBack): string {
  let changed = false
  const tracked: Redact = (text) => {
    const clean = redact(text)
    if (clean !== text) changed = true
    return clean
  }
  const clean = redactBody(raw, sentBack ? tracked : redact)
  if (changed) sentBack?.note(raw, redact)
  return clean
}

function redactBody(raw: string, redact: Redact): string {
  const text = redact(raw)
  if (!text.includes('\\')) return text
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const decoded = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    const clean = redact(decoded)
    return clean === decoded ? text : clean
  }
  try {
    return JSON.stringify(redactParsed(value, redact))
  } catch {
    throw new UnreadableAnswer('it is nested too deeply')
  }
}

/**
 * Redacts every string inside a parsed JSON value, object keys included, in place. Iterative: an answer
 * nests as deep as it likes within its size limit, and must not exhaust the stack here.
 */
export function redactParsed(value: unknown, redact: Redact): unknown {
  if (typeof value === 'string') return redact(value)
  // Every value that is not a string goes on the stack; numbers, booleans and null come off it again untouched.
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i]
        if (typeof item === 'string') node[i] = redact(item)
        else stack.push(item)
      }
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>
      for (const key of Object.keys(record)) {
        const item = record[key]
        const clean = redact(key)
        if (clean !== key) delete record[key]
        if (typeof item === 'string') record[clean] = redact(item)
        else {
          record[clean] = item
          stack.push(item)
        }
      }
    }
  }
  return value
}
