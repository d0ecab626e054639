/**
 * Virtual time for the tests and the bench: sleeps return at once and move the clock forward, so hours of
 * polling run in microseconds, through the same injected `Clock` the action uses.
 */
import type { Clock } from '../src/clock.ts'

/**
 * Past these, a loop is taken to have ignored its deadline: sleeps return at once, so such a loop would
 * otherwise spin until vitest's timeout (or forever, when it sleeps 0 ms). Far above any test's needs: a
 * 30-minute wait at the default schedule is under 200 sleeps.
 */
export const FAKE_CLOCK_MAX_SLEEPS = 100_000
export const FAKE_CLOCK_MAX_MS = 7 * 24 * 3_600_000

/** A clock whose sleeps return at once and move time forward; records every sleep. */
export class FakeClock implements Clock {
  time = 0
  readonly sleeps: number[] = []

  now(): number {
    return this.time
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason
    if (this.sleeps.length >= FAKE_CLOCK_MAX_SLEEPS || this.time + ms > FAKE_CLOCK_MAX_MS)
      throw new Error(
        `FakeClock: ${this.sleeps.length + 1} sleeps, ${Math.round((this.time + ms) / 3_600_000)} h of fake time: ` +
          'a loop that ignores its deadline?',
      )
    this.sleeps.push(ms)
    this.time += ms
  }

  /** Moves time forward without counting a sleep: a request that takes `ms` to answer. */
  advance(ms: number): void {
    this.time += ms
  }
}
