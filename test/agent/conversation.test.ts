import { describe, expect, it } from 'vitest'
import {
  earlierReply,
  introducePull,
  planJob,
  pullOfRepository,
  pullOnServer,
  requestsSent,
  TrackingReply,
} from '../../src/agent/conversation.js'
import { markerOf } from '../../src/agent/github/marker.js'
import type { AgentConfig } from '../../src/agent/inputs.js'
import type { AgentApi } from '../../src/agent/job.js'
import { ApiError } from '../../src/api/errors.js'
import type { AgentJob } from '../../src/api/types.js'
import type { GitHubApi, PostedComment } from '../../src/github/client.js'
import { COMMENT_LIMIT } from '../../src/github/comments.js'
import { GitHubError } from '../../src/github/octokit.js'
import { createRedactor } from '../../src/log.js'
import { agentConfig, BOT, FakeClock, fakeGitHub, memoryLog, PERSON, threadComment } from '../helpers/fakes.js'

const target = { number: 12, title: 'T', url: 'https://github.com/acme/app/issues/12', isPullRequest: false }
const posted: PostedComment = { id: 5, url: 'https://github.com/acme/app/issues/12#issuecomment-5', review: false }
const WORKING = '⏳ **Mintlify agent: working on it.**'
/** Another automation of the repository, one that quotes comments (markers included). */
const QUOTER = { login: 'quote-bot[bot]', type: 'Bot' }
/** A GitHub that says the action writes as the bot of `BOT`, and records that it was asked. */
const asMe = () => fakeGitHub({ account: async () => BOT.login })
/** Lets the edits already queued go out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function replyGitHub(failPost = false) {
  const calls: string[] = []
  const gh: Partial<GitHubApi> = {
    comment: async (_t, body) => {
      calls.push(`post ${body}`)
      if (failPost) throw Object.assign(new Error('Commenting failed: HTTP 403'), { status: 403 })
      return posted
    },
    editComment: async (_c, body) => {
      calls.push(`edit ${body}`)
    },
  }
  return { calls, github: async () => gh as GitHubApi }
}

describe('the tracking reply', () => {
  it('is posted once, then only edited; edits close together are sent as one, with the newest text', async () => {
    const { calls, github } = replyGitHub()
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    expect(await reply.open()).toBe('https://github.com/acme/app/issues/12#issuecomment-5')
    expect(calls[0]).toContain(markerOf(undefined, 77)) // the request is named from the first post on
    reply.explain('Sent as a follow-up.')
    reply.nameJob('job_1')
    await settle() // the named-job edit goes out
    reply.nameJob('job_1') // already named: no second edit
    await reply.close('Done.')
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['post', 'edit', 'edit'])
    expect(calls[1]).toContain(`Sent as a follow-up.\n\n${markerOf('job_1', 77)}`)
    expect(calls[2]).toBe(`edit Done.\n\nSent as a follow-up.\n\n${markerOf('job_1', 77)}`)
    reply.nameJob('job_2')
    await reply.close('Later.')
    expect(calls.at(-1)).toBe(`edit Later.\n\nSent as a follow-up.\n\n${markerOf('job_2', 77)}`)
    expect(calls).toHaveLength(4) // the name and the outcome, sent together: one edit
  })

  it('its final text can replace the note (a follow-up told in the past tense once the run ended)', async () => {
    const { calls, github } = replyGitHub()
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    await reply.open()
    reply.explain('This request goes to job `job_1`, as a follow-up.')
    reply.nameJob('job_1')
    await reply.close('Done.', '')
    expect(calls.at(-1)).toBe(`edit Done.\n\n${markerOf('job_1', 77)}`)
  })

  it('that could not be posted is never posted again, nor edited', async () => {
    const { calls, github } = replyGitHub(true)
    const log = memoryLog()
    const reply = new TrackingReply(github, { target }, 77, log, createRedactor([]))
    expect(await reply.open()).toBeUndefined()
    reply.nameJob('job_1')
    await reply.close('Done.')
    expect(calls.filter((c) => c.startsWith('post'))).toHaveLength(1)
    expect(calls.filter((c) => c.startsWith('edit'))).toHaveLength(0)
    expect(log.text('warning')).toContain('Could not reply: Commenting failed: HTTP 403')
  })

  it('first says it is working, with a link to the run when there is one, and the marker of the request', async () => {
    const { calls, github } = fakeGitHub({ comment: async () => posted })
    const runUrl = 'https://github.com/acme/app/actions/runs/9'
    await new TrackingReply(github, { target, runUrl }, 77, memoryLog(), createRedactor([])).open()
    await new TrackingReply(github, { target }, 78, memoryLog(), createRedactor([])).open()
    expect(calls.map((c) => c.args[1])).toEqual([
      `${WORKING} [Workflow run](${runUrl})\n\n${markerOf(undefined, 77)}`,
      `${WORKING}\n\n${markerOf(undefined, 78)}`,
    ])
  })

  it('an edit that fails is a warning, and the next edit is still sent', async () => {
    let failing = true
    const { calls, github } = fakeGitHub({
      comment: async () => posted,
      editComment: async () => {
        if (failing) throw new Error('Updating the reply failed: HTTP 502')
      },
    })
    const log = memoryLog()
    const reply = new TrackingReply(github, { target }, 77, log, createRedactor([]))
    await reply.open()
    reply.nameJob('job_1')
    await settle()
    expect(log.text('warning')).toContain('Could not update the reply: Updating the reply failed: HTTP 502.')
    failing = false
    await reply.close('Done.')
    expect(calls.map((c) => c.name)).toEqual(['comment', 'editComment', 'editComment'])
    expect(calls.at(-1)?.args[1]).toBe(`Done.\n\n${markerOf('job_1', 77)}`)
  })

  it("a review comment's reply goes to its thread", async () => {
    const { calls, github } = fakeGitHub({ comment: async () => ({ ...posted, review: true }) })
    const place = { target: { ...target, isPullRequest: true }, replyTo: { reviewCommentId: 88 } }
    await new TrackingReply(github, place, 88, memoryLog(), createRedactor([])).open()
    expect(calls[0]?.args[2]).toEqual({ reviewCommentId: 88 })
  })

  it('taken over from an earlier attempt, is that comment, edited: nothing posted', async () => {
    const { calls, github } = fakeGitHub({ editComment: async () => undefined })
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    const earlier = { ...threadComment(markerOf('job_1', 77)), review: true }
    expect(reply.adopt(earlier)).toBe(earlier.url)
    await reply.close('Done.')
    expect(calls).toEqual([
      {
        name: 'editComment',
        args: [{ id: earlier.id, url: earlier.url, review: true }, `Done.\n\n${markerOf(undefined, 77)}`],
      },
    ])
  })

  it('naming the same job again sends no edit', async () => {
    const { calls, github } = fakeGitHub({ comment: async () => posted, editComment: async () => undefined })
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    await reply.open()
    reply.nameJob('job_1')
    await settle()
    reply.nameJob('job_1')
    await settle()
    expect(calls.map((c) => c.name)).toEqual(['comment', 'editComment'])
    expect(calls[1]?.args[1]).toBe(`${WORKING}\n\n${markerOf('job_1', 77)}`)
  })

  it('a text too long for GitHub is cut, and the marker stays at the end', async () => {
    const { calls, github } = fakeGitHub({ comment: async () => posted, editComment: async () => undefined })
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    await reply.open()
    reply.nameJob('job_1')
    await reply.close('x'.repeat(2 * COMMENT_LIMIT))
    const body = String(calls.at(-1)?.args[1])
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(body.endsWith(`\n\n${markerOf('job_1', 77)}`)).toBe(true)
  })
})

describe('a reply whose request may have created a job', () => {
  const maybe = markerOf(undefined, 77, false, true)

  it('says so in its marker at once, and in every edit after; said once, no second edit', async () => {
    const { calls, github } = fakeGitHub({ comment: async () => posted, editComment: async () => undefined })
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    await reply.open()
    reply.mayHaveCreated()
    await settle()
    reply.mayHaveCreated()
    await settle()
    expect(calls.map((c) => c.name)).toEqual(['comment', 'editComment'])
    expect(calls[1]?.args[1]).toBe(`${WORKING}\n\n${maybe}`)
    await reply.close('Failed.')
    expect(calls.at(-1)?.args[1]).toBe(`Failed.\n\n${maybe}`)
  })

  it('not posted: nothing is edited', async () => {
    const { calls, github } = fakeGitHub({
      comment: async () => {
        throw new Error('Commenting failed: HTTP 403')
      },
    })
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    await reply.open()
    reply.mayHaveCreated()
    await reply.close('Failed.')
    expect(calls.map((c) => c.name)).toEqual(['comment'])
  })

  it('taken over from an attempt whose reply said so, keeps saying so; taken over from one that did not, does not', async () => {
    const { calls, github } = fakeGitHub({ editComment: async () => undefined })
    const said = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    said.adopt(threadComment(maybe), true)
    await said.close('Job may exist.')
    const unsaid = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    unsaid.adopt(threadComment(markerOf(undefined, 77)))
    await unsaid.close('Done.')
    expect(calls.map((c) => c.args[1])).toEqual([`Job may exist.\n\n${maybe}`, `Done.\n\n${markerOf(undefined, 77)}`])
  })

  it('once the job is known, the marker names it instead', async () => {
    const { calls, github } = fakeGitHub({ comment: async () => posted, editComment: async () => undefined })
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    await reply.open()
    reply.mayHaveCreated()
    reply.nameJob('job_1')
    await reply.close('Done.')
    expect(calls.at(-1)?.args[1]).toBe(`Done.\n\n${markerOf('job_1', 77)}`)
  })
})

describe('the capped reply', () => {
  const key = { runId: '9' }
  const CAPPED = `Limit reached.\n\n${markerOf(undefined, key, true)}`

  it('is posted when the conversation has none, with the capped marker and no job', async () => {
    const { calls, github } = fakeGitHub({ comment: async () => posted })
    const reply = new TrackingReply(github, { target }, key, memoryLog(), createRedactor(['s3cret']))
    expect(await reply.capped('Limit reached.', undefined)).toBe(posted.url)
    expect(calls).toEqual([{ name: 'comment', args: [target, CAPPED, undefined] }])
  })

  it("edits the conversation's capped reply instead: nothing posted", async () => {
    const { calls, github } = fakeGitHub({ editComment: async () => undefined })
    const reply = new TrackingReply(github, { target }, key, memoryLog(), createRedactor([]))
    const existing = threadComment(`Limit.\n\n${markerOf(undefined, 5, true)}`)
    expect(await reply.capped('Limit reached.', existing)).toBe(existing.url)
    expect(calls).toEqual([
      { name: 'editComment', args: [{ id: existing.id, url: existing.url, review: false }, CAPPED] },
    ])
  })

  it('a reply that cannot be posted is a warning, and no URL', async () => {
    const { github } = replyGitHub(true)
    const log = memoryLog()
    const reply = new TrackingReply(github, { target }, key, log, createRedactor([]))
    expect(await reply.capped('Limit reached.', undefined)).toBeUndefined()
    expect(log.text('warning')).toContain('Could not reply: Commenting failed: HTTP 403')
  })
})

describe('the requests a conversation sent', () => {
  it('counts its own replies that name a job, and finds its capped reply; the account asked for once', async () => {
    const gh = asMe()
    const sent = [threadComment(markerOf('job_1', 1)), threadComment(markerOf('job_1', { runId: '2' }))]
    const capped = threadComment(markerOf(undefined, { runId: '3' }, true)) // the newest reply
    const thread = [...sent, capped]
    expect(await requestsSent(gh.github, thread)).toEqual({ sent: 2, capped })
    expect(gh.calls.map((c) => c.name)).toEqual(['account'])
  })

  it("no reply's marker: none sent, and the account is not asked for; a person's pasted reply is not the action's", async () => {
    const gh = asMe()
    expect(await requestsSent(gh.github, [threadComment(markerOf('job_1'))])).toEqual({ sent: 0, capped: undefined })
    expect(gh.calls).toEqual([])
    const pasted = [threadComment(markerOf('job_1', 1), PERSON)]
    expect(await requestsSent(gh.github, pasted)).toEqual({ sent: 0, capped: undefined })
    expect(gh.calls.map((c) => c.name)).toEqual(['account'])
  })

  it("with a personal access token, the replies of the token's person are the action's and count", async () => {
    const mine = fakeGitHub({ account: async () => PERSON.login })
    const thread = [threadComment(markerOf('job_1', 1), PERSON), threadComment(markerOf('job_2', 2))]
    expect(await requestsSent(mine.github, thread)).toEqual({ sent: 1, capped: undefined })
  })

  it('an account that cannot be learned is thrown: an unknown count is never zero', async () => {
    const { github } = fakeGitHub({})
    await expect(requestsSent(github, [threadComment(markerOf('job_1', 1))])).rejects.toThrow(
      'unexpected GitHub call: account',
    )
  })
})

describe('the reply of an earlier attempt', () => {
  const request = (author = BOT, jobId = 'job_1') => threadComment(markerOf(jobId, 77), author)

  it("is the action's own comment naming the request, not another bot's that names it first", async () => {
    const echoed = request(QUOTER, 'job_evil')
    const ours = request()
    const gh = asMe()
    expect(await earlierReply(gh.github, [echoed, ours], 77)).toEqual({ comment: ours, jobId: 'job_1' })
    expect(await earlierReply(asMe().github, [echoed], 77)).toBeUndefined()
    expect(gh.calls.map((c) => c.name)).toEqual(['account'])
  })

  it('no comment names the request: none, and the account is not asked for', async () => {
    const gh = asMe()
    expect(await earlierReply(gh.github, [threadComment(markerOf('job_1', 76))], 77)).toBeUndefined()
    expect(gh.calls).toEqual([])
    // Only a person's comment names it: the account is asked, and that person is not the action.
    expect(await earlierReply(gh.github, [request(PERSON)], 77)).toBeUndefined()
    expect(gh.calls.map((c) => c.name)).toEqual(['account'])
  })

  it("with a personal access token, the person's own reply is the earlier attempt's: taken over", async () => {
    const mine = fakeGitHub({ account: async () => PERSON.login })
    const own = request(PERSON)
    expect(await earlierReply(mine.github, [own], 77)).toEqual({ comment: own, jobId: 'job_1' })
  })

  it('an account that cannot be learned is thrown: neither adopted nor "none", so nothing is posted', async () => {
    const { github } = fakeGitHub({})
    await expect(earlierReply(github, [request()], 77)).rejects.toThrow('unexpected GitHub call: account')
  })
})

describe('which job a request goes to', () => {
  const marked = (jobId: string, author = threadComment('').author) =>
    threadComment(`Done.\n\n${markerOf(jobId)}`, author)
  const thread = [threadComment('/docs first'), marked('job_old')]

  /** An API whose job reads answer from `answers` in turn (the last one stays); an Error answer is thrown. */
  function jobApi(...answers: Array<Partial<AgentJob> | Error>) {
    const reads: Array<{ jobId: string; limit: unknown }> = []
    const api: AgentApi = {
      createJob: async () => {
        throw new Error('unexpected create')
      },
      sendMessage: async () => {
        throw new Error('unexpected message')
      },
      getJob: async (_project, jobId, limit) => {
        reads.push({ jobId, limit })
        const answer = answers.length > 1 ? answers.shift() : answers[0]
        if (answer instanceof Error) throw answer
        return { id: jobId, ...answer }
      },
    }
    return { api, reads }
  }

  async function plan(api: AgentApi, config: Partial<AgentConfig> = {}, comments = thread, gh = asMe()) {
    const clock = new FakeClock()
    clock.time = 1_000_000
    const log = memoryLog()
    const result = planJob(agentConfig(config), comments, clock.now() + 60_000, { api, github: gh.github, clock, log })
    return { result, log, clock }
  }

  it("another bot's marker is not the conversation's job: a new job, the API not asked for it", async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    expect(await (await plan(api, {}, [marked('job_elsewhere', QUOTER)])).result).toEqual({ kind: 'create' })
    expect(reads).toEqual([])
  })

  it("the action's own marker counts even when another bot's is newer", async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    const comments = [marked('job_old'), marked('job_elsewhere', QUOTER)]
    expect(await (await plan(api, {}, comments)).result).toMatchObject({ kind: 'message', jobId: 'job_old' })
    expect(reads.map((r) => r.jobId)).toEqual(['job_old'])
  })

  it('the account is asked for only when a comment holds a job marker', async () => {
    const { api } = jobApi({ status: 'completed' })
    const quiet = asMe()
    const unnamed = threadComment(markerOf(undefined, 76)) // a reply that never named a job
    await (await plan(api, {}, [threadComment('/docs first'), unnamed], quiet)).result
    expect(quiet.calls).toEqual([])
    const asked = asMe()
    await (await plan(api, {}, thread, asked)).result
    expect(asked.calls.map((c) => c.name)).toEqual(['account'])
  })

  it("with a personal access token, the job the token's person's reply names is the conversation's; not another person's", async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    const mine = () => fakeGitHub({ account: async () => PERSON.login })
    const theirs = marked('job_theirs', { login: 'someone', type: 'User' })
    const comments = [marked('job_mine', PERSON), theirs]
    expect(await (await plan(api, {}, comments, mine())).result).toMatchObject({ kind: 'message', jobId: 'job_mine' })
    expect(await (await plan(api, {}, [theirs], mine())).result).toEqual({ kind: 'create' })
    expect(reads.map((r) => r.jobId)).toEqual(['job_mine'])
  })

  it('an account that cannot be learned is thrown: never a new job on doubt', async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    const unknown = fakeGitHub({
      account: async () => {
        throw new Error('Finding the account the token writes as failed: HTTP 502')
      },
    })
    await expect((await plan(api, {}, thread, unknown)).result).rejects.toThrow('HTTP 502')
    expect(reads).toEqual([])
  })

  it("the action's newest request may have created a job whose id is not known: unclear, naming its reply; the API not asked", async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    const maybe = threadComment(`Failed.\n\n${markerOf(undefined, 76, false, true)}`)
    const { result, log } = await plan(api, {}, [...thread, threadComment('/docs again', PERSON), maybe])
    expect(await result).toEqual({ kind: 'unclear', own: false, reply: maybe.url })
    expect(log.text('info')).toContain(
      `The newest request of this conversation (${maybe.url}) may have created a job whose id is not known.`,
    )
    expect(reads).toEqual([])
    // Written by another bot, or with follow-up: never, it is not the conversation's.
    const quoted = threadComment(maybe.body, QUOTER)
    expect(await (await plan(api, {}, [quoted])).result).toEqual({ kind: 'create' })
    expect(await (await plan(api, { followUp: 'never' }, [maybe])).result).toEqual({ kind: 'create' })
  })

  it('with follow-up: never, or no bot marker in the conversation, is a new job: the API is not asked', async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    expect(await (await plan(api, { followUp: 'never' })).result).toEqual({ kind: 'create' })
    expect(await (await plan(api, {}, [threadComment('/docs first')])).result).toEqual({ kind: 'create' })
    expect(await (await plan(api, {}, [marked('job_old', PERSON)])).result).toEqual({ kind: 'create' })
    expect(reads).toEqual([])
  })

  it('a completed job gets the request as a follow-up; the read is bounded by the time left', async () => {
    const { api, reads } = jobApi({ status: 'completed' })
    const { result, log } = await plan(api)
    expect(await result).toEqual({
      kind: 'message',
      jobId: 'job_old',
      prBefore: null,
      note: 'This request goes to job `job_old` of this conversation, as a follow-up.',
    })
    expect(reads).toEqual([{ jobId: 'job_old', limit: { timeoutMs: 60_000 } }])
    expect(log.text('info')).toContain('This conversation already has job job_old.')
    expect(log.text()).not.toContain('waiting for it')
  })

  it('a follow-up carries the pull request its job had before, so that the reply can say it was updated', async () => {
    const { api } = jobApi({ status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    expect(await (await plan(api)).result).toMatchObject({
      kind: 'message',
      prBefore: 'https://github.com/acme/docs/pull/7',
    })
  })

  describe('a completed job with a pull request on the workflow’s GitHub server', () => {
    const PR = 'https://github.com/acme/docs/pull/31'
    /** The plan, with GitHub answering the pull request's state with `state` (or failing with it). */
    async function withPull(
      state: (repo: unknown, n: number) => Promise<'open' | 'merged' | 'closed'>,
      prLink = PR,
      unattended = false,
    ) {
      const { api } = jobApi({ status: 'completed', prLink })
      const gh = fakeGitHub({ account: async () => BOT.login, pullState: state })
      const clock = new FakeClock()
      const log = memoryLog()
      const deps = { api, github: gh.github, clock, log, server: 'https://github.com', unattended }
      return { result: await planJob(agentConfig(), thread, clock.now() + 60_000, deps), log, calls: gh.calls }
    }

    it.each([
      ['merged', 'merged'],
      ['closed', 'closed without merging'],
    ] as const)('%s: a new job, with the reason', async (state, words) => {
      const { result, log, calls } = await withPull(async () => state)
      expect(result).toEqual({
        kind: 'create',
        note: `Job \`job_old\` of this conversation had its pull request [acme/docs#31](${PR}) ${words}, so this request goes to a new job.`,
      })
      expect(calls.find((c) => c.name === 'pullState')?.args).toEqual([{ owner: 'acme', repo: 'docs' }, 31])
      expect(log.text('info')).toContain(
        `Pull request ${PR} of job job_old was ${state}, so this request goes to a new job.`,
      )
    })

    it('open: the request goes to the job', async () => {
      expect((await withPull(async () => 'open')).result).toMatchObject({ kind: 'message', jobId: 'job_old' })
    })

    it.each([403, 404])(
      'that the token may not read (HTTP %i): a follow-up, and the log says why at info level',
      async (status) => {
        const refused = new GitHubError(status, `Reading pull request acme/docs#31 failed: HTTP ${status} (Not Found)`)
        const { result, log } = await withPull(() => Promise.reject(refused))
        expect(result).toMatchObject({ kind: 'message', jobId: 'job_old' })
        expect(log.text('info')).toContain(
          `Reading pull request acme/docs#31 failed: HTTP ${status} (Not Found), so whether it was merged or closed is not known: this request goes to job job_old as a follow-up. A github-token that may read acme/docs lets a merged or closed pull request start a new job.`,
        )
        expect(log.text('warning')).toBe('')
      },
    )

    it('a run that `conversation` named: any failure is a warning, and the plan’s caveat says it (what to grant for a 403 or 404)', async () => {
      const refused = new GitHubError(403, 'Reading pull request acme/docs#31 failed: HTTP 403 (Forbidden)')
      const denied = await withPull(() => Promise.reject(refused), PR, true)
      expect(denied.result).toMatchObject({
        kind: 'message',
        jobId: 'job_old',
        caveat: `Whether pull request [acme/docs#31](${PR}) was merged or closed could not be told (GitHub answered HTTP 403), so it was taken as open. So that a merged or closed pull request starts a new job, give \`github-token\` read access to \`acme/docs\`: a GitHub App’s token installed on it (the workflow’s own token reads only this repository).`,
      })
      expect(denied.log.text('warning')).toContain(
        'HTTP 403 (Forbidden), so whether it was merged or closed is not known',
      )
      expect(denied.log.text('info')).not.toContain('HTTP 403')
      const down = new GitHubError(0, 'Reading pull request acme/docs#31 failed: no answer within 10s')
      const unread = await withPull(() => Promise.reject(down), PR, true)
      expect(unread.result).toMatchObject({
        caveat: `Whether pull request [acme/docs#31](${PR}) was merged or closed could not be told, so it was taken as open.`,
      })
      // A comment's conversation: no caveat (the commenter sees the pull request).
      expect((await withPull(() => Promise.reject(refused))).result).not.toHaveProperty('caveat')
    })

    it('that cannot be read for another reason: a follow-up (never a new job on doubt), with a warning', async () => {
      const down = new GitHubError(0, 'Reading pull request acme/docs#31 failed: no answer within 10s')
      const { result, log } = await withPull(() => Promise.reject(down))
      expect(result).toMatchObject({ kind: 'message', jobId: 'job_old' })
      expect(log.text('warning')).toBe(
        'Reading pull request acme/docs#31 failed: no answer within 10s, so whether it was merged or closed is not known: this request goes to job job_old as a follow-up.',
      )
    })

    it.each([
      'https://gitlab.com/acme/docs/-/merge_requests/45',
      'https://github.example.com/acme/docs/pull/31',
      'https://github.com/acme/docs/issues/31',
    ])('a link that is no pull request of the server (%s) is not read: a follow-up', async (link) => {
      const { result, calls } = await withPull(async () => 'merged', link)
      expect(result).toMatchObject({ kind: 'message', jobId: 'job_old' })
      expect(calls.map((c) => c.name)).not.toContain('pullState')
    })
  })

  it.each(['failed', 'archived'])('a %s job leads to a new job, with the reason', async (status) => {
    const { api } = jobApi({ status })
    expect(await (await plan(api)).result).toEqual({
      kind: 'create',
      note: `Job \`job_old\` of this conversation was ${status}, so this request goes to a new job.`,
    })
  })

  it('a job the API does not find (404) leads to a new job, with the reason', async () => {
    const { api } = jobApi(new ApiError('get', 404, 'Agent job not found'))
    expect(await (await plan(api)).result).toEqual({
      kind: 'create',
      note: 'Job `job_old` of this conversation was not found, so this request goes to a new job.',
    })
  })

  it.each([401, 403, 429, 500])('a %i reading the job is thrown: never a new job on doubt', async (status) => {
    const refused = new ApiError('get', status, 'No')
    const { api, reads } = jobApi(refused)
    await expect((await plan(api)).result).rejects.toBe(refused)
    expect(reads).toHaveLength(1)
  })

  it('a 404 that is not the API answering is thrown too', async () => {
    const odd = Object.assign(new Error('Not found somewhere else'), { status: 404 })
    const { api } = jobApi(odd)
    await expect((await plan(api)).result).rejects.toBe(odd)
  })

  it.each([
    ['active', 'active'],
    ['without a status', 'not yet reporting a status'],
    ['in a status not known yet', 'queued'],
  ])('a job %s is waited for, then gets the request', async (_, said) => {
    const first = said === 'not yet reporting a status' ? {} : { status: said }
    const { api, reads } = jobApi(first, first, { status: 'completed' })
    const { result, log } = await plan(api)
    expect((await result).kind).toBe('message')
    expect(reads.length).toBeGreaterThanOrEqual(3)
    expect(log.text('info')).toContain(`Job job_old is ${said}; waiting for it before sending.`)
  })

  it('a job waited for that ends failed leads to a new job', async () => {
    const { api } = jobApi({ status: 'active' }, { status: 'failed' })
    expect(await (await plan(api)).result).toMatchObject({ kind: 'create' })
  })

  it('a job still active when time runs out: the request is not sent, and the note says so', async () => {
    const { api } = jobApi({ status: 'active' })
    const { result, clock } = await plan(api)
    expect(await result).toEqual({
      kind: 'not-sent',
      job: { id: 'job_old', status: 'active' },
      note: 'The request was not sent: job `job_old` of this conversation was still working when `timeout` ran out. Ask again once it is done.',
    })
    expect(clock.time).toBe(1_060_000)
  })

  it('errors that last while waiting are thrown: an API error, not "not sent"', async () => {
    const down = new ApiError('get', 503, 'Unavailable')
    const { api } = jobApi({ status: 'active' }, down)
    await expect((await plan(api)).result).rejects.toBe(down)
  })
})

