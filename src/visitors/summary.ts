import { type Period, rangeText } from '../analytics/dates.js'
import type { Metric, VisitorCounts, VisitorRow } from '../api/types.js'
import { counted, number, share } from '../format.js'
import { code, md, message, table } from '../markdown.js'
import { clip } from '../text.js'
import { aiShareChange, signedPercent, totalAnswer, WORDS } from './answer.js'
import { change, totalChange } from './compare.js'
import type { Compared, ExportVerdict } from './outcome.js'
import type { ExportRow } from './writers.js'

export const CHART_ROWS = 10
const BAR_WIDTH = 10
/**
 * Characters of a path shown in the table. As a code span in a cell, one UTF-16 code unit takes at most 3 bytes
 * (`|` becomes `\|`; a character outside ASCII is 3 bytes, a surrogate pair 4) and the fences at most 2 × 121
 * backticks, so a shown path is under 0.7 kB and a table row under 1 kB whatever the API sends: at the largest
 * `summary-rows` (1000) the summary stays under the runner's 1 MiB (tested). The file keeps the whole path.
 */
export const PATH_SHOWN = 120

/** Gains and drops shown with `compare`, each. */
export const TRENDS_SHOWN = 5

export interface VisitorsSummaryInput {
  verdict: ExportVerdict
  /** With `compare`: the previous period's dates, and (once exported) what it held and what changed. */
  previous?: Period
  compared?: Compared
  /** The metric exported; `visitors` when not given. */
  metric?: Metric
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

/**
 * Human (█) against AI (░) visitors of one page, ten characters wide; empty where no bar means anything: both
 * counts 0, or either negative or not finite. The API's schema allows any number, so this never assumes more.
 */
export function humanAiBar(row: VisitorCounts): string {
  const { human, ai } = row
  if (!(human >= 0 && ai >= 0 && Number.isFinite(human) && Number.isFinite(ai))) return ''
  const sum = human + ai
  if (sum === 0) return ''
  // Halved where the sum overflows (two counts near 1e308); the fraction is the same and stays within 0 to 1.
  const fraction = Number.isFinite(sum) ? human / sum : human / 2 / (human / 2 + ai / 2)
  const width = Math.round(BAR_WIDTH * fraction)
  return `${'█'.repeat(width)}${'░'.repeat(BAR_WIDTH - width)}`
}

/**
 * A path cut to `max` UTF-16 code units, the last one an ellipsis. Cut before escaping, so no escape is cut in
 * half, and never between the two halves of a surrogate pair.
 */
export function shortPath(path: string, max = PATH_SHOWN): string {
  return clip(path, max)
}

/** A bar's count as Mermaid can draw it: not negative (no bar above an axis that starts at 0), at most 2^53 − 1. */
function barCount(n: number): number {
  return Math.min(Math.max(0, n), Number.MAX_SAFE_INTEGER)
}

/** Two decimals at most; a plain number, never `1e-7` or `1e+21` (every value here is 0 or 0.01 to 999.99). */
function twoDecimals(n: number): number {
  return Math.round(n * 100) / 100
}

/**
 * Units for the y axis. Mermaid prints its ticks in bare digits (`240000`), with no way to format them, so the bars
 * are plotted in the largest unit that keeps every tick under 1,000: then each tick reads as `number()` writes it
 * (`240`), and the axis title names the unit (`Visitors (thousands)`). 2^53 is under 10 quadrillion.
 */
const AXIS_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1, ''],
  [1e3, 'thousands'],
  [1e6, 'millions'],
  [1e9, 'billions'],
  [1e12, 'trillions'],
  [1e15, 'quadrillions'],
]

/** The unit the chart's bars are plotted in: the smallest that keeps the largest bar, as plotted, under 1,000. */
export function axisUnit(largest: number): readonly [number, string] {
  const fits = AXIS_UNITS.find(([per]) => twoDecimals(barCount(largest) / per) < 1000)
  return fits ?? (AXIS_UNITS.at(-1) as readonly [number, string])
}

