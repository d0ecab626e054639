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

  it('cuts texts (terms, cursors) to ROW_TEXT_MAX', () => {
    const long = 'x'.repeat(ROW_TEXT_MAX + 50)
    const page = toSearchesPage({ searches: [{ ...row, searchQuery: long }], totalSearches: 1, nextCursor: long })
    expect(ROW_TEXT_MAX).toBe(2000)
    if (!page.ok) throw new Error(page.problem)
    expect(page.value.rows[0]?.term).toHaveLength(2000)
    expect(page.value.nextCursor).toHaveLength(2000)
  })
})

describe('toAssistantPage', () => {
  const row = {
    id: 'c1',
    timestamp: '2026-11-20T00:00:00Z',
    query: 'how?',
    resolutionStatus: 'unanswered',
    responseType: 'answer',
    queryCategory: 'Auth',
    pageUrl: 'https://docs.example.com/a',
    messages: ['ignored'],
  }
  it('keeps the turn fields; null status and type are left out, null category and page kept as null', () => {
    expect(
      toAssistantPage({
        conversations: [
          row,
          { ...row, resolutionStatus: null, responseType: undefined, queryCategory: null, pageUrl: undefined },
        ],
        hasMore: true,
        nextCursor: 'n',
      }),
    ).toEqual({
      ok: true,
      value: {
        rows: [
          {
            id: 'c1',
            timestamp: '2026-11-20T00:00:00Z',
            query: 'how?',
            resolutionStatus: 'unanswered',
            responseType: 'answer',
            queryCategory: 'Auth',
            pageUrl: 'https://docs.example.com/a',
          },
          { id: 'c1', timestamp: '2026-11-20T00:00:00Z', query: 'how?', queryCategory: null, pageUrl: null },
        ],
        hasMore: true,
        nextCursor: 'n',
      },
    })
  })

  it.each([
    ['x', 'the answer is "x", not a JSON object'],
    [{ hasMore: false }, '`conversations` is missing, not a list'],
    [{ conversations: [{ ...row, id: 1 }], hasMore: false }, '`conversations[0].id` is 1, not a string'],
    [
      { conversations: [{ ...row, timestamp: null }], hasMore: false },
      '`conversations[0].timestamp` is null, not a string',
    ],
    [
      { conversations: [{ ...row, query: undefined }], hasMore: false },
      '`conversations[0].query` is missing, not a string',
    ],
    [
      { conversations: [{ ...row, resolutionStatus: 1 }], hasMore: false },
      '`conversations[0].resolutionStatus` is 1, not a string',
    ],
    [
      { conversations: [{ ...row, responseType: true }], hasMore: false },
      '`conversations[0].responseType` is a boolean, not a string',
    ],
    [
      { conversations: [{ ...row, queryCategory: [] }], hasMore: false },
      '`conversations[0].queryCategory` is a list, not a string',
    ],
    [
      { conversations: [{ ...row, pageUrl: {} }], hasMore: false },
      '`conversations[0].pageUrl` is an object, not a string',
    ],
    [{ conversations: [] }, '`hasMore` is missing, not true or false'],
    [{ conversations: [], hasMore: 'yes' }, '`hasMore` is "yes", not true or false'],
    [{ conversations: [], hasMore: true, nextCursor: {} }, '`nextCursor` is an object, not a string'],
  ])('refuses %j: %s', (value, why) => {
    expect(problem(toAssistantPage(value))).toBe(why)
  })
})

describe('toFeedbackPage', () => {
  const row = {
    path: '/a',
    source: 'contextual',
    comment: 'wrong',
    createdAt: '2026-11-20T00:00:00Z',
    helpful: false,
    contact: 'reader@example.com',
    status: 'pending',
  }
  it('keeps path, source, comment, createdAt and helpful (when a boolean); never contact', () => {
    const page = toFeedbackPage({
      feedback: [row, { ...row, helpful: null, comment: null, createdAt: undefined }],
      hasMore: false,
      nextCursor: null,
    })
    expect(page).toEqual({
      ok: true,
      value: {
        rows: [
          { path: '/a', source: 'contextual', comment: 'wrong', createdAt: '2026-11-20T00:00:00Z', helpful: false },
          { path: '/a', source: 'contextual', comment: null, createdAt: null },
        ],
        hasMore: false,
        nextCursor: null,
      },
    })
    expect(JSON.stringify(page)).not.toContain('reader@example.com')
    expect(JSON.stringify(page)).not.toContain('contact')
  })

  it.each([
    [7, 'the answer is 7, not a JSON object'],
    [{ feedback: 'x', hasMore: false }, '`feedback` is "x", not a list'],
    [{ feedback: [null], hasMore: false }, '`feedback[0]` is null, not an object'],
    [{ feedback: [{ ...row, path: null }], hasMore: false }, '`feedback[0].path` is null, not a string'],
    [{ feedback: [{ ...row, source: 2 }], hasMore: false }, '`feedback[0].source` is 2, not a string'],
    [{ feedback: [{ ...row, comment: 2 }], hasMore: false }, '`feedback[0].comment` is 2, not a string'],
    [{ feedback: [{ ...row, createdAt: 2 }], hasMore: false }, '`feedback[0].createdAt` is 2, not a string'],
    [{ feedback: [{ ...row, helpful: 'no' }], hasMore: false }, '`feedback[0].helpful` is "no", not true or false'],
    [{ feedback: [] }, '`hasMore` is missing, not true or false'],
    [{ feedback: [], hasMore: false, nextCursor: 1 }, '`nextCursor` is 1, not a string'],
  ])('refuses %j: %s', (value, why) => {
    expect(problem(toFeedbackPage(value))).toBe(why)
  })
})
