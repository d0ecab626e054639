/**
 * The agent action's wiring (src/agent/main.ts), run in-process against the local mock API and its GitHub
 * stand-in: the paths the end-to-end tests show on the bundle (a plain run, a comment's gate, the conversation's
 * reply and job, `comment: always`, the agent's own pull request), here where mutation testing reaches them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type MockApi, type MockComment, seedComment, startMockApi } from '../../local/mock-api.ts'
import type { RunOptions } from '../../local/run-action.ts'
import { markerOf, markersIn } from '../../src/agent/github/marker.js'
import { run } from '../../src/agent/main.js'
import { issueComment, PULL_12 } from '../helpers/e2e.js'
import { removeRuns, runAgentInProcess } from '../helpers/in-process.js'

// One server for the file, forgotten between tests (test/helpers/in-process.ts says why).
let api: MockApi
beforeAll(async () => {
  api = await startMockApi()
})
beforeEach(() => {
  api.reset({ roles: { writer: 'write', reader: 'read' }, pulls: { 12: { head: 'feature/x', base: 'main' } } })
})
afterAll(async () => {
  await api.close()
  removeRuns()
})

const writer = { login: 'writer', type: 'User' }
const bot = { login: 'github-actions[bot]', type: 'Bot' }

/** A run of the agent action with `inputs`, on `event` when given (a comment brings the prompt then). */
const agent = (
  inputs: Record<string, string> = {},
  event?: RunOptions['event'],
  env: Record<string, string> = {},
  files?: Record<string, string>,
) => runAgentInProcess(run, api, inputs, event, env, files)

/** A `/docs` request on issue 12, added to the thread first, as GitHub would have it. */
const request = (body: string, user = writer, action = 'created') => issueComment(api.github, body, { user, action })

const mintlify = () => api.requests.filter((q) => q.path.startsWith('/v2/')).map((q) => `${q.method} ${q.path}`)
const github = () => api.requests.filter((q) => q.path.startsWith('/repos/') || q.path === '/graphql')
const thread = (n = 12): MockComment[] => api.github.comments?.[n] ?? []
const botReplies = (n = 12) => thread(n).filter((c) => c.user.type === 'Bot')
const marked = (jobId: string) => seedComment(api.github, 12, { body: `Done.\n\n${markerOf(jobId)}`, user: bot })

