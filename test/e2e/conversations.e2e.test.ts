/**
 * Conversations, on the bundle against the local API and its GitHub stand-in: one reply per request,
 * edited in place, naming its job in a hidden marker; later requests in the thread go to that job.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type MockApi,
  type MockComment,
  type MockPull,
  seedComment,
  seedIssue,
  startMockApi,
} from '../../local/mock-api.ts'
import type { RunOptions } from '../../local/run-action.ts'
import { markerOf, markersIn, markersOf } from '../../src/agent/github/marker.js'
import { issueComment, PULL_12, runAgent } from '../helpers/e2e.js'
import { NO_POSIX_SIGNALS, POSIX_SIGNALS } from '../helpers/scripts.ts'
import { closedPortUrl, UNRESOLVABLE_URL } from '../helpers/server.js'
import { skipped } from '../helpers/skip-reasons.ts'

let api: MockApi
beforeEach(async () => {
  api = await startMockApi({
    github: { roles: { writer: 'write' }, pulls: { 12: { head: 'feature/x', base: 'main' } } },
  })
})
afterEach(async () => {
  await api.close()
})

const writer = { login: 'writer', type: 'User' }
const bot = { login: 'github-actions[bot]', type: 'Bot' }
/** Another automation of the repository: one that quotes comments, markers included. */
const quoter = { login: 'quote-bot[bot]', type: 'Bot' }

/** A `/docs` request on issue 12 (or pull request 12), added to the thread first, as GitHub would have it. */
const request = (body: string, opts: { onPull?: boolean } = {}) => issueComment(api.github, body, opts)

const ask = (body: string, inputs: Record<string, string> = {}, options: RunOptions = {}) =>
  runAgent(api, inputs, { ...options, event: request(body) })

const thread = (n = 12): MockComment[] => api.github.comments?.[n] ?? []
const botReplies = (n = 12) => thread(n).filter((c) => c.user.type === 'Bot')
const mintlify = () => api.requests.filter((q) => q.path.startsWith('/v2/')).map((q) => `${q.method} ${q.path}`)
const creates = () => mintlify().filter((q) => q === 'POST /v2/agent/proj_1/job').length
const messages = () => mintlify().filter((q) => q.endsWith('/message'))
/** Issue #7, a scheduled loop's issue (a gaps worklist). */
const loopIssue = () => seedIssue(api.github, { number: 7, title: 'Documentation gaps', body: '' })
/** A scheduled run of the loop with `conversation: 7`, workflow run `runId` (a re-run keeps it). */
const unattended = (inputs: Record<string, string>, runId: number) =>
  runAgent(
    api,
    { prompt: 'Fix the gaps', conversation: '7', ...inputs },
    { event: { name: 'schedule', payload: {} }, env: { GITHUB_RUN_ID: String(runId) } },
  )
/** Runs the request's workflow run and cancels it (SIGTERM) as soon as its debug log shows `call` on its way. */
const cancelWhenSent = (event: ReturnType<typeof request>, call: string) =>
  runAgent(
    api,
    {},
    {
      event,
      env: { RUNNER_DEBUG: '1' },
      onStdout: (text, child) => {
        if (text.includes(`::debug::${call}`)) child.kill('SIGTERM')
      },
    },
  )
/** The requests asking GitHub who the token is. */
const whoAmI = () => api.requests.filter((q) => q.path === '/graphql')

describe('one reply per request', () => {
  it('is posted before the job ends, then edited with the outcome, the pull request link and the marker', async () => {
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    const replies = botReplies()
    expect(replies).toHaveLength(1)
    const reply = replies[0] as MockComment
    expect(reply.body).toContain('Pull request opened')
    expect(reply.body).toContain('[acme/docs#101](https://github.com/acme/docs/pull/101)')
    expect(markersIn(reply.body ?? '')).toContain('job_1')
    expect(r.outputs['comment-url']).toBe(reply.html_url)
    expect(r.outputs['follow-up']).toBe('false')
    // Posted before the job was created, edited after it ended: one POST, edits only.
    const order = api.requests.map((q) => `${q.method} ${q.path}`)
    const posted = order.indexOf('POST /repos/acme/app/issues/12/comments')
    expect(posted).toBeGreaterThan(-1)
    expect(posted).toBeLessThan(order.indexOf('POST /v2/agent/proj_1/job'))
    expect(order.lastIndexOf(`PATCH /repos/acme/app/issues/comments/${reply.id}`)).toBeGreaterThan(
      order.lastIndexOf('GET /v2/agent/proj_1/job/job_1'),
    )
    expect(order.filter((q) => q === 'POST /repos/acme/app/issues/12/comments')).toHaveLength(1)
  })

  it('a review comment gets its reply in its own thread, edited there', async () => {
    const r = await runAgent(
      api,
      {},
      {
        event: {
          name: 'pull_request_review_comment',
          payload: {
            action: 'created',
            comment: { id: 88, body: '/docs document this option', user: writer },
            pull_request: PULL_12,
          },
        },
      },
    )
    expect(r.code).toBe(0)
    const replies = (api.github.reviewComments?.[12] ?? []).filter((c) => c.user.type === 'Bot')
    expect(replies).toHaveLength(1)
    expect(replies[0]?.in_reply_to_id).toBe(88)
    expect(markersIn(replies[0]?.body ?? '')).toContain('job_1')
    expect(
      api.requests.some((q) => q.method === 'PATCH' && q.path === `/repos/acme/app/pulls/comments/${replies[0]?.id}`),
    ).toBe(true)
    expect(botReplies()).toHaveLength(0)
  })

  it('a 403 on the reply is a warning naming the permission, and the job still runs', async () => {
    api.fault({
      method: 'POST',
      path: '/issues/12/comments',
      status: 403,
      json: { message: 'Resource not accessible by integration' },
    })
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/::warning::Could not reply: .*HTTP 403.*permissions: issues: write/)
    expect(r.outputs).toMatchObject({ status: 'completed', 'comment-url': '' })
    expect(creates()).toBe(1)
    expect(api.requests.filter((q) => q.method === 'PATCH')).toHaveLength(0)
    expect(api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/issues/12/comments'))).toHaveLength(1)
  })

  it.skipIf(!POSIX_SIGNALS)(
    `cancelled while waiting: the reply says the job keeps running, within the second${skipped(NO_POSIX_SIGNALS)}`,
    async () => {
      api.script.statuses = ['active']
      let sentAt = 0
      const r = await ask(
        '/docs document the flag',
        { 'poll-interval': '60s' },
        {
          onStdout: (text, child) => {
            if (!sentAt && text.includes('Waiting for job')) {
              sentAt = Date.now()
              child.kill('SIGTERM')
            }
          },
        },
      )
      expect(Date.now() - sentAt).toBeLessThan(1000)
      expect(r.code).toBe(143)
      const reply = botReplies()[0] as MockComment
      expect(reply.body).toContain('Cancelled')
      expect(reply.body).toContain('keeps running on Mintlify')
      expect(markersIn(reply.body ?? '')).toContain('job_1')
    },
  )

  it('timed out: the reply says the job keeps running', async () => {
    api.script.statuses = ['active']
    const r = await ask('/docs document the flag', { timeout: '300ms' })
    expect(r.code).toBe(1)
    expect(botReplies()[0]?.body).toContain('it keeps running on Mintlify')
  })
})

