/** The visitors export's inputs at their edges (the e2e tests show the messages at the runner). */
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { envInputs, InputError } from '../../src/inputs.js'
import { parseVisitorsInputs } from '../../src/visitors/inputs.js'

const parse = (env: Record<string, string>) =>
  parseVisitorsInputs(
    envInputs({ 'INPUT_API-KEY': 'mint_abc123456', 'INPUT_PROJECT-ID': 'proj', ...env }),
    '/ws',
    new Date('2026-11-24T12:00:00Z'),
  )

describe('summary-rows', () => {
  it('takes 0 to 1000 pages, 20 when not set', () => {
    expect(parse({}).summaryRows).toBe(20)
    expect(parse({ 'INPUT_SUMMARY-ROWS': '0' }).summaryRows).toBe(0)
    expect(parse({ 'INPUT_SUMMARY-ROWS': '1000' }).summaryRows).toBe(1000)
  })

  it.each(['1001', '-1'])('refuses %s, naming the input and what it accepts', (value) => {
    expect(() => parse({ 'INPUT_SUMMARY-ROWS': value })).toThrow(InputError)
    expect(() => parse({ 'INPUT_SUMMARY-ROWS': value })).toThrow(
      `Input \`summary-rows\`: "${value}" is out of range. Accepted: a whole number from 0 to 1,000.`,
    )
  })
})

describe('parseVisitorsInputs', () => {
  it('applies the interface defaults', () => {
    expect(parse({})).toEqual({
      apiKey: 'mint_abc123456',
      projectId: 'proj',
      apiUrl: 'https://api.mintlify.com',
      dateFrom: undefined,
      dateTo: undefined,
      limit: 250,
      offset: 0,
      maxRows: 0,
      format: 'json',
      metric: 'visitors',
      previous: undefined,
      output: path.resolve('/ws', 'mintlify-visitors.json'),
      summary: true,
      summaryRows: 20,
    })
  })

  it('reads every input as given; the file is named after the metric and format unless given', () => {
    const c = parse({
      'INPUT_API-URL': 'http://localhost:8787',
      'INPUT_DATE-FROM': '2026-03-01',
      'INPUT_DATE-TO': '2026-03-08',
      INPUT_LIMIT: '100',
      INPUT_OFFSET: '50',
      'INPUT_MAX-ROWS': '1000',
      INPUT_FORMAT: 'CSV',
      INPUT_METRIC: 'views',
      INPUT_SUMMARY: 'false',
    })
    expect(c).toMatchObject({
      apiUrl: 'http://localhost:8787',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-08',
      limit: 100,
      offset: 50,
      maxRows: 1000,
      format: 'csv',
      metric: 'views',
      output: path.resolve('/ws', 'mintlify-views.csv'),
      summary: false,
    })
    expect(parse({ INPUT_OUTPUT: 'out/v.jsonl', INPUT_FORMAT: 'jsonl' }).output).toBe(
      path.resolve('/ws', 'out/v.jsonl'),
    )
  })

  it('compare: the previous period of the same length, ending where the export begins', () => {
    const c = parse({
      'INPUT_DATE-FROM': '2026-03-01',
      'INPUT_DATE-TO': '2026-03-08',
      INPUT_COMPARE: 'previous-period',
    })
    expect(c.previous).toEqual({ dateFrom: '2026-02-22', dateTo: '2026-03-01' })
    expect(parse({ INPUT_COMPARE: 'none' }).previous).toBeUndefined()
  })

  it.each([
    [
      { INPUT_COMPARE: 'previous-period', 'INPUT_DATE-FROM': '2026-03-01' },
      'Input `compare`: `previous-period` needs both `date-from` and `date-to`. Accepted: both dates set, or `none`.',
    ],
    [
      { INPUT_COMPARE: 'previous-period', 'INPUT_DATE-TO': '2026-03-08' },
      'Input `compare`: `previous-period` needs both `date-from` and `date-to`.',
    ],
    [
      {
        INPUT_COMPARE: 'previous-period',
        'INPUT_DATE-FROM': '2026-03-01',
        'INPUT_DATE-TO': '2026-03-08',
        INPUT_OFFSET: '5',
      },
      'Input `offset`: 5 with `compare`. Accepted: 0 when `compare` is `previous-period`.',
    ],
    [{ INPUT_LIMIT: '251' }, 'Input `limit`: "251" is out of range. Accepted: a whole number from 1 to 250.'],
    [{ INPUT_LIMIT: '0' }, 'Input `limit`: "0" is out of range.'],
    [{ INPUT_OFFSET: '-1' }, 'Input `offset`: "-1" is out of range. Accepted: a whole number, 0 or more.'],
    [{ 'INPUT_MAX-ROWS': '-1' }, 'Input `max-rows`: "-1" is out of range. Accepted: a whole number, 0 or more.'],
    [{ INPUT_FORMAT: 'xml' }, 'Input `format`: "xml" is not one of the choices. Accepted: `json`, `csv`, `jsonl`.'],
    [{ INPUT_METRIC: 'clicks' }, 'Input `metric`: "clicks" is not one of the choices. Accepted: `visitors`, `views`.'],
    [
      { INPUT_COMPARE: 'last-year' },
      'Input `compare`: "last-year" is not one of the choices. Accepted: `none`, `previous-period`.',
    ],
    [{ INPUT_SUMMARY: 'yes' }, 'Input `summary`: "yes" is not a boolean.'],
  ])('refuses %o: %s', (env, message) => {
    expect(() => parse(env)).toThrow(message)
  })
})
