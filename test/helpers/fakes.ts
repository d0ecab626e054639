import { vi } from 'vitest'
import type { Clock } from '../../src/clock.js'
import type { Log } from '../../src/log.js'

/**
 * Past these, a test's loop is taken to have ignored its deadline: sleeps return at once, so such a loop would
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

export type Line = { level: keyof Log; message: string }

/** A log that keeps its lines for assertions. */
export function memoryLog(): Log & { lines: Line[]; text(level?: keyof Log): string } {
  const lines: Line[] = []
  const add = (level: keyof Log) => (message: string) => {
    lines.push({ level, message })
  }
  return {
    lines,
    info: add('info'),
    notice: add('notice'),
    warning: add('warning'),
    error: add('error'),
    debug: add('debug'),
    text: (level) =>
      lines
        .filter((l) => !level || l.level === level)
        .map((l) => l.message)
        .join('\n'),
  }
}

/**
 * Two different paths that shared the 53-bit fingerprint the dedup used before it was keyed, so one of them was
 * dropped as a "repeat". Found offline by a birthday search over 2.5e8 strings `/docs/` + 6 of [a-z0-9]
 * (sorted fingerprints, about a minute in C): the attack a keyed hash rules out.
 */
export const OLD_FINGERPRINT_PAIR = ['/docs/da6ghk', '/docs/db6jxe'] as const

/** What `work` writes to stdout (the runner's log), captured instead of printed. */
export function stdoutOf(work: () => void): string {
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  try {
    work()
  } finally {
    spy.mockRestore()
  }
  return out
}
