/** The gate after the phrase matched, with a fake GitHub: who may start a job, what is asked of GitHub, the prompt. */
import { describe, expect, it } from 'vitest'
import {
  admitComment,
  BRANCHES_UNREAD,
  permissionCheckFailed,
  promptFromComment,
} from '../../../src/agent/github/admission.js'
import { usageComment } from '../../../src/agent/github/comments.js'
import type { GitHubApi } from '../../../src/github/client.js'
import type { CommentEvent, Target } from '../../../src/github/event.js'
import { GitHubError } from '../../../src/github/octokit.js'

import { fakeGitHub, memoryLog } from '../../helpers/fakes.js'

const repo = { owner: 'acme', repo: 'app' }
const issue: Target = {
  number: 12,
  title: 'Add a flag',
  url: 'https://github.com/acme/app/issues/12',
  isPullRequest: false,
}
const pull: Target = { ...issue, url: 'https://github.com/acme/app/pull/12', isPullRequest: true }
const writer = { login: 'writer', type: 'User' }
const posted = { id: 1, url: 'https://github.com/acme/app/issues/12#issuecomment-1', review: false }

const event = (o: Partial<CommentEvent> = {}): CommentEvent => ({
  kind: 'comment',
  name: 'issue_comment',
  action: 'created',
  commentId: 77,
  body: '/docs document it',
  author: writer,
  target: issue,
  ...o,
})

/** A GitHub where `writer` has write permission and every call succeeds, unless `parts` says otherwise. */
function github(parts: Partial<GitHubApi> = {}) {
  return fakeGitHub({
    role: async (login) => (login === 'writer' ? 'write' : 'read'),
    react: async () => undefined,
    comment: async () => posted,
    pullBranches: async () => ({ head: 'feature/x', base: 'main' }),
    ...parts,
  })
}

async function admit(e: CommentEvent, gh = github(), o: { request?: string; reply?: boolean; runUrl?: string } = {}) {
  const log = memoryLog()
  const admission = await admitComment({
    event: e,
    request: o.request ?? 'document it',
    phrase: '/docs',
    repo,
    runUrl: o.runUrl,
    reply: o.reply ?? true,
    github: gh.github,
    log,
  })
  return { admission, log, calls: gh.calls }
}

describe('who is let in', () => {
  it('a bot is skipped with a notice before anything is asked of GitHub', async () => {
    const gh = github()
    const { admission } = await admit(event({ author: { login: 'renovate[bot]', type: 'Bot' } }), gh)
    expect(admission).toEqual({
      kind: 'skip',
      reason: '@renovate[bot] is a bot; comments by bots do not trigger a run.',
      level: 'notice',
    })
    expect(gh.calls).toEqual([])
  })

  it('a user without write permission is skipped with a notice saying why: no reaction, no reply', async () => {
    const { admission, calls } = await admit(event({ author: { login: 'reader', type: 'User' } }))
    expect(admission).toEqual({
      kind: 'skip',
      reason:
        '@reader has read permission on the repository; only users with write, maintain or admin permission can trigger a run.',
      level: 'notice',
    })
    expect(calls.map((c) => c.name)).toEqual(['role'])
    expect(calls[0]?.args).toEqual(['reader'])
  })

  it('a writer is let in: the log says why, the comment gets 👀, the prompt is the request in its context', async () => {
    const { admission, log, calls } = await admit(event())
    expect(admission).toEqual({ kind: 'run', prompt: promptFromComment('document it', repo, issue) })
    expect(log.text('info')).toContain('@writer has write permission.')
    expect(calls.map((c) => [c.name, ...c.args])).toEqual([
      ['role', 'writer'],
      ['react', 77, false],
    ])
  })

  it('a failed permission check refuses the request, saying what to check', async () => {
    const gh = github({
      role: async () => {
        throw new Error("Checking @writer's permission failed: HTTP 403 (Resource not accessible by integration).")
      },
    })
    const { admission } = await admit(event(), gh)
    expect(admission).toEqual({
      kind: 'refuse',
      reason:
        "No job was started: Checking @writer's permission failed: HTTP 403 (Resource not accessible by integration). " +
        'Re-run the workflow; if this happens again, check that `github-token` may read the repository (the workflow ' +
        'token can) and that the GitHub API answers.',
    })
    expect(gh.calls.map((c) => c.name)).toEqual(['role'])
  })

  it('the reason keeps the dots inside the error, and drops only the one at its end', () => {
    expect(permissionCheckFailed(new Error('Reading acme/app.docs failed.'))).toMatch(
      /^No job was started: Reading acme\/app\.docs failed\. Re-run the workflow;/,
    )
    expect(permissionCheckFailed(new Error('no answer within 0.3s'))).toMatch(
      /^No job was started: no answer within 0\.3s\. Re-run the workflow;/,
    )
  })
})

