/** Retrying the reads that are safe to repeat: which failures, how often, how long apart, and what the log says. */
import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import { backoff, briefly, isTransient, type RetryOptions, retryLine, retryTransient } from '../../src/api/retry.js'
import { FakeClock, memoryLog } from '../helpers/fakes.js'

const options = (clock: FakeClock, extra: Pick<RetryOptions, 'signal'> = {}) => ({
  clock,
  log: memoryLog(),
  attempts: 4,
  initialDelayMs: 1000,
  maxDelayMs: 3000,
  maxRetryAfterMs: 60_000,
  what: 'Page at offset 250',
  ...extra,
})

/** A read that fails with each of `errors` in turn, then answers `ok`. */
function failing(errors: Error[]) {
  let calls = 0
  const read = async () => {
    const err = errors[calls++]
    if (err) throw err
    return 'ok'
  }
  return { read, calls: () => calls }
}

describe('retryTransient', () => {
  it('retries 429, 5xx and lost connections with doubling waits up to the cap, saying each one', async () => {
    const clock = new FakeClock()
    const o = options(clock)
    const r = failing([
      new ApiError('visitors', 503, 'down'),
      new NetworkError('visitors', 'connection failed (ECONNRESET)'),
      new ApiError('visitors', 500, ''),
    ])
    await expect(retryTransient(r.read, o)).resolves.toBe('ok')
    expect(r.calls()).toBe(4)
    expect(clock.sleeps).toEqual([1000, 2000, 3000])
    expect(o.log.text('info').split('\n')).toEqual([
      'Page at offset 250 failed: HTTP 503 (down). Waiting 1.0s before trying again.',
      'Page at offset 250 failed: connection failed (ECONNRESET). Waiting 2.0s before trying again.',
      'Page at offset 250 failed: HTTP 500. Waiting 3.0s before trying again.',
    ])
  })

  it('waits as long as a Retry-After asks, up to its limit; a longer one ends the retries at once', async () => {
    const clock = new FakeClock()
    const o = options(clock)
    const asked = failing([new ApiError('visitors', 429, 'Slow down', 60_000)])
    await expect(retryTransient(asked.read, o)).resolves.toBe('ok')
    expect(clock.sleeps).toEqual([60_000])
    expect(o.log.text('info')).toBe(
      'Page at offset 250 failed: HTTP 429 (Slow down). Waiting 1m as the API asked (Retry-After 1m) before trying again.',
    )
    const tooLong = new ApiError('visitors', 429, 'Slow down', 60_001)
    await expect(retryTransient(failing([tooLong]).read, options(new FakeClock()))).rejects.toBe(tooLong)
  })

  it('gives up after the attempts allowed, with the last failure; anything not transient at once', async () => {
    const clock = new FakeClock()
    const errors = [1, 2, 3, 4].map((i) => new ApiError('visitors', 502, `bad ${i}`))
    const r = failing(errors)
    await expect(retryTransient(r.read, options(clock))).rejects.toBe(errors[3])
    expect(r.calls()).toBe(4)
    const refused = new ApiError('visitors', 400, 'Invalid limit')
    const once = failing([refused])
    await expect(retryTransient(once.read, options(new FakeClock()))).rejects.toBe(refused)
    expect(once.calls()).toBe(1)
    const odd = new Error('not from the client')
    await expect(retryTransient(failing([odd]).read, options(new FakeClock()))).rejects.toBe(odd)
  })

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController()
    controller.abort(new Error('cancelled'))
    const r = failing([new ApiError('visitors', 503, 'down')])
    await expect(retryTransient(r.read, options(new FakeClock(), { signal: controller.signal }))).rejects.toThrow(
      'cancelled',
    )
    expect(r.calls()).toBe(1)
  })
})

describe('the pieces', () => {
  it('backoff doubles from the first wait, never past the cap', () => {
    expect(backoff(undefined, 500, 4000)).toBe(500)
    expect(backoff(500, 500, 4000)).toBe(1000)
    expect(backoff(3000, 500, 4000)).toBe(4000)
  })

  it('transient: 429, 5xx and network trouble; not 4xx, nor other errors', () => {
    expect(isTransient(new ApiError('get', 429, ''))).toBe(true)
    expect(isTransient(new ApiError('get', 500, ''))).toBe(true)
    expect(isTransient(new ApiError('get', 499, ''))).toBe(false)
    expect(isTransient(new NetworkError('get', 'no answer within 30s', 'timeout'))).toBe(true)
    expect(isTransient(new Error('x'))).toBe(false)
    expect(isTransient(Object.assign(new Error('x'), { transient: true }))).toBe(false)
  })

  it('briefly: the status and the API text, or the network reason', () => {
    expect(briefly(new ApiError('get', 503, 'down'))).toBe('HTTP 503 (down)')
    expect(briefly(new ApiError('get', 503, ''))).toBe('HTTP 503')
    expect(briefly(new NetworkError('get', 'connection failed (ECONNRESET)'))).toBe('connection failed (ECONNRESET)')
  })

  it('a retry line names what failed, the wait and, when asked, the Retry-After; a poll by default', () => {
    expect(retryLine(new ApiError('get', 503, 'down'), 5000)).toBe(
      'Poll failed: HTTP 503 (down). Waiting 5.0s before trying again.',
    )
  })
})
