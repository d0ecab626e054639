import { describe, expect, it } from 'vitest'
import {
  envInputs,
  InputError,
  parseApiKey,
  parseApiUrl,
  parseBoolean,
  parseChoice,
  parseChoiceList,
  parseDuration,
  parseInteger,
  parseProjectId,
  quote,
  required,
} from '../src/inputs.js'

/** The message an input's refusal shows: the error's name stays InputError, whatever else changes. */
function refusal(work: () => unknown): string {
  try {
    work()
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    expect((err as Error).name).toBe('InputError')
    return (err as Error).message
  }
  throw new Error('not refused')
}

describe('envInputs', () => {
  it('reads hyphenated upper-case names, trims, and tells unset from empty', () => {
    const input = envInputs({ 'INPUT_FAIL-ON': '', 'INPUT_API-KEY': '  mint_x  ' })
    expect(input('api-key')).toBe('mint_x')
    expect(input.isSet('fail-on')).toBe(true)
    expect(input.isSet('poll-interval')).toBe(false)
    expect(input('poll-interval')).toBe('')
  })

  it('reads a name with spaces as the runner writes it, with underscores', () => {
    expect(envInputs({ INPUT_MY_INPUT: 'x' })('my input')).toBe('x')
  })
})

describe('messages about a value', () => {
  it('quote: one line, whitespace runs as one space, cut past 60 characters', () => {
    expect(quote('a \n\t b')).toBe('"a b"')
    expect(quote('x'.repeat(60))).toBe(`"${'x'.repeat(60)}"`)
    expect(quote('x'.repeat(61))).toBe(`"${'x'.repeat(57)}..."`)
  })

  it('required: an empty value names the input and what it takes', () => {
    expect(refusal(() => required('project-id', '', 'the project id'))).toBe(
      'Input `project-id`: it is required but empty. Accepted: the project id.',
    )
    expect(required('project-id', 'p1', 'x')).toBe('p1')
  })
})

describe('parseApiKey: the shape of the key, never the key in a message', () => {
  const accepted = 'Accepted: a Mintlify admin API key (starts with `mint_`), passed from a repository secret.'
  it.each([
    ['', 'it is required but empty'],
    ['mint_ab cd', 'the key contains whitespace'],
    ['mint_dsc_abcdef', 'this is an assistant key (`mint_dsc_...`), which these endpoints refuse'],
    ['mint_us_abcdef', 'this is an index key (`mint_us_...`), which these endpoints refuse'],
    ['sk_abcdef', 'the value does not look like a Mintlify API key'],
  ])('%j: %s', (value, problem) => {
    expect(refusal(() => parseApiKey(value))).toBe(`Input \`api-key\`: ${problem}. ${accepted}`)
  })

  it('takes an admin key as it is', () => {
    expect(parseApiKey('mint_abc123')).toBe('mint_abc123')
    expect(parseApiKey('mint_usable')).toBe('mint_usable')
  })
})

describe('parseProjectId', () => {
  it('refuses whitespace and control characters, quoting the value', () => {
    const accepted = 'Accepted: the project id from the API keys page of the Mintlify dashboard.'
    expect(refusal(() => parseProjectId('proj 1'))).toBe(
      `Input \`project-id\`: "proj 1" contains whitespace. ${accepted}`,
    )
    expect(refusal(() => parseProjectId('proj\u00071'))).toContain('contains whitespace')
    expect(refusal(() => parseProjectId(''))).toBe(`Input \`project-id\`: it is required but empty. ${accepted}`)
    expect(parseProjectId('proj_1')).toBe('proj_1')
  })
})

