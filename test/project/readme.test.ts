/**
 * The README's inputs and outputs tables (for the preview action, those of docs/preview.md, which the front page
 * links), and every action.yml's metadata, must match the action.yml files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ActionYml, readAction } from '../../local/action-yml.ts'
import { ROOT } from '../../local/run-action.ts'
import { parseAgentInputs } from '../../src/agent/inputs.js'
import { envInputs } from '../../src/inputs.js'

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const ACTIONS = [
  { dir: '.', heading: '### Inputs', outputs: '### Outputs', after: '## The agent job', page: 'README.md' },
  { dir: 'visitors', heading: '### Inputs', outputs: '### Outputs', after: '## Visitors export', page: 'README.md' },
  { dir: 'gaps', heading: '### Inputs', outputs: '### Outputs', after: '## Content gaps', page: 'README.md' },
  { dir: 'preview', heading: '## Inputs', outputs: '## Outputs', after: '', page: 'docs/preview.md' },
]

/** Rows of the first Markdown table after `heading` (searched from `after`): first cell's `names`, other cells. */
function tableAfter(readme: string, heading: string, after = ''): Array<{ names: string[]; cells: string[] }> {
  const start = readme.indexOf(`\n${heading}\n`, after ? readme.indexOf(after) : 0)
  if (start < 0) return []
  const lines = readme.slice(start + heading.length + 2).split('\n')
  const first = lines.findIndex((l) => l.startsWith('|'))
  const rows: Array<{ names: string[]; cells: string[] }> = []
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break
    const cells = line
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim())
    rows.push({ names: [...(cells[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''), cells: cells.slice(1) })
  }
  return rows
}

/** Differences between the README and an action.yml; empty when they agree. */
function drift(readme: string, action: ActionYml, where: (typeof ACTIONS)[number]): string[] {
  const problems: string[] = []
  const inputs = tableAfter(readme, where.heading, where.after)
  const documented = new Map(inputs.flatMap((r) => r.names.map((n) => [n, r.cells] as const)))
  for (const input of action.inputs) {
    const cells = documented.get(input.name)
    if (!cells) {
      problems.push(`input ${input.name} is missing from the README`)
      continue
    }
    const [required = '', fallback = ''] = cells
    if ((required === 'yes') !== input.required) problems.push(`input ${input.name}: required differs`)
    // A documented default in angle brackets is computed by the action from an empty action.yml default.
    const readmeDefault = fallback === "`''`" || fallback === '' ? '' : fallback.replace(/^`|`$/g, '')
    const computed = input.default === '' && readmeDefault.includes('<')
    if (!computed && readmeDefault !== input.default)
      problems.push(
        `input ${input.name}: README default ${JSON.stringify(readmeDefault)}, action.yml ${JSON.stringify(input.default)}`,
      )
  }
  for (const name of documented.keys())
    if (!action.inputs.some((i) => i.name === name))
      problems.push(`input ${name} is in the README but not in action.yml`)
  const outputs = new Set(tableAfter(readme, where.outputs, where.after).flatMap((r) => r.names))
  for (const output of action.outputs)
    if (!outputs.has(output.name)) problems.push(`output ${output.name} is missing from the README`)
  for (const name of outputs)
    if (!action.outputs.some((o) => o.name === name))
      problems.push(`output ${name} is in the README but not in action.yml`)
  return problems
}

describe.each(ACTIONS)('$dir/action.yml', (where) => {
  const action = readAction(ROOT, where.dir)
  const README = readFileSync(path.join(ROOT, where.page), 'utf8')

  it('matches the README tables', () => {
    expect(action.inputs.length).toBeGreaterThan(3)
    expect(drift(README, action, where)).toEqual([])
  })

  it('the comparison catches a drifted README', () => {
    const name = action.inputs.at(-1)?.name ?? ''
    const renamed = README.replaceAll(`| \`${name}\` |`, `| \`${name}-old\` |`)
    expect(drift(renamed, action, where)).toEqual(
      expect.arrayContaining([
        `input ${name} is missing from the README`,
        `input ${name}-old is in the README but not in action.yml`,
      ]),
    )
    const extraInput = {
      ...action,
      inputs: [...action.inputs, { name: 'new-knob', required: false, default: 'x', description: 'd' }],
    }
    expect(drift(README, extraInput, where)).toContain('input new-knob is missing from the README')
  })

  it('has branding and a description on every input and output, and runs on node24', () => {
    expect(action.branding.icon).toBeTruthy()
    expect(action.branding.color).toBeTruthy()
    for (const item of [...action.inputs, ...action.outputs]) expect(item.description, item.name).not.toBe('')
    expect(readFileSync(path.join(ROOT, where.dir, 'action.yml'), 'utf8')).toMatch(/^ {2}using: node24$/m)
  })
})

