/** Reader text as every surface of the gaps action shows it: one bounded line; pages as one path key. */
import { describe, expect, it } from 'vitest'
import { pagePath, READER_TEXT_MAX, readerText } from '../../src/gaps/reader-text.js'

describe('readerText', () => {
  it('makes one line: line breaks, tabs and runs of spaces become one space, trimmed', () => {
    expect(readerText('  how\r\ndo I\t\tlog   in\u2028now  ')).toBe('how do I log in now')
    expect(readerText('a\u0000\u001bb')).toBe('a b')
    expect(readerText('')).toBe('')
  })

  it('leaves flat text as it is, and flattens each kind of white space that is not', () => {
    expect(readerText('How do I log in?')).toBe('How do I log in?')
    expect(readerText(' leading')).toBe('leading')
    expect(readerText('trailing ')).toBe('trailing')
    expect(readerText('two  spaces')).toBe('two spaces')
    expect(readerText('a\ttab')).toBe('a tab')
    expect(readerText('no\u00a0break')).toBe('no break')
    expect(readerText('\u3000wide\u3000')).toBe('wide')
  })

  it('keeps 300 characters, cutting longer text to 299 and `…`', () => {
    expect(READER_TEXT_MAX).toBe(300)
    const exact = 'x'.repeat(300)
    expect(readerText(exact)).toBe(exact)
    const cut = readerText('y'.repeat(301))
    expect(cut).toHaveLength(300)
    expect(cut).toBe(`${'y'.repeat(299)}…`)
  })

  it('cuts after squashing white space, so spaces do not eat the bound', () => {
    const text = `${'a '.repeat(150)}`.replace(/ /g, '     ')
    expect(readerText(text)).toBe('a '.repeat(150).trim())
  })

  it('never splits a surrogate pair when it cuts', () => {
    const cut = readerText(`${'x'.repeat(298)}😀😀`)
    expect(cut).toBe(`${'x'.repeat(298)}…`)
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    expect(readerText(`${'x'.repeat(297)}😀z`)).toBe(`${'x'.repeat(297)}😀z`)
  })
})

describe('pagePath', () => {
  it.each([
    ['https://docs.example.com/api/', '/api'],
    ['https://docs.example.com/api/auth?tab=1#token', '/api/auth'],
    ['HTTP://docs.example.com/Guide', '/Guide'],
    ['https://docs.example.com', '/'],
    ['https://docs.example.com/', '/'],
    ['/quickstart/', '/quickstart'],
    ['/quickstart///', '/quickstart'],
    ['quickstart', '/quickstart'],
    ['guides/setup?x=1', '/guides/setup'],
    ['/page#part', '/page'],
    ['', '/'],
    ['/', '/'],
    ['  /spaced/  ', '/spaced'],
  ])('%j is %j', (value, path) => {
    expect(pagePath(value)).toBe(path)
  })

  it('keeps text that only looks like a URL as a path', () => {
    expect(pagePath('https://[bad/x')).toBe('/https://[bad/x')
    // A URL needs `scheme://`: `C:/page` and `mailto:x` are paths.
    expect(pagePath('C:/page')).toBe('/C:/page')
    expect(pagePath('mailto:x@example.com')).toBe('/mailto:x@example.com')
  })

  it('is one bounded line', () => {
    expect(pagePath('/a\nb')).toBe('/a b')
    const long = pagePath(`/${'p'.repeat(400)}`)
    expect(long).toHaveLength(300)
    expect(long.endsWith('…')).toBe(true)
  })
})
