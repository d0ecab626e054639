/** Runs `bench/run.ts --quick` so the benchmark cannot rot. It checks the table, never the figures. */
import { spawn } from 'node:child_process'
import { readdirSync, watch } from 'node:fs'
import * as path from 'node:path'
import { expect, it } from 'vitest'
import { baseEnv, ROOT } from '../../local/run-action.ts'
import { NO_POSIX_SIGNALS, POSIX_SIGNALS, runScript } from '../helpers/scripts.ts'
import { skipped } from '../helpers/skip-reasons.ts'
import { tempDir } from '../helpers/temp.ts'

// Why 90 s: `--quick` took 10.6 s alone on this 2-core machine (2026-11-27) and can take several times that beside
// the rest of `npm test`; the script gets 60 s (its own timeout, which reports what it left), the test 30 s more.
it('npm run bench prints the figures table (tiny sizes)', { timeout: 90_000 }, () => {
  const run = runScript('bench/run.ts', ['--quick'], 60_000)
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  const lines = run.stdout.split('\n')
  expect(lines).toContain('| figure | value | target | met |')
  for (const figure of [
    'Start-up: agent job, create answer already completed',
    'Start-up: agent job, completes after 3 polls',
    'Start-up: visitors export, one page',
    'Start-up: preview, wait: false',
    'Preview: requests per preview, 33 build lengths 5 s to 10 min',
    'Preview: max lag to seeing the end, 33 build lengths 5 s to 10 min',
    'Polling: max detection lag, 66 job lengths 20 s to 30 min',
    'Polling: max detection lag, jobs up to 2 min',
    'Polling: 10 min job, polls',
    'Export: requests for 251 rows',
    'Export: 2,000 rows, json',
    'Export: 2,000 rows, csv',
    'Export: 2,000 rows, jsonl',
    'Export with compare: 1,000 + 1,000 rows, csv',
    'Export with compare: requests for 1,000 + 1,000 rows',
    'Content gaps: requests for 2,000 pages, 1,000 search terms, 1,000 assistant turns, 500 feedback items',
    'Content gaps: 2,000 assistant turns, one in ten unanswered, and 200 feedback items',
    'Content gaps: 2,000 assistant turns, two in five unanswered, and 200 feedback items',
    'Content gaps: 2,000 assistant turns, every one unanswered, and 200 feedback items',
    'dist/ size: agent job',
    'dist/ size: visitors export',
    'dist/ size: content gaps',
    'dist/ size: preview and deploy',
  ])
    expect(lines.some((l) => l.startsWith(`| ${figure}`))).toBe(true)
  // Every row with a target says whether it is met.
  const targeted = lines.filter(
    (l) =>
      /^\| (Start-up: agent job, create|Start-up: preview|Polling|Preview|Export|Content gaps)/.test(l) &&
      !l.includes('| (shown) |'),
  )
  expect(targeted.length).toBeGreaterThan(10)
  for (const line of targeted) expect(line).toMatch(/\| (yes|\*\*no\*\*) \|$/)
  expect(run.stdout).toMatch(/Every target met\.|\d+ target\(s\) missed\./)
  // A preview on the virtual clock is the same on any machine: one trigger, then reads every poll-interval, and
  // the end seen within one poll-interval.
  expect(lines.find((l) => l.startsWith('| Preview: requests per preview'))).toMatch(
    /\| 1 trigger, then [\d.]+ status reads on average \(60 for a 10-min build\), 0 waits other than poll-interval \| .+ \| yes \|$/,
  )
  expect(lines.find((l) => l.startsWith('| Preview: max lag to seeing the end'))).toMatch(
    /\| 9\.999 s \| ≤ 10\.0 s \(poll-interval\) \| yes \|$/,
  )
  // The lag table: our poller beside the two fixed ones, each with mean and max lag and polls.
  expect(lines).toContain(
    '| poller | mean lag | max lag | max lag, jobs up to 2 min | mean polls | polls, 10-min job |',
  )
  for (const poller of ['this action', 'fixed 5 s', 'fixed 30 s']) {
    const row = lines.find((l) => l.startsWith(`| ${poller}`)) ?? ''
    expect(row).toMatch(/^\|[^|]+\| [\d.]+ s \| [\d.]+ s \| [\d.]+ s \| [\d.]+ \| \d+ \|$/)
  }
})

it.skipIf(!POSIX_SIGNALS)(
  `Ctrl-C stops npm run bench with 130 and removes the run folders it made${skipped(NO_POSIX_SIGNALS)}`,
  async () => {
    const temp = tempDir('bench-temp-')
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/run.ts'), '--quick'], {
      cwd: ROOT,
      env: { ...baseEnv(), TMPDIR: temp, TEMP: temp, TMP: temp },
      stdio: 'ignore',
    })
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    // Interrupted once its first run's folder is there, as a person pressing Ctrl-C during the start-up figures.
    await new Promise<void>((resolve) => {
      const watcher = watch(temp, () => {
        if (!readdirSync(temp).some((name) => name.startsWith('action-run-'))) return
        watcher.close()
        resolve()
      })
    })
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(readdirSync(temp)).toEqual([])
  },
)
