/** Runs one of the repository's scripts (a demo, the bench) as `npm run` would: Node 24, the repository as cwd. */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import * as path from 'node:path'
import { baseEnv, ROOT } from '../../local/run-action.ts'

export function runScript(file: string, args: string[] = [], timeout = 30_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(ROOT, file), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: baseEnv(),
    timeout,
  })
}

/**
 * Whether a test can send a child SIGTERM or SIGINT and see it handle the signal. On Windows, Node's
 * `kill('SIGTERM')` ends the process at once, with no handler run.
 */
export const POSIX_SIGNALS = process.platform !== 'win32'
