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
      'Preview and deploy',
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

  it('the README shows one picture in its first screen, a job summary at page width, and links the others', () => {
    const readme = read('README.md')
    const pictures = [...readme.matchAll(/!\[[^\]]+\]\((docs\/images\/[\w-]+\.png)\)/g)]
    expect(pictures.map((m) => m[1])).toEqual(['docs/images/agent-summary.png'])
    // Before the Quick start, on a line of its own (not a cell of a table, where three shared the page's width).
    const line = readme.split('\n').find((l) => l.includes(pictures[0]?.[0] ?? '?')) ?? ''
    expect(readme.indexOf(line)).toBeLessThan(readme.indexOf('## Quick start'))
    expect(line).toMatch(/^\[!\[/)
    // Photographed at 2 device pixels per CSS pixel: no wider than 900 CSS pixels, so GitHub's README column shows
    // it at (or near) its own size, its text as large as the page's.
    const png = readFileSync(path.join(ROOT, 'docs/images/agent-summary.png'))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBeLessThanOrEqual(1_800)
    for (const other of ['reply-thread', 'visitors-summary', 'gaps-summary', 'preview-comment']) {
      expect(readme).toContain(`](docs/images/${other}.png)`)
      expect(
        readFileSync(path.join(ROOT, `docs/images/${other}.png`))
          .subarray(1, 4)
          .toString(),
        other,
      ).toBe('PNG')
    }
  })

  it('the README opens with its status: who maintains it, not Mintlify, unreleased until v1.0.0 so pin a commit', () => {
    const status = read('README.md').split('\n\n')[1] ?? ''
    expect(status).toMatch(/^> \*\*Status: unreleased, and not Mintlify's own\.\*\*/)
    expect(status).toContain('Maintained by')
    expect(status).toContain('not by Mintlify')
    expect(status).toContain('v1.0.0')
    expect(status).toMatch(/pin a commit/)
  })

  it("the Quick start says why it gives no permission, and what the docs' own repository needs", () => {
    const readme = read('README.md')
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## The agent job'))
    expect(quickStart).toContain('permissions: {}` because the agent talks only to Mintlify')
    expect(quickStart).toMatch(/same\s+repository, grant `pull-requests: write`/)
    // The warning as the action words it (src/agent/conversation.ts), so a reader can search for it.
    expect(quickStart).toContain('`Could not comment on the pull request: ... HTTP 403`')
    expect(read('src/agent/conversation.ts')).toContain("bestEffort('Could not comment on the pull request'")
  })

  it('Troubleshooting has the content gaps: the issue permission, "Read in part", the hourly budget', () => {
    const readme = read('README.md')
    const rows = readme
      .slice(readme.indexOf('## Troubleshooting'), readme.indexOf('## Try it locally'))
      .split('\n')
      .filter((l) => l.startsWith('| `'))
    for (const message of ['permissions: issues: write', 'Read in part, ', 'hourly analytics budget is spent'])
      expect(
        rows.some((row) => row.split(' | ')[0]?.includes(message)),
        message,
      ).toBe(true)
    // Each as the gaps action words it.
    expect(read('src/gaps/outcome.ts')).toContain('message: `Read in part, ')
    expect(read('src/gaps/read.ts')).toContain("the organization's hourly analytics budget is spent")
  })

  it('"Try it locally" links the local-action recipe and says the EBADENGINE warnings are expected', () => {
    const readme = read('README.md')
    const local = readme.slice(readme.indexOf('## Try it locally'), readme.indexOf('## Security'))
    expect(local).toContain('(CONTRIBUTING.md#run-the-source-with-githublocal-action)')
    expect(local).toMatch(/`npm warn EBADENGINE` lines are expected/)
    const contributing = read('CONTRIBUTING.md')
    expect(contributing).toContain('\n## Run the source with @github/local-action\n')
    expect(slug('Run the source with @github/local-action')).toBe('run-the-source-with-githublocal-action')
    expect(contributing).toContain('EBADENGINE')
  })
})
