/**
 * The summary's chart, as Mermaid itself reads it: the `mermaid` package's own parser, offline, under a
 * jsdom window (it needs one for its sanitizer), for ordinary paths and paths that broke the old chart.
 */
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import type { VisitorRow } from '../../src/api/types.js'
import { number } from '../../src/format.js'
import { visitorsSummary } from '../../src/visitors/summary.js'

type Drawn = { type: string; groupTexts: string[]; data: Array<{ text?: string }> }
type Mermaid = {
  parse(text: string): Promise<unknown>
  mermaidAPI: {
    getDiagramFromText(text: string): Promise<{ db: { setTmpSVGG(g: unknown): void; getDrawableElem(): Drawn[] } }>
  }
}
let mermaid: Mermaid
let select: (node: unknown) => unknown
let scratch: unknown

beforeAll(async () => {
  const { window } = new JSDOM('<!doctype html><html><body><svg><g></g></svg></body></html>', {
    pretendToBeVisual: true,
  })
  Object.assign(globalThis, { window, document: window.document, DOMParser: window.DOMParser })
  // jsdom lays nothing out; Mermaid measures its labels with getBBox, and which ticks it draws does not depend on it.
  Object.assign(window.SVGElement.prototype, { getBBox: () => ({ x: 0, y: 0, width: 10, height: 10 }) })
  mermaid = ((await import('mermaid')) as unknown as { default: Mermaid }).default
  select = (await import('d3')).select as unknown as typeof select
  scratch = window.document.querySelector('g')
}, 60_000)

/** The y axis as Mermaid itself lays it out: the tick labels it draws, and the axis title. */
async function yAxisDrawn(text: string): Promise<{ ticks: string[]; title: string }> {
  await mermaid.parse(text) // loads the xychart diagram
  const { db } = await mermaid.mermaidAPI.getDiagramFromText(text)
  db.setTmpSVGG(select(scratch))
  const texts = (group: string) =>
    db
      .getDrawableElem()
      .filter((e) => e.type === 'text' && e.groupTexts.join('/') === `left-axis/${group}`)
      .flatMap((e) => e.data.map((d) => d.text ?? ''))
  return { ticks: texts('label'), title: texts('title').join('') }
}

const verdict = { title: 'exported', emoji: '📊', message: 'ok', level: 'notice' as const, fail: false }
const chartOf = (top: VisitorRow[], metric: 'visitors' | 'views' = 'visitors') => {
  const md = visitorsSummary({
    verdict,
    metric,
    totals: { human: 1, ai: 1, total: 1 },
    rows: top.length,
    complete: true,
    top,
    tableRows: 10,
  })
  const start = md.indexOf('```mermaid\n') + '```mermaid\n'.length
  return md.slice(start, md.indexOf('\n```', start))
}
const page = (path: string, total: number): VisitorRow => ({ path, human: total, ai: 0, total })

describe("the chart, read by Mermaid's parser", () => {
  it('accepts the chart of ordinary paths', async () => {
    const text = chartOf(Array.from({ length: 10 }, (_, i) => page(`/docs/page-${i}`, 1000 - 37 * i)))
    expect(text).toContain('x-axis ["#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8", "#9", "#10"]')
    await expect(mermaid.parse(text)).resolves.toBeTruthy()
  })

  it.each([
    ['empty', ''],
    ['a Mermaid comment', '%% init'],
    ['quotes and brackets', '/a"b]\n[c`'],
    ['unicode', '/文档/ページ/😀'],
    ['a long API reference path', `/docs/api-reference/endpoints/${'x'.repeat(300)}`],
  ])('accepts the chart of a path that is %s', async (_name, path) => {
    const text = chartOf([page(path, 5), page('/b', 3), page('/c', -1), page('/d', 1e308)])
    await expect(mermaid.parse(text)).resolves.toBeTruthy()
  })

  it.each([
    [
      'hundreds',
      [540, 500, 12],
      'Visitors',
      ['0', '50', '100', '150', '200', '250', '300', '350', '400', '450', '500'],
    ],
    [
      'tens of thousands',
      [13_900, 9_000, 250],
      'Visitors (thousands)',
      Array.from({ length: 14 }, (_, i) => String(i)),
    ],
    [
      'exactly a thousand',
      [1000, 400],
      'Visitors (thousands)',
      ['0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '1'],
    ],
    [
      'hundreds of thousands',
      [240_000, 180_000],
      'Visitors (thousands)',
      ['0', '20', '40', '60', '80', '100', '120', '140', '160', '180', '200', '220', '240'],
    ],
    [
      'millions',
      [5_300_000, 10],
      'Visitors (millions)',
      ['0', '0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5'],
    ],
    ['past 2^53', [1e308, 3], 'Visitors (quadrillions)', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
  ])(
    '%s: every y tick Mermaid draws reads as number() writes it, the unit in the axis title',
    async (_name, totals, title, ticks) => {
      const text = chartOf(totals.map((t, i) => page(`/p${i}`, t)))
      const drawn = await yAxisDrawn(text)
      expect(drawn.title).toBe(title)
      expect([...drawn.ticks].sort((a, b) => Number(a) - Number(b))).toEqual(ticks)
      for (const tick of drawn.ticks) expect(tick).toBe(number(Number(tick)))
      // One bar per page of the table.
      expect(text.match(/^ {2}bar \[(.*)\]$/m)?.[1]?.split(', ')).toHaveLength(totals.length)
    },
  )

  it('names the unit for page views too', async () => {
    const drawn = await yAxisDrawn(chartOf([page('/a', 48_000), page('/b', 20)], 'views'))
    expect(drawn.title).toBe('Views (thousands)')
    for (const tick of drawn.ticks) expect(tick).toBe(number(Number(tick)))
  })

  it('reads what Mermaid draws, so the test can fail: bare digits for a plain axis past 1,000', async () => {
    const drawn = await yAxisDrawn('xychart-beta\n  x-axis ["#1"]\n  y-axis "Visitors" 0 --> 240000\n  bar [240000]')
    expect(drawn.ticks).toContain('240000')
  })

  it('refuses what is not a chart, so the test can fail', async () => {
    await expect(mermaid.parse('xychart-beta\n  x-axis ["#1"\n  bar [1, oops]')).rejects.toThrow()
  })
})
