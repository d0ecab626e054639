/** What a team checks before adopting the action: a licence, a security policy, a README whose links work. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
  it.each(['README.md', 'SECURITY.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...docs])(
    '%s: every link to a heading or a file of the repository resolves',
    (file) => {
      expect(brokenLinks(file)).toEqual([])
    },
  )

  it('the link check catches a missing heading and a missing file', () => {
    const text = `${read('README.md')}\n[a](#no-such-heading) [b](docs/missing.md)`
    expect(brokenLinks('README.md', text)).toEqual(['#no-such-heading', 'docs/missing.md'])
  })

  it('the README is a front page: under 300 lines, each action with its inputs and outputs, then Prerequisites', () => {
    const readme = read('README.md')
    expect(readme.split('\n').length).toBeLessThan(300)
    const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1])
    expect(sections).toEqual([
      'Quick start',
      'The agent job',
      'Visitors export',
      'Content gaps',
      'Prerequisites',
      'Troubleshooting',
      'Try it locally',
      'Security',
      'Versioning',
      'Development',
    ])
    for (const action of ['## The agent job', '## Visitors export', '## Content gaps']) {
      const section = readme.slice(readme.indexOf(action), readme.indexOf('\n## ', readme.indexOf(action) + 3))
      expect(section, action).toContain('\n### Inputs\n')
      expect(section, action).toContain('\n### Outputs\n')
    }
    const prerequisites = readme.slice(readme.indexOf('## Prerequisites'), readme.indexOf('## Troubleshooting'))
    for (const fact of ['Pro or Enterprise', '90 days', '`write` scope', '`read` scope', 'IP', '2.327.1'])
      expect(prerequisites).toContain(fact)
  })

  it('the README shows a job summary, a reply thread and an analytics summary, as pictures in docs/images', () => {
    const pictures = [...read('README.md').matchAll(/!\[[^\]]+\]\((docs\/images\/[\w-]+\.png)\)/g)].map(
      (m) => m[1] ?? '',
    )
    expect(pictures).toEqual([
      'docs/images/agent-summary.png',
      'docs/images/reply-thread.png',
      'docs/images/visitors-summary.png',
    ])
    for (const picture of pictures)
      expect(readFileSync(path.join(ROOT, picture)).subarray(1, 4).toString(), picture).toBe('PNG')
  })
})
