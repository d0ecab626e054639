/**
 * A vitest reporter, after the default one (vitest.config.ts): once the run's summary is out ("N skipped"), one
 * line per reason a test names for its skip, `(skipped: <reason>)` at the end of its own or a group's name
 * (`skipped(reason)` writes it), with how many and how to run them; then the skips that name no reason, so the
 * lines count every skip. Tests a `-t` filter left out are not counted: the filter, not the test, skipped them.
 */
import * as path from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import { number } from '../../src/format.js'

/** The marker a skipped test (or its group) ends its name with. */
const MARKER = /\(skipped: ([^)]+)\)/

/** The end of a test's or a group's name that says why it is skipped: nothing when `reason` is undefined. */
export const skipped = (reason: string | undefined): string => (reason === undefined ? '' : ` (skipped: ${reason})`)

/** Why the Prism tests (test/e2e/prism.e2e.test.ts) skip in a clone that has the repository alone. */
export const NO_SPECS = "the provider's OpenAPI files are not in ../shared/api"

/** What to do about a reason, where there is something to do. */
const HOW: Record<string, string> = {
  'cmark-gfm is not installed':
    'To run them: sudo apt-get install cmark-gfm (Debian, Ubuntu; .ci/run installs it), then npm test.',
  [NO_SPECS]:
    "To run them: put the provider's admin-openapi.json and analytics-openapi.json in ../shared/api, beside the repository (CONTRIBUTING.md).",
}

export interface SkippedTest {
  fullName: string
  file: string
}

const tests = (count: number) => (count === 1 ? '1 test' : `${number(count)} tests`)

/**
 * The lines to print: per reason, how many tests it skipped, in which files, and how to run them; then, unless a
 * `-t` filter skipped them (`filtered`), how many named no reason.
 */
export function skipNotes(skipped: readonly SkippedTest[], filtered = false): string[] {
  const byReason = new Map<string, { count: number; files: Set<string> }>()
  const unnamed = { count: 0, files: new Set<string>() }
  for (const test of skipped) {
    const reason = MARKER.exec(test.fullName)?.[1]
    const entry = reason === undefined ? unnamed : (byReason.get(reason) ?? { count: 0, files: new Set<string>() })
    entry.count++
    entry.files.add(test.file)
    if (reason !== undefined) byReason.set(reason, entry)
  }
  const files = (set: Set<string>) => [...set].sort().join(', ')
  const notes = [...byReason].map(([reason, entry]) => {
    const how = HOW[reason] ? ` ${HOW[reason]}` : ''
    return `${tests(entry.count)} skipped because ${reason} (${files(entry.files)}).${how}`
  })
  if (unnamed.count && !filtered)
    notes.push(
      `${tests(unnamed.count)} skipped naming no reason (${files(unnamed.files)}): end the name of each, or of its group, with \`(skipped: <reason>)\` (skipped() in test/helpers/skip-reasons.ts).`,
    )
  return notes
}

export default class SkipReasons implements Reporter {
  private filtered = false

  onInit(vitest: Vitest): void {
    this.filtered = vitest.config.testNamePattern !== undefined
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped: SkippedTest[] = []
    for (const module of modules)
      for (const test of module.children.allTests('skipped'))
        skipped.push({ fullName: test.fullName, file: path.relative(process.cwd(), module.moduleId) })
    const notes = skipNotes(skipped, this.filtered)
    if (notes.length) process.stdout.write(`\n${notes.join('\n')}\n\n`)
  }
}
