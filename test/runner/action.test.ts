import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseOutputFile, ROOT } from '../../local/run-action.ts'
import {
  closeAction,
  type Ending,
  fitSummary,
  LOG_LINE_MAX,
  openAction,
  openApi,
  runnerLog,
  SUMMARY_MAX_BYTES,
} from '../../src/runner/action.js'
import { cancelledVerdict, type Verdict } from '../../src/runner/verdict.js'
import { KEY, TOKEN } from '../helpers/e2e.js'
import { stdoutOf } from '../helpers/fakes.js'
import { pieceOf, withoutMasks } from '../helpers/secrets.js'
import { closeServers, json, serve } from '../helpers/server.js'

const SECRETS = { 'INPUT_API-KEY': KEY, 'INPUT_GITHUB-TOKEN': TOKEN }

afterEach(closeServers)

/** From now to the end of the test, what is written to stdout (the runner's log), captured instead of printed. */
function captureStdout(): () => string {
  let out = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  return () => out
}

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

  it('a secret split by pairs of backticks in outside text is not pieced together once the backticks are gone', () => {
    // Pieces of 7 characters, every other one a code span: no window of the key until the log drops the backticks.
    const split = (KEY.match(/.{1,7}/g) ?? []).map((p, i) => (i % 2 === 1 ? `\`${p}\`` : p)).join('')
    const out = withoutMasks(stdoutOf(() => openAction(SECRETS).log.error(`Creating the job failed: ${split}`)))
    expect(out).toBe('::error::Creating the job failed: ***\n')
  })

  it('writes notices and errors as the annotations they are', () => {
    const out = stdoutOf(() => {
      runnerLog.notice('Wrote 3 rows')
      runnerLog.error('Failed')
    })
    expect(out).toBe('::notice::Wrote 3 rows\n::error::Failed\n')
  })

  it('masks the key and the token first thing, and no empty secret (which would garble every line)', () => {
    expect(stdoutOf(() => openAction(SECRETS))).toBe(`::add-mask::${KEY}\n::add-mask::${TOKEN}\n`)
    expect(stdoutOf(() => openAction({ 'INPUT_API-KEY': KEY, 'INPUT_GITHUB-TOKEN': '' }))).toBe(`::add-mask::${KEY}\n`)
  })

  it('redacts and flattens a message at every level, code spans shown as their content', () => {
    const out = withoutMasks(
      stdoutOf(() => {
        const { log } = openAction(SECRETS)
        log.info(`Check \`api-url\` (${KEY})`)
        log.notice(`n ${TOKEN}`)
        log.warning(`w ${KEY}`)
        log.error(`e ${TOKEN}`)
        log.debug(`d ${KEY}`)
      }),
    )
    expect(out).toBe('Check api-url (***)\n::notice::n ***\n::warning::w ***\n::error::e ***\n::debug::d ***\n')
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

  it('leaves one of exactly the limit as it is; one byte more is cut', () => {
    const exact = `${'a'.repeat(98)}\n`
    expect(fitSummary(`${exact}b`, 100)).toBe(`${exact}b`)
    const note = '\n\n<em>… the rest of this summary was cut to fit the runner’s 1 MiB limit.</em>\n'
    const over = `${'a\n'.repeat(100)}`
    expect(fitSummary(over, 100 + Buffer.byteLength(note))).toBe(`${'a\n'.repeat(49)}a${note}`)
  })

  it('cuts a summary of one long line to the note alone: no line is cut in half', () => {
    expect(fitSummary('x'.repeat(5000), 1000)).toBe(
      '\n\n<em>… the rest of this summary was cut to fit the runner’s 1 MiB limit.</em>\n',
    )
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

describe('closeAction: the one end of every run', () => {
  const done: Verdict = { title: 'Done', emoji: '✅', message: 'Done.', level: 'notice', fail: false }
  let dir: string
  let file: string
  let outputFile: string
  // @actions/core keeps the summary file's path once it has read it: one file for every test here.
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'summary-'))
    file = path.join(dir, 'step-summary.md')
    outputFile = path.join(dir, 'output')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  beforeEach(() => {
    writeFileSync(file, '')
    writeFileSync(outputFile, '')
    vi.stubEnv('GITHUB_STEP_SUMMARY', file)
    vi.stubEnv('GITHUB_OUTPUT', outputFile)
  })
  afterEach(() => {
    process.exitCode = undefined
  })

  /** Ends a run with `ending`: the log, the exit code asked for, and what the runner's files then hold. */
  async function ended(ending: Ending) {
    const log = captureStdout()
    await closeAction(openAction(SECRETS), ending)
    const exitCode = process.exitCode
    process.exitCode = undefined
    return {
      log: withoutMasks(log()),
      exitCode,
      summary: readFileSync(file, 'utf8'),
      outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
    }
  }

  it('a success: the outputs only the ending knows, the summary, what follows it, then the verdict at its level', async () => {
    const order: string[] = []
    const r = await ended({
      verdict: done,
      outputs: { status: `skipped ${KEY}` },
      summary: '### Done\n',
      afterSummary: async () => {
        order.push(`after the summary, which holds ${JSON.stringify(readFileSync(file, 'utf8'))}`)
      },
    })
    expect(r).toEqual({
      log: '::notice::Done.\n',
      exitCode: 0,
      summary: '### Done\n',
      outputs: { status: 'skipped ***' },
    })
    expect(order).toEqual(['after the summary, which holds "### Done\\n"'])
  })

  it('a failure fails the step with its message as plain, redacted, one-line text, and exit code 1', async () => {
    const failed: Verdict = {
      title: 'Error',
      emoji: '❌',
      message: `Check \`api-url\`: ${KEY}\n::warning::x`,
      level: 'error',
      fail: true,
    }
    const r = await ended({ verdict: failed })
    expect(r.log).toBe('::error::Check api-url: *** ::warning::x\n')
    expect(r.exitCode).toBe(1)
    expect(r.summary).toBe('')
  })

  it('outputs that cannot be written are one clear error, not a stack trace, and the summary is still written', async () => {
    vi.stubEnv('GITHUB_OUTPUT', path.join(dir, 'no-such-folder', 'output'))
    const r = await ended({ verdict: done, outputs: { status: 'skipped' }, summary: '### Done\n' })
    expect(r.exitCode).toBe(1)
    expect(r.log).toBe(`::error::Missing file at path: ${path.join(dir, 'no-such-folder', 'output')}\n`)
    expect(r.summary).toBe('### Done\n')
  })

  it('a summary that cannot be written costs a warning, not the step; the next summary starts empty', async () => {
    rmSync(file)
    mkdirSync(file) // a folder where the file should be: the write fails
    const log = captureStdout()
    await closeAction(openAction({}), { verdict: done, summary: '### Lost\n' })
    rmSync(file, { recursive: true })
    expect(log()).toMatch(
      /^::warning::Could not write the job summary: EISDIR.*step-summary\.md'?\n::notice::Done\.\n$/,
    )
    expect(process.exitCode).toBe(0)
    writeFileSync(file, '')
    expect((await ended({ verdict: done, summary: '### Next\n' })).summary).toBe('### Next\n')
  })

  it('a cancelled run exits at once with the signal’s code, whatever request is still in flight', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const r = await ended({ verdict: cancelledVerdict('SIGTERM', 'Cancelled; the job keeps running.') })
    expect(exit).toHaveBeenCalledWith(143)
    expect(r.log).toBe('::warning::Cancelled; the job keeps running.\n')
  })

  const written = (summary: string) => ended({ verdict: done, summary })

  it('cuts by bytes: a summary over 1 MiB in UTF-8 but not in characters is cut at a line, not dropped by the runner', async () => {
    // 20,000 lines of 33 characters, 73 bytes: 660,000 characters, 1.46 MB.
    const line = (i: number) => `| ${String(i).padStart(5, '0')} | ${'€'.repeat(20)} |`
    const markdown = `${Array.from({ length: 20_000 }, (_, i) => line(i)).join('\n')}\n`
    expect(markdown.length).toBeLessThan(SUMMARY_MAX_BYTES)
    expect(Buffer.byteLength(markdown)).toBeGreaterThan(SUMMARY_MAX_BYTES)
    const { summary } = await written(markdown)
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES)
    expect(Buffer.byteLength(summary)).toBeGreaterThan(0.9 * SUMMARY_MAX_BYTES)
    // Whole lines from the start, then the note.
    const [kept = '', note] = summary.split('\n\n<em>')
    expect(kept.split('\n').every((l, i) => l === line(i))).toBe(true)
    expect(note).toBe('… the rest of this summary was cut to fit the runner’s 1 MiB limit.</em>\n')
  })

  it('redacts the key and the token, whatever part of the run wrote them into the summary', async () => {
    const { summary, log } = await written(`Prompt: rotate ${KEY}, then ${TOKEN}; a piece: ${KEY.slice(6, 20)}.\n`)
    expect(summary).toBe('Prompt: rotate ***, then ***; a piece: ***.\n')
    expect(pieceOf(KEY, log)).toBeUndefined()
  })
})

