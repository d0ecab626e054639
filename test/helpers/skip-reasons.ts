/**
 * A vitest reporter, after the default one (vitest.config.ts): once the run's summary is out ("N skipped"), one
 * line per reason a test names for its skip, `(skipped: <reason>)` at the end of its own or a group's name, with
 * how many and how to run them. Tests a `-t` filter or `.only` left out are not counted: they name no reason.
 */
import * as path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { number } from '../../src/format.js'

/** The marker a skipped test (or its group) ends its name with. */
const MARKER = /\(skipped: ([^)]+)\)/

/** What to do about a reason, where there is something to do. */
const HOW: Record<string, string> = {
  'cmark-gfm is not installed':
    'To run them: sudo apt-get install cmark-gfm (Debian, Ubuntu; .ci/run installs it), then npm test.',
}

export interface SkippedTest {
  fullName: string
  file: string
}

/** The lines to print: per reason, how many tests it skipped, in which files, and how to run them. */
export function skipNotes(skipped: readonly SkippedTest[]): string[] {
  const byReason = new Map<string, { count: number; files: Set<string> }>()
  for (const test of skipped) {
    const reason = MARKER.exec(test.fullName)?.[1]
    if (!reason) continue
    const entry = byReason.get(reason) ?? { count: 0, files: new Set<string>() }
    entry.count++
    entry.files.add(test.file)
    byReason.set(reason, entry)
  }
  return [...byReason].map(([reason, { count, files }]) => {
    const tests = count === 1 ? '1 test' : `${number(count)} tests`
    const how = HOW[reason] ? ` ${HOW[reason]}` : ''
    return `${tests} skipped because ${reason} (${[...files].sort().join(', ')}).${how}`
  })
}

export default class SkipReasons implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped: SkippedTest[] = []
    for (const module of modules)
      for (const test of module.children.allTests('skipped'))
        skipped.push({ fullName: test.fullName, file: path.relative(process.cwd(), module.moduleId) })
    const notes = skipNotes(skipped)
    if (notes.length) process.stdout.write(`\n${notes.join('\n')}\n\n`)
  }
}
