/**
 * `node tools/check-dist.ts`, after a build: fails when dist/ differs from what is committed. `git status`
 * also sees new, untracked chunk files, which `git diff` would miss. A script rather than
 * `test -z "$(git status ...)"`, which Windows' cmd.exe does not understand.
 */
import { execFileSync } from 'node:child_process'
import * as path from 'node:path'

const stale = execFileSync('git', ['status', '--porcelain', '--', 'dist'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  encoding: 'utf8',
})
if (stale.trim() !== '') {
  console.error(`dist/ is stale: run 'npm run build' and commit the result.\n${stale.trimEnd()}`)
  process.exit(1)
}
