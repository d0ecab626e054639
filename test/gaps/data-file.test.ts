/** The data file: every item found, the window and the bookkeeping; inert if a page embeds it. */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FeedbackItem } from '../../src/api/types.js'
import { dataFile, dataFileChunks, writeDataFile } from '../../src/gaps/data-file.js'
import { ReportedPages } from '../../src/gaps/feedback.js'
import { issueBody, itemKey } from '../../src/gaps/worklist.js'
import { tempDir } from '../helpers/temp.js'
import { bigFound, found, longText } from './fixtures.js'

describe('dataFile', () => {
  it('holds the window, complete, requests, counts, each section read, and every item', () => {
    const data = JSON.parse(dataFile(found(), '2026-11-24T12:00:00.000Z'))
    expect(data).toEqual({
      dateFrom: '2026-11-17',
      dateTo: '2026-11-24',
      generatedAt: '2026-11-24T12:00:00.000Z',
      complete: true,
      requests: 4,
      counts: { searches: 1, unanswered: 1, pages: 1, items: 3 },
      sections: {
        searches: { pages: 1, complete: true },
        assistant: { pages: 1, complete: true },
        feedback: { pages: 2, complete: true },
      },
      searches: { totalSearches: 400, terms: [{ term: 'webhooks', hits: 12, lastSearchedAt: '2026-11-22T10:00:00Z' }] },
      unanswered: [
        {
          category: 'Auth',
          count: 1,
          questions: [{ question: 'How do I rotate a key?', timestamp: '2026-11-21T00:00:00Z', path: '/api/auth' }],
        },
      ],
      pages: [
        {
          path: '/quickstart',
          reports: 3,
          votes: 1,
          views: 1200,
          reportsPer1000Views: 2.5,
          comments: [{ text: 'Step 2 fails', createdAt: '2026-11-20T00:00:00Z', source: 'contextual' }],
        },
      ],
    })
  })

  it('with the issue kept, says since the last run which items are new, since when the others are listed, which are gone', () => {
    const first = issueBody(found({ searches: [{ term: '<b>gone</b>', hits: 2 }] }), '', { today: '2026-11-17' })
    const { since } = issueBody(found(), first.body.replace('- [ ] ', '- [x] '), { today: '2026-11-24' })
    const text = dataFile(found({ since: { ...since, issue: 7 } }), '2026-11-24T12:00:00.000Z')
    expect(text).not.toMatch(/[<>]/)
    const data = JSON.parse(text)
    expect(Object.keys(data).slice(6, 8)).toEqual(['sections', 'sinceLastRun'])
    expect(data.sinceLastRun).toEqual({
      issue: 7,
      date: '2026-11-24',
      complete: true,
      counts: { new: 1, listedBefore: 2, gone: 1, goneTicked: 1 },
      listed: [
        {
          key: itemKey('s', 'webhooks'),
          section: 'searches',
          item: 'webhooks',
          new: true,
          listedSince: '2026-11-24',
          runs: 1,
        },
        {
          key: itemKey('q', 'How do I rotate a key?'),
          section: 'assistant',
          item: 'How do I rotate a key?',
          new: false,
          listedSince: '2026-11-17',
          runs: 2,
        },
        {
          key: itemKey('p', '/quickstart'),
          section: 'feedback',
          item: '/quickstart',
          new: false,
          listedSince: '2026-11-17',
          runs: 2,
        },
      ],
      gone: [
        { key: itemKey('s', '<b>gone</b>'), section: 'searches', ticked: true, listedSince: '2026-11-17', runs: 1 },
      ],
    })
  })

  it('is JSON indented by two spaces, one question a line', () => {
    expect(dataFile(found(), 'now').split('\n')).toEqual([
      '{',
      '  "dateFrom": "2026-11-17",',
      '  "dateTo": "2026-11-24",',
      '  "generatedAt": "now",',
      '  "complete": true,',
      '  "requests": 4,',
      '  "counts": {',
      '    "searches": 1,',
      '    "unanswered": 1,',
      '    "pages": 1,',
      '    "items": 3',
      '  },',
      '  "sections": {',
      '    "searches": {',
      '      "pages": 1,',
      '      "complete": true',
      '    },',
      '    "assistant": {',
      '      "pages": 1,',
      '      "complete": true',
      '    },',
      '    "feedback": {',
      '      "pages": 2,',
      '      "complete": true',
      '    }',
      '  },',
      '  "searches": {',
      '    "totalSearches": 400,',
      '    "terms": [',
      '      {',
      '        "term": "webhooks",',
      '        "hits": 12,',
      '        "lastSearchedAt": "2026-11-22T10:00:00Z"',
      '      }',
      '    ]',
      '  },',
      '  "unanswered": [',
      '    {',
      '      "category": "Auth",',
      '      "count": 1,',
      '      "questions": [',
      '        {"question":"How do I rotate a key?","timestamp":"2026-11-21T00:00:00Z","path":"/api/auth"}',
      '      ]',
      '    }',
      '  ],',
      '  "pages": [',
      '    {',
      '      "path": "/quickstart",',
      '      "reports": 3,',
      '      "votes": 1,',
      '      "views": 1200,',
      '      "reportsPer1000Views": 2.5,',
      '      "comments": [',
      '        {',
      '          "text": "Step 2 fails",',
      '          "createdAt": "2026-11-20T00:00:00Z",',
      '          "source": "contextual"',
      '        }',
      '      ]',
      '    }',
      '  ]',
      '}',
      '',
    ])
  })

  it('says how the views of the reported pages were read, and what cut them', () => {
    const read = (views: { pages: number; complete: boolean; cut?: 'budget' }) =>
      JSON.parse(
        dataFile(
          found({
            sections: new Set(['feedback']),
            read: {
              sections: { feedback: { pages: 2, complete: true, views } },
              requests: 4,
              retries: {},
              complete: views.complete,
            },
          }),
          'now',
        ),
      ).sections
    expect(read({ pages: 3, complete: true })).toEqual({
      feedback: { pages: 2, complete: true, views: { pages: 3, complete: true } },
    })
    expect(read({ pages: 1, complete: false, cut: 'budget' })).toEqual({
      feedback: { pages: 2, complete: true, views: { pages: 1, complete: false, cut: 'budget' } },
    })
  })

  it('holds all items, not only max-items', () => {
    const data = JSON.parse(dataFile({ ...bigFound(100), maxItems: 5 }, 'now'))
    expect(data.searches.terms).toHaveLength(100)
    expect(data.unanswered[0].questions).toHaveLength(100)
    expect(data.pages).toHaveLength(100)
  })

  it('writes <, > and & as \\u escapes; the JSON reads back the same text', () => {
    const text = dataFile(found({ searches: [{ term: '<script>&</script>', hits: 2 }] }), 'now')
    expect(text).not.toMatch(/[<>&]/)
    expect(JSON.parse(text).searches.terms[0].term).toBe('<script>&</script>')
    expect(text.endsWith('}\n')).toBe(true)
  })

  it('has no contact, even when the feedback items read held one', () => {
    const pages = new ReportedPages()
    const item = { path: '/a', source: 'agent', comment: 'Wrong', createdAt: null, contact: 'reader@example.com' }
    pages.offer(item as FeedbackItem)
    const text = dataFile(found({ pages: pages.found() }), 'now')
    expect(JSON.parse(text).pages[0].comments).toEqual([{ text: 'Wrong', createdAt: null, source: 'agent' }])
    expect(text).not.toContain('contact')
    expect(text).not.toContain('reader@example.com')
  })

  it('names the sections not read to their end, rounds the rate, and leaves out sections not chosen', () => {
    const f = found({
      sections: new Set(['feedback']),
      read: {
        sections: { feedback: { pages: 2, complete: false, cut: 'budget' } },
        requests: 2,
        retries: {},
        complete: false,
      },
      pages: [{ path: '/a', reports: 1, votes: 0, views: 3, rate: 333.3333, comments: [] }],
    })
    const data = JSON.parse(dataFile(f, 'now'))
    expect(data.complete).toBe(false)
    expect(data.sections).toEqual({ feedback: { pages: 2, complete: false, cut: 'budget' } })
    expect(data.pages[0].reportsPer1000Views).toBe(333.3)
    expect(data).not.toHaveProperty('searches')
    expect(data).not.toHaveProperty('unanswered')
    const none = JSON.parse(
      dataFile(found({ pages: [{ path: '/a', reports: 1, votes: 0, views: 0, comments: [] }] }), 'now'),
    )
    expect(none.pages[0].reportsPer1000Views).toBeNull()
    const unread = JSON.parse(
      dataFile(found({ read: { sections: {}, requests: 0, retries: {}, complete: false } }), 'now'),
    )
    expect(unread.sections.searches).toEqual({ pages: 0, complete: false })
  })

  it('writes every question allQuestions gives, not only the ones shown; chunks join to the same file', () => {
    const all = Array.from({ length: 250 }, (_, i) => ({ question: `q${i}`, timestamp: 't', path: '' }))
    const f = found({
      unanswered: [{ category: 'Auth', count: 250, questions: all.slice(0, 20) }],
      allQuestions: (category: string) => (category === 'Auth' ? all : []),
      unansweredCount: 250,
    })
    const text = dataFile(f, '2026-11-24T12:00:00.000Z')
    const data = JSON.parse(text)
    expect(data.unanswered).toEqual([{ category: 'Auth', count: 250, questions: all }])
    expect([...dataFileChunks(f, '2026-11-24T12:00:00.000Z')].length).toBeGreaterThan(250)
    expect([...dataFileChunks(f, '2026-11-24T12:00:00.000Z')].join('')).toBe(text)
  })

  it('is valid JSON with no category, or a category with no question', () => {
    const empty = found({ unanswered: [], unansweredCount: 0 })
    expect(JSON.parse(dataFile(empty, 'now')).unanswered).toEqual([])
    const hollow = found({ unanswered: [{ category: 'A', count: 0, questions: [] }], allQuestions: () => [] })
    expect(JSON.parse(dataFile(hollow, 'now')).unanswered).toEqual([{ category: 'A', count: 0, questions: [] }])
  })

  it('writeDataFile writes the bytes dataFile gives, across its 64 KiB buffer and past it in one piece', () => {
    const file = path.join(tempDir('data-file-'), 'gaps.json')
    // 1,000 terms of 300 characters: one piece of about 400 kB; 2,000 questions with multi-byte text: many small ones.
    const questions = Array.from({ length: 2000 }, (_, i) => ({
      question: `${longText(i, 120)} wie lösche ich 名前 😀`,
      timestamp: '2026-11-20T10:00:00Z',
      path: `/p/${i}`,
    }))
    const f = found({
      searches: Array.from({ length: 1000 }, (_, i) => ({ term: longText(i), hits: 1000 - i })),
      unanswered: [{ category: 'Auth', count: 2000, questions: questions.slice(0, 20) }],
      allQuestions: () => questions,
      unansweredCount: 2000,
    })
    writeDataFile(file, f, 'now')
    const text = dataFile(f, 'now')
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 65_536)
    expect(readFileSync(file, 'utf8')).toBe(text)
  })
})