describe('continuing the conversation', () => {
  const marked = (jobId: string, user = bot) =>
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf(jobId)}`, user })

  it("a request goes to the conversation's completed job as a follow-up: no create, one message", async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    const r = await ask('/docs also mention it in the changelog')
    expect(r.code).toBe(0)
    expect(creates()).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    const sent = JSON.parse(api.requests.find((q) => q.path.endsWith('/message'))?.body ?? '{}').prompt as string
    expect(sent).toMatch(/^also mention it in the changelog\n/)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_old', 'follow-up': 'true', status: 'completed' })
    const reply = botReplies().at(-1) as MockComment
    expect(reply.body).toContain('as a follow-up')
    expect(markersIn(reply.body ?? '')).toContain('job_old')
  })

  it('an active job is waited for, and only then sent the request', async () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active', 'active', 'completed'])
    marked('job_busy')
    const r = await ask('/docs and the examples')
    expect(r.code).toBe(0)
    const calls = mintlify()
    const sentAt = calls.indexOf('POST /v2/agent/proj_1/job/job_busy/message')
    expect(
      calls.slice(0, sentAt).filter((q) => q === 'GET /v2/agent/proj_1/job/job_busy').length,
    ).toBeGreaterThanOrEqual(3)
    expect(messages()).toHaveLength(1)
    expect(creates()).toBe(0)
  })

  it('an active job still active at timeout: the request is not sent, and the reply says so', async () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    marked('job_busy')
    const r = await ask('/docs and the examples', { timeout: '300ms' })
    expect(r.code).toBe(1)
    expect(messages()).toHaveLength(0)
    expect(creates()).toBe(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_busy', 'timed-out': 'true', 'follow-up': 'false' })
    expect(botReplies().at(-1)?.body).toContain('The request was not sent')
  })

  it('a re-run of a request not sent sends it once the job is done: one follow-up message, the same reply', async () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    marked('job_busy')
    const event = request('/docs and the examples')
    const first = await runAgent(api, { timeout: '300ms' }, { event })
    expect(first.code).toBe(1)
    expect(messages()).toHaveLength(0)
    api.seedJob({ id: 'job_busy', status: 'completed' }) // done by the time of the re-run
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(0)
    expect(messages()).toHaveLength(1)
    expect(creates()).toBe(0)
    expect(again.outputs).toMatchObject({ 'job-id': 'job_busy', 'follow-up': 'true' })
    const replies = botReplies().filter((c) => c.body.includes(`request=${event.payload.comment.id}`))
    expect(replies).toHaveLength(1)
    expect(replies[0]?.body).not.toContain('This run was started again')
    expect(replies[0]?.body).toContain('This request was a follow-up to job `job_busy` of this conversation.')
  })

  it.each([429, 409])(
    'a follow-up refused (HTTP %i), then a re-run: the re-run sends it, and no reply says it was sent before',
    async (status) => {
      api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
      marked('job_old')
      api.fault({ method: 'POST', path: '/message', times: 1, status, json: { error: 'Busy' } })
      const event = request('/docs and the examples')
      const reply = () => botReplies().filter((c) => c.body.includes(`request=${event.payload.comment.id}`))
      const first = await runAgent(api, {}, { event })
      expect(first.code).toBe(1)
      expect(messages()).toHaveLength(1)
      expect(reply()[0]?.body).toContain(
        '**Next:** Comment `/docs <request>` again to try once more; if it fails the same way, the workflow run’s log says why.',
      )
      const again = await runAgent(api, {}, { event })
      expect(again.code).toBe(0)
      expect(messages()).toHaveLength(2) // refused once, sent once
      expect(creates()).toBe(0)
      expect(again.outputs).toMatchObject({ 'job-id': 'job_old', 'follow-up': 'true' })
      expect(reply()).toHaveLength(1)
      expect(markersIn(reply()[0]?.body ?? '')).toEqual(['job_old']) // named once the message was taken
      expect(reply()[0]?.body).not.toContain('This run was started again')
      expect(reply()[0]?.body).toContain('This request was a follow-up to job `job_old` of this conversation.')
    },
  )

  it('a follow-up with no clear answer (HTTP 502): the reply names the job and asks a maintainer to check it; a re-run sends nothing', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    api.fault({ method: 'POST', path: '/message', times: 1, status: 502, body: '<html>Bad gateway</html>' })
    const event = request('/docs and the examples')
    const reply = () => botReplies().filter((c) => c.body.includes(`request=${event.payload.comment.id}`))
    const first = await runAgent(api, {}, { event })
    expect(first.code).toBe(1)
    const body = reply()[0]?.body ?? ''
    expect(body).toContain(markerOf('job_old', event.payload.comment.id))
    expect(body).toContain('The message may have reached the job anyway.')
    expect(body).toContain(
      '\n\n**Next:** A maintainer should check the job in the Mintlify dashboard before anyone asks again: asking again could send the message twice.\n\n<!--',
    )
    expect(body).not.toContain('Comment `/docs <request>` again')
    expect(body).not.toContain('re-run later')
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(0)
    expect(messages()).toHaveLength(1) // never sent a second time
    expect(reply()).toHaveLength(1)
    expect(reply()[0]?.body).toContain('or tried to without a clear answer')
  })

  it('a follow-up to `job-id` with no clear answer (HTTP 502): the reply names the job, and a re-run sends nothing', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    api.fault({ method: 'POST', path: '/message', times: 1, status: 502, body: '<html>Bad gateway</html>' })
    const event = request('/docs and the examples')
    const first = await runAgent(api, { 'job-id': 'job_old' }, { event })
    expect(first.code).toBe(1)
    expect(markersIn(botReplies()[0]?.body ?? '')).toEqual(['job_old'])
    const again = await runAgent(api, { 'job-id': 'job_old' }, { event })
    expect(again.code).toBe(0)
    expect(messages()).toHaveLength(1) // never sent a second time
    expect(botReplies()).toHaveLength(1)
  })

  it('a marker written by a person is ignored: a new job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    marked('job_old', writer)
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
  })

  it('the newest marker wins', async () => {
    api.seedJob({ id: 'job_a', status: 'completed' })
    api.seedJob({ id: 'job_b', status: 'completed' })
    marked('job_a')
    marked('job_b')
    await ask('/docs once more')
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_b/message'])
  })

  it('a marker beyond the first page of comments is found', async () => {
    api.seedJob({ id: 'job_far', status: 'completed' })
    for (let i = 0; i < 130; i++) seedComment(api.github, 12, { body: `comment ${i}`, user: writer })
    marked('job_far')
    await ask('/docs once more')
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_far/message'])
    expect(
      api.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/repos/acme/app/issues/12/comments')).length,
    ).toBeGreaterThanOrEqual(2)
  })

  it('follow-up: never always creates a job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    marked('job_old')
    const r = await ask('/docs document the flag', { 'follow-up': 'never' })
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
    expect(r.outputs['follow-up']).toBe('false')
  })

  it.each([
    ['archived', 'was archived, so this request goes to a new job'],
    ['failed', 'was failed, so this request goes to a new job'],
  ])('a %s job leads to a new job, and the reply says why', async (status, why) => {
    api.seedJob({ id: 'job_old', status })
    marked('job_old')
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(botReplies().at(-1)?.body).toContain(why)
  })

  it('a job that is not found leads to a new job, and the reply says why', async () => {
    marked('job_gone')
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(botReplies().at(-1)?.body).toContain('was not found, so this request goes to a new job')
  })

  it('any other error reading the job fails the step: never a new job on doubt', async () => {
    marked('job_old')
    api.fault({
      method: 'GET',
      path: '/v2/agent/proj_1/job/job_old',
      status: 500,
      json: { error: 'Internal error' },
      times: 100,
    })
    const r = await ask('/docs document the flag', { timeout: '300ms' })
    expect(r.code).toBe(1)
    expect(creates()).toBe(0)
    expect(messages()).toHaveLength(0)
  })

  it.each([401, 403, 429])(
    'a %i reading the job fails the step as an API error: no new job on doubt',
    async (status) => {
      api.seedJob({ id: 'job_old', status: 'completed' })
      marked('job_old')
      api.fault({ method: 'GET', path: '/job/job_old', status, json: { error: 'Not for you' }, times: 100 })
      const r = await ask('/docs document the flag', { timeout: '2s' })
      expect(r.code).toBe(1)
      expect(r.stdout).toMatch(new RegExp(`::error::.*HTTP ${status}`))
      expect(creates()).toBe(0)
      expect(messages()).toHaveLength(0)
      expect(botReplies().at(-1)?.body).not.toContain('goes to a new job')
    },
  )

  // The job as first read: no `status` field, or one the API does not document yet. Either is still working.
  it.each([
    ['no status yet', { id: 'job_old' }],
    ['an unknown status', { id: 'job_old', status: 'queued' }],
  ])('a job with %s is waited for, then sent the request: no new job', async (_, answer) => {
    api.seedJob({ id: 'job_old', status: 'completed' }, ['completed'])
    marked('job_old')
    api.fault({ method: 'GET', path: '/job/job_old', status: 200, json: answer, times: 2 })
    const r = await ask('/docs and the examples')
    expect(r.code).toBe(0)
    expect(creates()).toBe(0)
    const calls = mintlify()
    const sentAt = calls.indexOf('POST /v2/agent/proj_1/job/job_old/message')
    expect(calls.slice(0, sentAt).filter((q) => q === 'GET /v2/agent/proj_1/job/job_old')).toHaveLength(3)
    expect(messages()).toHaveLength(1)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_old', 'follow-up': 'true' })
  })

  // The first read sees the job active; every later poll fails until `timeout`.
  const busyThenFailing = () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    marked('job_busy')
    api.fault({ method: 'GET', path: '/job/job_busy', status: 200, json: { id: 'job_busy', status: 'active' } })
    api.fault({ method: 'GET', path: '/job/job_busy', status: 500, json: { error: 'Internal error' }, times: 1000 })
  }

  // Trouble counts once the last three polls or more all failed, and `timeout` counts from before the GitHub calls that
  // precede the wait: 300 ms let only two polls in on a loaded 2-core machine (load average 15), on main as well.
  it('errors that last while waiting for the active job end as an API error, not as "not sent"', async () => {
    busyThenFailing()
    const r = await ask('/docs and the examples', { timeout: '2s' })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*HTTP 500/)
    expect(r.stdout).not.toContain('The request was not sent')
    expect(r.outputs['timed-out']).not.toBe('true')
    expect(botReplies().at(-1)?.body).not.toContain('The request was not sent')
    expect(messages()).toHaveLength(0)
    expect(creates()).toBe(0)
  })

  it('errors that last while waiting fail the step even when no outcome does (`fail-on` empty)', async () => {
    busyThenFailing()
    const r = await ask('/docs and the examples', { timeout: '2s', 'fail-on': '' })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*HTTP 500/)
    expect(messages()).toHaveLength(0)
  })

  it('a follow-up message that fails is not sent again', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    marked('job_old')
    api.fault({ method: 'POST', path: '/message', status: 502, body: '<html>Bad gateway</html>' })
    const r = await ask('/docs also the changelog')
    expect(r.code).toBe(1)
    expect(messages()).toHaveLength(1)
    expect(creates()).toBe(0)
    expect(r.stdout).toContain('The message may have reached the job anyway')
  })
})

describe('a follow-up cancelled on its way', () => {
  it.skipIf(!POSIX_SIGNALS)(
    'cancelled while the message is on its way: the reply names the job, and a re-run does not send it twice',
    async () => {
      api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
      seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old')}`, user: bot })
      // The message reaches the API, which never answers: the runner cancels the step meanwhile.
      api.fault({ method: 'POST', path: '/message', action: 'hang' })
      const event = request('/docs and the examples')
      const reply = () => botReplies().filter((c) => c.body.includes(`request=${event.payload.comment.id}`))
      const first = await cancelWhenSent(event, 'POST /v2/agent/proj_1/job/job_old/message')
      expect(first.code).toBe(143)
      expect(messages()).toHaveLength(1)
      expect(reply()).toHaveLength(1)
      expect(reply()[0]?.body).toContain('Cancelled')
      expect(markersIn(reply()[0]?.body ?? '')).toEqual(['job_old'])
      // Started again, the run finds its reply naming the job: it only reports the job, the message is not sent again.
      const again = await runAgent(api, {}, { event })
      expect(again.code).toBe(0)
      expect(messages()).toHaveLength(1)
      expect(creates()).toBe(0)
      expect(reply()).toHaveLength(1)
      expect(reply()[0]?.body).toContain('This run was started again')
    },
  )
})

