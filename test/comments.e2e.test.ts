/**
 * Comment-triggered and event-aware runs of the bundle, with an event payload file and the mock server
 * playing both the Mintlify API and the few GitHub endpoints used (GITHUB_API_URL points at it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type MockApi, startMockApi } from '../local/mock-api.ts'
import { type RunResult, runAction } from '../local/runner.ts'

const KEY = 'mint_comment_Secret_0123456789'
const TOKEN = 'ghs_Token_0123456789abcdef'
let api: MockApi

beforeEach(async () => {
  api = await startMockApi({
    github: {
      roles: { writer: 'write', maintainer: 'maintain', reader: 'read' },
      pulls: { 12: { head: 'feature/dry-run', base: 'main' } },
    },
  })
})
afterEach(async () => {
  await api.close()
})

type User = { login: string; type: string }
const writer: User = { login: 'writer', type: 'User' }

const issueComment = (body: string, user: User = writer, opts: { onPull?: boolean; action?: string } = {}) => ({
  name: 'issue_comment',
  payload: {
    action: opts.action ?? 'created',
    comment: { id: 77, body, user },
    issue: {
      number: 12,
      title: 'Add a --dry-run flag',
      html_url: 'https://github.com/acme/app/issues/12',
      ...(opts.onPull ? { pull_request: { url: 'https://api.github.com/repos/acme/app/pulls/12' } } : {}),
    },
  },
})

const pullRequest = {
  number: 12,
  title: 'Add a --dry-run flag',
  html_url: 'https://github.com/acme/app/pull/12',
  head: { ref: 'feature/dry-run' },
  base: { ref: 'main' },
}

async function run(event: { name: string; payload: unknown }, inputs: Record<string, string> = {}): Promise<RunResult> {
  const r = await runAction({
    inputs: {
      'api-key': KEY,
      'project-id': 'proj_1',
      prompt: '',
      'api-url': api.url,
      'poll-interval': '20ms',
      'github-token': TOKEN,
      ...inputs,
    },
    event: { ...event, githubApiUrl: api.url },
  })
  const visible = [r.stdout.replace(/^::add-mask::.*\n/gm, ''), r.stderr, JSON.stringify(r.outputs), r.summary].join(
    '\n',
  )
  expect(visible).not.toContain(KEY)
  expect(visible).not.toContain(TOKEN)
  return r
}

const mintlify = () => api.requests.filter((r) => r.path.startsWith('/v'))
const github = () => api.requests.filter((r) => r.path.startsWith('/repos/'))
const posted = (fragment: string) =>
  github()
    .filter((r) => r.method === 'POST' && r.path.includes(fragment))
    .map((r) => JSON.parse(r.body) as { body?: string; content?: string })

describe('who and what triggers', () => {
  it('a comment without the phrase: skipped, exit 0, no request at all', async () => {
    const r = await run(issueComment('Looks good to me, but /docs later?'))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(r.stdout).toContain('The comment does not start with /docs; nothing to do.')
    expect(r.stdout).not.toContain('::error')
    expect(api.requests).toHaveLength(0)
    expect(r.summary).toBe('')
  })

  it('the phrase must be a whole word: /docsify does not trigger, /DOCS does', async () => {
    expect((await run(issueComment('/docsify this'))).outputs).toEqual({ status: 'skipped' })
    expect(api.requests).toHaveLength(0)
    const r = await run(issueComment('  /DOCS   document the flag'))
    expect(r.outputs.status).toBe('completed')
  })

  it('a bot: skipped with a notice, zero requests', async () => {
    const r = await run(issueComment('/docs document everything', { login: 'renovate[bot]', type: 'Bot' }))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(r.stdout).toContain('::notice::@renovate[bot] is a bot; comments by bots do not trigger a run.')
    expect(api.requests).toHaveLength(0)
  })

  it('a read-only commenter: skipped with a notice saying why, zero Mintlify requests', async () => {
    const r = await run(issueComment('/docs document the flag', { login: 'reader', type: 'User' }))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(r.stdout).toContain(
      '::notice::@reader has read permission on the repository; only users with write, maintain or admin permission can trigger a run.',
    )
    expect(mintlify()).toHaveLength(0)
    expect(github().map((q) => q.path)).toEqual(['/repos/acme/app/collaborators/reader/permission'])
  })

  it('someone who is not a collaborator is refused the same way', async () => {
    const r = await run(issueComment('/docs document the flag', { login: 'stranger', type: 'User' }))
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(r.stdout).toContain('::notice::@stranger has no permission on the repository')
    expect(mintlify()).toHaveLength(0)
  })

  it('an edited comment does not trigger again', async () => {
    const r = await run(issueComment('/docs document the flag', writer, { action: 'edited' }))
    expect(r.outputs).toEqual({})
    expect(r.code).toBe(1) // no comment trigger, and no prompt: bad input, as on any plain run
    expect(mintlify()).toHaveLength(0)
  })
})

describe("a writer's request", () => {
  it('one create with the request and the issue, a 👀 reaction, and a reply with the PR link', async () => {
    const r = await run(issueComment('/docs document the new --dry-run flag'))
    expect(r.code).toBe(0)
    const creates = mintlify().filter((q) => q.method === 'POST')
    expect(creates).toHaveLength(1)
    const prompt = JSON.parse(creates[0]?.body ?? '{}').prompt as string
    expect(prompt).toMatch(/^document the new --dry-run flag\n/)
    expect(prompt).toContain('issue #12 of acme/app: Add a --dry-run flag')
    expect(prompt).toContain('URL: https://github.com/acme/app/issues/12')
    expect(posted('/issues/comments/77/reactions')).toEqual([{ content: 'eyes' }])
    const replies = posted('/issues/12/comments')
    expect(replies).toHaveLength(1)
    expect(replies[0]?.body).toContain('<a href="https://github.com/acme/docs/pull/101">')
    expect(replies[0]?.body).toContain('Pull request opened')
    expect(replies[0]?.body).toContain('<a href="https://github.com/acme/app/actions/runs/4242">Workflow run</a>')
    expect(r.outputs.status).toBe('completed')
    // The reaction comes before the job, the reply after it.
    const order = api.requests.map((q) =>
      q.path.includes('reactions')
        ? 'react'
        : q.path.includes('/issues/12/comments')
          ? 'reply'
          : q.method === 'POST'
            ? 'create'
            : '',
    )
    expect(order.filter(Boolean)).toEqual(['react', 'create', 'reply'])
  })

  it('on a pull request, the branches are fetched when the event lacks them', async () => {
    const r = await run(issueComment('/docs explain the flag', writer, { onPull: true }))
    expect(r.code).toBe(0)
    expect(github().some((q) => q.method === 'GET' && q.path === '/repos/acme/app/pulls/12')).toBe(true)
    const prompt = JSON.parse(mintlify().find((q) => q.method === 'POST')?.body ?? '{}').prompt as string
    expect(prompt).toContain('pull request #12 of acme/app')
    expect(prompt).toContain('Head branch: feature/dry-run\nBase branch: main')
  })

  it('a review comment: reaction and reply in its thread, branches from the event', async () => {
    const r = await run({
      name: 'pull_request_review_comment',
      payload: {
        action: 'created',
        comment: { id: 88, body: '/docs document this option', user: writer },
        pull_request: pullRequest,
      },
    })
    expect(r.code).toBe(0)
    expect(posted('/pulls/comments/88/reactions')).toEqual([{ content: 'eyes' }])
    expect(posted('/pulls/12/comments/88/replies')).toHaveLength(1)
    expect(github().some((q) => q.path.endsWith('/pulls/12'))).toBe(false)
    const prompt = JSON.parse(mintlify().find((q) => q.method === 'POST')?.body ?? '{}').prompt as string
    expect(prompt).toContain('Head branch: feature/dry-run')
  })

  it('the phrase alone gets a short usage reply instead of a job', async () => {
    const r = await run(issueComment('/docs'))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(mintlify()).toHaveLength(0)
    const replies = posted('/issues/12/comments')
    expect(replies).toHaveLength(1)
    expect(replies[0]?.body).toContain('Tell the Mintlify agent what to do after <code>/docs</code>')
  })

  it('a 403 on the reply is a warning naming the permission, not a failure', async () => {
    api.fault({
      method: 'POST',
      path: '/issues/12/comments',
      status: 403,
      json: { message: 'Resource not accessible by integration' },
    })
    const r = await run(issueComment('/docs document the flag'))
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('completed')
    expect(r.stdout).toMatch(
      /::warning::Could not post the result comment: Commenting failed: HTTP 403 .*Resource not accessible by integration.*permissions: issues: write/,
    )
  })

  it('comment: never still reacts but posts nothing', async () => {
    const r = await run(issueComment('/docs document the flag'), { comment: 'never' })
    expect(r.code).toBe(0)
    expect(posted('/reactions')).toHaveLength(1)
    expect(posted('/comments').filter((c) => c.body)).toHaveLength(0)
  })

  it('prompt inputs are refused on a comment event', async () => {
    const r = await run(issueComment('/docs document the flag'), { prompt: 'something else' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Input `prompt`: a comment triggered this run and brings the prompt')
    expect(api.requests).toHaveLength(0)
  })
})

describe('comment: always', () => {
  it('on a pull_request event posts the outcome on the pull request', async () => {
    const r = await run(
      { name: 'pull_request', payload: { action: 'opened', pull_request: pullRequest } },
      { comment: 'always', prompt: 'Refresh the docs' },
    )
    expect(r.code).toBe(0)
    const comments = posted('/issues/12/comments')
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toContain('Pull request opened')
    expect(r.outputs.status).toBe('completed')
  })

  it('auto on a pull_request event posts nothing, and a plain run never loads GitHub', async () => {
    const r = await run(
      { name: 'pull_request', payload: { action: 'opened', pull_request: pullRequest } },
      { prompt: 'Refresh the docs' },
    )
    expect(r.code).toBe(0)
    expect(github()).toHaveLength(0)
  })
})
