import { describe, expect, it } from 'vitest'
import { aiShareChange, signedPercent, totalAnswer } from '../../src/visitors/answer.js'
import { visitorsSummary } from '../../src/visitors/summary.js'

const totals = { human: 12_400, ai: 2_150, total: 13_900 }
const before = { human: 11_800, ai: 1_300, total: 12_650 }
const week = { dateFrom: '2026-01-01', dateTo: '2026-01-08' }

describe("the export's answer in words", () => {
  it('the total alone, or with its change on the previous period, named by its length in days', () => {
    expect(totalAnswer({ metric: 'visitors', totals })).toBe('13,900 unique visitors')
    expect(totalAnswer({ metric: 'views', totals, before, previous: week }, '**')).toBe(
      '**13,900 page views**, +9.9% on the previous 7 days',
    )
    const day = { dateFrom: '2026-01-07', dateTo: '2026-01-08' }
    expect(totalAnswer({ metric: 'visitors', totals, before, previous: day })).toBe(
      '13,900 unique visitors, +9.9% on the previous 1 day',
    )
    for (const previous of [undefined, { dateFrom: '2026-01-01T12:00:00Z', dateTo: '2026-01-08' }])
      expect(totalAnswer({ metric: 'visitors', totals, before, previous })).toBe(
        '13,900 unique visitors, +9.9% on the previous period',
      )
    // Whole days only when both ends are days: a date-time at either end is a period, however long.
    for (const previous of [
      { dateFrom: '2026-01-01', dateTo: '2026-01-01T12:00:00Z' },
      { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-08' },
      { dateFrom: '2026-01-01', dateTo: '2026-01-08T00:00:00Z' },
    ])
      expect(totalAnswer({ metric: 'visitors', totals, before, previous })).toContain('on the previous period')
    const down = { human: 20_000, ai: 0, total: 20_000 }
    expect(totalAnswer({ metric: 'visitors', totals, before: down, previous: week })).toBe(
      '13,900 unique visitors, -30.5% on the previous 7 days',
    )
    const none = { human: 0, ai: 0, total: 0 }
    expect(totalAnswer({ metric: 'visitors', totals, before: none, previous: week })).toBe(
      '13,900 unique visitors, no change to show on the previous 7 days',
    )
  })

  it("the AI share's change in points, rounded to one decimal; nothing where a share is no number", () => {
    expect(aiShareChange(totals, before)).toBe('+5.2 points')
    expect(aiShareChange(before, totals)).toBe('-5.2 points')
    expect(aiShareChange(totals, { human: 1, ai: 1546, total: 10_000 })).toBe('±0.0 points')
    expect(aiShareChange(totals, { human: 1, ai: 1544, total: 10_000 })).toBe('+0.1 points')
    expect(aiShareChange(totals, { human: 0, ai: 0, total: 0 })).toBe('')
    expect(aiShareChange({ human: 0, ai: 0, total: 0 }, totals)).toBe('')
  })

  it('a change in percent signed, thousands grouped; an exponent form as it is', () => {
    expect(signedPercent('1250.0')).toBe('+1,250.0%')
    expect(signedPercent('-0.5')).toBe('-0.5%')
    expect(signedPercent('0.0')).toBe('+0.0%')
    expect(signedPercent('1e+21')).toBe('+1e+21%')
    expect(signedPercent('-1e+21')).toBe('-1e+21%')
  })

  it('names what each metric counts in the summary', () => {
    const verdict = { title: 'exported', emoji: '📊', message: 'ok', level: 'notice' as const, fail: false }
    const top = [{ path: '/a', human: 2, ai: 1, total: 3 }]
    const views = visitorsSummary({ verdict, metric: 'views', totals, top, tableRows: 5 })
    expect(views).toContain('### 📊 Mintlify page views: exported')
    expect(views).toContain('Total counts every view of a page. AI share is AI / Total.')
    expect(views).toContain('  title "Top 1 pages by total views"\n')
    expect(views).toContain('  y-axis "Views" 0 --> 3\n')
    const visitors = visitorsSummary({ verdict, totals, top, tableRows: 5 })
    expect(visitors).toContain('Total counts each visitor once, so it is not Human + AI. AI share is AI / Total.')
    expect(visitors).toContain('  y-axis "Visitors" 0 --> 3\n')
  })
})
