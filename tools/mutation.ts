/**
 * `npm run mutation [-- stryker options]`: runs Stryker (stryker.config.mjs) with the options given, such as
 * `--force` (every mutant again, ignoring the incremental file) or `--mutate src/redact.ts` (one module), then
 * judges each module on its own with tools/mutation-scores.ts. A script rather than `stryker run && node …`,
 * where npm would hand the options to the second command.
 */
import { spawnSync } from 'node:child_process'
import * as path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const node = process.execPath
const run = (script: string, args: string[]) =>
  spawnSync(node, [script, ...args], { cwd: ROOT, stdio: 'inherit' }).status ?? 1

const stryker = run(path.join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), [
  'run',
  ...process.argv.slice(2),
])
process.exitCode = stryker !== 0 ? stryker : run(path.join(ROOT, 'tools', 'mutation-scores.ts'), [])