describe('visitors/action.yml', () => {
  it('is named and described for both metrics it exports: unique visitors and page views', () => {
    const { name, description } = readAction(ROOT, 'visitors')
    expect(name).toBe('Mintlify visitors and page views export')
    expect(description).toMatch(/unique visitors or page views/)
  })
})

describe('the list of actions above', () => {
  it('names every action.yml of the repository', () => {
    const dirs = readdirSync(ROOT, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, d.name, 'action.yml')))
      .map((d) => d.name)
    expect(dirs).toContain('gaps')
    expect(ACTIONS.map((a) => a.dir).sort()).toEqual(['.', ...dirs].sort())
  })
})

describe('the examples in the README and docs/', () => {
  it('are the files in examples/, verbatim', () => {
    const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
      f.endsWith('.md'),
    )
    const embedded = pages.flatMap((page) => [
      ...readFileSync(path.join(ROOT, page), 'utf8').matchAll(
        /\(\[`(examples\/[\w.-]+\.yml)`\]\((?:\.\.\/)?examples\/[\w.-]+\.yml\)\):\n\n```yaml\n([\s\S]*?)```\n/g,
      ),
    ])
    expect(embedded.map((m) => m[1]).sort()).toEqual([
      'examples/after-release.yml',
      'examples/deploy-after-merge.yml',
      'examples/pr-comment.yml',
      'examples/preview.yml',
      'examples/weekly-gaps.yml',
      'examples/weekly-refresh.yml',
      'examples/weekly-visitors.yml',
    ])
    for (const [, file = '', block] of embedded) expect(block, file).toBe(readFileSync(path.join(ROOT, file), 'utf8'))
  })
})

describe("the agent's duration inputs, as the README shows them", () => {
  const rows = new Map(tableAfter(README, '### Inputs', '## The agent job').map((r) => [r.names[0], r.cells[2] ?? '']))
  /** The agent's inputs with `name` set to `value`, as the action reads them. */
  const read = (name: string, value: string) =>
    parseAgentInputs(
      envInputs({
        'INPUT_API-KEY': 'mint_abc123456',
        'INPUT_PROJECT-ID': 'p',
        INPUT_PROMPT: 'x',
        [`INPUT_${name.toUpperCase()}`]: value,
      }),
      () => '',
      '/ws',
    )
  const ms = { timeout: 'timeoutMs', 'poll-interval': 'pollIntervalMs' } as const

  it.each(Object.keys(ms) as Array<keyof typeof ms>)('%s: every form its row gives is taken', (name) => {
    const forms = [...(rows.get(name) ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '')
    expect(forms.length).toBeGreaterThanOrEqual(3)
    for (const form of forms) expect(read(name, form)[ms[name]], form).toBeGreaterThan(0)
  })

  it('timeout takes 1h30m; a bare number is minutes for timeout and seconds for poll-interval, as the rows say', () => {
    expect(rows.get('timeout')).toContain('`1h30m`')
    expect(read('timeout', '1h30m').timeoutMs).toBe(90 * 60_000)
    expect(rows.get('timeout')).toContain('a bare number of minutes')
    expect(read('timeout', '5').timeoutMs).toBe(5 * 60_000)
    expect(rows.get('poll-interval')).toContain('a bare number of seconds (`5` is 5 s)')
    expect(read('poll-interval', '5').pollIntervalMs).toBe(5_000)
  })
})

describe('what the README tells a maintainer about fork previews (interface 4)', () => {
  const section = README.slice(README.indexOf('## Preview and deploy'), README.indexOf('## Prerequisites'))
  const flat = section.replace(/\s+/g, ' ')
  const page = readFileSync(path.join(ROOT, 'docs/preview.md'), 'utf8').replace(/\s+/g, ' ')

  it('says the pages go on the preview domain, public unless preview authentication is on: read the change first', () => {
    expect(flat).toContain('on your preview domain, public unless preview authentication is on: read the change first')
  })

  it('says that CI outside GitHub Actions that builds every pushed branch sees the preview branch', () => {
    expect(flat).toContain(
      'CI building every pushed branch outside GitHub Actions sees the branch `mintlify-preview/pr-<n>`',
    )
    expect(page).toContain('CI systems outside GitHub Actions that build every pushed branch')
  })

  it('keeps its lines to the README’s width', () => {
    for (const line of section.split('\n')) expect(line.length, line).toBeLessThanOrEqual(120)
  })
})
