/**
 * The summary layer shared by both actions (and the reply comments): escaping and small Markdown/HTML
 * builders. Outside text reaches here already redacted and cut; everything shown passes `text` (or `cell`)
 * so that a prompt or an API field cannot inject HTML, a link other than an `http(s)` one, or a mention.
 */

/** For attribute values: the five characters that HTML gives a meaning. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * `@name` and `@org/team` would notify someone, and `a@b.example` would become a `mailto:` link: a zero
 * width space after every `@` (what Renovate writes into its pull requests for the same reason) keeps the
 * text as it reads and makes it inert.
 */
function inertAt(text: string): string {
  return text.replace(/@/g, '@\u200b')
}

/** Visible text from outside: escaped, no mention, no e-mail link. */
export function text(value: string): string {
  return inertAt(escapeHtml(value))
}

/** Safe inside a Markdown table cell: escaped, one line, no column breaks, no emphasis or code markers. */
export function cell(value: string): string {
  return text(value.replace(/\s+/g, ' ').trim())
    .replace(/\|/g, '&#124;')
    .replace(/[`*_~[\]\\]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** At most `max` characters, and how many were cut; never half a surrogate pair. */
export function truncate(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 }
  const last = text.charCodeAt(max - 1)
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max
  return { text: text.slice(0, end), cut: text.length - end }
}

/** A link only for http(s) URLs; anything else is shown as text. */
export function link(url: string, label = url): string {
  if (!/^https?:\/\//i.test(url)) return cell(url)
  return `<a href="${escapeHtml(url)}">${cell(label)}</a>`
}

export function code(text: string): string {
  return `<code>${cell(text)}</code>`
}

/** A two-column table; rows whose value is empty are left out. `value` must already be safe HTML. */
export function fieldTable(rows: ReadonlyArray<readonly [label: string, value: string]>): string {
  const kept = rows.filter(([, value]) => value !== '')
  return ['| | |', '|---|---|', ...kept.map(([label, value]) => `| ${cell(label)} | ${value} |`)].join('\n')
}

/** A collapsible block holding preformatted, escaped text. */
export function collapsedText(heading: string, body: string, max: number): string {
  const { text: shown, cut } = truncate(body, max)
  const note = cut > 0 ? `\n\n<em>… ${cut} more characters not shown.</em>` : ''
  return `<details><summary>${cell(heading)}</summary>\n\n<pre>${text(shown)}</pre>${note}\n\n</details>`
}
