/** The three cursor-paged analytics answers: what is kept, what is refused (one line naming the field). */
import { describe, expect, it } from 'vitest'
import { ROW_TEXT_MAX, toAssistantPage, toFeedbackPage, toSearchesPage } from '../../src/api/analytics-shapes.js'

const problem = (shaped: { ok: boolean; problem?: string }) => (shaped.ok ? 'ok' : shaped.problem)

describe('toSearchesPage', () => {
  const row = { searchQuery: 'webhooks', hits: 4, ctr: 0, lastSearchedAt: '2026-11-20T00:00:00Z', extra: 1 }
  it('keeps term, hits, ctr and lastSearchedAt (when set), totalSearches and the cursor', () => {
    expect(
      toSearchesPage({
        searches: [row, { searchQuery: 'b', hits: 1, ctr: 0.5, lastSearchedAt: null }],
        totalSearches: 9,
        nextCursor: 'c2',
      }),
    ).toEqual({
      ok: true,
      value: {
        rows: [
          { term: 'webhooks', hits: 4, ctr: 0, lastSearchedAt: '2026-11-20T00:00:00Z' },
          { term: 'b', hits: 1, ctr: 0.5 },
        ],
        totalSearches: 9,
        nextCursor: 'c2',
      },
    })
  })

  it('reads a missing or null nextCursor as the end', () => {
    expect(toSearchesPage({ searches: [], totalSearches: 0 })).toMatchObject({ value: { nextCursor: null } })
    expect(toSearchesPage({ searches: [], totalSearches: 0, nextCursor: null })).toMatchObject({
      value: { nextCursor: null },
    })
  })

  it.each([
    [[1], 'the answer is a list, not a JSON object'],
    [null, 'the answer is null, not a JSON object'],
    [{ totalSearches: 1 }, '`searches` is missing, not a list'],
    [{ searches: {}, totalSearches: 1 }, '`searches` is an object, not a list'],
    [{ searches: ['x'], totalSearches: 1 }, '`searches[0]` is "x", not an object'],
    [{ searches: [row, { ...row, searchQuery: 5 }], totalSearches: 1 }, '`searches[1].searchQuery` is 5, not a string'],
    [{ searches: [{ ...row, hits: '3' }], totalSearches: 1 }, '`searches[0].hits` is "3", not a finite number'],
    [{ searches: [{ ...row, hits: Number.NaN }], totalSearches: 1 }, '`searches[0].hits` is NaN, not a finite number'],
    [{ searches: [{ ...row, ctr: undefined }], totalSearches: 1 }, '`searches[0].ctr` is missing, not a finite number'],
    [
      { searches: [{ ...row, lastSearchedAt: 3 }], totalSearches: 1 },
      '`searches[0].lastSearchedAt` is 3, not a string',
    ],
    [{ searches: [] }, '`totalSearches` is missing, not a finite number'],
    [{ searches: [], totalSearches: 'x' }, '`totalSearches` is "x", not a finite number'],
    [{ searches: [], totalSearches: 1, nextCursor: 7 }, '`nextCursor` is 7, not a string'],
  ])('refuses %j: %s', (value, why) => {
    expect(problem(toSearchesPage(value))).toBe(why)
  })

  it('cuts texts to ROW_TEXT_MAX, but never a cursor: a cursor cut short is no cursor of the API', () => {
    const long = 'x'.repeat(ROW_TEXT_MAX + 50)
    const page = toSearchesPage({ searches: [{ ...row, searchQuery: long }], totalSearches: 1, nextCursor: 'c' })
    expect(ROW_TEXT_MAX).toBe(2000)
    if (!page.ok) throw new Error(page.problem)
    expect(page.value.rows[0]?.term).toHaveLength(2000)
    const cursor = 'y'.repeat(ROW_TEXT_MAX)
    expect(toSearchesPage({ searches: [], totalSearches: 1, nextCursor: cursor })).toMatchObject({
      value: { nextCursor: cursor },
    })
    for (const page of [
      toSearchesPage({ searches: [], totalSearches: 1, nextCursor: long }),
      toAssistantPage({ conversations: [], hasMore: true, nextCursor: long }),
      toFeedbackPage({ feedback: [], hasMore: true, nextCursor: long }),
    ])
      expect(page).toEqual({
        ok: false,
        problem: '`nextCursor` is longer than 2,000 characters, too long to send back',
      })
  })
})
