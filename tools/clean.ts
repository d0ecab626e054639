/**
 * `node tools/clean.ts lib dist`: removes build output before a build (ncc leaves stale chunk files behind).
 * A script rather than `rm -rf`, which Windows' cmd.exe (npm's script shell there) does not have.
 */
import { rmSync } from 'node:fs'
import * as path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
for (const arg of process.argv.slice(2)) {
  const target = path.resolve(root, arg)
  // Only whole folders inside the repository: a typo must not empty the repository or anything outside it.
  if (!target.startsWith(root + path.sep)) {
    console.error(`clean: refusing ${arg}: not a folder inside ${root}`)
    process.exit(1)
  }
  rmSync(target, { recursive: true, force: true })
}
