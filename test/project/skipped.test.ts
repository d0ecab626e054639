/**
 * `npm test` where cmark-gfm is missing: the render checks are skipped, and the run ends by saying how many, why,
 * and how to run them (test/helpers/skip-reasons.ts, the reporter after the default one in vitest.config.ts).
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { baseEnv, ROOT } from '../../local/run-action.ts'
import { skipNotes } from '../helpers/skip-reasons.ts'

const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')

describe('npm test without cmark-gfm', () => {
  it('ends with how many tests were skipped, why, and how to run them', () => {
    // A cmark-gfm first on PATH that fails, as if the real one were missing.
    const bin = mkdtempSync(path.join(tmpdir(), 'no-cmark-'))
    writeFileSync(path.join(bin, 'cmark-gfm'), '#!/bin/sh\nexit 127\n')
    chmodSync(path.join(bin, 'cmark-gfm'), 0o755)
    const env = baseEnv()
    env.PATH = `${bin}${path.delimiter}${env.PATH}`
    const run = spawnSync(process.execPath, [VITEST, 'run', 'test/markdown-rendered.test.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...env, NO_COLOR: '1' },
      timeout: 60_000,
    })
    expect(run.status, run.stderr).toBe(0)
    const out = run.stdout.trimEnd()
    const skipped = /Tests\s+\d+ passed \| (\d+) skipped/.exec(out)?.[1]
    expect(Number(skipped)).toBeGreaterThan(0)
    // The last line, after the summary: the same count, the reason, and the command that installs it.
    expect(out.split('\n').at(-1)).toBe(
      `${skipped} tests skipped because cmark-gfm is not installed (test/markdown-rendered.test.ts). ` +
        'To run them: sudo apt-get install cmark-gfm (Debian, Ubuntu; .ci/run installs it), then npm test.',
    )
  })
})

describe('the skip notes', () => {
  it('count the tests a reason skipped, by the reason their name or group gives; tests that give none are left out', () => {
    const reason = '(skipped: cmark-gfm is not installed)'
    expect(
      skipNotes([
        { fullName: `cmark-gfm${reason} > md("x")`, file: 'test/b.test.ts' },
        { fullName: `cmark-gfm${reason} > code("x")`, file: 'test/a.test.ts' },
        { fullName: 'left out by a -t filter', file: 'test/a.test.ts' },
        { fullName: 'signals (skipped: Windows has no SIGTERM handler)', file: 'test/c.test.ts' },
      ]),
    ).toEqual([
      '2 tests skipped because cmark-gfm is not installed (test/a.test.ts, test/b.test.ts). To run them: sudo apt-get install cmark-gfm (Debian, Ubuntu; .ci/run installs it), then npm test.',
      '1 test skipped because Windows has no SIGTERM handler (test/c.test.ts).',
    ])
    expect(skipNotes([{ fullName: 'left out', file: 'test/a.test.ts' }])).toEqual([])
  })
})
