/**
 * The summary layer shared by both actions: escaping and small Markdown/HTML builders. Everything that
 * comes from a user or the API passes `escapeHtml` (or `cell`) before it reaches the summary, so a prompt
 * or an API field cannot inject HTML or break the layout.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Safe inside a Markdown table cell: escaped, one line, no column breaks, no emphasis or code markers. */
export function cell(text: string): string {
  return escapeHtml(text.replace(/\s+/g, ' ').trim())
    .replace(/\|/g, '&#124;')
    .replace(/[`*_~[\]\\]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function truncate(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 }
  return { text: text.slice(0, max), cut: text.length - max }
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
export function collapsedText(heading: string, text: string, max: number): string {
  const { text: shown, cut } = truncate(text, max)
  const note = cut > 0 ? `\n\n<em>… ${cut} more characters not shown.</em>` : ''
  return `<details><summary>${cell(heading)}</summary>\n\n<pre>${escapeHtml(shown)}</pre>${note}\n\n</details>`
}