describe('parseBoolean and parseChoice', () => {
  it('booleans: true or false in any case, the fallback when empty', () => {
    expect(parseBoolean('wait', 'TRUE', false)).toBe(true)
    expect(parseBoolean('wait', 'False', true)).toBe(false)
    expect(parseBoolean('wait', '', true)).toBe(true)
    expect(parseBoolean('wait', '', false)).toBe(false)
    expect(refusal(() => parseBoolean('wait', 'yes', true))).toBe(
      'Input `wait`: "yes" is not a boolean. Accepted: `true` or `false`.',
    )
  })

  it('choices: any case, the fallback when empty, the choices listed when refused', () => {
    const choices = ['auto', 'always', 'never'] as const
    expect(parseChoice('comment', 'ALWAYS', choices, 'auto')).toBe('always')
    expect(parseChoice('comment', '', choices, 'auto')).toBe('auto')
    expect(refusal(() => parseChoice('comment', 'sometimes', choices, 'auto'))).toBe(
      'Input `comment`: "sometimes" is not one of the choices. Accepted: `auto`, `always`, `never`.',
    )
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

  it('takes decimals of more than one digit, and exactly the minimum', () => {
    expect(parseDuration('timeout', '1.25m', opts)).toBe(75_000)
    expect(parseDuration('timeout', '100ms', opts)).toBe(100)
    expect(refusal(() => parseDuration('timeout', '1.m', opts))).toBe(
      'Input `timeout`: "1.m" is not a duration. Accepted: x.',
    )
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
  it('takes a whole number within its bounds, signs included; the fallback when empty', () => {
    const opts = { fallback: 20, min: 0, max: 1_000 }
    expect(parseInteger('summary-rows', '0', opts)).toBe(0)
    expect(parseInteger('summary-rows', '+1000', opts)).toBe(1000)
    expect(parseInteger('summary-rows', '', opts)).toBe(20)
    for (const value of ['12abc', 'abc12', '1.5', '1e3'])
      expect(refusal(() => parseInteger('summary-rows', value, opts))).toBe(
        `Input \`summary-rows\`: "${value}" is not a whole number. Accepted: a whole number from 0 to 1,000.`,
      )
    expect(refusal(() => parseInteger('max-rows', '9007199254740993', { fallback: 0, min: 0 }))).toContain(
      'is out of range',
    )
  })

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

  it('refuses a host that only starts or ends like a loopback one, and names what it takes', () => {
    const accepted =
      'Accepted: an `https://` URL such as https://api.mintlify.com, or `http://` on a loopback host (localhost, 127.0.0.0/8, [::1]).'
    expect(refusal(() => parseApiUrl('http://localhost.evil.example', 'f'))).toBe(
      `Input \`api-url\`: "http://localhost.evil.example" does not use https. ${accepted}`,
    )
    expect(refusal(() => parseApiUrl('http://evil.localhost', 'f'))).toContain('does not use https')
    expect(parseApiUrl('http://127.0.0.200:8080', 'f')).toBe('http://127.0.0.200:8080')
    expect(parseApiUrl('', 'https://api.mintlify.com')).toBe('https://api.mintlify.com')
  })

  it('refuses what is not a URL, credentials of either kind, and takes every trailing slash off', () => {
    expect(refusal(() => parseApiUrl('api.mintlify.com', 'f'))).toMatch(
      /^Input `api-url`: "api.mintlify.com" is not a URL\./,
    )
    expect(refusal(() => parseApiUrl('https://user@api.mintlify.com', 'f'))).toMatch(/the URL holds credentials/)
    expect(refusal(() => parseApiUrl('https://:pw@api.mintlify.com', 'f'))).toMatch(/the URL holds credentials/)
    expect(parseApiUrl('https://proxy.example.com/mintlify///', 'f')).toBe('https://proxy.example.com/mintlify')
  })

  it('never echoes credentials', () => {
    expect(() => parseApiUrl('http://user:hunter2@example.com', 'f')).toThrow(/^(?!.*hunter2)/)
  })
})

describe('parseChoiceList', () => {
  it('names the value refused, trimmed, and what it takes: none, or at least one', () => {
    const choices = ['failed', 'timeout'] as const
    expect(refusal(() => parseChoiceList('fail-on', 'failed, late ', choices))).toBe(
      'Input `fail-on`: "late" is not a known value. Accepted: a comma list of `failed`, `timeout`, or empty.',
    )
    expect(parseChoiceList('fail-on', ' , ', choices).size).toBe(0)
    expect(refusal(() => parseChoiceList('sections', ' , ', choices, true))).toBe(
      'Input `sections`: it names none. Accepted: a comma list of `failed`, `timeout`, at least one.',
    )
  })

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