/**
 * The table's pages as a bar chart. The bars are labelled `#1` to `#10`, the numbers of the table above, and the
 * paths stay in the table: no path, whatever it holds, can end a label or the diagram. The axis starts at 0, as
 * Mermaid would otherwise start it at the smallest bar and make small differences look large; its ticks stay under
 * 1,000 (`axisUnit`).
 */
function chart(rows: VisitorRow[], metric: Metric): string {
  const { unit } = WORDS[metric]
  const counts = rows.map((r) => barCount(r.total))
  const [per, unitName] = axisUnit(Math.max(0, ...counts))
  const values = counts.map((n) => twoDecimals(n / per))
  const top = Math.max(1, ...values)
  return [
    '```mermaid',
    // GitHub's blue: it reads on the light theme's white and on the dark theme's near-black (Mermaid's default
    // palette draws pale bars).
    '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#2f81f7"}}}}%%',
    'xychart-beta',
    `  title "Top ${rows.length} pages by total ${unit.toLowerCase()}"`,
    `  x-axis [${rows.map((_, i) => `"#${i + 1}"`).join(', ')}]`,
    `  y-axis "${unitName ? `${unit} (${unitName})` : unit}" 0 --> ${top}`,
    `  bar [${values.join(', ')}]`,
    '```',
  ].join('\n')
}

/**
 * The one sentence a reader came for: the total for the range, with `compare` the change against the previous
 * period, and the AI share (with its change in points). `**13,900 unique visitors**, +9.9% on the previous 7 days;
 * AI share 15.5% (+5.2 points).`
 */
export function headline(s: Pick<VisitorsSummaryInput, 'metric' | 'totals' | 'compared' | 'previous'>): string {
  const t = s.totals
  if (!t) return ''
  const before = s.compared?.totals
  const answer = totalAnswer({ metric: s.metric ?? 'visitors', totals: t, before, previous: s.previous }, '**')
  const points = before && aiShareChange(t, before)
  return `${answer}; AI share ${share(t.ai, t.total)}${points ? ` (${points})` : ''}.`
}

/**
 * The visitors export's job summary: the answer first (the headline), then the totals, the busiest pages with their
 * chart, the changes, and the bookkeeping (what was written, what it cost) last. Pure; its size is bounded by
 * `tableRows`, not by the export or by what the API sends: paths are cut (`PATH_SHOWN`), counts are numbers.
 * Counts are shown as given, whatever their sign.
 */
export function visitorsSummary(s: VisitorsSummaryInput): string {
  const metric = s.metric ?? 'visitors'
  const words = WORDS[metric]
  const parts = [`### ${s.verdict.emoji} Mintlify ${words.title}: ${md(s.verdict.title)}`, '']
  const lead = headline({ ...s, metric })
  parts.push(lead || message(s.verdict.message))
  parts.push('', `Date range: ${rangeText(s.dateFrom, s.dateTo)}.`)
  if (s.previous)
    parts.push('', `Compared with the previous period: ${rangeText(s.previous.dateFrom, s.previous.dateTo)}.`)
  if (s.totals) {
    const t = s.totals
    const p = s.compared?.totals
    const rows = [[p ? 'This period' : 'Site-wide', ...counts(t)]]
    if (p)
      rows.push(
        ['Previous period', ...counts(p)],
        ['Change', percent(t.human, p.human), percent(t.ai, p.ai), percent(t.total, p.total), aiShareChange(t, p)],
      )
    parts.push(
      '',
      table(['Period', 'Human', 'AI', 'Total', 'AI share'], ['left', 'right', 'right', 'right', 'right'], rows),
      '',
      `${words.total} AI share is AI / Total.`,
    )
  }
  const shown = s.top.slice(0, s.tableRows)
  if (shown.length > 0) {
    parts.push(
      '',
      `#### Busiest ${number(shown.length)} pages`,
      '',
      table(
        ['#', 'Page', 'Human', 'AI', 'Total', 'Human █ / AI ░'],
        ['right', 'left', 'right', 'right', 'right', 'left'],
        shown.map((r, i) => [number(i + 1), page(r.path), ...counts(r).slice(0, 3), humanAiBar(r)]),
      ),
    )
    // Exactly the pages the table shows, at most ten: a bar never names a row the table does not have.
    parts.push('', chart(shown.slice(0, CHART_ROWS), metric))
  }
  if (s.compared) parts.push(...trendTables(s.compared, s.complete !== false, metric))
  // Bookkeeping last: what was written and what it cost (the verdict's line, without the answer it leads with).
  if (lead) parts.push('', message(s.verdict.wrote ?? s.verdict.message))
  else if (s.rows !== undefined) {
    const file = s.file ? ` in ${code(s.file)}` : ''
    parts.push('', `${number(s.rows)} pages${file}${s.complete ? '' : ' (not every page was read)'}.`)
  }
  return `${parts.join('\n')}\n`
}

