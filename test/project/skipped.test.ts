/**
 * `npm test` where cmark-gfm is missing: the render checks are skipped, and the run ends by saying how many, why,
 * and how to run them (test/helpers/skip-reasons.ts, the reporter after the default one in vitest.config.ts).
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { baseEnv, ROOT } from '../../local/run-action.ts'
import { NO_SPECS, skipNotes, skipped } from '../helpers/skip-reasons.ts'
import { tempDir } from '../helpers/temp.ts'

const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')

describe('npm test without cmark-gfm', () => {
  it('ends with how many tests were skipped, why, and how to run them', () => {
    // A cmark-gfm first on PATH that fails, as if the real one were missing.
    const bin = tempDir('no-cmark-')
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
  it('count the tests a reason skipped, by the reason their name or group gives', () => {
    const reason = skipped('cmark-gfm is not installed')
    expect(reason).toBe(' (skipped: cmark-gfm is not installed)')
    expect(
      skipNotes([
        { fullName: `cmark-gfm${reason} > md("x")`, file: 'test/b.test.ts' },
        { fullName: `cmark-gfm${reason} > code("x")`, file: 'test/a.test.ts' },
        { fullName: `signals${skipped('Windows has no SIGTERM handler')}`, file: 'test/c.test.ts' },
      ]),
    ).toEqual([
      '2 tests skipped because cmark-gfm is not installed (test/a.test.ts, test/b.test.ts). To run them: sudo apt-get install cmark-gfm (Debian, Ubuntu; .ci/run installs it), then npm test.',
      '1 test skipped because Windows has no SIGTERM handler (test/c.test.ts).',
    ])
    expect(skipped(undefined)).toBe('')
  })

  it('say how to run the Prism tests, which need the OpenAPI files beside the repository', () => {
    const prism = (name: string) => ({ fullName: `against Prism${skipped(NO_SPECS)} > ${name}`, file: 'test/e2e/p.ts' })
    expect(skipNotes(['a', 'b', 'c', 'd'].map(prism))).toEqual([
      "4 tests skipped because the provider's OpenAPI files are not in ../shared/api (test/e2e/p.ts). To run them: put the provider's admin-openapi.json and analytics-openapi.json in ../shared/api, beside the repository (CONTRIBUTING.md).",
    ])
  })

  it('count the skips that name no reason as well, unless a -t filter made them', () => {
    const skips = [
      { fullName: `render${skipped('cmark-gfm is not installed')}`, file: 'test/a.test.ts' },
      { fullName: 'a skip with no reason', file: 'test/b.test.ts' },
      { fullName: 'another', file: 'test/a.test.ts' },
    ]
    expect(skipNotes(skips).at(-1)).toBe(
      '2 tests skipped naming no reason (test/a.test.ts, test/b.test.ts): end the name of each, or of its group, with `(skipped: <reason>)` (skipped() in test/helpers/skip-reasons.ts).',
    )
    expect(skipNotes(skips, true)).toHaveLength(1)
    expect(skipNotes([{ fullName: 'left out by -t', file: 'test/a.test.ts' }], true)).toEqual([])
  })
})

describe('npm test -t', () => {
  it('leaves out of the notes the tests the filter skipped', () => {
    const run = spawnSync(
      process.execPath,
      [VITEST, 'run', 'test/project/skipped.test.ts', '-t', 'count the skips that name no reason'],
      { cwd: ROOT, encoding: 'utf8', env: { ...baseEnv(), NO_COLOR: '1' }, timeout: 60_000 },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/Tests\s+1 passed \| \d+ skipped/)
    expect(run.stdout).not.toContain('naming no reason (')
  })
})
