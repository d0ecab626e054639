/** A `Found` for the tests of the surfaces (worklist, issue body, prompt, data file, summary, outputs). */
import type { QuestionCategory } from '../../src/gaps/assistant.js'
import type { ReportedPage } from '../../src/gaps/feedback.js'
import type { Found } from '../../src/gaps/found.js'
import type { ZeroClickSearch } from '../../src/gaps/searches.js'

export function found(extra: Partial<Found> = {}): Found {
  return {
    dateFrom: '2026-11-17',
    dateTo: '2026-11-24',
    sections: new Set(['searches', 'assistant', 'feedback']),
    read: {
      sections: {
        searches: { pages: 1, complete: true },
        assistant: { pages: 1, complete: true },
        feedback: { pages: 2, complete: true },
      },
      requests: 4,
      retries: {},
      complete: true,
    },
    searches: [{ term: 'webhooks', hits: 12, lastSearchedAt: '2026-11-22T10:00:00Z' }],
    totalSearches: 400,
    unanswered: [
      {
        category: 'Auth',
        count: 1,
        questions: [{ question: 'How do I rotate a key?', timestamp: '2026-11-21T00:00:00Z', path: '/api/auth' }],
      },
    ],
    unansweredCount: 1,
    pages: [
      {
        path: '/quickstart',
        reports: 3,
        votes: 1,
        views: 1200,
        rate: 2.5,
        comments: [{ text: 'Step 2 fails', createdAt: '2026-11-20T00:00:00Z', source: 'contextual' }],
      },
    ],
    maxItems: 20,
    ...extra,
  }
}

/** Reader text of `length` characters, different for each `i` (and with the characters an escaper must handle). */
export function longText(i: number, length = 300): string {
  const head = `<b>@x & "q${i}"`
  return `${head}${'z'.repeat(length - head.length)}`
}

/** `n` items of each section, every reader text 300 characters long. */
export function bigFound(n = 100): Found {
  const searches: ZeroClickSearch[] = Array.from({ length: n }, (_, i) => ({ term: longText(i), hits: 1000 - i }))
  const unanswered: QuestionCategory[] = [
    {
      category: longText(0),
      count: n,
      questions: Array.from({ length: n }, (_, i) => ({
        question: longText(i),
        timestamp: '2026-11-20T00:00:00Z',
        path: `/${longText(i, 299)}`,
      })),
    },
  ]
  const pages: ReportedPage[] = Array.from({ length: n }, (_, i) => ({
    path: `/${longText(i, 299)}`,
    reports: 100 - i,
    votes: 0,
    views: 0,
    comments: [0, 1, 2].map((k) => ({ text: longText(i * 3 + k), createdAt: null, source: 'contextual' })),
  }))
  return found({ searches, unanswered, unansweredCount: n, pages, maxItems: 100, totalSearches: 1_000_000 })
}
