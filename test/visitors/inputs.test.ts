/** The visitors export's inputs at their edges (the e2e tests show the messages at the runner). */
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
