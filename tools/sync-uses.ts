/**
 * `npm run sync-uses`: writes this repository's name and release major into every reference to its four
 * actions in README.md, docs/*.md and examples/*.yml (`uses: owner/name@v1`, `uses: owner/name/visitors@v1`,
 * `uses: owner/name/gaps@v1`, `uses: owner/name/preview@v1`, and the same references in inline code, `` `owner/name/visitors@v1` ``).
 * `npm run sync-uses -- --check` changes nothing and exits 1, listing each line that differs.
 *
 * The name has one home: package.json `repository.url` (`git+https://github.com/<owner>/<name>.git`).
 * The major comes from package.json `version`; a 0.x version is the run-up to the first release, v1.0.0,
 * so it maps to `v1` (what users will write once that release is out), and any later version to its own major.
 *
 * Which references are ours: every `owner/name@ref`, `owner/name/visitors@ref`, `owner/name/gaps@ref` or `owner/name/preview@ref` after
 * `uses:` or a backtick, except GitHub's own actions (`actions/...`), the only other actions the README and the
 * examples use. So a reference under a wrong or old name (`OWNER/REPO@v1`) is found and rewritten too.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..')

/** Owners whose actions are not this repository's: their references are left alone. */
export const OTHER_OWNERS = ['actions']

export interface Repository {
  owner: string
  name: string
  /** The tag users write, `v1`. */
  major: string
}

/** `docs-actions/mintlify-agent-action` and `v1` from package.json's `repository` and `version`. */
export function repositoryOf(pkg: { repository?: unknown; version?: unknown }): Repository {
  const repo = pkg.repository
  const url = typeof repo === 'string' ? repo : typeof repo === 'object' && repo ? (repo as { url?: unknown }).url : ''
  const m = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(typeof url === 'string' ? url : '')
  if (!m?.[1] || !m[2])
    throw new Error(`package.json repository.url must be a GitHub URL such as git+https://github.com/owner/name.git`)
  return { owner: m[1], name: m[2], major: majorOf(pkg.version) }
}

/** `v1` for 0.x and 1.x, `v2` for 2.x: the first release is v1.0.0. */
export function majorOf(version: unknown): string {
  const m = /^(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(typeof version === 'string' ? version : '')
  if (!m?.[1]) throw new Error(`package.json version ${JSON.stringify(version)} is not X.Y.Z`)
  return `v${Math.max(1, Number(m[1]))}`
}

/**
 * A reference to one of our actions: after `uses:` or a backtick, `owner/name`, maybe `/visitors`, `/gaps` or `/preview`, then
 * any ref (`@v1`, but also `@v1.2.3`, `@main` or a commit, which are found so that they can be reported).
 */
const REFERENCE = /(?<=\buses:[ \t]+['"]?|`)([\w.-]+)\/([\w.-]+)(\/(?:visitors|gaps|preview))?@([\w.-]+)/g

export interface Reference {
  line: number
  /** As written, `OWNER/REPO/visitors@v1`. */
  text: string
  /** As it should be. */
  expected: string
}

/** Every reference to this repository's actions in `text`, with what it should say. */
export function referencesIn(text: string, repo: Repository): Reference[] {
  const found: Reference[] = []
  for (const m of text.matchAll(REFERENCE)) {
    if (OTHER_OWNERS.includes(m[1] ?? '')) continue
    found.push({
      line: text.slice(0, m.index).split('\n').length,
      text: m[0],
      expected: `${repo.owner}/${repo.name}${m[3] ?? ''}@${repo.major}`,
    })
  }
  return found
}

/** `text` with every reference to this repository's actions rewritten from `repo`. */
export function syncUses(text: string, repo: Repository): string {
  return text.replace(REFERENCE, (whole, owner: string, _name: string, sub: string | undefined) =>
    OTHER_OWNERS.includes(owner) ? whole : `${repo.owner}/${repo.name}${sub ?? ''}@${repo.major}`,
  )
}

/** README.md, the docs pages (which show whole examples) and each examples/*.yml, relative to the root. */
export function usesFiles(root = ROOT): string[] {
  const inDir = (dir: string, ext: RegExp) =>
    readdirSync(path.join(root, dir))
      .filter((f) => ext.test(f))
      .sort()
      .map((f) => `${dir}/${f}`)
  return ['README.md', ...inDir('docs', /\.md$/), ...inDir('examples', /\.ya?ml$/)]
}

export function readRepository(root = ROOT): Repository {
  return repositoryOf(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')))
}

/** The references that differ from package.json, as `file:line: X should be Y`. */
export function drift(files: Record<string, string>, repo: Repository): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    referencesIn(text, repo)
      .filter((r) => r.text !== r.expected)
      .map((r) => `${file}:${r.line}: ${r.text} should be ${r.expected}`),
  )
}

if (import.meta.main) {
  const check = process.argv.includes('--check')
  const repo = readRepository()
  const files = Object.fromEntries(usesFiles().map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]))
  const problems = drift(files, repo)
  if (check) {
    for (const p of problems) console.error(p)
    if (problems.length) console.error(`(from package.json repository and version) Run 'npm run sync-uses' to fix.`)
    else console.log(`Every reference names ${repo.owner}/${repo.name}@${repo.major}, as package.json says.`)
    process.exitCode = problems.length ? 1 : 0
  } else {
    for (const [file, text] of Object.entries(files)) {
      const synced = syncUses(text, repo)
      if (synced !== text) writeFileSync(path.join(ROOT, file), synced)
    }
    for (const p of problems) console.log(p.replace(' should be ', ' -> '))
    console.log(`${problems.length} reference(s) rewritten; all name ${repo.owner}/${repo.name}@${repo.major}.`)
  }
}
