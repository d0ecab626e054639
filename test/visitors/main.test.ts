/**
 * The visitors export's wiring (src/visitors/main.ts), run in-process against the local mock API: what the
 * end-to-end tests show on the bundle, here where mutation testing reaches it.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type MockApi, startMockApi, type VisitorsData } from '../../local/mock-api.ts'
import { run } from '../../src/visitors/main.js'
import { removeRuns, runInProcess } from '../helpers/in-process.js'

let api: MockApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})
afterAll(removeRuns)

async function visitors(data: VisitorsData, inputs: Record<string, string> = {}) {
  api = await startMockApi({ visitors: data })
  return runInProcess(run, { action: 'visitors', inputs: { 'project-id': 'proj_1', 'api-url': api.url, ...inputs } })
}
const queries = () => (api?.requests ?? []).map((q) => new URL(q.path, 'http://x').searchParams)
const tableRows = (summary: string) => summary.match(/^\| [\d,]+ \| `/gm) ?? []

describe('the visitors export, in-process', () => {
  it('reads every page into the file, sets the outputs, and summarises the busiest pages', async () => {
    const r = await visitors(
      { count: 30, totals: { human: 900, ai: 300, total: 1000 } },
      { 'summary-rows': '25', limit: '20', 'date-from': '2026-03-01', 'date-to': '2026-03-08' },
    )
    expect(r.code).toBe(0)
    expect(queries().map((q) => [q.get('dateFrom'), q.get('dateTo'), q.get('limit'), q.get('offset')])).toEqual([
      ['2026-03-01', '2026-03-08', '20', '0'],
      ['2026-03-01', '2026-03-08', '20', '20'],
    ])
    expect(r.outputs).toMatchObject({ rows: '30', complete: 'true', human: '900', ai: '300', total: '1000' })
    expect(r.outputs.file).toMatch(/mintlify-visitors\.json$/)
    expect(JSON.parse(r.files['mintlify-visitors.json'] ?? '{}').visitors).toHaveLength(30)
    // The table shows the rows asked for, beyond the chart's ten.
    expect(tableRows(r.summary)).toHaveLength(25)
    expect(r.summary).toContain('  title "Top 10 pages by total visitors"')
    expect(r.summary.trim().split(/\n\n+/)[1]).toBe('**1,000 unique visitors**; AI share 30.0%.')
    expect(r.summary).toContain('Date range: 2026-03-01 to 2026-03-07.')
    expect(r.summary.trim().split(/\n\n+/).at(-1)).toBe(
      'Wrote 30 rows to `mintlify-visitors.json` (every page read; 2 requests).',
    )
    expect(r.stdout).toContain(
      '::notice::1,000 unique visitors; wrote 30 rows to mintlify-visitors.json (every page read; 2 requests).',
    )
  })

  it('page views compared with the previous period: that period first, then the export joined with it', async () => {
    const r = await visitors(
      {
        count: 3,
        totals: { human: 9_000, ai: 3_000, total: 12_000 },
        periods: { '2026-02-22': { count: 3, totals: { human: 9_600, ai: 2_400, total: 10_000 } } },
      },
      { metric: 'views', 'date-from': '2026-03-01', 'date-to': '2026-03-08', compare: 'previous-period' },
    )
    expect(r.code).toBe(0)
    expect(queries().map((q) => q.get('dateFrom'))).toEqual(['2026-02-22', '2026-03-01'])
    expect(api?.requests.every((q) => q.path.startsWith('/v1/analytics/proj_1/views?'))).toBe(true)
    expect(r.summary.trim().split(/\n\n+/)[1]).toBe(
      '**12,000 page views**, +20.0% on the previous 7 days; AI share 25.0% (+1.0 points).',
    )
    expect(r.summary).toContain('Compared with the previous period: 2026-02-22 to 2026-02-28.')
    const file = JSON.parse(r.files['mintlify-views.json'] ?? '{}')
    expect(file.previous).toEqual({
      dateFrom: '2026-02-22',
      dateTo: '2026-03-01',
      totals: { human: 9_600, ai: 2_400, total: 10_000 },
    })
    expect(Object.keys(file.views[0])).toEqual([
      'path',
      'human',
      'ai',
      'total',
      'previousHuman',
      'previousAi',
      'previousTotal',
    ])
    expect(r.outputs.file).toMatch(/mintlify-views\.json$/)
  })

  it('summary-rows 0: the totals, and no table nor chart of pages', async () => {
    const r = await visitors({ count: 12 }, { 'summary-rows': '0' })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('| Site-wide |')
    expect(r.summary).not.toContain('Busiest')
    expect(r.summary).not.toContain('mermaid')
  })

  it('bad input, and an output that cannot be written, fail before any request, naming the input', async () => {
    const bad = await visitors({ count: 3 }, { metric: 'pageviews' })
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain('::error::Input metric: "pageviews" is not one of the choices.')
    expect(api?.requests).toEqual([])
    await api?.close()
    api = await startMockApi({ visitors: { count: 3 } })
    const taken = await runInProcess(run, {
      action: 'visitors',
      inputs: { 'project-id': 'proj_1', 'api-url': api.url, output: 'notes.txt/v.json', summary: 'false' },
      files: { 'notes.txt': 'x' },
    })
    expect(taken.code).toBe(1)
    expect(taken.stdout).toMatch(/::error::Input output: ".*notes\.txt\/v\.json" cannot be written \(E\w+\)/)
    expect(api?.requests).toEqual([])
    expect(taken.summary).toBe('')
  })

  it('a failed export leaves no file, sets no output, and says which request failed', async () => {
    api = await startMockApi({ visitors: { count: 600 } })
    api.fault({ path: 'offset=250', status: 400, json: { error: 'Invalid offset' } })
    const r = await runInProcess(run, {
      action: 'visitors',
      inputs: { 'project-id': 'proj_1', 'api-url': api.url },
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Reading unique visitors failed: HTTP 400 (Invalid offset)')
    expect(r.outputs).toEqual({})
    expect(Object.keys(r.files).filter((f) => f.startsWith('mintlify'))).toEqual([])
    expect(r.summary).toMatch(/^### ❌ Mintlify unique visitors: /)
  })

  it('summary: false writes no summary; the file and outputs are still written', async () => {
    const r = await visitors({ count: 3 }, { summary: 'false', format: 'csv' })
    expect(r.code).toBe(0)
    expect(r.summary).toBe('')
    expect(r.outputs.file).toMatch(/mintlify-visitors\.csv$/)
    expect(r.files['mintlify-visitors.csv']?.split('\r\n')[0]).toBe('path,human,ai,total')
  })
})
