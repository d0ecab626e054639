/**
 * `node tools/licenses.ts`, the last step of `npm run build`: each bundle's licenses.txt lists every package bundled
 * into its action. ncc writes it per build, and with a lazy chunk (Octokit, loaded only when GitHub is called: the
 * agent's comment features, the content gaps' issue, the preview's pull request comment) it lists that chunk's
 * packages but not the start bundle's, which are those of the visitors export (all start from the same shared
 * modules: @actions/core and its chain). So the visitors list is joined into each such list, one section per package,
 * sorted by name. A section starts at a line naming an installed package, followed by a line holding its `license`
 * field.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The bundle with no lazy chunk, whose list names the start bundle's packages. */
export const START_BUNDLE = path.join('dist', 'visitors')

/** The bundles with a lazy Octokit chunk, whose lists get START_BUNDLE's joined in. */
export const LAZY_BUNDLES = ['dist', path.join('dist', 'gaps'), path.join('dist', 'preview')]

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

/** One list of the packages of several: a section per package (the later list's, when both name it), by name. */
export function joinLists(...texts: string[]): string {
  const joined = new Map(texts.flatMap((text) => [...sections(text)]))
  const names = [...joined.keys()].sort()
  return `${names.map((n) => joined.get(n)).join('\n\n')}\n`
}

if (import.meta.main) {
  const start = readFileSync(path.join(ROOT, START_BUNDLE, 'licenses.txt'), 'utf8')
  for (const bundle of LAZY_BUNDLES) {
    // A bundle not built (yet) is skipped; a bundle built without its list is an error.
    if (!existsSync(path.join(ROOT, bundle))) continue
    const file = path.join(ROOT, bundle, 'licenses.txt')
    writeFileSync(file, joinLists(start, readFileSync(file, 'utf8')))
  }
}
