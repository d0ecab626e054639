/** The verdicts both actions share: what an error and a cancellation look like to a user, and how the step ends. */
import { describe, expect, it } from 'vitest'
import { cancelledVerdict, errorVerdict } from '../../src/runner/verdict.js'

describe('verdicts', () => {
  it('an error fails the step with its message, under the heading ❌ Error', () => {
    expect(errorVerdict(new Error('Input `timeout`: "x" is not a duration.'))).toEqual({
      title: 'Error',
      emoji: '❌',
      message: 'Input `timeout`: "x" is not a duration.',
      level: 'error',
      fail: true,
    })
  })

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 1],
  ] as const)('cancelled by %s: 🛑 Cancelled, a warning, exit code %i, not a failed step', (signal, exitCode) => {
    expect(cancelledVerdict(signal, 'The job keeps running.')).toEqual({
      title: 'Cancelled',
      emoji: '🛑',
      message: 'The job keeps running.',
      level: 'warning',
      fail: false,
      exitCode,
    })
  })
})
