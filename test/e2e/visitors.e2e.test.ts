/** The visitors export as the runner runs it (`visitors/action.yml` → its bundle) against the local mock API. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type MockApi, sampleRow, startMockApi, type VisitorsData } from '../../local/mock-api.ts'
import type { RunOptions, RunResult } from '../../local/run-action.ts'
import { runVisitors, stopAtFirstRetry } from '../helpers/e2e.js'
import { OLD_FINGERPRINT_PAIR } from '../helpers/fakes.js'
import { NO_POSIX_SIGNALS, POSIX_SIGNALS } from '../helpers/scripts.ts'
import { closedPortUrl } from '../helpers/server.js'
import { skipped } from '../helpers/skip-reasons.ts'

let api: MockApi | undefined

afterEach(async () => {
  await api?.close()
  api = undefined
})

async function exportRun(
  data: VisitorsData,
  inputs: Record<string, string> = {},
  options: RunOptions = {},
): Promise<RunResult> {
  api = await startMockApi({ visitors: data })
  return runVisitors(api, inputs, options)
}

const requests = () => (api?.requests ?? []).map((q) => new URL(q.path, 'http://x').searchParams)
const read = (r: RunResult) => readFileSync(r.outputs.file ?? '', 'utf8')
const leftovers = (r: RunResult) => readdirSync(r.workspace).filter((f) => f.includes('partial'))

describe('export', () => {
  it('600 rows take exactly 3 requests at limit=250; outputs are the API totals, not row sums', async () => {
    const totals = { human: 123_456, ai: 7_890, total: 125_000 }
    const r = await exportRun({ count: 600, totals }, { 'date-from': '2026-01-01', 'date-to': '2026-01-08' })
    expect(r.code).toBe(0)
    expect(requests().map((q) => [q.get('limit'), q.get('offset')])).toEqual([
      ['250', '0'],
      ['250', '250'],
      ['250', '500'],
    ])
    expect(requests()[0]?.get('dateFrom')).toBe('2026-01-01')
    expect(requests()[0]?.get('dateTo')).toBe('2026-01-08')
    expect(r.outputs).toEqual({
      human: '123456',
      ai: '7890',
      total: '125000',
      rows: '600',
      file: path.join(r.workspace, 'mintlify-visitors.json'),
      complete: 'true',
    })
    const json = JSON.parse(read(r))
    expect(json).toMatchObject({ dateFrom: '2026-01-01', dateTo: '2026-01-08', complete: true, totals })
    expect(json.visitors).toHaveLength(600)
    expect(json.visitors[599]).toEqual(sampleRow(599))
    expect(Date.parse(json.exportedAt)).not.toBeNaN()
    expect(leftovers(r)).toEqual([])
  })

  it('counts in the log and the summary in the one number format: 1,200 rows, not 1200', async () => {
    const r = await exportRun({ count: 1200 })
    expect(r.code).toBe(0)
    expect(r.outputs.rows).toBe('1200')
    const paragraphs = r.summary.trim().split(/\n\n+/)
    // The last paragraph says what was written, once.
    expect(paragraphs.at(-1)).toBe('Wrote 1,200 rows to `mintlify-visitors.json` (every page read; 5 requests).')
    expect(r.summary).not.toContain('pages in `mintlify-visitors.json`')
    expect(r.stdout).toContain('::notice::2,753,113 unique visitors; wrote 1,200 rows to')
    expect(r.stdout).not.toMatch(/\b1200\b/)
  })

  it('5,000 distinct paths, past every growth of the dedup table, each arrive once, and the run ends', async () => {
    // The table starts at 1,024 slots and doubles past half full: 513, 1,025, 2,049 and 4,097 paths each grow it.
    // The last page repeats ten paths from all over the export: each is still known after every growth.
    const rowAt = (i: number) => sampleRow(i < 5000 ? i : (i - 5000) * 499)
    const r = await exportRun({ count: 5010, rowAt }, { format: 'jsonl', summary: 'false' }, { killAfterMs: 15_000 })
    expect(r.signal).toBeNull()
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ rows: '5000', complete: 'true' })
    expect(requests().map((q) => Number(q.get('offset')))).toEqual(Array.from({ length: 21 }, (_, i) => 250 * i))
    const rows = read(r)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows).toEqual(Array.from({ length: 5000 }, (_, i) => sampleRow(i)))
    expect(r.stdout).toContain('::warning::Path "/docs/page-1996" came again at offset 5,000; it is written once.')
    expect(r.stdout).toContain('::warning::10 rows repeated a path already written; each path is written once.')
  })

  it('CSV quotes a path holding a comma and a quote per RFC 4180', async () => {
    const rowAt = (i: number) => (i === 1 ? { path: '/a,"b"', human: 2, ai: 1, total: 3 } : sampleRow(i))
    const r = await exportRun({ count: 3, rowAt }, { format: 'csv' })
    expect(r.code).toBe(0)
    expect(read(r)).toBe(
      'path,human,ai,total\r\n/docs/page-0,5000,1250,5625\r\n"/a,""b""",2,1,3\r\n/docs/page-2,4998,0,4998\r\n',
    )
    expect(r.outputs.file).toBe(path.join(r.workspace, 'mintlify-visitors.csv'))
  })

  it('JSONL has one object a line', async () => {
    const r = await exportRun({ count: 300 }, { format: 'jsonl', output: 'out/visitors.jsonl' })
    expect(r.code).toBe(0)
    const lines = read(r).split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(300)
    expect(lines.map((l) => JSON.parse(l))).toEqual(Array.from({ length: 300 }, (_, i) => sampleRow(i)))
    expect(r.outputs.file).toBe(path.join(r.workspace, 'out', 'visitors.jsonl'))
  })

  it.each([
    ['json', (text: string) => expect(JSON.parse(text)).toMatchObject({ visitors: [], complete: true })],
    ['csv', (text: string) => expect(text).toBe('path,human,ai,total\r\n')],
    ['jsonl', (text: string) => expect(text).toBe('')],
  ])('zero rows: one request and a valid empty %s file', async (format, check) => {
    const r = await exportRun({ count: 0 }, { format })
    expect(r.code).toBe(0)
    expect(api?.requests).toHaveLength(1)
    expect(r.outputs).toMatchObject({ rows: '0', complete: 'true' })
    check(read(r))
  })

  it('max-rows stops early with complete=false, and the line on the run page says so', async () => {
    const r = await exportRun({ count: 600 }, { 'max-rows': '300' })
    expect(r.code).toBe(0)
    expect(api?.requests).toHaveLength(2)
    expect(r.outputs).toMatchObject({ rows: '300', complete: 'false' })
    expect(r.stdout).toMatch(
      /^::notice::[\d,]+ unique visitors; wrote 300 rows to mintlify-visitors\.json \(stopped at max-rows \(300\); 0 reads every page; 2 requests\)\.$/m,
    )
    expect(r.summary.trim().split(/\n\n+/).at(-1)).toBe(
      'Wrote 300 rows to `mintlify-visitors.json` (stopped at `max-rows` (300); 0 reads every page; 2 requests).',
    )
    const json = JSON.parse(read(r))
    expect(json.complete).toBe(false)
    expect(json.visitors).toHaveLength(300)
  })

  it('a server that says hasMore forever with the same rows is stopped with a warning', async () => {
    const r = await exportRun({ count: 100, endless: true })
    expect(r.code).toBe(0)
    expect(api?.requests).toHaveLength(2)
    expect(r.stdout).toContain(
      '::warning::The API says more rows follow offset 100, but that page brought no path not seen before',
    )
    expect(r.outputs).toMatchObject({ rows: '100', complete: 'false' })
  })

  it('a 429 with Retry-After mid-export waits, then loses and repeats no row', async () => {
    api = await startMockApi({ visitors: { count: 600 } })
    api.fault({
      path: 'offset=250',
      status: 429,
      json: { error: 'Rate limit exceeded' },
      headers: { 'Retry-After': '0.2' },
    })
    const r = await runVisitors(api, { format: 'jsonl' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      'Page at offset 250 failed: HTTP 429 (Rate limit exceeded). Waiting 0.2s as the API asked (Retry-After 0.2s) before trying again.',
    )
    expect(requests().map((q) => q.get('offset'))).toEqual(['0', '250', '250', '500'])
    const rows = read(r)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows).toEqual(Array.from({ length: 600 }, (_, i) => sampleRow(i)))
  })

  it('a 400 with details shows both texts and leaves no file', async () => {
    api = await startMockApi({ visitors: { count: 10 } })
    api.fault({
      status: 400,
      json: { error: 'Invalid query parameters', details: [{ message: 'dateFrom must be before dateTo' }] },
    })
    const r = await runVisitors(api)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      '::error::Reading unique visitors failed: HTTP 400 (Invalid query parameters; dateFrom must be before dateTo).',
    )
    expect(r.stdout).toContain('The export stopped at offset 0, after 0 rows; no file was written.')
    expect(existsSync(path.join(r.workspace, 'mintlify-visitors.json'))).toBe(false)
    expect(leftovers(r)).toEqual([])
    expect(r.outputs).toEqual({})
  })

  it('writes a summary with the range, totals, busiest pages with bars, and a Mermaid chart', async () => {
    const r = await exportRun(
      { count: 40, totals: { human: 900, ai: 300, total: 1000 } },
      { 'summary-rows': '5', 'date-from': '2026-03-01' },
    )
    expect(r.summary).toContain('Date range: from 2026-03-01 up to now.')
    expect(r.summary).toContain('| Site-wide | 900 | 300 | 1,000 | 30.0% |')
    expect(r.summary).toContain('#### Busiest 5 pages')
    expect(r.summary).toContain('| 1 | `/docs/page-0` | 5,000 | 1,250 | 5,625 | ████████░░ |')
    // The chart plots exactly the pages the table shows, in a colour that reads on both GitHub themes.
    expect(r.summary).toMatch(
      /```mermaid\n%%\{init: \{"themeVariables": \{"xyChart": \{"plotColorPalette": "#2f81f7"\}\}\}\}%%\nxychart-beta\n {2}title "Top 5 pages by total visitors"/,
    )
    expect(r.summary).toContain('  x-axis ["#1", "#2", "#3", "#4", "#5"]')
    // The busiest page has 5,625: plotted in thousands, so no tick Mermaid draws needs a thousands separator.
    expect(r.summary).toContain('  y-axis "Visitors (thousands)" 0 --> 5.63')
    expect(r.summary.match(/^ {2}bar \[(.*)\]$/m)?.[1]?.split(', ')).toHaveLength(5)
    expect(r.summary.match(/^\| \d+ \|/gm)).toHaveLength(5)
    // The answer first: the paragraph under the heading holds the total and the AI share; bookkeeping comes last.
    const paragraphs = r.summary.trim().split(/\n\n+/)
    expect(paragraphs[1]).toBe('**1,000 unique visitors**; AI share 30.0%.')
    // The file as the workspace names it; the `file` output keeps the absolute path.
    expect(paragraphs.at(-1)).toBe('Wrote 40 rows to `mintlify-visitors.json` (every page read; 1 request).')
    // The one line on the run page leads with the answer too.
    expect(r.stdout).toContain(
      '::notice::1,000 unique visitors; wrote 40 rows to mintlify-visitors.json (every page read; 1 request).',
    )
    expect(r.summary).not.toContain(r.workspace)
    expect(r.outputs.file).toBe(path.join(r.workspace, 'mintlify-visitors.json'))
    expect(r.summary).not.toMatch(/&#\d+;|<code>|<sub>/)
  })
})

describe('the summary: how many pages, which ones', () => {
  const bars = (r: RunResult) => r.summary.match(/^ {2}bar \[(.*)\]$/m)?.[1]?.split(', ') ?? []
  const tableRows = (r: RunResult) => r.summary.match(/^\| [\d,]+ \| `/gm) ?? []

  it('the chart draws ten bars at most, whatever summary-rows is; the table shows them all', async () => {
    const r = await exportRun({ count: 40 }, { 'summary-rows': '25' })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('#### Busiest 25 pages')
    expect(tableRows(r)).toHaveLength(25)
    expect(bars(r)).toHaveLength(10)
    expect(r.summary).toContain('  title "Top 10 pages by total visitors"')
    expect(r.summary).toContain(`  x-axis [${Array.from({ length: 10 }, (_, i) => `"#${i + 1}"`).join(', ')}]`)
  })

  it('summary-rows: 0 shows no table of pages and no chart; the totals and the file are still there', async () => {
    const r = await exportRun({ count: 40, totals: { human: 900, ai: 300, total: 1000 } }, { 'summary-rows': '0' })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('| Site-wide | 900 | 300 | 1,000 | 30.0% |')
    expect(r.summary).not.toContain('Busiest')
    expect(r.summary).not.toContain('mermaid')
    expect(tableRows(r)).toEqual([])
    expect(r.outputs.rows).toBe('40')
  })

  it('pages that tie at the cut keep the order the API gave them', async () => {
    // Thirteen pages with the same total, named against the alphabet, and a busier one among them: the table of
    // ten shows the busier one, then the first nine tied pages in the order the API listed them (not the last ones).
    const rowAt = (i: number) =>
      i === 5
        ? { path: '/docs/busiest', human: 150, ai: 50, total: 200 }
        : { path: `/docs/tie-${String.fromCharCode(110 - i)}`, human: 70, ai: 30, total: 90 }
    const r = await exportRun({ count: 14, rowAt }, { 'summary-rows': '10' })
    expect(r.code).toBe(0)
    expect(r.summary.match(/(?<=^\| [\d,]+ \| `)[^`]+/gm)).toEqual([
      '/docs/busiest',
      ...['n', 'm', 'l', 'k', 'j', 'h', 'g', 'f', 'e'].map((c) => `/docs/tie-${c}`),
    ])
    expect(bars(r)).toEqual(['200', '90', '90', '90', '90', '90', '90', '90', '90', '90'])
  })
})

describe('untrusted counts and paths', () => {
  it('two different paths that shared the old 53-bit fingerprint are both written; a real repeat once, with a warning', async () => {
    const [a, b] = OLD_FINGERPRINT_PAIR
    const served = [
      { path: a, human: 10, ai: 1, total: 11 },
      sampleRow(1),
      { path: b, human: 20, ai: 2, total: 21 },
      { path: a, human: 10, ai: 1, total: 11 },
    ]
    const r = await exportRun(
      { count: served.length, rowAt: (i) => served[i] ?? sampleRow(i) },
      { limit: '2', format: 'jsonl' },
    )
    expect(r.code).toBe(0)
    expect(requests().map((q) => q.get('offset'))).toEqual(['0', '2'])
    expect(r.outputs).toMatchObject({ rows: '3', complete: 'true' })
    const written = read(r)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(written).toEqual(served.slice(0, 3))
    expect(r.stdout).toContain(`::warning::Path "${a}" came again at offset 2; it is written once.`)
    expect(r.stdout).not.toContain(`Path "${b}" came again`)
    expect(r.summary).toContain(`| 2 | \`${b}\` | 20 | 2 | 21 |`)
    expect(r.summary).toContain(`| 3 | \`${a}\` | 10 | 1 | 11 |`)
  })

  const oddRows = [
    { path: '/neg', human: -7, ai: 12, total: -1 },
    { path: '/frac', human: 0.25, ai: 1.5, total: 1.75 },
    { path: '/huge', human: 1e308, ai: 1, total: 1e308 },
  ]
  const oddTotals = { human: -5, ai: 0.125, total: 1e308 }

  it.each([
    ['json', (text: string) => expect(JSON.parse(text)).toMatchObject({ totals: oddTotals, visitors: oddRows })],
    [
      'csv',
      (text: string) =>
        expect(text).toBe('path,human,ai,total\r\n/neg,-7,12,-1\r\n/frac,0.25,1.5,1.75\r\n/huge,1e+308,1,1e+308\r\n'),
    ],
    [
      'jsonl',
      (text: string) =>
        expect(
          text
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        ).toEqual(oddRows),
    ],
  ])(
    'negative, fractional and 1e308 counts go into the %s file, outputs and summary as given',
    async (format, check) => {
      const r = await exportRun({ count: 3, rowAt: (i) => oddRows[i] ?? sampleRow(i), totals: oddTotals }, { format })
      expect(r.code).toBe(0)
      expect(r.stderr).toBe('')
      expect(r.outputs).toMatchObject({ human: '-5', ai: '0.125', total: '1e+308', rows: '3', complete: 'true' })
      check(read(r))
      expect(r.summary).toContain('| Site-wide | -5 | 0.125 | 1e+308 | 0.0% |')
      expect(r.summary).toContain('| 1 | `/huge` | 1e+308 | 1 | 1e+308 | ██████████ |')
      expect(r.summary).toContain('| 2 | `/frac` | 0.25 | 1.5 | 1.75 | █░░░░░░░░░ |')
      expect(r.summary).toContain('| 3 | `/neg` | -7 | 12 | -1 |  |')
    },
  )

  it('60 kB paths: the summary shows them cut and stays far under 1 MiB; the file keeps them whole', async () => {
    const rowAt = (i: number) => ({ path: `/${i}/${'x'.repeat(60_000)}`, human: 100 - i, ai: i, total: 100 - i })
    const r = await exportRun({ count: 20, rowAt }, { limit: '2' })
    expect(r.code).toBe(0)
    expect(JSON.parse(read(r)).visitors).toEqual(Array.from({ length: 20 }, (_, i) => rowAt(i)))
    expect(r.summary.match(/^\| \d+ \|/gm)).toHaveLength(20)
    expect(r.summary).toContain(`| 1 | \`/0/${'x'.repeat(116)}…\` | 100 | 0 | 100 |`)
    expect(Buffer.byteLength(r.summary)).toBeLessThan(64 * 1024)
  })

  it('summary: false writes no summary; the file and outputs are still written', async () => {
    const r = await exportRun({ count: 30 }, { summary: 'false', format: 'csv' })
    expect(r.code).toBe(0)
    expect(r.summary).toBe('')
    expect(r.outputs).toMatchObject({ rows: '30', complete: 'true' })
    expect(read(r).split('\r\n')).toHaveLength(32)
    expect(r.stdout).toMatch(/^::notice::[\d,]+ unique visitors; wrote 30 rows to /m)
  })

  it('summary: false writes no summary on a failure either', async () => {
    api = await startMockApi({ visitors: { count: 10 } })
    api.fault({ status: 400, json: { error: 'Invalid query parameters' } })
    const r = await runVisitors(api, { summary: 'false' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Reading unique visitors failed: HTTP 400 (Invalid query parameters).')
    expect(r.summary).toBe('')
  })
})

describe('no connection', () => {
  it.skipIf(!POSIX_SIGNALS)('api-url refusing connections: said in words, not as an errno code', async () => {
    api = await startMockApi({ visitors: { count: 10 } })
    const r = await runVisitors(api, { 'api-url': await closedPortUrl() }, { onStdout: stopAtFirstRetry })
    expect(r.stdout).toContain('Page at offset 0 failed: connection refused. Waiting 1.0s before trying again.')
    expect(r.stdout).not.toContain('ECONNREFUSED')
  })
})

describe('cancellation', () => {
  it.skipIf(!POSIX_SIGNALS)(
    `SIGTERM during a page: exits at once with 143, no file, no partial file, no outputs${skipped(NO_POSIX_SIGNALS)}`,
    async () => {
      api = await startMockApi({ visitors: { count: 600 } })
      api.fault({ path: 'offset=250', action: 'hang' })
      const mock = api
      let sentAt = 0
      const r = await runVisitors(
        api,
        {},
        {
          onStart: (child) => {
            const timer = setInterval(() => {
              if (mock.requests.some((q) => q.path.includes('offset=250'))) {
                clearInterval(timer)
                sentAt = Date.now()
                child.kill('SIGTERM')
              }
            }, 5)
          },
        },
      )
      expect(sentAt).toBeGreaterThan(0)
      expect(Date.now() - sentAt).toBeLessThan(1000)
      expect(r.code).toBe(143)
      expect(r.stdout).toContain('::warning::Cancelled (SIGTERM); no file was written.')
      expect(existsSync(path.join(r.workspace, 'mintlify-visitors.json'))).toBe(false)
      expect(leftovers(r)).toEqual([])
      expect(r.outputs).toEqual({})
    },
  )
})

describe('bad input fails before any request', () => {
  it.each([
    ['limit 0', { limit: '0' }, 'Input limit: "0" is out of range. Accepted: a whole number from 1 to 250.'],
    ['limit 251', { limit: '251' }, 'Input limit: "251" is out of range. Accepted: a whole number from 1 to 250.'],
    ['limit not a number', { limit: 'lots' }, 'Input limit: "lots" is not a whole number.'],
    ['offset -1', { offset: '-1' }, 'Input offset: "-1" is out of range. Accepted: a whole number, 0 or more.'],
    ['max-rows -5', { 'max-rows': '-5' }, 'Input max-rows: "-5" is out of range.'],
    [
      'unreadable date',
      { 'date-from': 'last tuesday' },
      'Input date-from: "last tuesday" is not a date. Accepted: YYYY-MM-DD',
    ],
    ['impossible date', { 'date-to': '2026-02-30' }, 'Input date-to: "2026-02-30" is not a calendar date.'],
    [
      'date-from not before date-to',
      { 'date-from': '2026-01-08', 'date-to': '2026-01-08' },
      'Input date-to: "2026-01-08" is not after date-from "2026-01-08" (date-to is exclusive).',
    ],
    ['unknown format', { format: 'xml' }, 'Input format: "xml" is not one of the choices. Accepted: json, csv, jsonl.'],
    ['summary-rows not a number', { 'summary-rows': 'ten' }, 'Input summary-rows: "ten" is not a whole number.'],
    [
      'summary-rows above its cap',
      { 'summary-rows': '1001' },
      'Input summary-rows: "1001" is out of range. Accepted: a whole number from 0 to 1,000.',
    ],
    ['no key', { 'api-key': '' }, 'Input api-key: it is required but empty.'],
  ])('%s', async (_name, inputs, message) => {
    const r = await exportRun({ count: 10 }, inputs)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`::error::${message}`)
    expect(api?.requests).toHaveLength(0)
    expect(r.outputs).toEqual({})
    expect(leftovers(r)).toEqual([])
  })

  it('an output path that is a directory, or under a file', async () => {
    const dir = await exportRun({ count: 10 }, { output: '.' })
    expect(dir.code).toBe(1)
    expect(dir.stdout).toMatch(/::error::Input output: ".*" is a directory\. Accepted: a writable file path/)
    expect(api?.requests).toHaveLength(0)
    await api?.close()
    const underFile = await exportRun({ count: 10 }, { output: 'notes.txt/v.json' }, { files: { 'notes.txt': 'x' } })
    expect(underFile.code).toBe(1)
    expect(underFile.stdout).toMatch(/::error::Input output: ".*notes\.txt\/v\.json" cannot be written \(E\w+\)/)
    expect(api?.requests).toHaveLength(0)
  })
})

describe('the runner layer', () => {
  it('an output file that cannot be written is one clear error line, with the summary, and no stack trace', async () => {
    const r = await exportRun({ count: 3 }, {}, { env: { GITHUB_OUTPUT: '/nonexistent/github-output' } })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Missing file at path: /nonexistent/github-output')
    expect(r.summary).toContain('Mintlify unique visitors: Error')
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /)
  })

  it('a job summary that cannot be written costs a warning, not the step (a local run without the file)', async () => {
    const unset = await exportRun({ count: 3 }, {}, { env: { GITHUB_STEP_SUMMARY: '' } })
    expect(unset.code).toBe(0)
    expect(unset.outputs.rows).toBe('3')
    expect(unset.stdout).toContain(
      '::warning::Could not write the job summary: Unable to find environment variable for $GITHUB_STEP_SUMMARY.',
    )
    const missing = await exportRun({ count: 3 }, {}, { env: { GITHUB_STEP_SUMMARY: '/nonexistent/step-summary' } })
    expect(missing.code).toBe(0)
    expect(missing.stdout).toContain(
      "::warning::Could not write the job summary: Unable to access summary file: '/nonexistent/step-summary'.",
    )
    expect(missing.stdout + missing.stderr).not.toMatch(/\n\s+at /)
  })
})

describe('metric: views', () => {
  it('pages through the views endpoint, rows under `views`, into mintlify-views.json', async () => {
    const totals = { human: 900, ai: 300, total: 1_200 }
    const r = await exportRun({ count: 300, totals }, { metric: 'views', limit: '200' })
    expect(r.code).toBe(0)
    expect(api?.requests.map((q) => q.path.split('?')[0])).toEqual([
      '/v1/analytics/proj_1/views',
      '/v1/analytics/proj_1/views',
    ])
    expect(requests().map((q) => q.get('offset'))).toEqual(['0', '200'])
    expect(r.outputs).toMatchObject({ human: '900', ai: '300', total: '1200', rows: '300', complete: 'true' })
    expect(r.outputs.file).toBe(path.join(r.workspace, 'mintlify-views.json'))
    const json = JSON.parse(read(r))
    expect(json.metric).toBe('views')
    expect(json.views).toHaveLength(300)
    expect(json.views[0]).toEqual(sampleRow(0))
    expect(json.visitors).toBeUndefined()
    expect(r.summary).toContain('Mintlify page views: exported')
  })

  it('the summary leads with the page views headline, with compare its change and the AI share in points', async () => {
    const totals = { human: 9_000, ai: 3_000, total: 12_000 }
    const r = await exportRun(
      {
        count: 3,
        totals,
        periods: { '2026-02-22': { count: 3, totals: { human: 9_600, ai: 2_400, total: 10_000 } } },
      },
      { metric: 'views', 'date-from': '2026-03-01', 'date-to': '2026-03-08', compare: 'previous-period' },
    )
    expect(r.code).toBe(0)
    expect(requests().map((q) => q.get('dateFrom'))).toEqual(['2026-02-22', '2026-03-01'])
    const paragraphs = r.summary.trim().split(/\n\n+/)
    expect(paragraphs[0]).toBe('### 📊 Mintlify page views: exported')
    expect(paragraphs[1]).toBe('**12,000 page views**, +20.0% on the previous 7 days; AI share 25.0% (+1.0 points).')
    expect(r.stdout).toContain(
      // The runner writes % as %25 in a command and shows it as %.
      '::notice::12,000 page views, +20.0%25 on the previous 7 days; wrote 3 rows to mintlify-views.json (every page read; 2 requests).',
    )
    // The AI share's change has its cell in the Change row, in points as in the headline.
    expect(r.summary).toMatch(/\n\| Change \| [^|]+ \| \+25\.0% \| \+20\.0% \| \+1\.0 points \|\n/)
    expect(r.summary).toContain('  title "Top 3 pages by total views"')
    expect(r.summary).toContain('Total counts every view of a page. AI share is AI / Total.')
  })

  it('the visitors file names its metric too, and a bad metric fails before any request', async () => {
    const ok = await exportRun({ count: 2 })
    expect(JSON.parse(read(ok)).metric).toBe('visitors')
    const bad = await exportRun({ count: 2 }, { metric: 'pageviews' })
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain(
      '::error::Input metric: "pageviews" is not one of the choices. Accepted: visitors, views.',
    )
    expect(api?.requests).toHaveLength(0)
  })

  it('an odd views page names the field under `views`', async () => {
    api = await startMockApi({ visitors: { count: 3 } })
    api.fault({
      path: '/views',
      status: 200,
      json: { totals: { human: 1, ai: 1, total: 1 }, views: [{ path: 3 }], hasMore: false },
    })
    const r = await runVisitors(api, { metric: 'views' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Reading page views failed: HTTP 200 (views[0].path is 3, not a string).')
  })
})

describe('compare: previous-period', () => {
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
  const section = (r: RunResult, title: string) =>
    ((r.summary.split('\n#### ').find((s) => s.startsWith(title)) ?? '').split(/\n\nWrote /)[0] ?? '').trimEnd()

  it('reads the previous period first, one request a page, with the same length ending where the export begins', async () => {
    const r = await exportRun(data(), { ...week, limit: '2' })
    expect(r.code).toBe(0)
    // Both ranges as the gaps action words one: whole days, the last one named (date-to is exclusive).
    expect(r.summary).toContain('\n\nDate range: 2026-01-01 to 2026-01-07.\n\n')
    expect(r.summary).toContain('\n\nCompared with the previous period: 2025-12-25 to 2025-12-31.\n\n')
    expect(requests().map((q) => [q.get('dateFrom'), q.get('dateTo'), q.get('offset')])).toEqual([
      ['2025-12-25', '2026-01-01', '0'],
      ['2025-12-25', '2026-01-01', '2'],
      ['2026-01-01', '2026-01-08', '0'],
      ['2026-01-01', '2026-01-08', '2'],
    ])
  })

  it('joins shared pages, keeps new ones with zeros before, and appends vanished ones with zeros now', async () => {
    const r = await exportRun(data(), { ...week, format: 'csv' })
    expect(r.code).toBe(0)
    expect(read(r)).toBe(
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
    expect(r.summary).toContain('| Previous period | 55 | 0 | 48 |')
    expect(r.summary.trim().split(/\n\n+/)[1]).toBe(
      '**60 unique visitors**, +25.0% on the previous 7 days; AI share 0.0% (±0.0 points).',
    )
    expect(r.summary).toContain('Wrote 4 rows to')
    expect(r.summary).toMatch(/#### Biggest gains[\s\S]*`\/c` \| 10 \| 30 \| \+20 \|/)
    expect(r.summary).toMatch(/#### Biggest drops[\s\S]*`\/b` \| 40 \| 20 \| -20 \|/)
  })

  it('a new page is listed under its own heading and not among the gains; a vanished one likewise, not among the drops', async () => {
    // /a is new (10 now, the second biggest rise of a total); /d vanished (5 then).
    const r = await exportRun(data(), week)
    expect(r.code).toBe(0)
    expect(section(r, 'New pages')).toBe(
      'New pages\n\n1 page is new since the previous period (seen now, not then):\n\n- `/a`: 10 visitors',
    )
    expect(section(r, 'Vanished pages')).toBe(
      'Vanished pages\n\n1 page was seen in the previous period and not now:\n\n- `/d`: 5 visitors then',
    )
    expect(section(r, 'Biggest gains').match(/^\| \d+ \|.*$/gm)).toEqual(['| 1 | `/c` | 10 | 30 | +20 |'])
    expect(section(r, 'Biggest drops').match(/^\| \d+ \|.*$/gm)).toEqual(['| 1 | `/b` | 40 | 20 | -20 |'])
  })

  it('new and vanished pages: the five busiest each, and how many more', async () => {
    // Now: /shared and /new-0../new-7; then: /shared and /gone-0../gone-6.
    const current = (i: number) => (i === 0 ? page('/shared', 5) : page(`/new-${i - 1}`, 1000 + 100 * i))
    const earlier = (i: number) => (i === 0 ? page('/shared', 5) : page(`/gone-${i - 1}`, 10 * i))
    const r = await exportRun(
      { count: 9, rowAt: current, periods: { '2025-12-25': { count: 8, rowAt: earlier } } },
      week,
    )
    expect(r.code).toBe(0)
    expect(section(r, 'New pages').split('\n')).toEqual([
      'New pages',
      '',
      '8 pages are new since the previous period (seen now, not then); the 5 busiest:',
      '',
      '- `/new-7`: 1,800 visitors',
      '- `/new-6`: 1,700 visitors',
      '- `/new-5`: 1,600 visitors',
      '- `/new-4`: 1,500 visitors',
      '- `/new-3`: 1,400 visitors',
      '',
      'And 3 more; the file lists every page.',
    ])
    expect(section(r, 'Vanished pages').split('\n').slice(2)).toEqual([
      '7 pages were seen in the previous period and not now; the 5 busiest then:',
      '',
      '- `/gone-6`: 70 visitors then',
      '- `/gone-5`: 60 visitors then',
      '- `/gone-4`: 50 visitors then',
      '- `/gone-3`: 40 visitors then',
      '- `/gone-2`: 30 visitors then',
      '',
      'And 2 more; the file lists every page.',
    ])
    // Nothing changed for the one page seen in both periods: no gains, no drops, no heading for them.
    expect(r.summary).not.toContain('#### Biggest')
    expect(r.outputs.rows).toBe('16')
  })

  it('a page whose total did not change is neither a gain nor a drop', async () => {
    // /up gains, /same holds its total (its human and AI counts moved), /down drops; /flat is 0 in both periods.
    const current = [
      page('/up', 30),
      { path: '/same', human: 5, ai: 15, total: 20 },
      page('/down', 5),
      page('/flat', 0),
    ]
    const earlier = [page('/up', 10), page('/same', 20), page('/down', 40), page('/flat', 0)]
    const r = await exportRun(
      {
        count: 4,
        rowAt: (i) => current[i] ?? sampleRow(i),
        periods: { '2025-12-25': { count: 4, rowAt: (i) => earlier[i] ?? sampleRow(i) } },
      },
      week,
    )
    expect(r.code).toBe(0)
    expect(section(r, 'Biggest gains').match(/^\| \d+ \|.*$/gm)).toEqual(['| 1 | `/up` | 10 | 30 | +20 |'])
    expect(section(r, 'Biggest drops').match(/^\| \d+ \|.*$/gm)).toEqual(['| 1 | `/down` | 40 | 5 | -35 |'])
    // Still an exported page like any other.
    expect(section(r, 'Busiest')).toContain('`/same`')
    // Every page was seen in both periods: no list of new or vanished pages, not even its heading.
    expect(r.summary).not.toMatch(/New pages|Vanished pages|\b0 pages\b/)
  })

  it('the JSON file has the previous block and every row its previous counts', async () => {
    const r = await exportRun(data(), week)
    const json = JSON.parse(read(r))
    expect(json.previous).toEqual({
      dateFrom: '2025-12-25',
      dateTo: '2026-01-01',
      totals: { human: 55, ai: 0, total: 48 },
    })
    expect(json.visitors.at(-1)).toEqual({
      path: '/d',
      human: 0,
      ai: 0,
      total: 0,
      previousHuman: 5,
      previousAi: 0,
      previousTotal: 5,
    })
  })

  it('relative dates: the previous window is as long, in dates', async () => {
    const r = await exportRun(data(), { 'date-from': '-7d', 'date-to': 'today', compare: 'previous-period' })
    expect(r.code).toBe(0)
    const [prev, cur] = [requests()[0], requests().at(-1)]
    const day = 86_400_000
    expect(Date.parse(cur?.get('dateFrom') ?? '') - Date.parse(prev?.get('dateFrom') ?? '')).toBe(7 * day)
    expect(prev?.get('dateTo')).toBe(cur?.get('dateFrom'))
    expect(prev?.get('dateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('date-times: the previous window is given in ISO 8601 UTC', async () => {
    const r = await exportRun(data(), {
      'date-from': '2026-01-01T12:00:00Z',
      'date-to': '2026-01-01T18:00:00Z',
      compare: 'previous-period',
    })
    expect(requests()[0]?.get('dateFrom')).toBe('2026-01-01T06:00:00.000Z')
    expect(requests()[0]?.get('dateTo')).toBe('2026-01-01T12:00:00Z')
    expect(r.summary).toContain(
      'Compared with the previous period: from 2026-01-01T06:00:00.000Z up to, not including, 2026-01-01T12:00:00Z.',
    )
  })

  it('an empty total-change when the previous total is 0; no plus sign, no -0.0', async () => {
    const d = data()
    ;(d.periods?.['2025-12-25'] as VisitorsData).totals = { human: 0, ai: 0, total: 0 }
    const r = await exportRun(d, week)
    expect(r.outputs['total-change']).toBe('')
    d.totals = { human: 47, ai: 0, total: 47.99 }
    ;(d.periods?.['2025-12-25'] as VisitorsData).totals = { human: 48, ai: 0, total: 48 }
    await api?.close()
    const tiny = await exportRun(d, week)
    expect(tiny.outputs['total-change']).toBe('0.0')
  })

  it('max-rows caps the current period only, and then lists no vanished page', async () => {
    const r = await exportRun(data(), { ...week, 'max-rows': '1', format: 'jsonl' })
    expect(r.outputs).toMatchObject({ rows: '1', complete: 'false' })
    expect(read(r).trim().split('\n')).toHaveLength(1)
    expect(r.summary).toContain('Pages seen then and not now are not listed: not every page of this period was read')
    expect(r.summary).not.toContain('#### Vanished pages')
  })

  it('a failure reading the previous period says so, and leaves no file', async () => {
    api = await startMockApi({ visitors: data() })
    api.fault({ path: 'dateFrom=2025-12-25', status: 400, json: { error: 'Invalid query parameters' } })
    const r = await runVisitors(api, week)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Reading unique visitors failed: HTTP 400 (Invalid query parameters).')
    expect(r.stdout).toContain('Reading the previous period stopped at offset 0; no file was written.')
    expect(leftovers(r)).toEqual([])
    expect(existsSync(path.join(r.workspace, 'mintlify-visitors.json'))).toBe(false)
  })

  it.each([
    ['no dates', { compare: 'previous-period' }, 'Input compare: previous-period needs both date-from and date-to'],
    [
      'offset',
      { ...week, offset: '10' },
      'Input offset: 10 with compare. Accepted: 0 when compare is previous-period.',
    ],
    ['an unknown value', { ...week, compare: 'last-week' }, 'Input compare: "last-week" is not one of the choices'],
  ])('%s: a clear error before any request', async (_name, inputs, message) => {
    const r = await exportRun(data(), inputs)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`::error::${message}`)
    expect(api?.requests).toHaveLength(0)
  })
})