describe('openApi', () => {
  it('redacts the GitHub token from API answers as well as the key, before anything reads them', async () => {
    const agents: Array<string | undefined> = []
    const server = await serve((req, res) => {
      agents.push(req.headers['user-agent'])
      json(res, 201, { id: 'job_1', status: 'active', model: `${TOKEN} and ${KEY}`, source: { ref: TOKEN.slice(5) } })
    })
    const log = captureStdout()
    const api = openApi(openAction(SECRETS), { apiUrl: server.url, apiKey: KEY })
    try {
      const job = await api.client.createJob('proj_1', 'Document the flag')
      expect(job).toMatchObject({ id: 'job_1', model: '*** and ***', source: { ref: '***' } })
      expect(withoutMasks(log())).toContain('"model":"*** and ***"')
      // The API learns which release of the actions called it: the version package.json gives.
      const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
      expect(agents).toEqual([`mintlify-action/${version}`])
    } finally {
      api.close()
    }
  })

  it('cancels its requests on SIGINT or SIGTERM until closed, and stops listening once closed', () => {
    vi.useFakeTimers() // the last-resort exit a signal schedules never fires here
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const before = process.listeners('SIGTERM').length
    const api = openApi(openAction({}), { apiUrl: 'http://127.0.0.1:9', apiKey: KEY })
    expect(process.listeners('SIGINT')).toHaveLength(before + 1)
    const handler = process.listeners('SIGTERM').at(-1) as (signal: NodeJS.Signals) => void
    handler('SIGTERM')
    expect(api.signal.aborted).toBe(true)
    expect(api.signal.reason).toMatchObject({ name: 'Cancelled', signal: 'SIGTERM' })
    api.close()
    vi.clearAllTimers()
    vi.useRealTimers()
    expect(exit).not.toHaveBeenCalled()
    expect(process.listeners('SIGTERM')).toHaveLength(before)
    expect(process.listeners('SIGINT')).toHaveLength(before)
  })
})