/** Human, AI, Total and the AI share, as numbers a reader can take in. */
function counts(c: VisitorCounts): string[] {
  return [number(c.human), number(c.ai), number(c.total), share(c.ai, c.total)]
}

/** A page's path in a table: cut, then a code span (the path is shown literally, whatever it holds). */
function page(path: string): string {
  return code(shortPath(path)) || '(empty path)'
}

function percent(now: number, before: number): string {
  const change = totalChange(now, before)
  return change === '' ? '–' : signedPercent(change)
}

function signed(n: number): string {
  return n > 0 ? `+${number(n)}` : number(n)
}

/**
 * The biggest gains and drops by change in total (pages seen in both periods), then the new and the vanished pages
 * in their own short lists. A list with nothing in it is left out, heading and all.
 */
function trendTables(c: Compared, complete: boolean, metric: Metric): string[] {
  const trend = (title: string, rows: ExportRow[]) =>
    rows.length === 0
      ? []
      : [
          '',
          `#### ${title}`,
          '',
          table(
            ['#', 'Page', 'Previous total', 'Total', 'Change'],
            ['right', 'left', 'right', 'right', 'right'],
            rows.map((r, i) => [
              number(i + 1),
              page(r.path),
              number(r.previous?.total ?? 0),
              number(r.total),
              signed(change(r)),
            ]),
          ),
        ]
  const { trends } = c
  const unit = WORDS[metric].unit.toLowerCase()
  return [
    ...trend('Biggest gains', trends.gains.sorted()),
    ...trend('Biggest drops', trends.drops.sorted()),
    ...pageList({
      title: 'New pages',
      count: trends.fresh,
      says: (n) => `${pages(n)} ${n === 1 ? 'is' : 'are'} new since the previous period (seen now, not then)`,
      rows: trends.newPages.sorted(),
      busiest: 'busiest',
      item: (r) => `${number(r.total)} ${unit}`,
    }),
    ...(complete
      ? pageList({
          title: 'Vanished pages',
          count: trends.vanished,
          says: (n) => `${pages(n)} ${n === 1 ? 'was' : 'were'} seen in the previous period and not now`,
          rows: trends.vanishedPages.sorted(),
          busiest: 'busiest then',
          item: (r) => `${number(r.previous?.total ?? 0)} ${unit} then`,
        })
      : [
          '',
          'Pages seen then and not now are not listed: not every page of this period was read, so they cannot be known.',
        ]),
  ]
}

function pages(n: number): string {
  return counted(n, 'page', 'pages')
}

/**
 * New or vanished pages as a short list, busiest first: the count, the first pages, and how many more the file
 * holds. Nothing at all (no heading) when the count is 0.
 */
function pageList(l: {
  title: string
  count: number
  says: (n: number) => string
  rows: ExportRow[]
  busiest: string
  item: (row: ExportRow) => string
}): string[] {
  if (l.count === 0) return []
  const more = l.count - l.rows.length
  return [
    '',
    `#### ${l.title}`,
    '',
    `${l.says(l.count)}${more > 0 ? `; the ${number(l.rows.length)} ${l.busiest}` : ''}:`,
    '',
    ...l.rows.map((r) => `- ${page(r.path)}: ${l.item(r)}`),
    ...(more > 0 ? ['', `And ${number(more)} more; the file lists every page.`] : []),
  ]
}
