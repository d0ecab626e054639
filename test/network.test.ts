/** A failed connection in words, and whether the request never left: what both HTTP doors report. */
import { describe, expect, it } from 'vitest'
import { connectionFailure } from '../src/network.js'

const socketError = (code: string, message = `connect ${code} 10.0.0.1:443`) =>
  Object.assign(new Error(message), { code })
/** As fetch (undici) throws it: a TypeError whose cause is the socket's error. */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause })

describe('connectionFailure', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused', true],
    ['ENOTFOUND', 'host not found', true],
    ['EAI_AGAIN', 'host not found', true],
    ['ECONNRESET', 'connection reset', false],
    ['ETIMEDOUT', 'connection timed out', false],
    ['EPIPE', 'connection closed while sending', false],
    ['ECONNABORTED', 'connection aborted', false],
    ['EHOSTUNREACH', 'host unreachable', false],
    ['ENETUNREACH', 'network unreachable', false],
  ])('%s is "%s"; nothing sent: %s', (code, words, unsent) => {
    expect(connectionFailure(socketError(code))).toEqual({ words, unsent })
    // The same from fetch, which keeps the socket's error as its cause.
    expect(connectionFailure(fetchFailed(socketError(code)))).toEqual({ words, unsent })
  })

  it('an error without words of its own says what Node said, on one line, cut at 200 characters', () => {
    expect(connectionFailure(socketError('CERT_HAS_EXPIRED', 'certificate has expired'))).toEqual({
      words: 'connection failed (certificate has expired)',
      unsent: false,
    })
    expect(connectionFailure(fetchFailed(socketError('ERR_X', 'line one\nline two')))).toEqual({
      words: 'connection failed (line one line two)',
      unsent: false,
    })
    const long = connectionFailure(new Error('x'.repeat(300))).words
    expect(long).toBe(`connection failed (${'x'.repeat(199)}…)`)
  })

  it('falls back from the cause’s message to its code, then to the error itself', () => {
    expect(connectionFailure(fetchFailed({ code: 'ERR_SOCKET_CLOSED' })).words).toBe(
      'connection failed (ERR_SOCKET_CLOSED)',
    )
    expect(connectionFailure(fetchFailed({ message: ' ' })).words).toBe('connection failed (fetch failed)')
    expect(connectionFailure(Object.assign(new Error(''), { code: 'ERR_Y' })).words).toBe('connection failed (ERR_Y)')
    expect(connectionFailure('EPIPE')).toEqual({ words: 'connection failed (EPIPE)', unsent: false })
    expect(connectionFailure(null)).toEqual({ words: 'connection failed (null)', unsent: false })
  })

  it('a code that is not a string, or unknown, never picks words', () => {
    expect(connectionFailure({ code: 111, message: 'refused' }).words).toBe('connection failed (refused)')
    expect(connectionFailure({ code: 'toString', message: 'odd' }).words).toBe('connection failed (odd)')
  })
})
