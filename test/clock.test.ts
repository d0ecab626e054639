import { getEventListeners } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { everyDuration, formatDuration, systemClock } from '../src/clock.js'
import { Cancelled } from '../src/runner/cancel.js'

describe('systemClock, with the timers faked', () => {
  afterEach(() => {
    vi.clearAllTimers()
    vi.useRealTimers()
  })

  it('tells the time', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T10:00:00Z') })
    expect(systemClock.now()).toBe(Date.parse('2026-11-24T10:00:00Z'))
  })

  it('sleeps the time asked, then resolves, leaving no listener on the signal', async () => {
    vi.useFakeTimers()
    const signal = new AbortController().signal
    let woke = false
    const sleeping = systemClock.sleep(1000, signal).then(() => {
      woke = true
    })
    expect(getEventListeners(signal, 'abort')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(woke).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await sleeping
    expect(woke).toBe(true)
    // A poll loop sleeps on the run's one signal hundreds of times: none may leave its listener behind.
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })

  it("rejects with the signal's reason as soon as it aborts, and at once when it already had", async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const sleeping = systemClock.sleep(60_000, controller.signal)
    controller.abort(new Cancelled('SIGTERM'))
    await expect(sleeping).rejects.toMatchObject({ name: 'Cancelled', signal: 'SIGTERM' })
    expect(vi.getTimerCount()).toBe(0)
    await expect(systemClock.sleep(60_000, controller.signal)).rejects.toMatchObject({ signal: 'SIGTERM' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('sleeps without a signal too', async () => {
    vi.useFakeTimers()
    const sleeping = systemClock.sleep(10)
    await vi.advanceTimersByTimeAsync(10)
    await expect(sleeping).resolves.toBeUndefined()
  })
})

describe('formatDuration: one style for every duration a user reads', () => {
  it.each([
    [0, 'under 0.1s'],
    [24, 'under 0.1s'],
    [99, 'under 0.1s'],
    [100, '0.1s'],
    [900, '0.9s'],
    [3_000, '3.0s'],
    [4_200, '4.2s'],
    [9_949, '9.9s'],
    [9_950, '10s'],
    [10_000, '10s'],
    [42_000, '42s'],
    [59_499, '59s'],
    [59_999, '1m'],
    [60_000, '1m'],
    [65_000, '1m 05s'],
    [30 * 60_000, '30m'],
    [3_599_000, '59m 59s'],
    [3_600_000, '1h'],
    [90 * 60_000, '1h 30m'],
    [6 * 3_600_000 + 5 * 60_000, '6h 05m'],
  ])('%i ms → %s', (ms, shown) => {
    expect(formatDuration(ms)).toBe(shown)
  })

  it('below a minute, shows only those three forms: never milliseconds, 0.0s or 10.0s', () => {
    for (let ms = 0; ms < 60_000; ms += 7)
      expect(formatDuration(ms)).toMatch(/^(?:under 0\.1s|(?!0\.0)\d\.\ds|[1-5]\ds|1m)$/)
  })
})

describe('everyDuration', () => {
  it('says how often in the one duration style, and below 0.1 s in words "every" can take', () => {
    expect(everyDuration(10_000)).toBe('every 10s')
    expect(everyDuration(100)).toBe('every 0.1s')
    expect(everyDuration(99)).toBe('more than ten times a second')
  })
})
