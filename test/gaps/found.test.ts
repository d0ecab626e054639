/** What every surface counts and shows: counts, the first questions, the window, plurals. */
import { describe, expect, it } from 'vitest'
import { counted } from '../../src/format.js'
import { countsOf, firstQuestions } from '../../src/gaps/found.js'
import { found } from './fixtures.js'

describe('found', () => {
  it('counts items as searches + distinct unanswered turns + reported pages', () => {
    expect(countsOf(found({ unansweredCount: 5 }))).toEqual({ searches: 1, unanswered: 5, pages: 1, items: 7 })
  })

  it('takes the first n questions over the categories in their order', () => {
    const q = (question: string) => ({ question, timestamp: 't', path: '' })
    const cats = [
      { category: 'A', count: 2, questions: [q('a1'), q('a2')] },
      { category: 'B', count: 2, questions: [q('b1'), q('b2')] },
      { category: 'C', count: 1, questions: [q('c1')] },
    ]
    expect(firstQuestions(cats, 3)).toEqual([
      { category: 'A', count: 2, questions: [q('a1'), q('a2')] },
      { category: 'B', count: 2, questions: [q('b1')] },
    ])
    expect(firstQuestions(cats, 0)).toEqual([])
    expect(firstQuestions(cats, 2)).toEqual([{ category: 'A', count: 2, questions: [q('a1'), q('a2')] }])
  })

  it('says one or many', () => {
    expect(counted(1, 'term', 'terms')).toBe('1 term')
    expect(counted(0, 'term', 'terms')).toBe('0 terms')
    expect(counted(2000, 'term', 'terms')).toBe('2,000 terms')
  })
})
