/** Unanswered assistant questions: which turns count, how they are grouped and ordered. */
import { existsSync, readdirSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { AssistantTurn } from '../../src/api/types.js'
import { UNCATEGORIZED, UnansweredQuestions } from '../../src/gaps/assistant.js'
import { tempDir } from '../helpers/temp.js'

let n = 0
const turn = (extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
  id: `c${++n}`,
  timestamp: '2026-11-20T10:00:00Z',
  query: `question ${n}`,
  resolutionStatus: 'unanswered',
  queryCategory: 'Auth',
  pageUrl: null,
  ...extra,
})

/** The questions of `turns`; its temporary file, made when they outgrow the buffer, goes when the test ends. */
function collect(turns: AssistantTurn[]) {
  const q = new UnansweredQuestions()
  onTestFinished(() => q.close())
  for (const t of turns) q.offer(t)
  return q
}

describe('UnansweredQuestions', () => {
  it('counts unanswered turns only, not answered ones or ones without a status', () => {
    const q = collect([turn(), turn({ resolutionStatus: 'answered' }), turn({ resolutionStatus: undefined })])
    expect(q.count).toBe(1)
    expect(q.found()).toHaveLength(1)
  })

  it('leaves out clarifying questions; a missing responseType is an answer', () => {
    const q = collect([
      turn({ responseType: 'clarifying_question', query: 'clarify' }),
      turn({ query: 'kept', responseType: undefined }),
      turn({ query: 'also kept', responseType: 'answer' }),
    ])
    expect(q.count).toBe(2)
    expect(
      q
        .found()[0]
        ?.questions.map((x) => x.question)
        .sort(),
    ).toEqual(['also kept', 'kept'])
  })

  it('counts a turn once by (id, timestamp); the same id at another time counts again', () => {
    const a = turn({ id: 'conv', timestamp: '2026-11-20T10:00:00Z', query: 'one' })
    const q = collect([a, { ...a }, turn({ id: 'conv', timestamp: '2026-11-20T11:00:00Z', query: 'two' })])
    expect(q.count).toBe(2)
    expect(q.found()[0]?.questions.map((x) => x.question)).toEqual(['two', 'one'])
  })

  it('cannot be fooled by a separator inside id or timestamp', () => {
    const q = collect([turn({ id: 'a|b', timestamp: 'c' }), turn({ id: 'a', timestamp: 'b|c' })])
    expect(q.count).toBe(2)
    const r = collect([turn({ id: 'a","b', timestamp: 'c' }), turn({ id: 'a', timestamp: 'b","c' })])
    expect(r.count).toBe(2)
  })

  it('files a null or blank category under Uncategorized', () => {
    const q = collect([turn({ queryCategory: null }), turn({ queryCategory: '  ' })])
    expect(UNCATEGORIZED).toBe('Uncategorized')
    expect(q.found()).toEqual([{ category: 'Uncategorized', count: 2, questions: expect.any(Array) }])
    expect(q.found()[0]?.questions).toHaveLength(2)
  })

  it('orders categories by size, then by name', () => {
    const q = collect([
      turn({ queryCategory: 'Zeta' }),
      turn({ queryCategory: 'Beta' }),
      turn({ queryCategory: 'Alpha' }),
      turn({ queryCategory: 'Zeta' }),
    ])
    expect(q.found().map((c) => [c.category, c.questions.length])).toEqual([
      ['Zeta', 2],
      ['Alpha', 1],
      ['Beta', 1],
    ])
  })

  it('orders questions newest first, then by text', () => {
    const q = collect([
      turn({ query: 'old', timestamp: '2026-11-18T00:00:00Z' }),
      turn({ query: 'new', timestamp: '2026-11-22T00:00:00Z' }),
      turn({ query: 'mid b', timestamp: '2026-11-20T00:00:00Z' }),
      turn({ query: 'mid a', timestamp: '2026-11-20T00:00:00Z' }),
    ])
    expect(q.found()[0]?.questions.map((x) => x.question)).toEqual(['new', 'mid a', 'mid b', 'old'])
  })

  it('keeps the question as one bounded line, its time, and the path of the page it was asked on', () => {
    const q = collect([
      turn({
        query: `how\ndo I ${'x'.repeat(400)}`,
        pageUrl: 'https://docs.example.com/api/auth/?ref=1',
        queryCategory: 'Auth\nstuff',
        timestamp: '2026-11-21T09:00:00Z',
      }),
      turn({ pageUrl: null, query: 'no page', timestamp: '2026-11-20T09:00:00Z' }),
    ])
    const [cat] = q.found().filter((c) => c.category === 'Auth stuff')
    expect(cat?.questions[0]?.question).toHaveLength(300)
    expect(cat?.questions[0]?.question.startsWith('how do I x')).toBe(true)
    expect(cat?.questions[0]).toMatchObject({ path: '/api/auth', timestamp: '2026-11-21T09:00:00Z' })
    expect(q.found().find((c) => c.category === 'Auth')?.questions[0]).toEqual({
      question: 'no page',
      timestamp: '2026-11-20T09:00:00Z',
      path: '',
    })
  })

  it('found(n) shows the first n questions of each category, newest first, with the whole count; all() gives every one', () => {
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`
    const q = collect([3, 9, 1, 7, 5].map((day) => turn({ timestamp: at(day), query: `asked on day ${day}` })))
    expect(q.found(2)).toEqual([
      {
        category: 'Auth',
        count: 5,
        questions: [
          { question: 'asked on day 9', timestamp: at(9), path: '' },
          { question: 'asked on day 7', timestamp: at(7), path: '' },
        ],
      },
    ])
    expect([...q.all('Auth')].map((x) => x.question)).toEqual([9, 7, 5, 3, 1].map((d) => `asked on day ${d}`))
    expect([...q.all('Nowhere')]).toEqual([])
    // A question offered after a first sort is sorted in too.
    q.offer(turn({ timestamp: at(8), query: 'asked on day 8' }))
    expect(q.found(2)[0]?.questions.map((x) => x.question)).toEqual(['asked on day 9', 'asked on day 8'])
  })

  it('keeps each field whole, path and question included, whatever characters they hold', () => {
    const q = collect([turn({ query: 'a | b : "c" \\ d', pageUrl: 'https://docs.example.com/a b/c?x=1' })])
    expect([...q.all('Auth')]).toEqual([
      { question: 'a | b : "c" \\ d', timestamp: '2026-11-20T10:00:00Z', path: '/a%20b/c' },
    ])
  })

  it('breaks a tie in time by the question; an unreadable time sorts last; all() sorts without found() first', () => {
    const same = '2026-11-20T10:00:00Z'
    const q = collect([
      turn({ timestamp: same, query: 'b second', pageUrl: 'https://docs.example.com/a' }),
      turn({ timestamp: 'sometime', query: 'a undated' }),
      turn({ timestamp: same, query: 'a first', pageUrl: 'https://docs.example.com/z' }),
      turn({ timestamp: '2026-11-19T10:00:00Z', query: 'c older' }),
    ])
    expect([...q.all('Auth')].map((x) => x.question)).toEqual(['a first', 'b second', 'c older', 'a undated'])
    expect(q.found(4)[0]?.questions.map((x) => x.question)).toEqual(['a first', 'b second', 'c older', 'a undated'])
  })

  it('orders any time: before 1970, at its first instant, and unreadable ones last', () => {
    const q = collect([
      turn({ timestamp: 'sometime', query: 'undated' }),
      turn({ timestamp: '1969-07-20T20:17:00Z', query: 'moon' }),
      turn({ timestamp: '2026-11-20T10:00:00Z', query: 'recent' }),
      turn({ timestamp: '1970-01-01T00:00:00Z', query: 'epoch' }),
      turn({ timestamp: '1969-07-20T20:17:00Z', query: 'also moon' }),
    ])
    expect([...q.all('Auth')].map((x) => x.question)).toEqual(['recent', 'epoch', 'also moon', 'moon', 'undated'])
  })

  it('keeps the texts in a file once they outgrow the buffer: the same questions in the same order, the file gone at close', () => {
    const dir = tempDir('questions-')
    const file = path.join(dir, 'gaps.json.questions')
    const at = (i: number) => `2026-11-${String(10 + (i % 7)).padStart(2, '0')}T10:00:00Z`
    const turns = Array.from({ length: 2000 }, (_, i) =>
      turn({
        // Every seventh time repeats, so ties in time are broken by questions read back from the file.
        id: `conv${i % 1500}`,
        timestamp: i % 11 === 0 ? 'not a time' : at(i),
        query: `${['b', 'a', 'c'][i % 3]} question ${i % 40} ${'ü'.repeat(i % 5)}`,
        queryCategory: ['Auth', 'API', null][i % 3] ?? null,
        pageUrl: `https://docs.example.com/page-${i % 13}?from=${i % 2}`,
      }),
    )
    // Seen twice, counted once, in a file or not.
    turns.push(...turns.slice(0, 100).map((t) => ({ ...t, query: 'asked again' })))
    const inMemory = collect(turns)
    const spilled = new UnansweredQuestions({ file, bufferBytes: 512 })
    for (const t of turns) spilled.offer(t)
    expect(existsSync(file)).toBe(true)
    expect(spilled.count).toBe(inMemory.count)
    expect(spilled.count).toBe(2000)
    expect(spilled.found(20)).toEqual(inMemory.found(20))
    for (const { category } of inMemory.found()) expect([...spilled.all(category)]).toEqual([...inMemory.all(category)])
    const auth = [...spilled.all('Auth')]
    expect(auth.length).toBeGreaterThan(500)
    const byTime = (q: { timestamp: string }) => Date.parse(q.timestamp) || Number.NEGATIVE_INFINITY
    for (let i = 1; i < auth.length; i++) {
      const [a, b] = [auth[i - 1], auth[i]] as [(typeof auth)[0], (typeof auth)[0]]
      expect(byTime(a) > byTime(b) || (byTime(a) === byTime(b) && a.question <= b.question)).toBe(true)
    }
    spilled.close()
    expect(readdirSync(dir)).toEqual([])
  })

  it('gives each question the path of its own page, however many pages there are', () => {
    const urls = Array.from({ length: 1500 }, (_, i) => `https://docs.example.com/guide/${i}/?tab=${i}`)
    const q = collect(
      [...urls, urls[0] as string, urls[1499] as string].map((pageUrl, i) =>
        turn({ pageUrl, query: `q${i}`, timestamp: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString() }),
      ),
    )
    const paths = new Map([...q.all('Auth')].map((x) => [x.question, x.path]))
    expect(paths.get('q0')).toBe('/guide/0')
    expect(paths.get('q1499')).toBe('/guide/1499')
    expect(paths.get('q1500')).toBe('/guide/0')
    expect(paths.get('q1501')).toBe('/guide/1499')
    expect(paths.size).toBe(1502)
  })
})
