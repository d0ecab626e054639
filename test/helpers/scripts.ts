/** Runs one of the repository's scripts (a demo, the bench) as `npm run` would: Node 24, the repository as cwd. */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import * as path from 'node:path'
import { ROOT } from '../../local/run-action.ts'

export function runScript(file: string, args: string[] = [], timeout = 30_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(ROOT, file), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    timeout,
  })
}
