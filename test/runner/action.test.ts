import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  closeAction,
  fitSummary,
  LOG_LINE_MAX,
  openAction,
  openApi,
  runnerLog,
  SUMMARY_MAX_BYTES,
} from '../../src/runner/action.js'
import type { Verdict } from '../../src/runner/verdict.js'
import { stdoutOf } from '../helpers/fakes.js'
import { pieceOf, withoutMasks } from '../helpers/secrets.js'
import { closeServers, json, serve } from '../helpers/server.js'

// Random-looking like real secrets, as in the end-to-end tests: the redactor removes any 8 characters of them.
const KEY = 'mint_Zq8vX2pLr7Tn4Wb9Yc1Hd6Kf3Mg5Js0'
const TOKEN = 'ghs_Rk4tW9yB2nQ7xL1cV8mZ3pD6hF5jG0sA'
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

describe('closeAction: the job summary on its way out', () => {
  const done: Verdict = { title: 'Done', emoji: '✅', message: 'Done.', level: 'info', fail: false }
  let dir: string
  let file: string
  // @actions/core keeps the summary file's path once it has read it: one file for every test here.
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'summary-'))
    file = path.join(dir, 'step-summary.md')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  beforeEach(() => {
    writeFileSync(file, '')
    vi.stubEnv('GITHUB_STEP_SUMMARY', file)
  })

  /** Ends a run of an action given the key and the token with `summary`; what the summary file then holds. */
  async function written(summary: string): Promise<{ summary: string; log: string }> {
    const log = captureStdout()
    await closeAction(openAction(SECRETS), { verdict: done, summary })
    process.exitCode = undefined
    return { summary: readFileSync(file, 'utf8'), log: log() }
  }

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
    expect(pieceOf(KEY, withoutMasks(log))).toBeUndefined()
  })
})

describe('openApi', () => {
  it('redacts the GitHub token from API answers as well as the key, before anything reads them', async () => {
    const server = await serve((_req, res) =>
      json(res, 201, { id: 'job_1', status: 'active', model: `${TOKEN} and ${KEY}`, source: { ref: TOKEN.slice(5) } }),
    )
    const log = captureStdout()
    const api = openApi(openAction(SECRETS), { apiUrl: server.url, apiKey: KEY })
    try {
      const job = await api.client.createJob('proj_1', 'Document the flag')
      expect(job).toMatchObject({ id: 'job_1', model: '*** and ***', source: { ref: '***' } })
      expect(withoutMasks(log())).toContain('"model":"*** and ***"')
    } finally {
      api.close()
    }
  })
})
