/** The repository's name lives in package.json only: every `uses:` in the README and the examples must follow it. */
import { spawnSync } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { VERSION } from '../../src/version.ts'
import {
  drift,
  majorOf,
  ROOT,
  readRepository,
  referencesIn,
  repositoryOf,
  syncUses,
  usesFiles,
} from '../../tools/sync-uses.ts'
import { tempDir } from '../helpers/temp.ts'

const repo = readRepository()
const files = Object.fromEntries(usesFiles().map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]))
const PKG = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }

describe('package.json', () => {
  it('names the repository once, as a GitHub URL', () => {
    expect(repo).toEqual({ owner: 'docs-actions', name: 'mintlify-agent-action', major: 'v1' })
  })

  it('carries the version the action reports in its User-Agent', () => {
    expect(VERSION).toBe(PKG.version)
  })

  it('maps 0.x to v1 (the first release is v1.0.0) and later versions to their own major', () => {
    expect(majorOf('0.1.0')).toBe('v1')
    expect(majorOf('1.4.2')).toBe('v1')
    expect(majorOf('2.0.0')).toBe('v2')
    expect(() => majorOf('1.2')).toThrow('is not X.Y.Z')
    expect(() => repositoryOf({ repository: 'https://example.com/a/b', version: '1.0.0' })).toThrow('GitHub URL')
    expect(repositoryOf({ repository: 'github.com/a/b', version: '3.1.0' })).toEqual({
      owner: 'a',
      name: 'b',
      major: 'v3',
    })
  })
})

describe('uses: lines in the README and the examples', () => {
  it('are found in every file that shows one', () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'examples/weekly-visitors.yml']))
    for (const file of Object.keys(files).filter((f) => f.startsWith('examples/')))
      expect(referencesIn(files[file] ?? '', repo).length, file).toBeGreaterThan(0)
    const readme = referencesIn(files['README.md'] ?? '', repo).map((r) => r.expected)
    expect(readme).toContain('docs-actions/mintlify-agent-action@v1')
    expect(readme).toContain('docs-actions/mintlify-agent-action/visitors@v1')
    expect(readme).toContain('docs-actions/mintlify-agent-action/gaps@v1')
    const gaps = referencesIn(files['examples/weekly-gaps.yml'] ?? '', repo).map((r) => r.text)
    expect(gaps).toEqual(['docs-actions/mintlify-agent-action/gaps@v1', 'docs-actions/mintlify-agent-action@v1'])
  })

  it('name the repository and major that package.json gives', () => {
    expect(drift(files, repo)).toEqual([])
  })

  it('a drifted line is caught, and sync-uses puts it back', () => {
    const example = files['examples/weekly-visitors.yml'] ?? ''
    const drifted = {
      'README.md': (files['README.md'] ?? '').replace(
        'uses: docs-actions/mintlify-agent-action@v1',
        'uses: OWNER/REPO@v1',
      ),
      'examples/weekly-visitors.yml': example.replace(
        'docs-actions/mintlify-agent-action/visitors@v1',
        'docs-actions/mintlify-agent-action/visitors@v2',
      ),
    }
    const problems = drift(drifted, repo)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^README\.md:\d+: OWNER\/REPO@v1 should be docs-actions\/mintlify-agent-action@v1$/)
    expect(problems[1]).toMatch(/^examples\/weekly-visitors\.yml:\d+: .*visitors@v2 should be .*visitors@v1$/)
    expect(syncUses(drifted['examples/weekly-visitors.yml'], repo)).toBe(example)
    expect(syncUses(drifted['README.md'], repo)).toBe(files['README.md'])
  })

  it('a drifted reference to the gaps action keeps its /gaps when put back', () => {
    const example = files['examples/weekly-gaps.yml'] ?? ''
    const drifted = example.replace('uses: docs-actions/mintlify-agent-action/gaps@v1', 'uses: OWNER/REPO/gaps@main')
    expect(drift({ 'examples/weekly-gaps.yml': drifted }, repo)).toEqual([
      expect.stringMatching(
        /^examples\/weekly-gaps\.yml:\d+: OWNER\/REPO\/gaps@main should be docs-actions\/mintlify-agent-action\/gaps@v1$/,
      ),
    ])
    expect(syncUses(drifted, repo)).toBe(example)
  })

  it('a reference at a full version, a branch or a commit is caught too', () => {
    for (const ref of ['v1.2.3', 'main', '0123456789abcdef0123456789abcdef01234567']) {
      const text = (files['README.md'] ?? '').replace(
        'uses: docs-actions/mintlify-agent-action@v1',
        `uses: wrong/name@${ref}`,
      )
      expect(drift({ 'README.md': text }, repo), ref).toEqual([
        expect.stringMatching(
          new RegExp(`^README\\.md:\\d+: wrong/name@${ref} should be docs-actions/mintlify-agent-action@v1$`),
        ),
      ])
    }
  })

  it("leaves GitHub's own actions and other text alone", () => {
    const text = [
      '      - uses: actions/upload-artifact@v7',
      '      - uses: ./visitors',
      '      - uses: ./gaps',
      'the `visitors/` folder, like actions/cache@v4 without a uses:',
      "      - uses: 'someone/else@v3'",
    ].join('\n')
    const synced = syncUses(text, repo)
    expect(synced).toBe(text.replace('someone/else@v3', 'docs-actions/mintlify-agent-action@v1'))
  })
})

describe('npm run sync-uses', () => {
  it('--check fails on a drifted copy and passes once the script rewrote it', () => {
    const copy = tempDir('sync-uses-')
    for (const f of ['package.json', 'README.md', 'docs', 'examples', 'tools'])
      cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true })
    const file = path.join(copy, 'examples/after-release.yml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('docs-actions/mintlify-agent-action@v1', 'acme/old@v0'))
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(copy, 'tools/sync-uses.ts'), ...args], { encoding: 'utf8' })

    const before = run('--check')
    expect(before.status).toBe(1)
    expect(before.stderr).toMatch(
      /^examples\/after-release\.yml:\d+: acme\/old@v0 should be docs-actions\/mintlify-agent-action@v1$/m,
    )
    expect(run().stdout).toContain('1 reference(s) rewritten')
    const after = run('--check')
    expect(after.status, after.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(files['examples/after-release.yml'])
  })
})
