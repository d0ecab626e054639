import { describe, expect, it } from 'vitest'
import { conversationProblem, joinConversation } from '../../src/agent/unattended.js'
import type { GitHubApi } from '../../src/github/client.js'
import { GitHubError } from '../../src/github/octokit.js'
import { InputError } from '../../src/inputs.js'
import { fakeGitHub, memoryLog, rejection } from '../helpers/fakes.js'

const repo = { owner: 'acme', repo: 'app' }
const target = {
  number: 7,
  title: 'Documentation gaps',
  url: 'https://github.com/acme/app/issues/7',
  isPullRequest: false,
}
type Issue = Awaited<ReturnType<GitHubApi['issue']>>
const open: Issue = { target, state: 'open', locked: false, repository: 'acme/app' }
const ACCEPTED = 'Accepted: the number of an open, unlocked issue or pull request of acme/app.'

describe('conversationProblem', () => {
  it('an open, unlocked issue of the repository holds the conversation', () => {
    expect(conversationProblem(open, 'acme/app')).toBeUndefined()
    expect(conversationProblem({ ...open, repository: 'ACME/App' }, 'acme/app')).toBeUndefined()
    expect(conversationProblem({ ...open, repository: undefined }, 'acme/app')).toBeUndefined()
  })

  it('closed, locked, or moved to another repository does not', () => {
    expect(conversationProblem({ ...open, state: 'closed' }, 'acme/app')).toBe('is closed')
    expect(conversationProblem({ ...open, locked: true }, 'acme/app')).toBe('is locked')
    expect(conversationProblem({ ...open, repository: 'acme/other' }, 'acme/app')).toBe('was moved to acme/other')
  })
})

describe('joinConversation', () => {
  const join = (issue: () => Promise<Issue>, runId: string | undefined = '4242') => {
    const log = memoryLog()
    const gh = fakeGitHub({ issue })
    const work = joinConversation(7, { repo, runId, runUrl: 'https://x/run', github: gh.github, log })
    return { work, log, calls: gh.calls }
  }

  it('the issue is the conversation, answered by the workflow run; the log says so', async () => {
    const { work, log, calls } = join(async () => open)
    expect(await work).toEqual({ place: { target, runUrl: 'https://x/run' }, request: { runId: '4242' } })
    expect(calls).toEqual([{ name: 'issue', args: [7] }])
    expect(log.text('info')).toBe('This run belongs to issue #7 (Documentation gaps): its reply goes there.')
  })

  it('a pull request is named as one', async () => {
    const { work, log } = join(async () => ({ ...open, target: { ...target, isPullRequest: true } }))
    await work
    expect(log.text('info')).toContain('This run belongs to pull request #7')
  })

  it.each([
    ['closed', { state: 'closed' }],
    ['locked', { locked: true }],
  ] as Array<[string, Partial<Issue>]>)('a %s one is an input error', async (problem, fields) => {
    const err = await rejection(join(async () => ({ ...open, ...fields })).work, InputError)
    expect(err.message).toBe(`Input \`conversation\`: #7 is ${problem}. ${ACCEPTED}`)
  })

  it.each([404, 410])('HTTP %i: not an issue or pull request of the repository', async (status) => {
    const err = await rejection(
      join(() => Promise.reject(new GitHubError(status, `Reading #7 failed: HTTP ${status}`))).work,
      InputError,
    )
    expect(err.message).toBe(
      `Input \`conversation\`: #7 is not an issue or pull request of acme/app (GitHub answered HTTP ${status}). ${ACCEPTED}`,
    )
  })

  it('a 403 names the permission; any other failure is passed on as it is', async () => {
    const forbidden = await rejection(
      join(() => Promise.reject(new GitHubError(403, 'Reading #7 failed: HTTP 403 (Forbidden).'))).work,
      Error,
    )
    expect(forbidden.message).toBe(
      'Reading #7 failed: HTTP 403 (Forbidden). Give the workflow `permissions: issues: write`.',
    )
    const down = new GitHubError(0, 'Reading #7 failed: no answer within 10s')
    expect(await join(() => Promise.reject(down)).work.catch((e: unknown) => e)).toBe(down)
  })

  it('without the repository or the run id, nothing is asked', async () => {
    const gh = fakeGitHub({ issue: async () => open })
    const log = memoryLog()
    await expect(joinConversation(7, { github: gh.github, log, runId: '1' })).rejects.toThrow(
      'GITHUB_REPOSITORY is not set',
    )
    for (const runId of [undefined, '', 'abc'])
      await expect(joinConversation(7, { repo, github: gh.github, log, runId })).rejects.toThrow(
        'GITHUB_RUN_ID is not set',
      )
    expect(gh.calls).toEqual([])
  })
})
