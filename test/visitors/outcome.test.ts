import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../src/runner/cancel.js'
import { exportOutputs, exportVerdict } from '../../src/visitors/outcome.js'

const result = { totals: { human: 7, ai: 2, total: 8 }, rows: 3, complete: true, requests: 1, duplicates: 0 }

describe('the export outcome', () => {
  it('an export: a notice with the rows, the file and the requests', () => {
    expect(exportVerdict({ kind: 'exported', result, file: '/w/out.csv' })).toEqual({
      title: 'exported',
      emoji: '📊',
      message: 'Wrote 3 rows to /w/out.csv (every page read; 1 requests).',
      level: 'notice',
      fail: false,
    })
    expect(exportVerdict({ kind: 'exported', result: { ...result, complete: false }, file: 'f' }).title).toBe(
      'exported in part',
    )
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