describe('a run started again, and a conversation that cannot be read', () => {
  it('a re-run of the same request takes over its reply and only reports the job: no second reply, nothing sent twice', async () => {
    api.script.statuses = ['active']
    const event = request('/docs document the flag')
    const first = await runAgent(api, { timeout: '200ms' }, { event })
    expect(first.code).toBe(1) // still active at timeout: the user clicks "Re-run jobs", as the reply tells them
    expect(botReplies()[0]?.body).toContain(
      '[Re-run this workflow run](https://github.com/acme/app/actions/runs/4242) to keep waiting for it; the request is not sent again.',
    )
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed']) // done by the time of the re-run
    api.requests.length = 0
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(0)
    expect(mintlify()).toEqual(['GET /v2/agent/proj_1/job/job_1'])
    expect(api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/repos/'))).toHaveLength(1) // 👀 only
    const replies = botReplies()
    expect(replies).toHaveLength(1)
    expect(replies[0]?.body).toContain('This run was started again')
    expect(replies[0]?.body).toContain('Pull request ready') // picked up again: not known to be new
    expect(again.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed', 'comment-url': replies[0]?.html_url })
  })

  it('a re-run of a follow-up that timed out does not claim the pull request it reports was opened', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old')}`, user: bot })
    api.script.statuses = ['active'] // the follow-up keeps the job busy past `timeout`
    const event = request('/docs and the examples')
    const first = await runAgent(api, { timeout: '300ms' }, { event })
    expect(first.code).toBe(1)
    expect(messages()).toHaveLength(1)
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' }) // done since
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(0)
    expect(messages()).toHaveLength(1)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body.split('\n')[0]).toBe('✅ **Mintlify agent: Pull request ready**')
    expect(body).not.toContain('opened')
    expect(again.summary).toContain('### ✅ Mintlify agent: Pull request ready\n')
  })

  it.each([
    ['the request alone', (id: number) => markerOf(undefined, id)],
    ['a job and the request', (id: number) => markerOf('job_evil', id)],
  ])('a marker naming %s, pasted by a person, does not make their comment the reply', async (_, marker) => {
    api.seedJob({ id: 'job_evil', status: 'completed' })
    const event = request('/docs document the flag')
    const pasted = seedComment(api.github, 12, { body: `Look: ${marker(event.payload.comment.id)}`, user: writer })
    const before = pasted.body
    const r = await runAgent(api, {}, { event })
    expect(r.code).toBe(0)
    expect(pasted.body).toBe(before)
    expect(api.requests.filter((q) => q.path.endsWith(`/comments/${pasted.id}`))).toHaveLength(0)
    const replies = botReplies()
    expect(replies).toHaveLength(1)
    expect(replies[0]?.body).toContain(markerOf('job_1', event.payload.comment.id))
    expect(r.outputs['comment-url']).toBe(replies[0]?.html_url)
    expect(creates()).toBe(1)
    expect(mintlify().filter((q) => q.includes('job_evil'))).toHaveLength(0)
  })

  it('a comment list of the wrong shape fails the step: never a new job on doubt', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old')}`, user: bot })
    api.fault({ method: 'GET', path: '/issues/12/comments', status: 200, json: { message: 'odd' } })
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('the list of comments is not a list')
    expect(creates()).toBe(0)
    expect(messages()).toHaveLength(0)
  })

  it('a conversation longer than the pages read fails the step rather than miss its newest job', async () => {
    for (let i = 0; i < 3000; i++) seedComment(api.github, 12, { body: `c${i}`, user: writer })
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('the conversation has more than 3,000 comments')
    expect(creates()).toBe(0)
  }, 30_000)

  it('the not-sent case says so in the log and the summary too', async () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    seedComment(api.github, 12, { body: markerOf('job_busy'), user: bot })
    const r = await ask('/docs and the examples', { timeout: '300ms' })
    expect(r.stdout).toContain('::error::The request was not sent: job job_busy of this conversation was still active')
    expect(r.summary).toContain('Request not sent')
  })

  it('a follow-up refused does not claim it was sent; its reply names no job, and the conversation keeps its job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    seedComment(api.github, 12, { body: markerOf('job_old'), user: bot })
    api.fault({ method: 'POST', path: '/message', status: 409, json: { error: 'Busy' } })
    const r = await ask('/docs also the changelog')
    expect(r.code).toBe(1)
    const reply = botReplies().at(-1)?.body ?? ''
    expect(reply).toContain('Sending the follow-up message failed')
    expect(reply).not.toContain('Sent to job')
    expect(markersIn(reply)).toEqual([])
    expect(r.outputs['follow-up']).toBe('false')
    // The next request still goes to the conversation's job.
    expect((await ask('/docs the changelog, please')).code).toBe(0)
    expect(messages()).toEqual(Array(2).fill('POST /v2/agent/proj_1/job/job_old/message'))
    expect(creates()).toBe(0)
  })

  it("a marker in a pull request's review comments is found", async () => {
    api.seedJob({ id: 'job_rev', status: 'completed' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_rev')}`, user: bot }, true)
    const r = await runAgent(api, {}, { event: request('/docs once more', { onPull: true }) })
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_rev/message'])
  })
})

