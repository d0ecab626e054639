import { vi } from 'vitest'
import type { Log } from '../../src/log.js'

export { FakeClock } from '../../local/fake-clock.ts'

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
