import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../src/runner/cancel.js'
import { shownPath } from '../../src/runner/workspace.js'
import { Trends } from '../../src/visitors/compare.js'
import { exportOutputs, exportVerdict } from '../../src/visitors/outcome.js'

const result = { totals: { human: 7, ai: 2, total: 8 }, rows: 3, complete: true, requests: 1, duplicates: 0 }

describe('the export outcome', () => {
  it('an export: a notice that leads with the answer, then the rows, the file and the requests', () => {
    expect(exportVerdict({ kind: 'exported', result, file: '/w/out.csv', shown: 'out.csv' })).toEqual({
      title: 'exported',
      emoji: '📊',
      message: '8 unique visitors; wrote 3 rows to `out.csv` (every page read; 1 request).',
      wrote: 'Wrote 3 rows to `out.csv` (every page read; 1 request).',
      level: 'notice',
      fail: false,
    })
    const part = exportVerdict({
      kind: 'exported',
      result: { ...result, complete: false, requests: 2 },
      file: '/f',
      shown: 'f',
    })
    expect(part.title).toBe('exported in part')
    expect(part.message).toBe('8 unique visitors; wrote 3 rows to `f` (not every page read; 2 requests).')
  })

  it('with compare, the answer has its change; page views are named so', () => {
    const compared = { totals: { human: 5, ai: 1, total: 6 }, requests: 1, trends: new Trends(5) }
    const previous = { dateFrom: '2026-01-01', dateTo: '2026-01-08' }
    const shown = { kind: 'exported', result: { ...result, totals: { human: 70, ai: 2, total: 80 } } } as const
    expect(exportVerdict({ ...shown, file: '/f', shown: 'f', compared }, { metric: 'views', previous }).message).toBe(
      '80 page views, +1,233.3% on the previous 7 days; wrote 3 rows to `f` (every page read; 2 requests).',
    )
  })

  it('a stop at max-rows says so: the cut is the setting, and 0 reads every page', () => {
    const cut = { ...result, rows: 1000, complete: false, stop: 'max-rows', requests: 4 } as const
    const verdict = exportVerdict({ kind: 'exported', result: cut, file: '/f', shown: 'f' })
    expect(verdict).toMatchObject({ title: 'exported in part', level: 'notice', fail: false })
    expect(verdict.message).toBe(
      '8 unique visitors; wrote 1,000 rows to `f` (stopped at `max-rows` (1,000); 0 reads every page; 4 requests).',
    )
  })

  it('writes the counts in the one number format: thousands grouped, one row and one request singular', () => {
    const big = { ...result, rows: 1200, requests: 1001 }
    expect(exportVerdict({ kind: 'exported', result: big, file: '/w/out.csv', shown: 'out.csv' }).wrote).toBe(
      'Wrote 1,200 rows to `out.csv` (every page read; 1,001 requests).',
    )
    const one = { ...result, rows: 1, totals: { human: 1, ai: 0, total: 1_000_000 } }
    expect(exportVerdict({ kind: 'exported', result: one, file: '/w/out.csv', shown: 'out.csv' }).message).toBe(
      '1,000,000 unique visitors; wrote 1 row to `out.csv` (every page read; 1 request).',
    )
    // The outputs stay plain digits, for scripts.
    expect(exportOutputs(big, '/w/out.csv')).toMatchObject({ rows: '1200' })
  })

  it('names the file relative to the workspace when it is inside it, else as it is', () => {
    expect(shownPath('/w/reports/out.csv', '/w')).toBe(path.join('reports', 'out.csv'))
    expect(shownPath('/w/..data.csv', '/w')).toBe('..data.csv')
    expect(shownPath('/elsewhere/out.csv', '/w')).toBe('/elsewhere/out.csv')
    expect(shownPath('/w', '/w')).toBe('/w')
  })

  it('a failure fails the step with its message; a cancellation exits with the signal', () => {
    expect(
      exportVerdict({ kind: 'failed', error: new Error('Reading unique visitors failed: HTTP 500.') }),
    ).toMatchObject({
      fail: true,
      message: 'Reading unique visitors failed: HTTP 500.',
    })
    expect(exportVerdict({ kind: 'failed', error: new Cancelled('SIGTERM') })).toMatchObject({
      exitCode: 143,
      message: 'Cancelled (SIGTERM); no file was written.',
    })
  })

  it("the outputs are the API's totals, never sums of rows", () => {
    expect(exportOutputs(result, '/w/out.csv')).toEqual({
      human: '7',
      ai: '2',
      total: '8',
      rows: '3',
      file: '/w/out.csv',
      complete: 'true',
    })
  })
})