describe("only the action's own account's markers count", () => {
  it("another bot's marker naming a job is ignored: a new job, nothing sent to that job", async () => {
    api.seedJob({ id: 'job_elsewhere', status: 'completed' })
    // Written the way the action closes its own comments: only the author tells them apart.
    seedComment(api.github, 12, { body: `Echo.\n\n${markerOf('job_elsewhere')}`, user: quoter })
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(mintlify().filter((q) => q.includes('job_elsewhere'))).toHaveLength(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', 'follow-up': 'false' })
    // The account came with the reply just posted: GitHub was not asked who the token is.
    expect(whoAmI()).toHaveLength(0)
  })

  it('a marker quoted by an automation on the same token (the same account) is ignored: a new job', async () => {
    api.seedJob({ id: 'job_elsewhere', status: 'completed' })
    seedComment(api.github, 12, { body: `Thanks! You wrote:\n> see ${markerOf('job_elsewhere')}`, user: bot })
    seedComment(api.github, 12, { body: `Thanks! You wrote:\n>\n> ${markerOf('job_elsewhere')}`, user: bot })
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(mintlify().filter((q) => q.includes('job_elsewhere'))).toHaveLength(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', 'follow-up': 'false' })
  })

  it("the action's own older marker still wins over another bot's newer one", async () => {
    api.seedJob({ id: 'job_ours', status: 'completed' })
    api.seedJob({ id: 'job_elsewhere', status: 'completed' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_ours')}`, user: bot })
    seedComment(api.github, 12, { body: `Echo.\n\n${markerOf('job_elsewhere')}`, user: quoter })
    const r = await ask('/docs also the changelog')
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_ours/message'])
    expect(creates()).toBe(0)
  })

  it("another bot's comment naming the request is not taken as the reply, and a re-run takes over its own", async () => {
    api.seedJob({ id: 'job_evil', status: 'completed' })
    api.script.statuses = ['active']
    const event = request('/docs document the flag')
    const echo = seedComment(api.github, 12, {
      body: `> ${markerOf('job_evil', event.payload.comment.id)}`,
      user: quoter,
    })
    const echoed = echo.body
    const first = await runAgent(api, { timeout: '200ms' }, { event })
    expect(first.code).toBe(1) // still active at timeout: the user clicks "Re-run jobs"
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed'])
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(0)
    const ours = thread().filter((c) => c.user.login === bot.login)
    expect(ours).toHaveLength(1)
    expect(ours[0]?.body).toContain('This run was started again')
    expect(ours[0]?.body).toContain(markerOf('job_1', event.payload.comment.id))
    expect(again.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed', 'comment-url': ours[0]?.html_url })
    expect(echo.body).toBe(echoed)
    expect(api.requests.filter((q) => q.path.endsWith(`/comments/${echo.id}`))).toHaveLength(0)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
    expect(mintlify().filter((q) => q.includes('job_evil'))).toHaveLength(0)
    expect(again.stdout).not.toContain('::warning::')
  })

  it('with comment: never (no reply to learn from), GitHub is asked who the token is, once', async () => {
    api.seedJob({ id: 'job_ours', status: 'completed' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_ours')}`, user: bot })
    const r = await ask('/docs also the changelog', { comment: 'never' })
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_ours/message'])
    expect(whoAmI()).toHaveLength(1)
  })

  it('who the token is cannot be learned: the re-run fails before posting or sending anything, and the next one takes over', async () => {
    api.script.statuses = ['active']
    const event = request('/docs document the flag')
    const first = await runAgent(api, { timeout: '200ms' }, { event })
    expect(first.code).toBe(1)
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed'])
    const before = botReplies()[0]?.body
    api.requests.length = 0
    api.fault({ method: 'POST', path: '/graphql', status: 502, body: '<html>Bad gateway</html>' })
    const failed = await runAgent(api, {}, { event })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/::error::.*Finding the account the token writes as failed: HTTP 502/)
    expect(whoAmI()).toHaveLength(1) // not retried
    expect(mintlify()).toEqual([])
    expect(api.requests.filter((q) => q.method === 'PATCH')).toHaveLength(0)
    expect(api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/issues/12/comments'))).toHaveLength(0)
    expect(botReplies()).toHaveLength(1)
    expect(botReplies()[0]?.body).toBe(before)
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(0)
    expect(botReplies()).toHaveLength(1)
    expect(botReplies()[0]?.body).toContain('Pull request ready')
    expect(creates()).toBe(0)
  })
})

describe("the agent's own pull request", () => {
  it('gets exactly one comment with the marker, however many runs report it', async () => {
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    await ask('/docs document the flag')
    const intro = () => botReplies(31).filter((c) => markersIn(c.body).includes('job_1'))
    expect(intro()).toHaveLength(1)
    expect(intro()[0]?.body).toContain('`/docs <request>`')
    // A second request in the thread goes to the same job, which reports the same pull request: still one.
    const again = await ask('/docs also the changelog')
    expect(again.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_1/message'])
    expect(intro()).toHaveLength(1)
  })

  it.each([
    ['a comment trigger', () => request('/docs document the flag'), {}],
    [
      'a pull_request event',
      () => ({
        name: 'pull_request',
        payload: {
          action: 'opened',
          pull_request: PULL_12,
        },
      }),
      { prompt: 'Refresh the docs' },
    ],
  ])('comment: never leaves no comment there either (%s)', async (_, event, inputs) => {
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    const r = await runAgent(api, { ...inputs, comment: 'never' }, { event: event() })
    expect(r.code).toBe(0)
    expect(r.outputs.prLink).toBe('https://github.com/acme/app/pull/31')
    expect(api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))).toHaveLength(0)
    expect(api.requests.filter((q) => q.method === 'PATCH')).toHaveLength(0)
    expect(botReplies(31)).toHaveLength(0)
  })

  it('a pull request of another repository gets none', async () => {
    await ask('/docs document the flag') // prLink https://github.com/acme/docs/pull/101
    expect(Object.keys(api.github.comments ?? {})).toEqual(['12'])
  })
})

describe('what the final reply tells the commenter to do next', () => {
  const RUN = 'https://github.com/acme/app/actions/runs/4242'
  const rerun = `**Next:** [Re-run this workflow run](${RUN}) to keep waiting for it; the request is not sent again.`
  const busy = () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_busy')}`, user: bot })
  }
  const cases: Array<
    [outcome: string, setup: () => void, inputs: Record<string, string>, headline: string, next: string, jobId?: string]
  > = [
    [
      'a pull request',
      () => {},
      {},
      '✅ **Mintlify agent: Pull request opened**',
      '**Next:** Review and merge the pull request, or comment `/docs <request>` here to refine it.',
      'job_1',
    ],
    [
      'no pull request',
      () => {
        api.script.prLink = null
      },
      {},
      '✅ **Mintlify agent: Completed, no pull request**',
      '**Next:** Look for the change on your docs site or its deploy branch; if there is none, comment `/docs <request>` with more detail.',
      'job_1',
    ],
    [
      'a failed job',
      () => {
        api.script.statuses = ['active', 'failed']
      },
      {},
      '❌ **Mintlify agent: Failed**',
      '**Next:** Comment `/docs <request>` again to start a new job.',
      'job_1',
    ],
    [
      'a job archived without result',
      () => {
        api.script.statuses = ['archived']
        api.script.prLink = null
      },
      {},
      '📦 **Mintlify agent: Archived**',
      '**Next:** Comment `/docs <request>` again to start a new job.',
      'job_1',
    ],
    [
      'a timeout',
      () => {
        api.script.statuses = ['active']
      },
      { timeout: '300ms' },
      '⏱️ **Mintlify agent: Still running at timeout**',
      rerun,
      'job_1',
    ],
    [
      'a request not sent (the conversation’s job still busy)',
      busy,
      { timeout: '300ms' },
      '⏱️ **Mintlify agent: Request not sent**',
      '**Next:** Comment `/docs <request>` again once that job is done.',
      'job_busy',
    ],
    [
      'an API error before any job',
      () => api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status: 400, json: { error: 'Bad prompt' } }),
      {},
      '❌ **Mintlify agent: Error**',
      '**Next:** Comment `/docs <request>` again to try once more; if it fails the same way, the workflow run’s log says why.',
    ],
    [
      'errors that last while waiting for the job',
      () => api.fault({ method: 'GET', path: '/job/job_1', status: 500, json: { error: 'Internal' }, times: 1000 }),
      { timeout: '2s' },
      '❌ **Mintlify agent: Error**',
      rerun,
      'job_1',
    ],
    [
      'a create with no clear answer (HTTP 502)',
      () => api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status: 502, body: '<html>Bad gateway</html>' }),
      {},
      '❌ **Mintlify agent: Error**',
      '**Next:** A maintainer should check the Mintlify dashboard for a new job before anyone asks again: asking again could start a second job. Until a maintainer deletes this reply, neither a re-run of this workflow run nor a later request continuing this conversation sends anything.',
    ],
    [
      'a key refused before any job (HTTP 401)',
      () => api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status: 401, json: { error: 'Invalid key' } }),
      {},
      '❌ **Mintlify agent: Error**',
      '**Next:** A maintainer needs to check the workflow’s Mintlify key (the workflow run’s log says why) before anyone asks again.',
    ],
    [
      'a key refused while waiting for the job (HTTP 403)',
      () => api.fault({ method: 'GET', path: '/job/job_1', status: 403, json: { error: 'Forbidden' }, times: 1000 }),
      {},
      '❌ **Mintlify agent: Error**',
      '**Next:** A maintainer needs to check the workflow’s Mintlify key (the workflow run’s log says why) before anyone asks again.',
      'job_1',
    ],
    [
      'a job gone while waiting for it (HTTP 404)',
      () => api.fault({ method: 'GET', path: '/job/job_1', status: 404, json: { error: 'Not found' }, times: 1000 }),
      {},
      '❌ **Mintlify agent: Error**',
      '**Next:** Comment `/docs <request>` again to start a new job.',
      'job_1',
    ],
    [
      'wait: false',
      () => {},
      { wait: 'false' },
      '🚀 **Mintlify agent: Agent job started**',
      '**Next:** Look for the agent’s pull request in your docs repository once the job is done; this reply is not updated.',
      'job_1',
    ],
  ]

  it.each(cases)('%s: the headline, the job id once as code, no status line, and the next step last', async (...c) => {
    const [, setup, inputs, headline, next, jobId] = c
    setup()
    await ask('/docs document the flag', inputs)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body.split('\n')[0]).toBe(headline)
    // The reply ends with the next step; only the hidden marker follows it.
    expect(body).toMatch(/\n\n\*\*Next:\*\* [^\n]+\n\n<!-- mintlify-agent [^\n]*-->$/)
    expect(body).toContain(`\n\n${next}\n\n<!--`)
    // No status line under the headline: the job id shown once, as code; nothing a commenter cannot set.
    expect(body).not.toMatch(/status `/)
    expect(body.split(`\`${jobId}\``)).toHaveLength(jobId ? 2 : 1)
    if (jobId) expect(body.split('\n')[2]).toContain(`\`${jobId}\``) // in the sentence that says what happened
    expect(body).not.toContain('job-id')
    expect(body).not.toContain('⏳') // the ⏳ of "working on it" is gone with the outcome
    expect(body).not.toContain('Ask again') // the workflow's wording; the reply gives its own
    // Why the step is red, and the author's next step, are for the workflow's author: the log and the summary.
    expect(body).not.toContain('fail-on')
    expect(body).not.toContain('to see why; run this again')
  })

  it.each([
    [401, 'Check `api-key`'],
    [429, 'Re-run later'],
    [400, 'check the inputs named in its message'],
    [404, 'Check `project-id`'],
  ])(
    'an error reply (HTTP %i) says what failed without the advice for the workflow’s author',
    async (status, advice) => {
      api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status, json: { error: 'Refused' } })
      const r = await ask('/docs document the flag')
      expect(r.code).toBe(1)
      expect(r.stdout).toContain(advice.replaceAll('`', '')) // the log keeps it, and the summary
      expect(r.summary).toContain(advice)
      const body = botReplies().at(-1)?.body ?? ''
      expect(body).toContain(`\n\nCreating the agent job failed: HTTP ${status} (Refused).\n\n`)
      expect(body).not.toContain(advice)
    },
  )

  it('a create with no clear answer: the reply says the job may exist, and nothing invites asking again', async () => {
    api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status: 502, body: '<html>Bad gateway</html>' })
    const r = await ask('/docs document the flag')
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('The job may have been created anyway: check the Mintlify dashboard before running')
    const body = botReplies().at(-1)?.body ?? ''
    expect(body).toContain(
      'Creating the agent job failed: HTTP 502 (the answer is not JSON (text/html)). The job may have been created anyway.\n\n',
    )
    expect(body).not.toContain('running this again')
    expect(body).not.toContain('Comment `/docs <request>` again')
    expect(body).not.toContain('Re-run this workflow run')
  })

  it.each([
    ['a closed port', closedPortUrl, 'connection refused'],
    ['a host that does not resolve', async () => UNRESOLVABLE_URL, 'host not found'],
  ])(
    'api-url on %s: the reply says no job was created, names api-url, and lets the commenter ask again',
    async (_, url, words) => {
      const r = await ask('/docs document the flag', { 'api-url': await url() })
      expect(r.code).toBe(1)
      const body = botReplies().at(-1)?.body ?? ''
      expect(body.split('\n')[0]).toBe('❌ **Mintlify agent: Error**')
      expect(body).toContain(
        `\n\nCreating the agent job failed: ${words}. Nothing was sent, so no job was created.\n\n`,
      )
      expect(body).toContain(
        '\n\n**Next:** A maintainer needs to check the workflow’s `api-url` (the workflow run’s log says why); once it is fixed, comment `/docs <request>` again.\n\n',
      )
      expect(body).not.toContain('may have been created')
      expect(body).not.toContain('before anyone asks again')
      expect(body).not.toMatch(/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/)
      expect(markersIn(body)).toEqual([]) // no job named: a re-run of the workflow run asks again
    },
  )

  it('a follow-up whose api-url refuses the connection: the reply says the message was not sent, and names no job', async () => {
    const r = await ask('/docs also the changelog', { 'job-id': 'job_old', 'api-url': await closedPortUrl() })
    expect(r.code).toBe(1)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body).toContain(
      '\n\nSending the follow-up message failed: connection refused. Nothing was sent, so the job did not get the message.\n\n',
    )
    expect(body).toContain('comment `/docs <request>` again.')
    expect(body).not.toContain('may have reached')
    expect(markersIn(body)).toEqual([])
  })

  it('a follow-up to a job that already had its pull request: "Pull request updated", in the past tense, reply and summary', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old')}`, user: bot })
    const r = await ask('/docs also mention it in the changelog')
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    const body = botReplies().at(-1)?.body ?? ''
    expect(body.split('\n')[0]).toBe('✅ **Mintlify agent: Pull request updated**')
    expect(body).toContain('Job `job_old` completed: [acme/docs#7](https://github.com/acme/docs/pull/7)')
    expect(body).toContain('\n\nThis request was a follow-up to job `job_old` of this conversation.\n\n')
    expect(body).not.toContain('opened')
    expect(body).not.toContain('goes to job') // the note of the working reply, in the future tense
    expect(r.summary).toContain('### ✅ Mintlify agent: Pull request updated\n')
    expect(r.summary).toContain('\n\nThis request was a follow-up to job `job_old`.\n\n')
  })

  it('a follow-up whose job opens its first pull request says "Pull request opened"', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old')}`, user: bot })
    // The job as read before the message: completed, without a pull request (the mock would make one up).
    api.fault({ method: 'GET', path: '/job/job_old', status: 200, json: { id: 'job_old', status: 'completed' } })
    const r = await ask('/docs also mention it in the changelog')
    expect(r.code).toBe(0)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body.split('\n')[0]).toBe('✅ **Mintlify agent: Pull request opened**')
    expect(body).toContain('This request was a follow-up to job `job_old` of this conversation.')
    expect(r.summary).toContain('### ✅ Mintlify agent: Pull request opened\n')
    expect(r.summary).toContain('This request was a follow-up to job `job_old`.')
  })
})

