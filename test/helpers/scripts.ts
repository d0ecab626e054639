/** Runs one of the repository's scripts (a demo, the bench) as `npm run` would: Node 24, the repository as cwd. */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { expect } from 'vitest'
import { baseEnv, ROOT } from '../../local/run-action.ts'

/**
 * The script gets a temp directory of its own (`TMPDIR`, and `TEMP`/`TMP` for Windows): whatever it leaves there,
 * such as the `action-run-*` folder of a run of the bundle, fails the test that ran it.
 */
export function runScript(file: string, args: string[] = [], timeout = 30_000): SpawnSyncReturns<string> {
  const temp = mkdtempSync(path.join(tmpdir(), 'script-temp-'))
  try {
    const run = spawnSync(process.execPath, [path.join(ROOT, file), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...baseEnv(), TMPDIR: temp, TEMP: temp, TMP: temp },
      timeout,
    })
    const stderr = run.stderr ? `; its stderr: ${run.stderr}` : ''
    expect(readdirSync(temp), `${file} left these in its temp directory (exit ${run.status}${stderr})`).toEqual([])
    return run
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
}

/**
 * Whether a test can send a child SIGTERM or SIGINT and see it handle the signal. On Windows, Node's
 * `kill('SIGTERM')` ends the process at once, with no handler run.
 */
export const POSIX_SIGNALS = process.platform !== 'win32'

/** Why a test of a signal handler is skipped (`skipped()` in test/helpers/skip-reasons.ts), or undefined. */
export const NO_POSIX_SIGNALS = POSIX_SIGNALS ? undefined : 'Windows runs no SIGTERM or SIGINT handler'
