/** Reported pages: what is a report, how pages are grouped, joined with views and ranked. */
import { describe, expect, it } from 'vitest'
import type { FeedbackItem } from '../../src/api/types.js'
import { COMMENTS_KEPT, isReport, ReportedPages } from '../../src/gaps/feedback.js'

const item = (extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  path: '/page',
  source: 'contextual',
  comment: null,
  createdAt: null,
  helpful: false,
  ...extra,
})
const views = (path: string, total: number) => ({ path, total, human: total, ai: 0 })

function collect(items: FeedbackItem[]) {
  const p = new ReportedPages()
  for (const i of items) p.offer(i)
  return p
}

describe('isReport', () => {
  it('contextual feedback is a report when not helpful, a vote when helpful or undirected', () => {
    expect(isReport(item({ helpful: false }))).toBe(true)
    expect(isReport(item({ helpful: true }))).toBe(false)
    expect(isReport(item({ helpful: undefined }))).toBe(false)
  })

  it('code_snippet and agent feedback are reports; thumbs_only and unknown sources are votes', () => {
    expect(isReport(item({ source: 'code_snippet', helpful: undefined }))).toBe(true)
    expect(isReport(item({ source: 'agent', helpful: true }))).toBe(true)
    expect(isReport(item({ source: 'thumbs_only', helpful: false }))).toBe(false)
    expect(isReport(item({ source: 'other' }))).toBe(false)
  })
})

describe('ReportedPages', () => {
  it('groups by normalized path and counts reports and votes', () => {
    const p = collect([
      item({ path: 'https://docs.example.com/api/?x=1' }),
      item({ path: '/api/' }),
      item({ path: 'api', source: 'thumbs_only' }),
      item({ path: '/api', helpful: true }),
    ])
    expect(p.items).toBe(4)
    expect(p.found()).toEqual([{ path: '/api', reports: 2, votes: 2, views: 0, comments: [] }])
  })

  it('lists only pages with a report; views are worth reading only then', () => {
    const p = collect([item({ helpful: true }), item({ source: 'thumbs_only' })])
    expect(p.anyReported).toBe(false)
    expect(p.found()).toEqual([])
    p.offer(item({ path: '/other', source: 'agent' }))
    expect(p.anyReported).toBe(true)
    expect(p.found().map((x) => x.path)).toEqual(['/other'])
  })

  it('joins views by path (rows naming one page add up), only for reported pages, and rates per 1,000', () => {
    const p = collect([item({ path: '/a' }), item({ path: '/b', helpful: true })])
    p.offerViews(views('https://docs.example.com/a/', 300))
    p.offerViews(views('/a', 200))
    p.offerViews(views('/b', 999))
    p.offerViews(views('/unknown', 5))
    expect(p.found()).toEqual([{ path: '/a', reports: 1, votes: 0, views: 500, rate: 2, comments: [] }])
  })

  it('ranks by reports, then by rate (pages without views last), then by path', () => {
    const p = collect([
      item({ path: '/many' }),
      item({ path: '/many' }),
      item({ path: '/z-noviews' }),
      item({ path: '/a-noviews' }),
      item({ path: '/low' }),
      item({ path: '/high' }),
    ])
    p.offerViews(views('/low', 1000))
    p.offerViews(views('/high', 10))
    p.offerViews(views('/many', 1_000_000))
    expect(p.found().map((x) => [x.path, x.rate])).toEqual([
      ['/many', 0.002],
      ['/high', 100],
      ['/low', 1],
      ['/a-noviews', undefined],
      ['/z-noviews', undefined],
    ])
    expect(p.found()[3]).not.toHaveProperty('rate')
  })

  it('keeps the three newest comments of reports, newest first, undated ones as the oldest; a vote’s comment is no report', () => {
    expect(COMMENTS_KEPT).toBe(3)
    const p = collect([
      item({ comment: 'undated', createdAt: null }),
      item({ comment: 'first', createdAt: '2026-11-18T00:00:00Z' }),
      item({ comment: 'third', createdAt: '2026-11-20T00:00:00Z' }),
      item({ comment: '   ', createdAt: '2026-11-25T00:00:00Z' }),
      item({ comment: null, createdAt: '2026-11-26T00:00:00Z' }),
      item({ comment: 'praise', createdAt: '2026-11-19T00:00:00Z', source: 'thumbs_only' }),
      item({ comment: 'Clear, thanks!', createdAt: '2026-11-27T00:00:00Z', helpful: true }),
    ])
    expect(p.found()[0]?.comments).toEqual([
      { text: 'third', createdAt: '2026-11-20T00:00:00Z', source: 'contextual' },
      { text: 'first', createdAt: '2026-11-18T00:00:00Z', source: 'contextual' },
      { text: 'undated', createdAt: null, source: 'contextual' },
    ])
  })

  it('keeps undated comments in the order they came, after dated ones', () => {
    const p = collect([
      item({ comment: 'u1' }),
      item({ comment: 'u2' }),
      item({ comment: 'dated', createdAt: '2026-11-18T00:00:00Z' }),
    ])
    expect(p.found()[0]?.comments.map((c) => c.text)).toEqual(['dated', 'u1', 'u2'])
  })

  it('keeps a comment as one bounded line', () => {
    const p = collect([item({ comment: `bad\r\npage ${'w'.repeat(400)}`, createdAt: '2026-11-18T00:00:00Z' })])
    const [c] = p.found()[0]?.comments ?? []
    expect(c?.text).toHaveLength(300)
    expect(c?.text.startsWith('bad page w')).toBe(true)
  })

  it('of four comments, keeps the three newest, newest first, whatever order they came in', () => {
    const p = collect(
      ['2026-11-20', '2026-11-18', '2026-11-22', '2026-11-19'].map((day) =>
        item({ comment: `on ${day}`, createdAt: `${day}T00:00:00Z` }),
      ),
    )
    expect(p.found()[0]?.comments.map((c) => c.text)).toEqual(['on 2026-11-22', 'on 2026-11-20', 'on 2026-11-19'])
  })
})
