import { describe, expect, it } from 'vitest'
import { envInputs, InputError, parseApiUrl, parseChoiceList, parseDuration, parseInteger } from '../src/inputs.js'

describe('envInputs', () => {
  it('reads hyphenated upper-case names, trims, and tells unset from empty', () => {
    const input = envInputs({ 'INPUT_FAIL-ON': '', 'INPUT_API-KEY': '  mint_x  ' })
    expect(input('api-key')).toBe('mint_x')
    expect(input.isSet('fail-on')).toBe(true)
    expect(input.isSet('poll-interval')).toBe(false)
    expect(input('poll-interval')).toBe('')
  })
})

describe('parseDuration', () => {
  const opts = { fallbackMs: 1, bareUnit: 'm' as const, minMs: 100, accepted: 'x' }
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['45', 2_700_000],
    ['1.5h', 5_400_000],
    ['500ms', 500],
    ['10 M', 600_000],
    ['1h30m', 5_400_000],
    ['1h 30m', 5_400_000],
    ['2m30s', 150_000],
    ['1m 0.5s', 60_500],
    ['1s500ms', 1_500],
    ['1H30M', 5_400_000],
  ])('%s → %i ms', (value, ms) => {
    expect(parseDuration('timeout', value, opts)).toBe(ms)
  })

  it('falls back when empty, refuses junk and values below the minimum', () => {
    expect(parseDuration('timeout', '', opts)).toBe(1)
    expect(() => parseDuration('timeout', '-5m', opts)).toThrow(InputError)
    expect(() => parseDuration('timeout', '5 days', opts)).toThrow('Input `timeout`: "5 days" is not a duration')
    expect(() => parseDuration('timeout', '50ms', opts)).toThrow('"50ms" is too short')
  })

  it('refuses parts out of order, a unit twice, and a bare number after a unit', () => {
    for (const value of ['30m1h', '1h1h', '1h30', '1h-30m', 'h30m', '1h30m!', '1.h'])
      expect(() => parseDuration('timeout', value, opts), value).toThrow(
        `Input \`timeout\`: "${value}" is not a duration`,
      )
  })
})

describe('parseInteger', () => {
  it('says its bounds as every count is shown, with thousands separators', () => {
    expect(() => parseInteger('max-rows', '-5', { fallback: 0, min: 1_000 })).toThrow(
      'Input `max-rows`: "-5" is out of range. Accepted: a whole number, 1,000 or more.',
    )
    expect(() => parseInteger('summary-rows', '1001', { fallback: 20, min: 0, max: 1_000 })).toThrow(
      'Input `summary-rows`: "1001" is out of range. Accepted: a whole number from 0 to 1,000.',
    )
  })
})

describe('parseApiUrl', () => {
  it.each([
    ['https://api.mintlify.com/', 'https://api.mintlify.com'],
    ['https://proxy.example.com/mintlify/', 'https://proxy.example.com/mintlify'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://127.0.0.5:1', 'http://127.0.0.5:1'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('accepts %s', (value, expected) => {
    expect(parseApiUrl(value, 'fallback')).toBe(expected)
  })

  it.each([
    ['http://api.mintlify.com', 'does not use https'],
    ['http://10.0.0.1', 'does not use https'],
    ['ftp://localhost', 'does not use https'],
    ['https://user:hunter2@api.mintlify.com', 'the URL holds credentials'],
    ['https://api.mintlify.com?x=1', 'has a query or fragment'],
  ])('refuses %s', (value, problem) => {
    expect(() => parseApiUrl(value, 'f')).toThrow(problem)
  })

  it('never echoes credentials', () => {
    expect(() => parseApiUrl('http://user:hunter2@example.com', 'f')).toThrow(/^(?!.*hunter2)/)
  })
})

describe('parseChoiceList', () => {
  it('reads commas and newlines, any case, and collapses duplicates', () => {
    expect([...parseChoiceList('fail-on', 'Failed, timeout\nfailed', ['failed', 'timeout', 'no-pr'])]).toEqual([
      'failed',
      'timeout',
    ])
  })
})

describe('api-url edge cases', () => {
  it('refuses a bare ? or # without echoing the value', () => {
    expect(() => parseApiUrl('http://127.0.0.1:8080/?', 'f')).toThrow(
      'Input `api-url`: the URL has a query or fragment.',
    )
    expect(() => parseApiUrl('https://api.mintlify.com/#x', 'f')).toThrow('the URL has a query or fragment')
  })
})
