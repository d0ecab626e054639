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

describe('toAssistantPage', () => {
  const turn = {
    id: 't1',
    timestamp: '2026-11-20T10:00:00Z',
    query: 'how do I rotate a key?',
    resolutionStatus: 'resolved',
    responseType: 'answer',
    queryCategory: 'auth',
    pageUrl: '/keys',
    extra: 1,
  }
  const page = (rows: unknown[], more: unknown = false) => ({ conversations: rows, hasMore: more, nextCursor: 'c3' })

  it('keeps each turn’s fields (status and type only when set), hasMore and the cursor', () => {
    expect(
      toAssistantPage(
        page([turn, { id: 't2', timestamp: 'x', query: 'q', resolutionStatus: null, responseType: null }], true),
      ),
    ).toEqual({
      ok: true,
      value: {
        rows: [
          {
            id: 't1',
            timestamp: '2026-11-20T10:00:00Z',
            query: 'how do I rotate a key?',
            resolutionStatus: 'resolved',
            responseType: 'answer',
            queryCategory: 'auth',
            pageUrl: '/keys',
          },
          { id: 't2', timestamp: 'x', query: 'q', queryCategory: null, pageUrl: null },
        ],
        hasMore: true,
        nextCursor: 'c3',
      },
    })
  })

  it.each([
    [null, 'the answer is null, not a JSON object'],
    [{ hasMore: false }, '`conversations` is missing, not a list'],
    [page([turn, 3]), '`conversations[1]` is 3, not an object'],
    [page([{ ...turn, id: undefined }]), '`conversations[0].id` is missing, not a string'],
    [page([{ ...turn, timestamp: 5 }]), '`conversations[0].timestamp` is 5, not a string'],
    [page([{ ...turn, query: undefined }]), '`conversations[0].query` is missing, not a string'],
    [page([{ ...turn, resolutionStatus: 1 }]), '`conversations[0].resolutionStatus` is 1, not a string'],
    [page([{ ...turn, responseType: true }]), '`conversations[0].responseType` is a boolean, not a string'],
    [page([{ ...turn, queryCategory: 2 }]), '`conversations[0].queryCategory` is 2, not a string'],
    [page([{ ...turn, pageUrl: [] }]), '`conversations[0].pageUrl` is a list, not a string'],
    [page([turn], 'yes'), '`hasMore` is "yes", not true or false'],
    [{ conversations: [] }, '`hasMore` is missing, not true or false'],
    [{ conversations: [], hasMore: true, nextCursor: 4 }, '`nextCursor` is 4, not a string'],
  ])('refuses %j: %s', (value, why) => {
    expect(problem(toAssistantPage(value))).toBe(why)
  })
})

describe('toFeedbackPage', () => {
  const item = { path: '/a', source: 'thumbs', comment: 'unclear', createdAt: '2026-11-20', helpful: false }
  const page = (rows: unknown[], more: unknown = false) => ({ feedback: rows, hasMore: more, nextCursor: null })

  it('keeps path, source, comment, createdAt and helpful (when true or false), never contact', () => {
    expect(
      toFeedbackPage(
        page(
          [
            { ...item, contact: 'reader@example.com' },
            { path: '/b', source: 's', helpful: null },
          ],
          true,
        ),
      ),
    ).toEqual({
      ok: true,
      value: {
        rows: [
          { path: '/a', source: 'thumbs', comment: 'unclear', createdAt: '2026-11-20', helpful: false },
          { path: '/b', source: 's', comment: null, createdAt: null },
        ],
        hasMore: true,
        nextCursor: null,
      },
    })
  })

  it('leaves helpful out of a row that has none', () => {
    const shaped = toFeedbackPage(page([{ path: '/b', source: 's' }]))
    if (!shaped.ok) throw new Error(shaped.problem)
    expect(Object.keys(shaped.value.rows[0] ?? {})).toEqual(['path', 'source', 'comment', 'createdAt'])
  })

  it.each([
    ['x', 'the answer is "x", not a JSON object'],
    [{ hasMore: true }, '`feedback` is missing, not a list'],
    [page([{ ...item, path: 1 }]), '`feedback[0].path` is 1, not a string'],
    [page([item, { ...item, source: undefined }]), '`feedback[1].source` is missing, not a string'],
    [page([{ ...item, comment: 7 }]), '`feedback[0].comment` is 7, not a string'],
    [page([{ ...item, createdAt: 8 }]), '`feedback[0].createdAt` is 8, not a string'],
    [page([{ ...item, helpful: 'yes' }]), '`feedback[0].helpful` is "yes", not true or false'],
    [page([item], null), '`hasMore` is null, not true or false'],
    [{ feedback: [], hasMore: false, nextCursor: {} }, '`nextCursor` is an object, not a string'],
  ])('refuses %j: %s', (value, why) => {
    expect(problem(toFeedbackPage(value))).toBe(why)
  })
})
