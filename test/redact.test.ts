import { describe, expect, it } from 'vitest'
import { createRedactor, redactAnswer, redactParsed, UnreadableAnswer, WINDOW } from '../src/redact.js'
import { clip, oneLine, plainLine } from '../src/text.js'
import { jsonEscaped } from './helpers/secrets.js'

const KEY = 'mint_Zq8vX2pLr7Tn4Wb9Yc1Hd6Kf3Mg5Js0'

/** True when any WINDOW consecutive characters of `secret` stand in `text`. */
function showsPartOf(text: string, secret: string): boolean {
  for (let i = 0; i + WINDOW <= secret.length; i++) if (text.includes(secret.slice(i, i + WINDOW))) return true
  return false
}

describe('redactor', () => {
  const redact = createRedactor([KEY])

  it('removes the whole key wherever it stands, once per run of it', () => {
    expect(redact(`Invalid key ${KEY}.`)).toBe('Invalid key ***.')
    expect(redact(`${KEY}${KEY} and ${KEY}`)).toBe('*** and ***')
    expect(redact(`Bearer ${encodeURIComponent(KEY)}`)).toBe('Bearer ***')
  })

  it('removes any piece of the key of WINDOW or more characters, at every cut', () => {
    for (let start = 0; start < KEY.length; start++)
      for (let end = start + WINDOW; end <= KEY.length; end++) {
        const text = `error: ${KEY.slice(start, end)} is not valid`
        const out = redact(text)
        expect(showsPartOf(out, KEY), `${start}..${end}: ${out}`).toBe(false)
        expect(out).toBe('error: *** is not valid')
      }
  })

  it('leaves shorter pieces and ordinary text alone, uncopied', () => {
    const text = `mint_Zq ${KEY.slice(10, 17)} the key starts with mint_ and that is fine`
    expect(redact(text)).toBe(text)
  })

  it("leaves a key kind's public prefix alone: our messages name it", () => {
    const assistant = createRedactor(['mint_dsc_Zq8vX2pLr7Tn4Wb9'])
    expect(assistant('this is an assistant key (`mint_dsc_...`)')).toBe('this is an assistant key (`mint_dsc_...`)')
    expect(assistant('key mint_dsc_Zq8 is refused')).toBe('key mi*** is refused')
    const token = createRedactor(['github_pat_11ABCDEFG0123456789'])
    expect(token('a github_pat_... token; github_pat_11ABCD')).toBe('a github_pat_... token; gith***')
  })

  it('hides plain, URL-encoded and JSON-escaped forms, and ignores empty or tiny secrets', () => {
    const r = createRedactor(['mint_a/b"c', '', 'ab'])
    expect(r('x mint_a/b"c y mint_a%2Fb%22c z mint_a/b\\"c')).toBe('x *** y *** z ***')
    expect(r('ab stays, so does nothing here')).toBe('ab stays, so does nothing here')
  })

  it('takes several secrets, short ones whole', () => {
    const r = createRedactor([KEY, 'ghs_Tok1', 'abcd'])
    expect(r(`${KEY} ghs_Tok1 abcd abc`)).toBe('*** *** *** abc')
  })

  it('a text that is exactly one piece of the key is removed', () => {
    expect(redact(KEY.slice(9, 9 + WINDOW))).toBe('***')
    expect(redact(KEY.slice(9, 9 + WINDOW - 1))).toBe(KEY.slice(9, 9 + WINDOW - 1))
  })

  it('a secret of exactly WINDOW characters is removed as a run, however often it repeats', () => {
    const r = createRedactor(['abcd1234'])
    expect(r('abcd1234abcd1234 and abcd1234')).toBe('*** and ***')
  })

  it('every piece of a secret is removed, also when two of its pieces share a byte of the filter', () => {
    // Found by search: two of this secret's windows hash into one byte of the filter, on different bits.
    const secret = 'YtevKBgt2ZAX'
    const r = createRedactor([secret])
    for (let i = 0; i + WINDOW <= secret.length; i++) expect(r(`[${secret.slice(i, i + WINDOW)}]`)).toBe('[***]')
  })

  it('short secrets alone are removed whole, the longest first', () => {
    expect(createRedactor(['abcd'])('x abcd y')).toBe('x *** y')
    expect(createRedactor(['abcd', 'abcdefg', 'abcde'])('abcdefg abcde abcd')).toBe('*** *** ***')
    expect(createRedactor(['abcde', 'abcdefg', 'abcd'])('abcdefg abcde abcd')).toBe('*** *** ***')
  })

  it('the public prefix is public only at the start of a secret', () => {
    const r = createRedactor(['zzgithub_pat_11ABCDEFG'])
    expect(r('zzgithub.')).toBe('***.')
  })

  it('redacts strings inside parsed JSON, keys included, where an escape spelled the key', () => {
    const escaped = `"${KEY.replace('m', '\\u006d')}"`
    const value = JSON.parse(`{"error": ${escaped}, "details": [{"message": ${escaped}}], ${escaped}: 1}`)
    expect(redactParsed(value, redact)).toEqual({ error: '***', details: [{ message: '***' }], '***': 1 })
  })

  it('redacts a parsed string, strings in lists, and leaves other values as they are', () => {
    expect(redactParsed(KEY, redact)).toBe('***')
    expect(redactParsed([KEY, 1, null, [KEY], { a: [KEY] }], redact)).toEqual(['***', 1, null, ['***'], { a: ['***'] }])
    for (const value of [null, 5, true, undefined]) expect(redactParsed(value, redact)).toBe(value)
  })

  it("a list's positions are not text: a short secret of digits moves no element", () => {
    const list = Array.from({ length: 1300 }, (_, i) => i)
    expect(redactParsed([...list], createRedactor(['1234']))).toEqual(list)
  })

  it('a key that holds no secret keeps its value, even a key named __proto__', () => {
    expect(redactAnswer('{"__proto__":"\\u0041","b":1}', redact)).toBe('{"__proto__":"A","b":1}')
  })
})

