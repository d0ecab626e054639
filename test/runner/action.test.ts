import { describe, expect, it } from 'vitest'
import { fitSummary, LOG_LINE_MAX, openAction, runnerLog } from '../../src/runner/action.js'
import { stdoutOf } from '../helpers/fakes.js'
import { pieceOf, withoutMasks } from '../helpers/secrets.js'

describe("the runner's log", () => {
  it('writes every message, at every level, as one line that starts no command', () => {
    const hostile = 'status: x\r\n::error::pwned\n::stop-commands::t ##[set-output name=a]b'
    const out = stdoutOf(() => {
      runnerLog.info(hostile)
      runnerLog.info('  ::warning::at the start')
      runnerLog.warning(hostile)
      runnerLog.debug(hostile)
    })
    expect(out.split('\n')).toEqual([
      'status: x ::error::pwned ::stop-commands::t ## [set-output name=a]b',
      '>   ::warning::at the start',
      '::warning::status: x ::error::pwned ::stop-commands::t ## [set-output name=a]b',
      '::debug::status: x ::error::pwned ::stop-commands::t ## [set-output name=a]b',
      '',
    ])
  })

  it('a secret holding backticks shows no piece when a message carries it, whole or as code spans', () => {
    const key = 'mint_Ab3`Cd4Ef5`Gh6Ij7`Kl8Mn9`Op0'
    const out = withoutMasks(
      stdoutOf(() => {
        const { log } = openAction({ 'INPUT_API-KEY': key })
        log.error(`Creating the agent job failed: HTTP 401 (bad key ${key})`)
        log.warning(`echoed as \`${key}\``)
      }),
    )
    expect(out).toContain('::error::Creating the agent job failed')
    expect(pieceOf(key, out)).toBeUndefined()
    expect(pieceOf(key.replaceAll('`', ''), out)).toBeUndefined()
  })

  it('cuts a message longer than a log line', () => {
    const out = stdoutOf(() => runnerLog.error('e'.repeat(100_000)))
    expect(out).toBe(`::error::${'e'.repeat(LOG_LINE_MAX - 1)}…\n`)
  })
})

describe('the summary limit', () => {
  it('leaves a summary under the limit as it is', () => {
    expect(fitSummary('### ok\n\nline\n', 100)).toBe('### ok\n\nline\n')
  })

  it('cuts a larger one at a line boundary, under the limit in bytes, and says so', () => {
    const markdown = Array.from({ length: 50_000 }, (_, i) => `| ${i} | é€😀 page |`).join('\n')
    const fitted = fitSummary(markdown, 100_000)
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(100_000)
    expect(Buffer.byteLength(fitted)).toBeGreaterThan(90_000)
    expect(fitted).toMatch(
      /\| é€😀 page \|\n\n<em>… the rest of this summary was cut to fit the runner’s 1 MiB limit\.<\/em>\n$/,
    )
  })
})
