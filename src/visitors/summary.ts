import type { VisitorCounts, VisitorRow } from '../api/types.js'
import { cell, code, escapeHtml } from '../summary.js'
import type { Verdict } from '../verdict.js'

export const CHART_ROWS = 10
const BAR_WIDTH = 10

export interface VisitorsSummaryInput {
  verdict: Verdict
  dateFrom?: string
  dateTo?: string
  totals?: VisitorCounts
  rows?: number
  complete?: boolean
  file?: string
  /** Busiest first; the table shows up to `tableRows`, the chart the first ten. */
  top: VisitorRow[]
  tableRows: number
}

/** `1234567` → `1,234,567`. Not toLocaleString: its first call sets up ICU, about 12 ms of start-up. */
export function number(n: number): string {
  const [whole = '', fraction] = String(n).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '–'
}

/** Human (█) against AI (░) visitors of one page, ten characters wide. */
export function humanAiBar(row: VisitorCounts): string {
  const sum = row.human + row.ai
  if (sum <= 0) return ''
  const human = Math.round((BAR_WIDTH * row.human) / sum)
  return `${'█'.repeat(human)}${'░'.repeat(BAR_WIDTH - human)}`
}

function range(dateFrom?: string, dateTo?: string): string {
  if (!dateFrom && !dateTo) return "the API's default date range"
  const from = dateFrom ? `from ${code(dateFrom)}` : 'up to the start'
  const to = dateTo ? `up to, not including, ${code(dateTo)}` : 'up to now'
  return `${from} ${to}`
}

/** A Mermaid label: nothing that could end the string, the list or the code block, or open a tag; short. */
function label(path: string): string {
  const clean = path.replace(/["`\\]/g, "'").replace(/[[\]<>{}\r\n]/g, ' ')
  return clean.length > 28 ? `${clean.slice(0, 27)}…` : clean
}

function chart(rows: VisitorRow[]): string {
  return [
    '```mermaid',
    'xychart-beta',
    `  title "Top ${rows.length} pages by total visitors"`,
    `  x-axis [${rows.map((r) => `"${label(r.path)}"`).join(', ')}]`,
    '  y-axis "Visitors"',
    `  bar [${rows.map((r) => r.total).join(', ')}]`,
    '```',
  ].join('\n')
}

/** The visitors export's job summary. Pure; its size is bounded by `tableRows`, not by the export. */
export function visitorsSummary(s: VisitorsSummaryInput): string {
  const parts = [
    `### ${s.verdict.emoji} Mintlify unique visitors: ${escapeHtml(s.verdict.title)}`,
    '',
    cell(s.verdict.message),
  ]
  parts.push('', `Date range: ${range(s.dateFrom, s.dateTo)}.`)
  if (s.totals) {
    const t = s.totals
    parts.push(
      '',
      '| | Human | AI | Total | AI share |',
      '|---|---:|---:|---:|---:|',
      `| Site-wide | ${number(t.human)} | ${number(t.ai)} | ${number(t.total)} | ${share(t.ai, t.total)} |`,
      '',
      '<sub>Total counts each visitor once, so it is not Human + AI. AI share is AI / Total.</sub>',
    )
  }
  if (s.rows !== undefined) {
    const file = s.file ? ` in ${code(s.file)}` : ''
    parts.push('', `${number(s.rows)} pages${file}${s.complete ? '' : ' (not every page was read)'}.`)
  }
  const shown = s.top.slice(0, s.tableRows)
  if (shown.length > 0) {
    parts.push(
      '',
      `#### Busiest ${shown.length} pages`,
      '',
      '| # | Page | Human | AI | Total | Human █ / AI ░ |',
      '|---:|---|---:|---:|---:|---|',
      ...shown.map(
        (r, i) =>
          `| ${i + 1} | ${code(r.path)} | ${number(r.human)} | ${number(r.ai)} | ${number(r.total)} | ${humanAiBar(r)} |`,
      ),
    )
    parts.push('', chart(s.top.slice(0, CHART_ROWS)))
  }
  return `${parts.join('\n')}\n`
}