describe('answers', () => {
  const redact = createRedactor([KEY])

  it('an answer that is not JSON, whose \\u escapes spell the key, is shown decoded with the key gone', () => {
    expect(redactAnswer(`<html>Bad key ${jsonEscaped(KEY)}</html>`, redact)).toBe('<html>Bad key ***</html>')
    const upper = jsonEscaped(KEY).replace(/[a-f]/g, (d) => d.toUpperCase())
    expect(redactAnswer(`key: ${upper} \\n`, redact)).toBe('key: *** \\n')
  })

  it('an answer that is not JSON and whose escapes spell no secret comes back as sent', () => {
    const text = '<p>C:\\temp \\u00e9t\\u00e9 \\uZZZZ</p>'
    expect(redactAnswer(text, redact)).toBe(text)
  })

  it('a JSON answer whose escapes spell the key is written out again with the key gone', () => {
    expect(redactAnswer(`{"error":"${jsonEscaped(KEY)}","n":[1,"\\u00e9"]}`, redact)).toBe(
      '{"error":"***","n":[1,"é"]}',
    )
  })

  it('text without a backslash is only redacted, JSON left as written', () => {
    expect(redactAnswer(`{"error":"${KEY}"} {`, redact)).toBe('{"error":"***"} {')
    expect(redactAnswer(`{ "error": "${KEY}", "n": 1.0 }`, redact)).toBe('{ "error": "***", "n": 1.0 }')
  })

  it('a JSON answer that is one escaped string is written out redacted', () => {
    expect(redactAnswer(`"${jsonEscaped(KEY)}"`, redact)).toBe('"***"')
  })

  it('a JSON answer nested too deeply to write out cannot be read', () => {
    const deep = `${'['.repeat(1e6)}"a\\n"${']'.repeat(1e6)}`
    expect(() => redactAnswer(deep, redact)).toThrow(UnreadableAnswer)
    expect(() => redactAnswer(deep, redact)).toThrow(expect.objectContaining({ name: 'UnreadableAnswer' }))
    expect(() => redactAnswer(deep, redact)).toThrow('the answer cannot be read (it is nested too deeply)')
  })
})

describe('text bounds', () => {
  it('oneLine: line breaks and control characters, ANSI and bidi controls included, become one space', () => {
    expect(oneLine('a\r\nb\n\n::error::c\u2028d\u0085e\u001b[31mf\u202eg\th')).toBe('a b ::error::c d e [31mf g h')
  })

  it('clip: bounded, marked, and never half a surrogate pair', () => {
    expect(clip('abcdef', 10)).toBe('abcdef')
    expect(clip('abcdef', 4)).toBe('abc…')
    expect(clip('ab😀cd', 4)).toBe('ab…')
    expect(clip('ab😀cd', 5)).toBe('ab😀…')
  })

  it('plainLine: outside text can start no runner command, in either syntax', () => {
    expect(plainLine('  ::stop-commands::x')).toBe('>   ::stop-commands::x')
    expect(plainLine('Job 1: done\n::error::pwned')).toBe('Job 1: done ::error::pwned')
    expect(plainLine('status ##[set-output name=prLink]https://evil')).toBe(
      'status ## [set-output name=prLink]https://evil',
    )
  })
})

describe('redactor', () => {
  it('hides plain, URL-encoded and JSON-escaped forms, and ignores empty secrets', () => {
    const redact = createRedactor(['mint_a/b"c', ''])
    expect(redact('x mint_a/b"c y mint_a%2Fb%22c z mint_a/b\\"c')).toBe('x *** y *** z ***')
    expect(redact('nothing here')).toBe('nothing here')
  })
})
