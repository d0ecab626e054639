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

describe('the visitors export compared with the previous period, in-process', () => {
  const page = (path: string, total: number) => ({ path, human: total, ai: 0, total })
  // This period: /a, /b, /c; the previous one (2025-12-25 to 2026-01-01): /b, /c, /d.
  const now = ['/a', '/b', '/c']
  const before = ['/b', '/c', '/d']
  const data = (): VisitorsData => ({
    count: 3,
    rowAt: (i) => page(now[i] ?? '', [10, 20, 30][i] ?? 0),
    totals: { human: 60, ai: 0, total: 60 },
    periods: {
      '2025-12-25': {
        count: 3,
        rowAt: (i) => page(before[i] ?? '', [40, 10, 5][i] ?? 0),
        totals: { human: 55, ai: 0, total: 48 },
      },
    },
  })
  const week = { 'date-from': '2026-01-01', 'date-to': '2026-01-08', compare: 'previous-period' }
  /** The summary's `#### title` section, up to the next heading or the closing bookkeeping. */
  const section = (summary: string, title: string) =>
    ((summary.split('\n#### ').find((s) => s.startsWith(title)) ?? '').split(/\n\nWrote /)[0] ?? '').trimEnd()

  it('joins shared pages, keeps new ones with zeros before, appends vanished ones, and says what changed', async () => {
    const r = await visitors(data(), { ...week, format: 'csv', limit: '2' })
    expect(r.code).toBe(0)
    expect(queries().map((q) => [q.get('dateFrom'), q.get('dateTo'), q.get('offset')])).toEqual([
      ['2025-12-25', '2026-01-01', '0'],
      ['2025-12-25', '2026-01-01', '2'],
      ['2026-01-01', '2026-01-08', '0'],
      ['2026-01-01', '2026-01-08', '2'],
    ])
    expect(r.files['mintlify-visitors.csv']).toBe(
      [
        'path,human,ai,total,previousHuman,previousAi,previousTotal',
        '/a,10,0,10,0,0,0',
        '/b,20,0,20,40,0,40',
        '/c,30,0,30,10,0,10',
        '/d,0,0,0,5,0,5',
        '',
      ].join('\r\n'),
    )
    expect(r.outputs).toMatchObject({
      total: '60',
      rows: '4',
      'previous-human': '55',
      'previous-ai': '0',
      'previous-total': '48',
      'total-change': '25.0',
    })
    expect(r.summary).toContain(
      [
        '| Period | Human | AI | Total | AI share |',
        '|---|---:|---:|---:|---:|',
        '| This period | 60 | 0 | 60 | 0.0% |',
        '| Previous period | 55 | 0 | 48 | 0.0% |',
        '| Change | +9.1% | – | +25.0% | ±0.0 points |',
        '',
        'Total counts each visitor once, so it is not Human + AI. AI share is AI / Total.',
      ].join('\n'),
    )
    expect(r.summary.trim().split(/\n\n+/)[1]).toBe(
      '**60 unique visitors**, +25.0% on the previous 7 days; AI share 0.0% (±0.0 points).',
    )
    expect(section(r.summary, 'Biggest gains').split('\n')).toEqual([
      'Biggest gains',
      '',
      '| # | Page | Previous total | Total | Change |',
      '|---:|---|---:|---:|---:|',
      '| 1 | `/c` | 10 | 30 | +20 |',
    ])
    expect(section(r.summary, 'Biggest drops').match(/^\| \d+ \|.*$/gm)).toEqual(['| 1 | `/b` | 40 | 20 | -20 |'])
    expect(section(r.summary, 'New pages')).toBe(
      'New pages\n\n1 page is new since the previous period (seen now, not then):\n\n- `/a`: 10 visitors',
    )
    expect(section(r.summary, 'Vanished pages')).toBe(
      'Vanished pages\n\n1 page was seen in the previous period and not now:\n\n- `/d`: 5 visitors then',
    )
    expect(r.summary.trim().split(/\n\n+/).at(-1)).toBe(
      'Wrote 4 rows to `mintlify-visitors.csv` (every page read; 4 requests).',
    )
  })

  it('new and vanished pages: the five busiest each, and how many more; no gains or drops where nothing changed', async () => {
    const current = (i: number) => (i === 0 ? page('/shared', 5) : page(`/new-${i - 1}`, 1000 + 100 * i))
    const earlier = (i: number) => (i === 0 ? page('/shared', 5) : page(`/gone-${i - 1}`, 10 * i))
    const r = await visitors(
      { count: 9, rowAt: current, periods: { '2025-12-25': { count: 8, rowAt: earlier } } },
      { ...week, metric: 'views' },
    )
    expect(r.code).toBe(0)
    expect(section(r.summary, 'New pages').split('\n')).toEqual([
      'New pages',
      '',
      '8 pages are new since the previous period (seen now, not then); the 5 busiest:',
      '',
      '- `/new-7`: 1,800 views',
      '- `/new-6`: 1,700 views',
      '- `/new-5`: 1,600 views',
      '- `/new-4`: 1,500 views',
      '- `/new-3`: 1,400 views',
      '',
      'And 3 more; the file lists every page.',
    ])
    expect(section(r.summary, 'Vanished pages').split('\n').slice(2)).toEqual([
      '7 pages were seen in the previous period and not now; the 5 busiest then:',
      '',
      '- `/gone-6`: 70 views then',
      '- `/gone-5`: 60 views then',
      '- `/gone-4`: 50 views then',
      '- `/gone-3`: 40 views then',
      '- `/gone-2`: 30 views then',
      '',
      'And 2 more; the file lists every page.',
    ])
    expect(r.summary).not.toContain('#### Biggest')
    expect(r.outputs.rows).toBe('16')
  })

  it('max-rows: the current period in part, so no vanished page can be known, and the summary says why', async () => {
    const r = await visitors(data(), { ...week, 'max-rows': '1' })
    expect(r.outputs).toMatchObject({ rows: '1', complete: 'false' })
    expect(r.summary).toContain(
      'Pages seen then and not now are not listed: not every page of this period was read, so they cannot be known.',
    )
    expect(r.summary).not.toContain('#### Vanished pages')
    expect(r.summary.trim().split(/\n\n+/).at(-1)).toBe(
      'Wrote 1 row to `mintlify-visitors.json` (stopped at `max-rows` (1); 0 reads every page; 2 requests).',
    )
  })

  it('a previous period given in hours is "the previous period"; a drop is signed; no change to show against 0', async () => {
    const d = data()
    d.totals = { human: 24, ai: 6, total: 30 }
    ;(d.periods as Record<string, VisitorsData>)['2026-01-01T06:00:00.000Z'] = {
      count: 1,
      totals: { human: 40, ai: 0, total: 40 },
    }
    const r = await visitors(d, {
      'date-from': '2026-01-01T12:00:00Z',
      'date-to': '2026-01-01T18:00:00Z',
      compare: 'previous-period',
    })
    expect(r.code).toBe(0)
    expect(r.summary.trim().split(/\n\n+/)[1]).toBe(
      '**30 unique visitors**, -25.0% on the previous period; AI share 20.0% (+20.0 points).',
    )
    const zero = data()
    ;(zero.periods?.['2025-12-25'] as VisitorsData).totals = { human: 0, ai: 0, total: 0 }
    const none = await visitors(zero, week)
    expect(none.summary.trim().split(/\n\n+/)[1]).toBe(
      '**60 unique visitors**, no change to show on the previous 7 days; AI share 0.0%.',
    )
    expect(none.summary).toContain('| Change | – | – | – |  |')
    expect(none.outputs['total-change']).toBe('')
  })

  it('a failure reading the previous period says where it stopped, and leaves no file', async () => {
    api = await startMockApi({ visitors: data() })
    api.fault({ path: 'dateFrom=2025-12-25', status: 400, json: { error: 'Invalid query parameters' } })
    const r = await runInProcess(run, {
      action: 'visitors',
      inputs: { 'project-id': 'proj_1', 'api-url': api.url, ...week },
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Reading unique visitors failed: HTTP 400 (Invalid query parameters).')
    expect(r.stdout).toContain('Reading the previous period stopped at offset 0; no file was written.')
    expect(Object.keys(r.files).filter((f) => f.startsWith('mintlify'))).toEqual([])
  })
})