describe('a job whose pull request was merged or closed makes way for a new job', () => {
  /** Job `job_old` of the conversation, with pull request acme/docs#31 as GitHub has it. */
  const ended = (pull: Partial<MockPull>) => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/31' })
    api.github.pulls = { ...api.github.pulls, 31: { head: 'mintlify/flag', base: 'main', ...pull } }
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old')}`, user: bot })
  }

  it.each([
    ['merged', { state: 'closed', merged: true }, 'merged'],
    ['closed', { state: 'closed' }, 'closed without merging'],
  ] as const)('%s: a /docs request starts a new job, and the reply says why', async (_, pull, words) => {
    ended(pull)
    const r = await ask('/docs also the changelog')
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', 'follow-up': 'false' })
    expect(api.requests.some((q) => q.method === 'GET' && q.path === '/repos/acme/docs/pulls/31')).toBe(true)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body).toContain(
      `\n\nJob \`job_old\` of this conversation had its pull request [acme/docs#31](https://github.com/acme/docs/pull/31) ${words}, so this request goes to a new job.\n\n`,
    )
    expect(markersIn(body)).toEqual(['job_1'])
  })

  it.each([
    ['open', () => ended({ state: 'open' }), ''],
    [
      'one the token cannot read (HTTP 404)',
      () => {
        ended({})
        delete api.github.pulls?.[31]
      },
      'Reading pull request acme/docs#31 failed: HTTP 404',
    ],
  ])('a pull request %s: the request goes to the job as a follow-up', async (_, setup, logged) => {
    setup()
    const r = await ask('/docs also the changelog')
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    expect(creates()).toBe(0)
    if (logged) expect(r.stdout).toContain(`${logged} (Not Found), so whether it was merged or closed is not known`)
    expect(r.stdout).not.toContain('::warning::')
  })

  it('`conversation`, and a pull request the token cannot read (HTTP 404): a warning, and the reply says what to grant', async () => {
    seedIssue(api.github, { number: 7, title: 'Documentation gaps', body: '' })
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/31' })
    seedComment(api.github, 7, { body: `Done.\n\n${markerOf('job_old', { runId: '1' })}`, user: bot })
    const r = await runAgent(
      api,
      { prompt: 'Fix the gaps', conversation: '7' },
      { event: { name: 'schedule', payload: {} }, env: { GITHUB_RUN_ID: '2' } },
    )
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    expect(r.stdout).toContain(
      '::warning::Reading pull request acme/docs#31 failed: HTTP 404 (Not Found), so whether it was merged or closed is not known: this request goes to job job_old as a follow-up.',
    )
    const body = botReplies(7).at(-1)?.body ?? ''
    expect(body).toContain(
      'Whether pull request [acme/docs#31](https://github.com/acme/docs/pull/31) was merged or closed could not be told (GitHub answered HTTP 404), so it was taken as open. So that a merged or closed pull request starts a new job, give `github-token` read access to `acme/docs`: a GitHub App’s token installed on it (the workflow’s own token reads only this repository).',
    )
  })
})