describe('after the gate', () => {
  it('a review comment gets its 👀 through the review comments API', async () => {
    const { calls } = await admit(
      event({ name: 'pull_request_review_comment', target: { ...pull, head: 'h', base: 'b' } }),
    )
    expect(calls.find((c) => c.name === 'react')?.args).toEqual([77, true])
  })

  it('a reaction that fails is a warning, and the run goes on', async () => {
    const gh = github({
      react: async () => {
        throw new Error('Reacting to the comment failed: HTTP 403')
      },
    })
    const { admission, log } = await admit(event(), gh)
    expect(admission.kind).toBe('run')
    expect(log.text('warning')).toContain('Could not react to the comment: Reacting to the comment failed: HTTP 403.')
  })

  it('the phrase alone gets the usage reply, in the review thread for a review comment', async () => {
    const runUrl = 'https://github.com/acme/app/actions/runs/9'
    const onIssue = await admit(event(), github(), { request: '', runUrl })
    expect(onIssue.admission).toEqual({
      kind: 'skip',
      reason: 'The comment holds /docs but no request; replied with how to use it.',
      level: 'notice',
    })
    expect(onIssue.calls.find((c) => c.name === 'comment')?.args).toEqual([
      issue,
      usageComment('/docs', runUrl),
      undefined,
    ])
    const review = event({ name: 'pull_request_review_comment', target: { ...pull, head: 'h', base: 'b' } })
    const inThread = await admit(review, github(), { request: '' })
    expect(inThread.calls.find((c) => c.name === 'comment')?.args[2]).toEqual({ reviewCommentId: 77 })
  })

  it('the phrase alone, with comment: never or a reply that fails, says no more than that', async () => {
    const reason = 'The comment holds /docs but no request.'
    const never = await admit(event(), github(), { request: '', reply: false })
    expect(never.admission).toEqual({ kind: 'skip', reason, level: 'notice' })
    expect(never.calls.map((c) => c.name)).toEqual(['role', 'react'])
    const failing = github({
      comment: async () => {
        throw new Error('Commenting failed: HTTP 403')
      },
    })
    const refused = await admit(event(), failing, { request: '' })
    expect(refused.admission).toEqual({ kind: 'skip', reason, level: 'notice' })
    expect(refused.log.text('warning')).toContain('Could not reply: Commenting failed: HTTP 403.')
  })

  it.each([
    ['neither branch', {}],
    ['the head branch only', { head: 'feature/x' }],
    ['the base branch only', { base: 'main' }],
  ])('a pull request whose event has %s: the branches are read, and go into the prompt', async (_, branches) => {
    const target = { ...pull, ...branches }
    const { admission, calls } = await admit(event({ target }))
    expect(calls.find((c) => c.name === 'pullBranches')?.args).toEqual([12])
    expect(admission).toEqual({
      kind: 'run',
      prompt: promptFromComment('document it', repo, { ...pull, head: 'feature/x', base: 'main' }),
    })
  })

  it.each([500, 503])('a pull request whose branches GitHub answers with %i once: asked once more', async (status) => {
    let reads = 0
    const flaky = github({
      pullBranches: async () => {
        if (++reads === 1) throw new GitHubError(status, `Reading pull request #12 failed: HTTP ${status} (Busy)`)
        return { head: 'feature/x', base: 'main' }
      },
    })
    const { admission, calls, log } = await admit(event({ target: pull }), flaky)
    expect(calls.filter((c) => c.name === 'pullBranches')).toHaveLength(2)
    expect(admission).toEqual({
      kind: 'run',
      prompt: promptFromComment('document it', repo, { ...pull, head: 'feature/x', base: 'main' }),
    })
    expect(log.text('info')).toContain(`Reading pull request #12 failed: HTTP ${status} (Busy); asking once more.`)
    expect(log.text('warning')).toBe('')
  })

  it.each([
    ['a 5xx twice', 503, 2],
    ['a 404, not asked again', 404, 1],
    ['no answer, not asked again', 0, 1],
  ])('branches that cannot be read (%s): the request goes on without them, and says so', async (_, status, asked) => {
    const down = github({
      pullBranches: async () => {
        throw new GitHubError(status, 'Reading pull request #12 failed: it broke')
      },
    })
    const { admission, calls, log } = await admit(event({ target: pull }), down)
    expect(calls.filter((c) => c.name === 'pullBranches')).toHaveLength(asked)
    expect(admission).toEqual({
      kind: 'run',
      prompt: promptFromComment('document it', repo, pull),
      note: BRANCHES_UNREAD,
    })
    expect(log.text('warning')).toBe(
      "Reading pull request #12 failed: it broke. The request goes to the agent without the pull request's branches.",
    )
  })

  it('a pull request whose event has both branches, or an issue, reads no branches', async () => {
    for (const target of [{ ...pull, head: 'h', base: 'b' }, issue]) {
      const { admission, calls } = await admit(event({ target }))
      expect(calls.map((c) => c.name)).not.toContain('pullBranches')
      expect(admission).toEqual({ kind: 'run', prompt: promptFromComment('document it', repo, target) })
    }
  })
})
