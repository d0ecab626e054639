/**
 * The summary's chart, as Mermaid itself reads it: the `mermaid` package's own parser, offline, under a
 * jsdom window (it needs one for its sanitizer), for ordinary paths and paths that broke the old chart.
 */
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import type { VisitorRow } from '../../src/api/types.js'
import { visitorsSummary } from '../../src/visitors/summary.js'

type Mermaid = { parse(text: string): Promise<unknown> }
let mermaid: Mermaid

beforeAll(async () => {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true })
  Object.assign(globalThis, { window, document: window.document, DOMParser: window.DOMParser })
  mermaid = ((await import('mermaid')) as unknown as { default: Mermaid }).default
}, 60_000)

const verdict = { title: 'exported', emoji: '📊', message: 'ok', level: 'notice' as const, fail: false }
const chartOf = (top: VisitorRow[]) => {
  const md = visitorsSummary({
    verdict,
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

  it('refuses what is not a chart, so the test can fail', async () => {
    await expect(mermaid.parse('xychart-beta\n  x-axis ["#1"\n  bar [1, oops]')).rejects.toThrow()
  })
})
