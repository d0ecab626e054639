/**
 * `node tools/licenses.ts`, the last step of `npm run build`: dist/licenses.txt lists every package bundled into
 * the agent job action. ncc writes it per build, and with a lazy chunk (Octokit, loaded only for comment
 * features) it lists that chunk's packages but not the start bundle's, which are those of the visitors export
 * (both start from the same shared modules: @actions/core and its chain). So the two lists are joined, one
 * section per package, sorted by name. A section starts at a line naming an installed package, followed by a
 * line holding its `license` field.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

function licenseOf(name: string): string | undefined {
  const file = path.join(ROOT, 'node_modules', name, 'package.json')
  if (!/^(?:@[\w.-]+\/)?[\w.-]+$/.test(name) || !existsSync(file)) return undefined
  const license = (JSON.parse(readFileSync(file, 'utf8')) as { license?: unknown }).license
  return typeof license === 'string' ? license : undefined
}

/** Package name → its section (name line through the text), from a licenses.txt ncc wrote. */
export function sections(text: string): Map<string, string> {
  const lines = text.split('\n')
  const starts = lines.flatMap((line, i) => {
    const license = licenseOf(line)
    return license !== undefined && license === lines[i + 1]?.trim() ? [i] : []
  })
  return new Map(
    starts.map((start, k) => [
      lines[start] ?? '',
      lines
        .slice(start, starts[k + 1] ?? lines.length)
        .join('\n')
        .trimEnd(),
    ]),
  )
}

if (import.meta.main) {
  const agent = path.join(ROOT, 'dist', 'licenses.txt')
  const joined = new Map([
    ...sections(readFileSync(path.join(ROOT, 'dist', 'visitors', 'licenses.txt'), 'utf8')),
    ...sections(readFileSync(agent, 'utf8')),
  ])
  const names = [...joined.keys()].sort()
  writeFileSync(agent, `${names.map((n) => joined.get(n)).join('\n\n')}\n`)
}
