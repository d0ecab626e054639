import { describe, expect, it } from 'vitest'
import { rangeText } from '../../src/analytics/dates.js'

describe('a date range as both analytics actions word it', () => {
  it('whole days name their last day (date-to is exclusive)', () => {
    expect(rangeText('2026-11-17', '2026-11-24')).toBe('2026-11-17 to 2026-11-23')
    expect(rangeText('2026-11-23', '2026-11-24')).toBe('2026-11-23')
  })

  it('any other range says where it stops', () => {
    expect(rangeText('2026-11-23T10:00:00Z', '2026-11-24')).toBe(
      'from 2026-11-23T10:00:00Z up to, not including, 2026-11-24',
    )
    expect(rangeText('2026-11-23', '2026-11-24T06:00:00Z')).toBe(
      'from 2026-11-23 up to, not including, 2026-11-24T06:00:00Z',
    )
    expect(rangeText('2026-11-23', undefined)).toBe('from 2026-11-23 up to now')
    expect(rangeText(undefined, '2026-11-24')).toBe('up to, not including, 2026-11-24')
    expect(rangeText(undefined, undefined)).toBe("the API's default date range")
    // Only a value that is a day and nothing more reads as one.
    expect(rangeText('x2026-11-23', '2026-11-24')).toBe('from x2026-11-23 up to, not including, 2026-11-24')
    expect(rangeText('2026-11-23', '2026-11-24x')).toBe('from 2026-11-23 up to, not including, 2026-11-24x')
  })
})
