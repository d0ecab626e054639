/** Zero-click searches: which terms the action lists, grouped how, in which order. */
import { describe, expect, it } from 'vitest'
import type { SearchTerm } from '../../src/api/types.js'
import { compareText, newer, ZeroClickSearches } from '../../src/gaps/searches.js'

const term = (t: string, hits: number, ctr = 0, lastSearchedAt?: string): SearchTerm =>
  lastSearchedAt === undefined ? { term: t, hits, ctr } : { term: t, hits, ctr, lastSearchedAt }

function gaps(rows: SearchTerm[], minHits = 1) {
  const s = new ZeroClickSearches(minHits)
  for (const r of rows) s.offer(r)
  return s.found()
}

describe('ZeroClickSearches', () => {
  it('groups terms case-insensitively after trimming, sums their hits and keeps the first spelling', () => {
    expect(gaps([term('  Webhooks ', 5), term('webhooks', 3), term('WEBHOOKS\n', 1)])).toEqual([
      { term: 'Webhooks', hits: 9 },
    ])
  })

  it('groups by the lower-cased text: ß and SS stay apart, as their lower cases differ', () => {
    expect(gaps([term('Straße', 1), term('STRASSE', 1)]).map((g) => g.term)).toEqual(['STRASSE', 'Straße'])
  })

  it('keeps a lastSearchedAt the clock cannot read when it is the only one', () => {
    expect(gaps([term('x', 1, 0, 'yesterday'), term('X', 1)])).toEqual([
      { term: 'x', hits: 2, lastSearchedAt: 'yesterday' },
    ])
  })

  it('keeps the newest lastSearchedAt of the members, whatever their order', () => {
    expect(
      gaps([
        term('sso', 1, 0, '2026-11-20T10:00:00Z'),
        term('SSO', 1, 0, '2026-11-22T10:00:00Z'),
        term('Sso', 1, 0, '2026-11-21T10:00:00Z'),
        term('sso ', 1),
      ]),
    ).toEqual([{ term: 'sso', hits: 4, lastSearchedAt: '2026-11-22T10:00:00Z' }])
  })

  it('has no lastSearchedAt when no member has one', () => {
    expect(gaps([term('x', 2)])[0]).not.toHaveProperty('lastSearchedAt')
  })

  it('is no gap when any member was clicked, in any order', () => {
    expect(gaps([term('Auth', 5), term('auth', 1, 0.5)])).toEqual([])
    expect(gaps([term('auth', 1, 0.01), term('Auth', 5)])).toEqual([])
    expect(gaps([term('auth', 1, -1)])).toEqual([])
  })

  it('lists a group when its summed hits reach min-hits (inclusive), not below', () => {
    expect(gaps([term('a', 1), term('A', 1)], 2)).toEqual([{ term: 'a', hits: 2 }])
    expect(gaps([term('a', 1)], 2)).toEqual([])
    expect(gaps([term('b', 3)], 3)).toEqual([{ term: 'b', hits: 3 }])
  })

  it('orders busiest first, then by term (code-point order)', () => {
    expect(gaps([term('b', 2), term('c', 5), term('a', 2), term('B2', 2)]).map((g) => g.term)).toEqual([
      'c',
      'B2',
      'a',
      'b',
    ])
  })

  it('counts totalSearches from outside (the page)', () => {
    const s = new ZeroClickSearches(1)
    expect(s.totalSearches).toBe(0)
  })

  it('cuts a long term to 300 characters, and groups by the whole term: terms alike only in their start stay apart', () => {
    const found = gaps([term(`${'q'.repeat(400)}`, 1), term(`${'Q'.repeat(350)}`, 1), term(`  ${'Q'.repeat(400)} `, 1)])
    expect(found.map((g) => [g.term.length, g.hits])).toEqual([
      [300, 2],
      [300, 1],
    ])
  })
})

describe('newer', () => {
  it('compares times, an undefined other side losing, an unreadable time never winning over a readable one', () => {
    expect(newer('2026-01-02', '2026-01-01')).toBe(true)
    expect(newer('2026-01-01', '2026-01-02')).toBe(false)
    expect(newer('2026-01-01', '2026-01-01')).toBe(false)
    expect(newer('2026-01-01', undefined)).toBe(true)
    expect(newer('garbage', undefined)).toBe(true)
    expect(newer('garbage', '2026-01-01')).toBe(false)
    expect(newer('2026-01-01', 'garbage')).toBe(true)
    expect(newer('b', 'a')).toBe(true)
    expect(newer('a', 'b')).toBe(false)
    expect(newer('a', 'a')).toBe(false)
  })
})

describe('compareText', () => {
  it('orders by code point, independent of locale', () => {
    expect(compareText('a', 'b')).toBe(-1)
    expect(compareText('b', 'a')).toBe(1)
    expect(compareText('a', 'a')).toBe(0)
    expect(compareText('Z', 'a')).toBe(-1)
  })
})