describe("the agent's own pull request", () => {
  it.each([
    ['https://github.com/acme/app/pull/31', 31],
    ['https://GitHub.com/Acme/App/pull/31/files', 31],
    ['https://github.com/acme/app/pull/31?tab=files', 31],
    ['https://github.com/acme/app/pull/31#discussion', 31],
    ['https://github.com/acme/docs/pull/31', undefined],
    ['https://github.com/acme/web/pull/31', undefined],
    ['https://github.com/acme/app-docs/pull/31', undefined],
    ['https://github.com/acme/app/issues/31', undefined],
    ['https://github.com/acme/app/pull/new', undefined],
    ['https://github.com/acme/app/pull/x31', undefined],
    ['https://github.com/acme/app/pull/31x', undefined],
    ['https://evil.example/acme/app/pull/31', undefined],
  ])('%s is pull request %s of acme/app', (link, number) => {
    expect(pullOfRepository(link, 'https://github.com', 'acme/app')).toBe(number)
  })

  it.each([
    ['https://github.com/acme/docs/pull/31', { repo: { owner: 'acme', repo: 'docs' }, number: 31 }],
    ['https://github.com/acme/docs/pull/31/files?x#y', { repo: { owner: 'acme', repo: 'docs' }, number: 31 }],
    ['https://github.com/acme/docs/issues/31', undefined],
    ['https://github.com/acme/pull/31', undefined],
    ['https://gitlab.com/acme/docs/-/merge_requests/31', undefined],
    ['https://github.com.evil.example/acme/docs/pull/31', undefined],
  ])('%s is a pull request of the server: %o', (link, pull) => {
    expect(pullOnServer(link, 'https://github.com')).toEqual(pull)
  })

  it('the server may end with slashes', () => {
    expect(pullOfRepository('https://github.com/acme/app/pull/31', 'https://github.com/', 'acme/app')).toBe(31)
    expect(pullOfRepository('https://github.com/acme/app/pull/31', 'https://github.com//', 'acme/app')).toBe(31)
  })

  const pull = { number: 31, title: '', url: 'https://github.com/acme/app/pull/31', isPullRequest: true }
  const job: AgentJob = { id: 'job_1', status: 'completed', prLink: pull.url }
  const INTRO = `🤖 The Mintlify agent opened this pull request (job \`job_1\`). Comment \`/docs <request>\` here to refine it; the request goes to the same job.\n\n${markerOf('job_1')}`

  it('gets one comment saying that a request there refines the job, with its marker', async () => {
    const { calls, github } = fakeGitHub({
      conversation: async () => [threadComment('Nice'), threadComment(`Done. ${markerOf('job_other')}`)],
      comment: async () => posted,
    })
    await introducePull(github, pull, job, '/docs', memoryLog())
    expect(calls.map((c) => c.name)).toEqual(['conversation', 'comment'])
    expect(calls[0]?.args[0]).toBe(pull)
    expect(calls[1]?.args).toEqual([pull, INTRO])
  })

  it('not again when a comment of its own there already has the marker; a marker pasted by a person does not count', async () => {
    const already = fakeGitHub({
      conversation: async () => [threadComment('Nice', PERSON), threadComment(`Earlier.\n\n${markerOf('job_1')}`)],
      account: async () => BOT.login,
    })
    await introducePull(already.github, pull, job, '/docs', memoryLog())
    expect(already.calls.map((c) => c.name)).toEqual(['conversation', 'account'])
    const pasted = fakeGitHub({
      conversation: async () => [threadComment(markerOf('job_1'), PERSON)],
      account: async () => BOT.login,
      comment: async () => posted,
    })
    await introducePull(pasted.github, pull, job, '/docs', memoryLog())
    expect(pasted.calls.map((c) => c.name)).toEqual(['conversation', 'account', 'comment'])
  })

  it("another bot's comment with the marker does not count: the comment is left", async () => {
    const { calls, github } = fakeGitHub({
      conversation: async () => [threadComment(`Quoted:\n\n${markerOf('job_1')}`, QUOTER)],
      account: async () => BOT.login,
      comment: async () => posted,
    })
    await introducePull(github, pull, job, '/docs', memoryLog())
    expect(calls.map((c) => c.name)).toEqual(['conversation', 'account', 'comment'])
    expect(calls[2]?.args).toEqual([pull, INTRO])
  })

  it('an account that cannot be learned is a warning, and no comment: never a second one on doubt', async () => {
    const { calls, github } = fakeGitHub({ conversation: async () => [threadComment(markerOf('job_1'))] })
    const log = memoryLog()
    await introducePull(github, pull, job, '/docs', log)
    expect(calls.map((c) => c.name)).toEqual(['conversation', 'account'])
    expect(log.text('warning')).toContain('Could not comment on the pull request: unexpected GitHub call: account.')
  })

  it('a conversation that cannot be read is a warning, and no comment', async () => {
    const { calls, github } = fakeGitHub({})
    const log = memoryLog()
    await introducePull(github, pull, job, '/docs', log)
    expect(calls.map((c) => c.name)).toEqual(['conversation'])
    expect(log.text('warning')).toContain(
      'Could not comment on the pull request: unexpected GitHub call: conversation.',
    )
  })
})
