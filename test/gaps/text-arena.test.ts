/** TextArena: every text kept comes back whole, however many there are and however long. */
import { describe, expect, it } from 'vitest'
import { TextArena } from '../../src/gaps/text-arena.js'

describe('TextArena', () => {
  it('numbers the texts in the order they are kept, from 0, and gives each back, empty ones too', () => {
    const arena = new TextArena()
    expect([arena.add('first'), arena.add(''), arena.add('third')]).toEqual([0, 1, 2])
    expect([arena.get(0), arena.get(1), arena.get(2)]).toEqual(['first', '', 'third'])
  })

  it('keeps thousands of texts past its first 64 KiB, multi-byte ones whole, the first ones intact after growing', () => {
    const arena = new TextArena()
    const texts = Array.from({ length: 5000 }, (_, i) => `question ${i}: wie lösche ich 名前 ${'é'.repeat(i % 40)}`)
    const ids = texts.map((t) => arena.add(t))
    expect(ids.map((id) => arena.get(id))).toEqual(texts)
  })

  it('keeps one text longer than twice its buffer, and the texts before and after it', () => {
    const arena = new TextArena()
    const long = 'ß'.repeat(200 * 1024)
    const ids = [arena.add('before'), arena.add(long), arena.add('after')]
    expect(ids.map((id) => arena.get(id))).toEqual(['before', long, 'after'])
  })
})
