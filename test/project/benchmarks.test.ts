/**
 * docs/benchmarks.md agrees with itself: a figure its prose cites from a table is wrapped in a pair of HTML
 * comments naming the row and the column (`<!--fig ROW | COLUMN-->3.34×<!--/fig-->`, invisible once rendered),
 * and must be the figure in that cell; "Every target met." follows only a table whose every target is met.
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'

interface Table {
  header: string[]
  rows: string[][]
  /** The first paragraph after the table. */
  after: string
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim())

/** Every table of a Markdown text: its header, its rows (cells trimmed), and the paragraph that follows it. */
function tables(markdown: string): Table[] {
  const lines = markdown.split('\n')
  const found: Table[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]?.startsWith('|') || !/^\|(\s*:?-+:?\s*\|)+\s*$/.test(lines[i + 1] ?? '')) continue
    const table: Table = { header: cells(lines[i] ?? ''), rows: [], after: '' }
    for (i += 2; lines[i]?.startsWith('|'); i++) table.rows.push(cells(lines[i] ?? ''))
    let next = i
    while (lines[next] === '') next++
    table.after = lines[next] ?? ''
    i--
    found.push(table)
  }
  return found
}

/** Whether `figure` stands in `cell` as a whole figure (`4.0×` is not in `14.0×`, `1.9` is not in `1.90`). */
function holds(cell: string, figure: string): boolean {
  for (let at = cell.indexOf(figure); at >= 0; at = cell.indexOf(figure, at + 1))
    if (!/\d[.,]?$/.test(cell.slice(0, at)) && !/^[.,]?\d/.test(cell.slice(at + figure.length))) return true
  return false
}

/** What disagrees: each cited figure that is not in its cell, or whose row or column is not one table's. */
function citationProblems(markdown: string): { cited: number; problems: string[] } {
  const all = tables(markdown)
  const problems: string[] = []
  const marks = [...markdown.matchAll(/<!--fig ([^|]+?)\s*\|\s*(.+?)\s*-->([\s\S]*?)<!--\/fig-->/g)]
  for (const [, row = '', column = '', figure = ''] of marks) {
    const matches = all.flatMap((t) => {
      const col = t.header.findIndex((h) => h.startsWith(column))
      if (col < 0) return []
      // The row's first cell, or its start up to a word's end (`json` names the JSON row, not the JSONL one).
      const named = (first: string) => first.startsWith(row) && !/^\w/.test(first.slice(row.length))
      return t.rows.filter((r) => named(r[0] ?? '')).map((r) => r[col] ?? '')
    })
    if (matches.length !== 1)
      problems.push(`"${figure}" cites row "${row}", column "${column}": ${matches.length} cells match, not one`)
    else if (!holds(matches[0] ?? '', figure))
      problems.push(`"${figure}" cites row "${row}", column "${column}", which says "${matches[0]}"`)
  }
  for (const t of all) {
    const met = t.header.indexOf('met')
    if (met >= 0 && t.after === 'Every target met.' && t.rows.some((r) => r[met] !== 'yes' && r[met] !== ''))
      problems.push(
        `"Every target met." follows a table with a target missed: ${t.rows.find((r) => r[met] === '**no**')?.[0]}`,
      )
  }
  return { cited: marks.length, problems }
}

describe('docs/benchmarks.md', () => {
  it('cites, in its prose, the figures of its tables', () => {
    const { cited, problems } = citationProblems(readFileSync(path.join(ROOT, 'docs/benchmarks.md'), 'utf8'))
    expect(problems).toEqual([])
    expect(cited).toBeGreaterThanOrEqual(10)
  })

  it('a cited figure that is not its table cell, a cell not found, a target missed: each is named', () => {
    const doc = [
      '| start-up | 2026-11-21 | 2026-11-24 |',
      '|---|---|---|',
      '| agent job | 1.90× (59.4 ms) | 3.34× (82.9 ms) |',
      '| bundle evaluated at start | 145.9 kB | 1,184.9 kB |',
      '',
      '| figure | value | target | met |',
      '|---|---|---|---|',
      '| Start-up | 3.34× | ≤ 4.0× | yes |',
      '| Export | 131.8 MiB | ≤ 150 MiB | **no** |',
      '',
      'Every target met.',
      '',
      'It went to <!--fig bundle | 2026-11-21-->86 kB<!--/fig--> (<!--fig agent job | 2026-11-21-->1.90×<!--/fig-->),',
      'then <!--fig agent | 2026-11-24-->3.3×<!--/fig--> under <!--fig Start-up | target-->14.0×<!--/fig-->;',
      '<!--fig Polling | value-->9.999 s<!--/fig--> and <!--fig Start-up | target-->4.0×<!--/fig-->.',
    ].join('\n')
    expect(citationProblems(doc)).toEqual({
      cited: 6,
      problems: [
        '"86 kB" cites row "bundle", column "2026-11-21", which says "145.9 kB"',
        '"3.3×" cites row "agent", column "2026-11-24", which says "3.34× (82.9 ms)"',
        '"14.0×" cites row "Start-up", column "target", which says "≤ 4.0×"',
        '"9.999 s" cites row "Polling", column "value": 0 cells match, not one',
        '"Every target met." follows a table with a target missed: Export',
      ],
    })
  })
})