describe('unattended conversations: `conversation` names an issue or pull request of the repository', () => {
  /** Issue #7, the loop's issue (a gaps worklist). */
  const loopIssue = (fields: Parameters<typeof seedIssue>[1] = { body: '' }) =>
    seedIssue(api.github, { number: 7, title: 'Documentation gaps', ...fields })
  /** A run no comment triggered, with its own workflow run id (a re-run keeps it). */
  const unattended = (inputs: Record<string, string> = {}, runId = 1, name = 'schedule') =>
    runAgent(
      api,
      { prompt: 'Fix the gaps', conversation: '7', ...inputs },
      {
        event: { name, payload: name === 'workflow_dispatch' ? { inputs: {} } : {} },
        env: { GITHUB_RUN_ID: String(runId) },
      },
    )
  const runUrl = (runId: number) => `https://github.com/acme/app/actions/runs/${runId}`

  it.each(['schedule', 'workflow_dispatch'])(
    'a %s run replies on the issue; the next run follows up the job its own marker names',
    async (name) => {
      loopIssue()
      const first = await unattended({}, 1, name)
      expect(first.code).toBe(0)
      expect(creates()).toBe(1)
      const replies = () => botReplies(7)
      expect(replies()).toHaveLength(1)
      const reply = replies()[0] as MockComment
      expect(reply.body.split('\n')[0]).toBe('✅ **Mintlify agent: Pull request opened**')
      expect(reply.body).toContain(
        '\n\n**Next:** Review and merge the pull request; until it is merged or closed, the next run of this workflow refines it.\n\n',
      )
      expect(reply.body).toContain(`[Workflow run](${runUrl(1)})`)
      expect(reply.body.endsWith(markerOf('job_1', { runId: '1' }))).toBe(true)
      expect(first.outputs).toMatchObject({ 'job-id': 'job_1', 'follow-up': 'false', 'comment-url': reply.html_url })
      expect(first.stdout).toContain('This run belongs to issue #7 (Documentation gaps): its reply goes there.')

      const second = await unattended({}, 2, name)
      expect(second.code).toBe(0)
      expect(creates()).toBe(1)
      expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_1/message'])
      const sent = JSON.parse(api.requests.find((q) => q.path.endsWith('/message'))?.body ?? '{}').prompt
      expect(sent).toBe('Fix the gaps')
      expect(second.outputs).toMatchObject({ 'job-id': 'job_1', 'follow-up': 'true' })
      expect(replies()).toHaveLength(2)
      const followUp = replies()[1]?.body ?? ''
      expect(followUp.split('\n')[0]).toBe('✅ **Mintlify agent: Pull request updated**')
      expect(followUp).toContain('This request was a follow-up to job `job_1` of this conversation.')
      expect(followUp.endsWith(markerOf('job_1', { runId: '2' }))).toBe(true)
      expect(api.github.comments?.[12] ?? []).toHaveLength(0) // nowhere else
    },
  )

  it('a pull request named by `conversation` gets the reply in its conversation, and its review comments are read', async () => {
    seedIssue(api.github, { number: 12, title: 'Add a --dry-run flag', body: '', pull: true })
    api.seedJob({ id: 'job_rev', status: 'completed' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_rev')}`, user: bot }, true)
    const r = await unattended({ conversation: '12' })
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_rev/message'])
    expect(botReplies(12)).toHaveLength(1)
    expect(r.stdout).toContain('This run belongs to pull request #12')
  })

  it.each([
    ['a person', writer],
    ['another bot', quoter],
  ])('a marker written by %s is ignored: a new job, nothing sent to the job it names', async (_, user) => {
    loopIssue()
    api.seedJob({ id: 'job_elsewhere', status: 'completed' })
    seedComment(api.github, 7, { body: `Done.\n\n${markerOf('job_elsewhere', { runId: '9' })}`, user })
    const r = await unattended()
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(mintlify().filter((q) => q.includes('job_elsewhere'))).toHaveLength(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', 'follow-up': 'false' })
    expect(markersIn(botReplies(7).filter((c) => c.user.login === bot.login)[0]?.body ?? '')).toEqual(['job_1'])
  })

  it.each([
    ['merged', { state: 'closed', merged: true }, 'merged'],
    ['closed', { state: 'closed' }, 'closed without merging'],
  ] as const)('the job’s pull request %s: a new job, and the reply says why', async (state, pull, words) => {
    loopIssue()
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/31' })
    api.github.pulls = { 31: { head: 'mintlify/gaps', base: 'main', ...pull } }
    seedComment(api.github, 7, { body: `Done.\n\n${markerOf('job_old', { runId: '1' })}`, user: bot })
    const r = await unattended({}, 2)
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
    const body = botReplies(7).at(-1)?.body ?? ''
    expect(body).toContain(
      `Job \`job_old\` of this conversation had its pull request [acme/docs#31](https://github.com/acme/docs/pull/31) ${words}, so this request goes to a new job.`,
    )
    expect(r.stdout).toContain(`Pull request https://github.com/acme/docs/pull/31 of job job_old was ${state}`)
  })

  it.each([
    ['closed', () => loopIssue({ body: '', state: 'closed' }), '#7 is closed'],
    ['locked', () => loopIssue({ body: '', locked: true }), '#7 is locked'],
    [
      'not an issue or pull request of the repository',
      () => {},
      '#7 is not an issue or pull request of acme/app (GitHub answered HTTP 404)',
    ],
  ])('a conversation that is %s is a clear error before any request to Mintlify', async (_, setup, problem) => {
    setup()
    const r = await unattended()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      `::error::Input conversation: ${problem}. Accepted: the number of an open, unlocked issue or pull request of acme/app.`,
    )
    expect(mintlify()).toEqual([])
    expect(api.requests.filter((q) => q.method !== 'GET')).toEqual([])
    expect(r.outputs.status).toBeUndefined()
  })

  it.each([
    [{ conversation: '#7' }, 'Input conversation: "#7" is not the number of an issue or pull request. Accepted:'],
    [{ conversation: '0' }, 'Input conversation: "0" is not the number of an issue or pull request. Accepted:'],
    [{ 'max-requests': '-1' }, 'Input max-requests: "-1" is out of range. Accepted: a whole number, 0 or more.'],
    [
      { 'max-requests': 'ten' },
      'Input max-requests: "ten" is not a whole number. Accepted: a whole number, 0 or more.',
    ],
    [
      { 'max-requests': '3', comment: 'never' },
      'Input max-requests: the requests are counted from the replies in the conversation, and comment: never posts none.',
    ],
    [
      { prompt: '', 'job-id': 'job_1' },
      'Input conversation: job-id alone sends no request to the conversation. Accepted: conversation with prompt or prompt-file.',
    ],
  ])('bad input %o fails before any request, naming the input', async (inputs, words) => {
    loopIssue()
    const r = await unattended(inputs)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`::error::${words}`)
    expect(api.requests).toEqual([])
  })

  it('a comment-triggered run ignores `conversation`, and the log says so: the comment’s own thread is the conversation', async () => {
    loopIssue()
    const r = await ask('/docs document the flag', { conversation: '7' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      "conversation: 7 is ignored: a comment triggered this run, so its conversation is the comment's own thread, #12.",
    )
    expect(botReplies(12)).toHaveLength(1)
    expect(botReplies(7)).toHaveLength(0)
    expect(api.requests.filter((q) => q.path.startsWith('/repos/acme/app/issues/7'))).toEqual([])
  })

  it('a re-run of the workflow run takes over its reply and only reports the job: nothing sent twice', async () => {
    loopIssue()
    api.script.statuses = ['active']
    const first = await unattended({ timeout: '300ms' }, 5)
    expect(first.code).toBe(1)
    expect(botReplies(7)[0]?.body).toContain(`[Re-run this workflow run](${runUrl(5)}) to keep waiting for it`)
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed'])
    const again = await unattended({}, 5)
    expect(again.code).toBe(0)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
    expect(botReplies(7)).toHaveLength(1)
    expect(botReplies(7)[0]?.body).toContain('This run was started again')
    expect(again.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
  })

  it.each([
    [
      'a failed job',
      () => {
        api.script.statuses = ['active', 'failed']
      },
      '**Next:** The next run of this workflow starts a new job.',
    ],
    [
      'a request refused (HTTP 409)',
      () => api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status: 409, json: { error: 'Busy' } }),
      `**Next:** [Re-run this workflow run](${runUrl(1)}) to try once more; if it fails the same way, its log says why.`,
    ],
  ])('%s: the reply’s next step is the workflow’s, never a comment to write', async (_, setup, next) => {
    loopIssue()
    setup()
    await unattended()
    const body = botReplies(7).at(-1)?.body ?? ''
    expect(body).toContain(`\n\n${next}\n\n<!--`)
    expect(body).not.toContain('/docs')
    expect(body.split(runUrl(1))).toHaveLength(2) // the run linked once
  })
})

describe('a create that may have gone through: never a second job on a re-run or a later request', () => {
  const BAD_GATEWAY = { method: 'POST', path: '/v2/agent/proj_1/job', status: 502, body: '<html>Bad gateway</html>' }
  const UNCLEAR =
    'A maintainer should check the Mintlify dashboard for that job, then delete the reply that says a job may have been created: the next request (or a re-run) then goes ahead as if that request had never been made.'

  it('a comment’s request: the reply says a job may exist, and a re-run of the workflow run creates none', async () => {
    api.fault({ ...BAD_GATEWAY, times: 1 })
    const event = request('/docs document the flag')
    const first = await runAgent(api, {}, { event })
    expect(first.code).toBe(1)
    expect(creates()).toBe(1)
    const body = botReplies()[0]?.body ?? ''
    expect(markersOf(body)).toEqual([{ requestId: event.payload.comment.id, maybeJob: true }])
    expect(body).toContain(
      '**Next:** A maintainer should check the Mintlify dashboard for a new job before anyone asks again: asking again could start a second job. Until a maintainer deletes this reply, neither a re-run of this workflow run nor a later request continuing this conversation sends anything.',
    )

    const again = await runAgent(api, {}, { event }) // "Re-run jobs": the same comment
    expect(again.code).toBe(1)
    expect(creates()).toBe(1) // never a second job
    expect(again.stdout).toContain(
      '::error::The first attempt of this run tried to create a job and got no clear answer, so a job may have been created; this request was not sent, as it could start a second job.',
    )
    expect(botReplies()).toHaveLength(1)
    const reply = botReplies()[0]?.body ?? ''
    expect(reply.split('\n')[0]).toBe('❌ **Mintlify agent: Job may exist**')
    expect(reply).toContain(`**Next:** ${UNCLEAR}`)
    expect(markersOf(reply)).toEqual([{ requestId: event.payload.comment.id, maybeJob: true }]) // still says so
  })

  it('`conversation`: a re-run and the next run create nothing, the next run says why, and a deleted reply lets a run go ahead', async () => {
    loopIssue()
    api.fault({ ...BAD_GATEWAY, times: 1 })
    expect((await unattended({}, 1)).code).toBe(1)
    expect(creates()).toBe(1)
    const first = botReplies(7)[0] as MockComment
    expect(first.body.endsWith(markerOf(undefined, { runId: '1' }, false, true))).toBe(true)

    expect((await unattended({}, 1)).code).toBe(1) // a re-run of the same workflow run
    expect(creates()).toBe(1)
    const next = await unattended({}, 2) // the loop's next run
    expect(next.code).toBe(1)
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(0)
    expect(next.stdout).toContain(
      `::error::The newest request of this conversation (${first.html_url}) tried to create a job and got no clear answer`,
    )
    const replies = botReplies(7)
    expect(replies).toHaveLength(2)
    expect(replies[1]?.body).toContain(`**Next:** ${UNCLEAR}`)
    expect(markersOf(replies[1]?.body ?? '')).toEqual([{ runId: '2' }]) // sent nothing: counts as no request

    // The maintainer checked the dashboard and deleted the reply: the next run goes ahead.
    thread(7).splice(thread(7).indexOf(first), 1)
    expect((await unattended({}, 3)).code).toBe(0)
    expect(creates()).toBe(2)
  })

  it('counts against `max-requests`: an unknown count is never taken as zero', async () => {
    loopIssue()
    api.fault({ ...BAD_GATEWAY, times: 1 })
    expect((await unattended({ 'max-requests': '1' }, 1)).code).toBe(1)
    const capped = await unattended({ 'max-requests': '1' }, 2)
    expect(capped.code).toBe(0)
    expect(capped.outputs.status).toBe('skipped')
    expect(capped.stdout).toContain('::warning::Conversation #7 reached its limit of 1 request')
    expect(creates()).toBe(1)
  })

  it.skipIf(!POSIX_SIGNALS)('cancelled while the create is on its way: a re-run creates no job', async () => {
    api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', action: 'hang' })
    const event = request('/docs document the flag')
    const first = await cancelWhenSent(event, 'POST /v2/agent/proj_1/job')
    expect(first.code).toBe(143)
    expect(creates()).toBe(1)
    expect(markersOf(botReplies()[0]?.body ?? '')).toEqual([{ requestId: event.payload.comment.id, maybeJob: true }])
    const again = await runAgent(api, {}, { event })
    expect(again.code).toBe(1)
    expect(creates()).toBe(1)
    expect(botReplies()).toHaveLength(1)
  })
})

describe('`max-requests`: what one conversation may send to the agent', () => {
  const LIMIT_REACHED =
    'Conversation #7 reached its limit of 2 requests to the agent (max-requests), so this request was not sent. A maintainer can raise max-requests, or start a new issue.'

  it('reached: sends nothing, keeps one reply (a later capped run edits it), ends skipped with a warning', async () => {
    loopIssue()
    expect((await unattended({ 'max-requests': '2' }, 1)).code).toBe(0) // a new job
    expect((await unattended({ 'max-requests': '2' }, 2)).code).toBe(0) // a follow-up
    expect(creates() + messages().length).toBe(2)
    api.requests.length = 0

    const capped = await unattended({ 'max-requests': '2' }, 3)
    expect(capped.code).toBe(0)
    expect(mintlify()).toEqual([])
    expect(capped.stdout).toContain(`::warning::${LIMIT_REACHED}`)
    expect(capped.outputs).toMatchObject({ status: 'skipped', 'follow-up': 'false' })
    expect(capped.outputs['job-id']).toBeUndefined()
    expect(capped.summary).toContain('### ⏭️ Mintlify agent: Request limit reached')
    const replies = botReplies(7)
    expect(replies).toHaveLength(3)
    const reply = replies[2] as MockComment
    expect(capped.outputs['comment-url']).toBe(reply.html_url)
    expect(reply.body).toBe(
      [
        '⏭️ **Mintlify agent: Request limit reached**',
        '',
        'This conversation reached its limit of 2 requests to the agent (`max-requests`), so this request was not sent.',
        '',
        '[Workflow run](https://github.com/acme/app/actions/runs/3)',
        '',
        '**Next:** A maintainer can raise `max-requests`, or start a new issue.',
        '',
        markerOf(undefined, { runId: '3' }, true),
      ].join('\n'),
    )
    // No "working on it" first: the only write is the capped reply.
    expect(api.requests.filter((q) => q.method !== 'GET' && q.path !== '/graphql')).toHaveLength(1)

    const again = await unattended({ 'max-requests': '2' }, 4)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain(`::warning::${LIMIT_REACHED}`)
    expect(botReplies(7)).toHaveLength(3)
    expect(reply.body).toContain('[Workflow run](https://github.com/acme/app/actions/runs/4)')
    expect(reply.body.endsWith(markerOf(undefined, { runId: '4' }, true))).toBe(true)
    expect(again.outputs['comment-url']).toBe(reply.html_url)
    expect(mintlify()).toEqual([])

    // Raised: the next run sends again, with a reply of its own.
    const raised = await unattended({ 'max-requests': '3' }, 5)
    expect(raised.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_1/message']) // since the requests were cleared
    expect(botReplies(7)).toHaveLength(4)
  })

  it("a comment's request counts the replies that sent one: not a capped reply, a reply that sent nothing, the comment on the agent's pull request, nor another's", async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    const reply = (marker: string, user = bot) => seedComment(api.github, 12, { body: `Done.\n\n${marker}`, user })
    reply(markerOf('job_old', 501)) // sent
    reply(markerOf('job_old', { runId: '8' })) // sent, by a scheduled run
    reply(markerOf(undefined, 503)) // not sent (refused, or the job still busy at timeout)
    reply(markerOf('job_old')) // the comment on the agent's own pull request
    reply(markerOf('job_old', 504), writer) // a person's
    reply(markerOf('job_old', 505), quoter) // another bot's
    const oldCap = reply(markerOf(undefined, 506, true)) // capped
    const capText = oldCap.body
    const r = await ask('/docs also the changelog', { 'max-requests': '3' })
    expect(r.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    // Now three: the next request is capped. A request was sent since the old capped reply, so it is left as it was
    // and the new capped reply is posted at the end of the thread, where it is read.
    const before = botReplies().length
    const capped = await ask('/docs and the examples', { 'max-requests': '3' })
    expect(capped.code).toBe(0)
    expect(capped.outputs.status).toBe('skipped')
    expect(messages()).toHaveLength(1)
    expect(capped.stdout).toContain('::warning::Conversation #12 reached its limit of 3 requests')
    expect(botReplies()).toHaveLength(before + 1)
    expect(oldCap.body).toBe(capText)
    const newest = botReplies().at(-1)?.body ?? ''
    expect(newest).toContain('**Next:** A maintainer can raise `max-requests`, or start a new issue.')
  })

  it('a re-run of a run that sent its request is not capped by its own reply: it only reports the job', async () => {
    loopIssue()
    api.script.statuses = ['active']
    const first = await unattended({ 'max-requests': '1', timeout: '300ms' }, 6)
    expect(first.code).toBe(1) // still active at timeout
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed'])
    const again = await unattended({ 'max-requests': '1' }, 6)
    expect(again.code).toBe(0)
    expect(again.outputs).toMatchObject({ status: 'completed', 'job-id': 'job_1' })
    expect(again.stdout).not.toContain('reached its limit')
    expect(creates()).toBe(1)
    expect(botReplies(7)).toHaveLength(1)
  })

  it('with a personal access token its person’s replies are the action’s: a re-run takes over its reply, the next run follows up, and the limit caps', async () => {
    loopIssue()
    api.github.tokenUser = { login: 'octocat', type: 'User' }
    const mine = () => thread(7).filter((c) => c.user.login === 'octocat')
    api.script.statuses = ['active']
    expect((await unattended({ 'max-requests': '2', timeout: '300ms' }, 1)).code).toBe(1) // still active at timeout
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed'])
    api.script.statuses = ['completed'] // the follow-up below is done at once
    const again = await unattended({ 'max-requests': '2' }, 1) // "Re-run jobs"
    expect(again.code).toBe(0)
    expect(again.outputs).toMatchObject({ status: 'completed', 'job-id': 'job_1' })
    expect(creates()).toBe(1)
    expect(mine()).toHaveLength(1)
    const next = await unattended({ 'max-requests': '2' }, 2)
    expect(next.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_1/message'])
    const capped = await unattended({ 'max-requests': '2' }, 3)
    expect(capped.outputs.status).toBe('skipped')
    expect(capped.stdout).toContain('::warning::Conversation #7 reached its limit of 2 requests')
    expect(creates()).toBe(1)
    expect(messages()).toHaveLength(1)
    expect(mine()).toHaveLength(3)
  })

  it('with a personal access token, a re-run of a comment’s request takes over its reply: no second job', async () => {
    api.github.tokenUser = { login: 'octocat', type: 'User' }
    api.script.statuses = ['active']
    const event = request('/docs document the flag')
    expect((await runAgent(api, { timeout: '200ms' }, { event })).code).toBe(1)
    api.seedJob({ id: 'job_1', status: 'active' }, ['completed'])
    const again = await runAgent(api, { timeout: '3s' }, { event })
    expect(again.code).toBe(0)
    expect(creates()).toBe(1)
    const mine = thread().filter((c) => c.user.login === 'octocat')
    expect(mine).toHaveLength(1)
    expect(mine[0]?.body).toContain('This run was started again')
  })

  it('the workflow’s token: a conversation without a reply of the action’s asks nobody who the token is', async () => {
    loopIssue()
    const r = await unattended({ 'max-requests': '2' }, 1)
    expect(r.code).toBe(0)
    expect(creates()).toBe(1)
    expect(whoAmI()).toHaveLength(0)
  })

  it('a re-run of a capped run, once the limit is raised, turns its capped reply into the request’s reply', async () => {
    loopIssue()
    seedComment(api.github, 7, { body: `Done.\n\n${markerOf('job_1', { runId: '1' })}`, user: bot })
    api.seedJob({ id: 'job_1', status: 'completed' })
    expect((await unattended({ 'max-requests': '1' }, 2)).outputs.status).toBe('skipped')
    const again = await unattended({ 'max-requests': '2' }, 2)
    expect(again.code).toBe(0)
    expect(messages()).toEqual(['POST /v2/agent/proj_1/job/job_1/message'])
    const replies = botReplies(7)
    expect(replies).toHaveLength(2)
    expect(replies[1]?.body.endsWith(markerOf('job_1', { runId: '2' }))).toBe(true)
    expect(replies[1]?.body).not.toContain('limit')
  })

  it.each([
    [
      'a list of comments of the wrong shape',
      () => api.fault({ method: 'GET', path: '/issues/7/comments', status: 200, json: { message: 'odd' } }),
      'the list of comments is not a list',
    ],
    [
      'the account the replies are written as',
      () => api.fault({ method: 'POST', path: '/graphql', status: 502, body: '<html>Bad gateway</html>' }),
      'Finding the account the token writes as failed: HTTP 502',
    ],
  ])(
    '%s cannot be read: the step fails before anything is sent (an unknown count is never zero)',
    async (_, fault, words) => {
      loopIssue()
      seedComment(api.github, 7, { body: `Done.\n\n${markerOf('job_1', { runId: '1' })}`, user: bot })
      api.seedJob({ id: 'job_1', status: 'completed' })
      fault()
      const r = await unattended({ 'max-requests': '5' }, 2)
      expect(r.code).toBe(1)
      expect(r.stdout).toMatch(new RegExp(`::error::.*${words}`))
      expect(mintlify()).toEqual([])
      expect(api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/repos/'))).toEqual([])
    },
  )
})