describe('a plain run', () => {
  it('creates the job, waits for it, sets every output and writes the summary with the prompt; no GitHub call', async () => {
    const r = await agent()
    expect(r.code).toBe(0)
    expect(mintlify()[0]).toBe('POST /v2/agent/proj_1/job')
    expect(JSON.parse(api.requests[0]?.body ?? '{}')).toEqual({ prompt: 'Document the flag' })
    expect(r.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'follow-up': 'false',
      'timed-out': 'false',
      prLink: 'https://github.com/acme/docs/pull/101',
      'pr-number': '101',
    })
    expect(r.outputs['comment-url']).toBeUndefined()
    expect(r.stdout).toContain('::notice::Job job_1 completed: https://github.com/acme/docs/pull/101')
    expect(r.summary).toMatch(/^### ✅ Mintlify agent: Pull request opened\n/)
    expect(r.summary).toContain('<summary>Prompt (17 characters)</summary>')
    expect(github()).toEqual([])
  })

  it('bad input fails before any request, naming the input; summary: false writes none', async () => {
    const r = await agent({ timeout: 'soon' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Input timeout: "soon" is not a duration.')
    expect(api.requests).toEqual([])
    const quiet = await agent({ summary: 'false' })
    expect(quiet.code).toBe(0)
    expect(quiet.summary).toBe('')
  })

  it('a failed create is one error, the summary says what failed, and nothing is retried', async () => {
    api.fault({ method: 'POST', path: '/v2/', status: 401, json: { error: 'Invalid API key' } })
    const r = await agent()
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::Creating the agent job failed: HTTP 401 \(Invalid API key\)/)
    expect(mintlify()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(r.summary).toMatch(/^### ❌ Mintlify agent: Error\n\nCreating the agent job failed: HTTP 401/)
  })

  it('comment: always on a pull request event: one result comment, carrying the job’s marker', async () => {
    const r = await agent(
      { comment: 'always', prompt: 'Refresh the docs' },
      { name: 'pull_request', payload: { action: 'opened', pull_request: PULL_12 } },
    )
    expect(r.code).toBe(0)
    expect(botReplies()).toHaveLength(1)
    expect(botReplies()[0]?.body).toMatch(/^✅ \*\*Mintlify agent: Pull request opened\*\*/)
    expect(markersIn(botReplies()[0]?.body ?? '')).toEqual(['job_1'])
    // auto (the default) on the same event posts nothing.
    const auto = await agent(
      { prompt: 'Refresh' },
      { name: 'pull_request', payload: { action: 'opened', pull_request: PULL_12 } },
    )
    expect(auto.code).toBe(0)
    expect(botReplies()).toHaveLength(1)
  })

  it('comment: always after a failed create: the result comment names no job', async () => {
    api.fault({ method: 'POST', path: '/v2/', status: 400, json: { error: 'Bad prompt' } })
    const r = await agent(
      { comment: 'always', prompt: 'Refresh the docs' },
      { name: 'pull_request', payload: { action: 'opened', pull_request: PULL_12 } },
    )
    expect(r.code).toBe(1)
    expect(botReplies()).toHaveLength(1)
    expect(markersIn(botReplies()[0]?.body ?? '')).toEqual([])
  })
})

describe("a comment's gate", () => {
  it('a comment without the phrase, or edited: skipped green before the inputs are read, no request', async () => {
    const other = await agent({ timeout: 'not read' }, request('Looks good, /docs later'))
    expect(other.code).toBe(0)
    expect(other.outputs).toEqual({ status: 'skipped' })
    expect(other.stdout).toContain('The comment does not start with /docs; nothing to do.')
    const edited = await agent({}, request('/docs document it', writer, 'edited'))
    expect(edited.outputs).toEqual({ status: 'skipped' })
    expect(edited.stdout).toContain('The comment was edited; only a newly created comment triggers a run.')
    expect(api.requests).toEqual([])
    expect(other.summary + edited.summary).toBe('')
  })

  it('a reader: skipped with a notice; a bot: the same, without asking GitHub', async () => {
    const reader = await agent({}, request('/docs document it', { login: 'reader', type: 'User' }))
    expect(reader.code).toBe(0)
    expect(reader.outputs).toEqual({ status: 'skipped' })
    expect(reader.stdout).toContain('::notice::@reader has read permission on the repository')
    expect(mintlify()).toEqual([])
    api.requests.length = 0
    const renovate = await agent({}, request('/docs document it', { login: 'renovate[bot]', type: 'Bot' }))
    expect(renovate.stdout).toContain('::notice::@renovate[bot] is a bot; comments by bots do not trigger a run.')
    expect(api.requests).toEqual([])
  })

  it('a permission check GitHub refuses: not started, the step fails, no job', async () => {
    api.fault({ path: '/collaborators/', status: 403, json: { message: 'Resource not accessible by integration' } })
    const r = await agent({}, request('/docs document it'))
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*HTTP 403/)
    expect(mintlify()).toEqual([])
    expect(r.outputs.status).toBeUndefined()
  })

  it('prompt inputs on a comment event are bad input: the comment brings the prompt', async () => {
    const r = await agent({ prompt: 'From the workflow' }, request('/docs document it'))
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Input prompt: a comment triggered this run and brings the prompt.')
    expect(mintlify()).toEqual([])
  })

  it('without the repository, a comment cannot be checked: one clear error', async () => {
    const r = await agent({}, request('/docs document it'), { GITHUB_REPOSITORY: '' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::GITHUB_REPOSITORY is not set, so the comment cannot be checked.')
  })

  it('the phrase alone gets the usage reply and no job', async () => {
    const r = await agent({ 'trigger-phrase': '/ask' }, request('/ask'))
    expect(r.code).toBe(0)
    expect(mintlify()).toEqual([])
    expect(botReplies()[0]?.body).toContain('👋 Tell the Mintlify agent what to do after `/ask`')
  })
})

describe('a writer’s request', () => {
  it('👀, a reply posted before the job and edited with the outcome and the marker; the request and its context sent', async () => {
    const event = request('/docs document the flag')
    const r = await agent({}, event)
    expect(r.code).toBe(0)
    const order = api.requests.map((q) => `${q.method} ${q.path}`)
    expect(order).toContain(`POST /repos/acme/app/issues/comments/${event.payload.comment.id}/reactions`)
    const posted = order.indexOf('POST /repos/acme/app/issues/12/comments')
    expect(posted).toBeGreaterThan(-1)
    expect(posted).toBeLessThan(order.indexOf('POST /v2/agent/proj_1/job'))
    const reply = botReplies()[0] as MockComment
    expect(botReplies()).toHaveLength(1)
    expect(r.outputs['comment-url']).toBe(reply.html_url)
    expect(reply.body).toMatch(/^✅ \*\*Mintlify agent: Pull request opened\*\*/)
    expect(markersIn(reply.body)).toEqual(['job_1'])
    expect(reply.body).toContain('[Workflow run](https://github.com/acme/app/actions/runs/4242)')
    const sent = JSON.parse(api.requests.find((q) => q.path === '/v2/agent/proj_1/job')?.body ?? '{}').prompt
    expect(sent).toMatch(
      /^document the flag\n\n---\nRequested in a comment on issue #12 of acme\/app: Add a --dry-run flag\n/,
    )
  })

  it('a review comment is answered in its own thread', async () => {
    const r = await agent(
      {},
      {
        name: 'pull_request_review_comment',
        payload: {
          action: 'created',
          comment: { id: 88, body: '/docs document this', user: writer },
          pull_request: PULL_12,
        },
      },
    )
    expect(r.code).toBe(0)
    const replies = (api.github.reviewComments?.[12] ?? []).filter((c) => c.user.type === 'Bot')
    expect(replies).toHaveLength(1)
    expect(replies[0]?.in_reply_to_id).toBe(88)
    expect(botReplies()).toHaveLength(0)
  })

  it('comment: never reacts but posts nothing; follow-up: never always creates a job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed' })
    marked('job_old')
    const r = await agent({ comment: 'never', 'follow-up': 'never' }, request('/docs document it'))
    expect(r.code).toBe(0)
    expect(mintlify()).toContain('POST /v2/agent/proj_1/job')
    expect(mintlify().filter((q) => q.endsWith('/message'))).toEqual([])
    expect(botReplies()).toHaveLength(1) // the seeded one only
    expect(r.outputs['comment-url']).toBeUndefined()
  })

  it('a request goes to the conversation’s job as a follow-up, and the reply says so', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    const r = await agent({}, request('/docs also the changelog'))
    expect(r.code).toBe(0)
    expect(mintlify().filter((q) => q.startsWith('POST'))).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    expect(r.outputs).toMatchObject({ 'job-id': 'job_old', 'follow-up': 'true' })
    const reply = botReplies().at(-1) as MockComment
    expect(reply.body).toContain('This request was a follow-up to job `job_old` of this conversation.')
    expect(markersIn(reply.body)).toEqual(['job_old'])
    expect(r.summary).toContain('This request was a follow-up to job `job_old`.')
  })

  it('a follow-up refused: the reply says what it was to be, and names no job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    api.fault({ method: 'POST', path: '/message', status: 409, json: { error: 'Busy' } })
    const r = await agent({}, request('/docs and the examples'))
    expect(r.code).toBe(1)
    const reply = botReplies().at(-1) as MockComment
    expect(reply.body).toContain('It was to be a follow-up to job `job_old` of this conversation.')
    expect(markersIn(reply.body)).toEqual([])
  })

  it('a follow-up with no clear answer: the reply names the job, so that a re-run sends nothing again', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    api.fault({ method: 'POST', path: '/message', status: 502, body: '<html>Bad gateway</html>' })
    const event = request('/docs and the examples')
    const first = await agent({}, event)
    expect(first.code).toBe(1)
    expect(markersIn(botReplies().at(-1)?.body ?? '')).toEqual(['job_old'])
    const again = await agent({}, event)
    expect(again.code).toBe(0)
    expect(mintlify().filter((q) => q.endsWith('/message'))).toHaveLength(1)
    const reply = botReplies().at(-1) as MockComment
    expect(reply.body).toContain(
      'This run was started again: its first attempt had already sent this request to job `job_old`',
    )
    expect(again.outputs['comment-url']).toBe(reply.html_url)
  })

  it('the conversation’s job still busy at timeout: the request is not sent, and the outputs say so', async () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    marked('job_busy')
    const r = await agent({ timeout: '200ms' }, request('/docs and the examples'))
    expect(r.code).toBe(1)
    expect(mintlify().filter((q) => q.endsWith('/message'))).toEqual([])
    expect(r.outputs).toMatchObject({ 'job-id': 'job_busy', 'follow-up': 'false', 'timed-out': 'true' })
    const reply = botReplies().at(-1) as MockComment
    expect(reply.body).toContain('The request was not sent')
    expect(markersIn(reply.body)).toEqual([])
  })

  it('a conversation that cannot be read: the step fails, no job, no reply', async () => {
    api.fault({ method: 'GET', path: '/issues/12/comments', status: 500, times: 5, json: { message: 'oops' } })
    const r = await agent({}, request('/docs document it'))
    expect(r.code).toBe(1)
    expect(mintlify()).toEqual([])
    expect(botReplies()).toHaveLength(0)
  })

  it('the agent’s own pull request in this repository gets one comment with the marker and the phrase', async () => {
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    const r = await agent({ 'trigger-phrase': '/ask' }, request('/ask document the flag'))
    expect(r.code).toBe(0)
    const intro = botReplies(31)
    expect(intro).toHaveLength(1)
    expect(markersIn(intro[0]?.body ?? '')).toEqual(['job_1'])
    expect(intro[0]?.body).toContain('`/ask <request>`')
    // Without a repository for the run there is nothing to compare the link with: no comment.
  })

  it('comment: never leaves the agent’s own pull request alone too', async () => {
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    const r = await agent({ comment: 'never' }, request('/docs document the flag'))
    expect(r.code).toBe(0)
    expect(botReplies(31)).toHaveLength(0)
  })
})

describe('cancelled', () => {
  afterEach(() => {
    vi.clearAllTimers() // the last-resort exit a signal schedules
    vi.useRealTimers()
  })

  it('while a follow-up message is on its way: the reply names the job (a re-run then only reports it)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    api.fault({ method: 'POST', path: '/message', action: 'hang' })
    const before = process.listeners('SIGTERM')
    const signal = setInterval(() => {
      if (!api.requests.some((q) => q.path.endsWith('/message'))) return
      clearInterval(signal)
      for (const handler of process.listeners('SIGTERM').filter((l) => !before.includes(l)))
        (handler as (s: NodeJS.Signals) => void)('SIGTERM')
    }, 5)
    const r = await agent({}, request('/docs and the examples'))
    clearInterval(signal)
    expect(r.code).toBe(143)
    const reply = botReplies().at(-1) as MockComment
    expect(reply.body).toContain('Cancelled')
    expect(markersIn(reply.body)).toEqual(['job_old'])
    expect(r.summary).toContain('while sending the follow-up message to job `job_old`')
  })
})
