/** What a team checks before adopting the action: a licence, a security policy, a README whose links work. */
import { existsSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

/** GitHub's anchor for a heading: lower case, punctuation dropped (but `-` and `_`), spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-')
}

/** Links of a Markdown file that do not resolve: `#anchors` without a heading, relative files that are missing. */
function brokenLinks(file: string, text = read(file)): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '')
  const anchors = new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? '')))
  const broken: string[] = []
  for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^https?:/.test(target)) continue
    if (target.startsWith('#')) {
      if (!anchors.has(target.slice(1))) broken.push(target)
    } else if (!existsSync(path.join(ROOT, path.dirname(file), target.split('#')[0] ?? ''))) broken.push(target)
  }
  return broken
}

describe('adoption', () => {
  it('is MIT-licensed, in LICENSE and in package.json', () => {
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /)
    expect(JSON.parse(read('package.json')).license).toBe('MIT')
  })

  it('has a security policy that says how to report privately, and a contributing guide', () => {
    expect(read('SECURITY.md')).toContain('Report a vulnerability')
    expect(read('CONTRIBUTING.md')).toContain('## How a release is cut')
  })

  it.each(['README.md', 'SECURITY.md', 'CONTRIBUTING.md', 'docs/decisions.md', 'CHANGELOG.md'])(
    '%s: every link to a heading or a file of the repository resolves',
    (file) => {
      expect(brokenLinks(file)).toEqual([])
    },
  )

  it('the link check catches a missing heading and a missing file', () => {
    const text = `${read('README.md')}\n[a](#no-such-heading) [b](docs/missing.md)`
    expect(brokenLinks('README.md', text)).toEqual(['#no-such-heading', 'docs/missing.md'])
  })

  it('the README has a table of contents and a Prerequisites section before the details', () => {
    const readme = read('README.md')
    for (const heading of ['## Contents', '## Prerequisites', '## Inputs', '## Security', '## Troubleshooting'])
      expect(readme).toContain(`\n${heading}\n`)
    expect(readme.indexOf('## Prerequisites')).toBeLessThan(readme.indexOf('## Inputs'))
    for (const fact of ['Pro or Enterprise', '90 days', '`write` scope', '`read` scope', 'IP', '2.327.1'])
      expect(readme.slice(readme.indexOf('## Prerequisites'), readme.indexOf('## Uses'))).toContain(fact)
  })
})
