import { describe, expect, it } from 'vitest'
import { plainText } from '../src/text.js'

describe('plainText: a message as the log and annotations show it', () => {
  it('shows each code span as its content, the rest as it is', () => {
    expect(
      plainText('Input `job-id`: the value is longer than 1,024 characters. Accepted: the `id` of an agent job.'),
    ).toBe('Input job-id: the value is longer than 1,024 characters. Accepted: the id of an agent job.')
    expect(plainText('The step fails because `no-pr` is in `fail-on`.')).toBe(
      'The step fails because no-pr is in fail-on.',
    )
    expect(plainText('Check `api-url`')).toBe('Check api-url')
  })

  it('keeps a backtick that pairs with none (it is outside text, not a code span), and empty pairs', () => {
    expect(plainText('a ` b')).toBe('a ` b')
    expect(plainText('`x` and ` y')).toBe('x and ` y')
    expect(plainText('empty `` pair')).toBe('empty `` pair')
  })

  it('leaves a message without code spans as it is', () => {
    expect(plainText('Job job_1 completed: https://github.com/acme/docs/pull/7')).toBe(
      'Job job_1 completed: https://github.com/acme/docs/pull/7',
    )
  })
})
