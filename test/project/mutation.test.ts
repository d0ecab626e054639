/**
 * Mutation testing as a habit: `npm run mutation` runs Stryker on every module of src/ (issue 25; issue 17 began with
 * a list of them), then tools/mutation-scores.ts judges each module on its own (at least 90 %), and a workflow runs
 * it weekly.
 */
import { spawnSync } from 'node:child_process'
import { globSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../../local/run-action.ts'
import { type Report, scores, table, under } from '../../tools/mutation-scores.ts'
import { tempDir } from '../helpers/temp.ts'

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

/** A report with, per module, `n` mutants of each status given, numbered by line across the whole report. */
function reportOf(files: Record<string, Record<string, number>>): Report {
  let line = 0
  return {
    files: Object.fromEntries(
      Object.entries(files).map(([file, counts]) => [
        file,
        {
          mutants: Object.entries(counts).flatMap(([status, n]) =>
            Array.from({ length: n }, () => ({
              mutatorName: 'EqualityOperator',
              replacement: 'a !== b',
              status,
              location: { start: { line: ++line, column: 3 } },
            })),
          ),
        },
      ]),
    ),
  }
}

describe('tools/mutation-scores.ts', () => {
  it('scores each module: killed and timed out over every valid mutant, not-covered ones counting against it', () => {
    const [a, b] = scores(
      reportOf({
        'src/b.ts': { Killed: 8, Timeout: 1, Survived: 1, CompileError: 5, Ignored: 2 },
        'src/a.ts': { Killed: 17, Survived: 1, NoCoverage: 2 },
      }),
    )
    expect(a).toMatchObject({ file: 'src/a.ts', killed: 17, timeout: 0, survived: 1, noCoverage: 2, score: 85 })
    expect(a?.left).toEqual([
      '35:3 EqualityOperator → a !== b',
      '36:3 EqualityOperator → a !== b (no test reaches it)',
      '37:3 EqualityOperator → a !== b (no test reaches it)',
    ])
    expect(b).toMatchObject({
      file: 'src/b.ts',
      killed: 8,
      timeout: 1,
      survived: 1,
      noCoverage: 0,
      ignored: 2,
      score: 90,
    })
  })

  it('counts static mutants that --ignoreStatic left unrun apart from those a comment set aside', () => {
    const report = reportOf({ 'src/a.ts': { Killed: 9, Survived: 1, Ignored: 3 } })
    const mutants = report.files['src/a.ts']?.mutants ?? []
    for (const m of mutants.slice(10, 12))
      Object.assign(m, { statusReason: 'Static mutant (and "ignoreStatic" was enabled)' })
    Object.assign(mutants[12] ?? {}, { statusReason: 'the same list either way' })
    const [a] = scores(report)
    expect(a).toMatchObject({ ignored: 1, staticLeft: 2, score: 90 })
    expect(table([a].filter((m) => m !== undefined))).toContain('| `src/a.ts` | 90.0 % | 9 | 0 | 1 | 0 | 1 | 2 | yes |')
  })

  it('rounds down, so 89.99 % is not 90 %', () => {
    const [m] = scores(reportOf({ 'src/x.ts': { Killed: 8999, Survived: 1001 } }))
    expect(m?.score).toBe(89.9)
    expect(under(scores(reportOf({ 'src/x.ts': { Killed: 8999, Survived: 1001 } })))).toHaveLength(1)
  })

  it('writes the table docs/testing.md records', () => {
    const t = table(
      scores(reportOf({ 'src/a.ts': { Killed: 9, Survived: 1, Ignored: 3 }, 'src/b.ts': { Killed: 1, Survived: 1 } })),
    )
    expect(t.split('\n')).toEqual([
      '| module | score | killed | timed out | survived | not covered | set aside as equivalent | static, not run | ≥ 90 % |',
      '|---|---|---|---|---|---|---|---|---|',
      '| `src/a.ts` | 90.0 % | 9 | 0 | 1 | 0 | 3 | 0 | yes |',
      '| `src/b.ts` | 50.0 % | 1 | 0 | 1 | 0 | 0 | 0 | **no** |',
    ])
  })

  it('fails the run when one module is under 90 %, even where the modules together are over it', () => {
    const dir = tempDir('mutation-')
    /** Judges a report of these modules (none: a report file that does not exist). */
    const judge = (files?: Record<string, Record<string, number>>) => {
      const file = path.join(dir, files ? 'mutation.json' : 'none.json')
      if (files) writeFileSync(file, JSON.stringify(reportOf(files)))
      return spawnSync(process.execPath, [path.join(ROOT, 'tools', 'mutation-scores.ts'), file], { encoding: 'utf8' })
    }
    const low = judge({ 'src/a.ts': { Killed: 100 }, 'src/b.ts': { Killed: 8, Survived: 2 } })
    expect(low.status).toBe(1)
    expect(low.stderr).toContain('Under 90 %: src/b.ts (80.0 %).')
    const ok = judge({ 'src/a.ts': { Killed: 100 }, 'src/b.ts': { Killed: 9, Survived: 1 } })
    expect(ok.status).toBe(0)
    expect(ok.stdout).toContain('Every module at 90 % or more.')
    expect(ok.stdout).toContain('src/b.ts\n  110:3 EqualityOperator → a !== b')
    const none = judge()
    expect(none.status).toBe(1)
    expect(none.stderr).toContain("run 'npm run mutation'")
  })
})

describe('npm run mutation', () => {
  it('runs Stryker on every module of src/, then judges each module; a module left out is named with why', async () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
    expect(pkg.scripts.mutation).toBe('node tools/mutation.ts')
    expect(pkg.scripts.test).not.toContain('stryker')
    const { default: config } = (await import(pathToFileURL(path.join(ROOT, 'stryker.config.mjs')).href)) as {
      default: { mutate: string[]; testRunner: string; coverageAnalysis: string; incremental: boolean }
    }
    expect(config).toMatchObject({ testRunner: 'vitest', coverageAnalysis: 'perTest', incremental: true })
    const files = (pattern: string) => globSync(pattern, { cwd: ROOT }).map((f) => f.split(path.sep).join('/'))
    const mutated = new Set(config.mutate.filter((p) => !p.startsWith('!')).flatMap(files))
    for (const pattern of config.mutate.filter((p) => p.startsWith('!'))) {
      const out = files(pattern.slice(1))
      expect(out, `${pattern} leaves out no module`).not.toEqual([])
      for (const file of out) mutated.delete(file)
    }
    const modules = files('src/**/*.ts').sort()
    expect(modules.length).toBeGreaterThan(60)
    const left = modules.filter((m) => !mutated.has(m))
    // Each module left out is in docs/testing.md's list of them, with a reason, and is an entry point that only
    // calls run(): anything more would be code no mutant reaches.
    const listed = read('docs/testing.md').split('### Left out')[1]?.split('\n### ')[0] ?? ''
    expect(left).toEqual(['src/agent/index.ts', 'src/gaps/index.ts', 'src/preview/index.ts', 'src/visitors/index.ts'])
    for (const module of left) {
      expect(listed).toContain(`\`${module}\``)
      expect(read(module).trim()).toBe("import { run } from './main.js'\n\nawait run()")
    }
  })

  it('runs weekly in a workflow, read-only, and keeps the report', () => {
    const wf = parse(read('.github/workflows/mutation.yml')) as {
      on: { schedule: Array<{ cron: string }>; workflow_dispatch: unknown }
      permissions: unknown
      jobs: { mutation: { permissions: unknown; steps: Array<{ run?: string; uses?: string }> } }
    }
    expect(wf.on.schedule).toHaveLength(1)
    // minute hour * * one day of the week: once a week.
    expect(wf.on.schedule[0]?.cron).toMatch(/^\d+ \d+ \* \* [0-6]$/)
    expect(wf.on).toHaveProperty('workflow_dispatch')
    expect(wf.permissions).toEqual({})
    expect(wf.jobs.mutation.permissions).toEqual({ contents: 'read' })
    const steps = wf.jobs.mutation.steps
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual([
      'npm ci --no-audit --no-fund',
      'sudo apt-get install -y -qq cmark-gfm',
      'npm run mutation',
    ])
    expect(steps.some((s) => s.uses?.startsWith('actions/upload-artifact@'))).toBe(true)
  })
})
