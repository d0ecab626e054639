/**
 * Bounding and flattening outside text, after it was redacted and before it is escaped for where it goes.
 */

/**
 * Line breaks (CR, LF, NEL, U+2028/9), other control characters (ANSI escapes included) and the bidi
 * controls that can reorder what a line appears to say. The runner reads its commands line by line, so
 * none of these may reach a log line or an output.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g

/** One line: every run of line breaks and control characters becomes one space. */
export function oneLine(text: string): string {
  return text.replace(BREAKING, ' ')
}

/** At most `max` characters, ending with `…` when cut; never splits a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  let end = Math.max(0, max - 1)
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end-- // a high surrogate without its partner
  return `${text.slice(0, end)}…`
}

/**
 * One line in which the runner can find no command of its own: besides `::name::` at the start of a line,
 * the runner still reads the old `##[name]data` form at any position of a line.
 */
export function inertLine(text: string): string {
  return oneLine(text).replace(/##\[/g, '## [')
}

/** A plain log line (not a command): also never starting with `::`, which the runner looks for after trimming. */
export function plainLine(text: string): string {
  const line = inertLine(text)
  return /^\s*::/.test(line) ? `> ${line}` : line
}

/**
 * A code span of our own message grammar: a backticked part holding no backtick (`job-id`, `fail-on`). The
 * job summary shows it as code (`message` in markdown.ts); a log line shows its content (`plainText`).
 */
export const CODE_SPAN = /(`[^`]+`)/

/**
 * A message as plain text, for the log, annotations and the failed step, which show Markdown literally:
 * each code span becomes its content (`Check \`api-url\`` → `Check api-url`). A backtick that pairs with
 * none is text (it can only come from outside text) and stays.
 */
export function plainText(message: string): string {
  return message
    .split(CODE_SPAN)
    .map((part, i) => (i % 2 === 1 ? part.slice(1, -1) : part))
    .join('')
}
