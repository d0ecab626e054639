import { describe, expect, it } from 'vitest'
import { createRedactor, redactAnswer } from '../src/redact.js'
import { SENT_BACK_KEPT, SENT_BACK_MAX, SentBack } from '../src/sent-back.js'
import { jsonEscaped } from './helpers/secrets.js'

const KEY = 'mint_Zq8vX2pLr7Tn4Wb9Yc1Hd6Kf3Mg5Js0'
const redact = createRedactor([KEY])
const piece = KEY.slice(10, 22)

/** The values an answer gives, as the action sees them and as a request sends them back. */
function received(raw: string): { answer: unknown; back: (value: string) => string } {
  const sentBack = new SentBack()
  const answer = JSON.parse(redactAnswer(raw, redact, sentBack))
  return { answer, back: (value) => sentBack.asReceived(value) }
}

describe('values sent back as received', () => {
  it('a cursor and an id that hold a piece of a secret are seen redacted and sent back whole', () => {
    const raw = JSON.stringify({ id: `job_${piece}`, nextCursor: `c_${piece}_9`, rows: [{ id: `r_${piece}` }] })
    const { answer, back } = received(raw)
    expect(answer).toEqual({ id: 'job_***', nextCursor: 'c_***_9', rows: [{ id: 'r_***' }] })
    expect(back('job_***')).toBe(`job_${piece}`)
    expect(back('c_***_9')).toBe(`c_***_9`.replace('***', piece))
    expect(back('r_***')).toBe(`r_${piece}`)
  })

  it('a value spelled with JSON escapes is sent back as the escapes spell it', () => {
    const { answer, back } = received(`{"nextCursor":"c_${jsonEscaped(piece)}\\n"}`)
    expect(answer).toEqual({ nextCursor: 'c_***\n' })
    expect(back('c_***\n')).toBe(`c_${piece}\n`)
  })

  it('any other value goes as it is: one no answer gave, or one that redaction left alone', () => {
    const { back } = received(JSON.stringify({ id: 'job_1', nextCursor: `c_${piece}` }))
    expect(back('job_1')).toBe('job_1')
    expect(back('job_***')).toBe('job_***')
    expect(back('proj_1')).toBe('proj_1')
  })

  it('an answer with nothing redacted is not read twice: nothing is noted', () => {
    const sentBack = new SentBack()
    redactAnswer('{"id":"job_1","text":"caf\\u00e9"}', redact, sentBack)
    expect(sentBack.empty).toBe(true)
    redactAnswer(`<html>${KEY}</html>`, redact, sentBack) // not JSON: no value of it is sent back
    expect(sentBack.empty).toBe(true)
  })

  it('reads past every kind of JSON value, and notes nothing redaction left alone', () => {
    const sentBack = new SentBack()
    sentBack.note(JSON.stringify([null, 1, true, 'plain', { a: null, b: [2, 'text'] }]), redact)
    expect(sentBack.empty).toBe(true)
    sentBack.note(JSON.stringify({ a: null, n: 3, list: [null, { id: `n_${piece}` }] }), redact)
    expect(sentBack.asReceived('n_***')).toBe(`n_${piece}`)
  })

  it(`keeps values of at most ${SENT_BACK_MAX} characters`, () => {
    const sentBack = new SentBack()
    const fits = `${piece}${'x'.repeat(SENT_BACK_MAX - piece.length)}`
    const over = `${fits}y`
    sentBack.note(JSON.stringify([fits, over]), redact)
    expect(sentBack.asReceived(`***${'x'.repeat(SENT_BACK_MAX - piece.length)}`)).toBe(fits)
    expect(sentBack.asReceived(`***${'x'.repeat(SENT_BACK_MAX - piece.length)}y`)).toBe(
      `***${'x'.repeat(SENT_BACK_MAX - piece.length)}y`,
    )
  })

  it(`keeps the newest ${SENT_BACK_KEPT}, in the answer's order; a value noted again counts as new`, () => {
    const sentBack = new SentBack()
    sentBack.note(JSON.stringify({ again: `a_${piece}`, first: `f_${piece}` }), redact)
    const many = Array.from({ length: SENT_BACK_KEPT - 2 }, (_, i) => `${i}_${piece}`)
    sentBack.note(JSON.stringify([`a_${piece}`, ...many, `last_${piece}`]), redact)
    // 1,001 noted in all, `a_` twice: the oldest, `f_`, is forgotten; `a_`, noted again, is kept.
    expect(sentBack.asReceived('f_***')).toBe('f_***')
    expect(sentBack.asReceived('a_***')).toBe(`a_${piece}`)
    expect(sentBack.asReceived('0_***')).toBe(`0_${piece}`)
    expect(sentBack.asReceived('last_***')).toBe(`last_${piece}`)
    // One answer of more than that: its first values are the oldest.
    const fresh = new SentBack()
    fresh.note(JSON.stringify({ list: Array.from({ length: SENT_BACK_KEPT + 1 }, (_, i) => `${i}_${piece}`) }), redact)
    expect(fresh.asReceived('0_***')).toBe('0_***')
    expect(fresh.asReceived(`${SENT_BACK_KEPT}_***`)).toBe(`${SENT_BACK_KEPT}_${piece}`)
  })

  it('two values that redact alike: the newer is sent', () => {
    const sentBack = new SentBack()
    sentBack.note(JSON.stringify({ a: `c_${piece}` }), redact)
    sentBack.note(JSON.stringify({ a: `c_${KEY.slice(0, 12)}` }), redact)
    expect(sentBack.asReceived('c_***')).toBe(`c_${KEY.slice(0, 12)}`)
  })
})
