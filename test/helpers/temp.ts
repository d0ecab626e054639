/** Folders a test makes in the system temp directory, removed once the test has ended (test/helpers/setup.ts). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'

const made: string[] = []

/** A fresh folder `<prefix>XXXXXX` in the system temp directory, for the running test only. */
export function tempDir(prefix = 'test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/** Removes every folder `tempDir` made so far. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}
