/** A folder of the test's own in the system's temporary folder, removed when the test ends, passed or failed. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { onTestFinished } from 'vitest'

export function tempDir(prefix = 'test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
