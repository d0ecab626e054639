/**
 * More of the agent action's wiring (src/agent/main.ts), in-process against the local mock API and its GitHub
 * stand-in: the prompt file, events the action does not take, the phrase outside a comment, `preview`, `comment` and
 * `follow-up` in each combination, `max-requests`, a run started again, `conversation`, and the agent's own pull
 * request. main.test.ts holds the main paths; this file what mutation testing found them to leave open.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type MockApi, type MockComment, seedComment, seedIssue, startMockApi } from '../../local/mock-api.ts'
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
  api.reset({ roles: { writer: 'write' }, pulls: { 12: { head: 'feature/x', base: 'main' } } })
})
afterAll(async () => {
  await api.close()
  removeRuns()
})

const writer = { login: 'writer', type: 'User' }
const bot = { login: 'github-actions[bot]', type: 'Bot' }

const agent = (
  inputs: Record<string, string> = {},
  event?: RunOptions['event'],
  env: Record<string, string> = {},
  files?: Record<string, string>,
) => runAgentInProcess(run, api, inputs, event, env, files)

const request = (body: string) => issueComment(api.github, body)
const pullOpened = { name: 'pull_request', payload: { action: 'opened', pull_request: PULL_12 } }

const mintlify = () => api.requests.filter((q) => q.path.startsWith('/v2/')).map((q) => `${q.method} ${q.path}`)
const posts = () => mintlify().filter((q) => q.startsWith('POST'))
const githubCalls = () =>
  api.requests.filter((q) => q.path.startsWith('/repos/') || q.path === '/graphql').map((q) => `${q.method} ${q.path}`)
const thread = (n = 12): MockComment[] => api.github.comments?.[n] ?? []
const botReplies = (n = 12) => thread(n).filter((c) => c.user.type === 'Bot')
const marked = (jobId: string) => seedComment(api.github, 12, { body: `Done.\n\n${markerOf(jobId)}`, user: bot })
/** Checks that the reply to `event` ends with a marker naming no job, saying a job may exist when `maybeJob`. */
const endsWithMarker = (body: string | undefined, event: ReturnType<typeof request>, maybeJob: boolean) =>
  expect(body?.endsWith(`\n\n${markerOf(undefined, event.payload.comment.id, false, maybeJob)}`)).toBe(true)

describe('inputs and events', () => {
  it('prompt-file is read, as UTF-8, from the workspace', async () => {
    const r = await agent(
      { prompt: '', 'prompt-file': 'prompts/flag.md' },
      undefined,
      {},
      {
        'prompts/flag.md': 'Document the --dry-run flag ✓\n',
      },
    )
    expect(r.code).toBe(0)
    const sent = JSON.parse(api.requests.find((q) => q.path === '/v2/agent/proj_1/job')?.body ?? '{}').prompt
    expect(sent).toContain('Document the --dry-run flag ✓')
  })

  it('a comment on something the action does not take, without a prompt: says which event to take out', async () => {
    const r = await agent(
      { prompt: '' },
      {
        name: 'discussion_comment',
        payload: {
          action: 'created',
          comment: { id: 5, body: '/docs do it', user: writer },
          discussion: { number: 3 },
        },
      },
    )
    expect(r.code).toBe(1)
    expect(r.stdout).toContain("::error::This run's event, discussion_comment, is a comment the action does not take")
    expect(mintlify()).toEqual([])
    // Any other event without a prompt is told what the inputs accept, not about comments.
    const plain = await agent({ prompt: '' }, { name: 'workflow_dispatch', payload: {} })
    expect(plain.code).toBe(1)
    expect(plain.stdout).toContain('::error::Input prompt')
    expect(plain.stdout).not.toContain('is a comment the action does not take')
    const target = await agent({ prompt: '' }, pullOpened)
    expect(target.stdout).not.toContain('is a comment the action does not take')
  })

  it('comment: always on an event with no issue or pull request posts nothing and warns of nothing', async () => {
    const r = await agent({ comment: 'always' }, { name: 'workflow_dispatch', payload: {} })
    expect(r.code).toBe(0)
    expect(githubCalls()).toEqual([])
    expect(r.stdout).not.toContain('::warning::')
  })

  it('a result comment GitHub refuses: a warning that says so, the run stays green', async () => {
    api.fault({ method: 'POST', path: '/issues/12/comments', status: 403, json: { message: 'Forbidden' } })
    const r = await agent({ comment: 'always' }, pullOpened)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/::warning::Could not post the result comment/)
  })

  it('preview: true sets both preview outputs even when there is nothing to preview; without it, neither', async () => {
    api.script.statuses = ['failed']
    api.script.prLink = null
    const r = await agent({ preview: 'true' })
    expect(r.outputs).toMatchObject({ 'preview-url': '', 'preview-status': '' })
    const plain = await agent()
    expect(plain.outputs).not.toHaveProperty('preview-url')
    expect(plain.outputs).not.toHaveProperty('preview-status')
  })
})

describe('the agent’s own pull request on other events', () => {
  it('a pull request event: the comment on the agent’s pull request gives the workflow’s phrase', async () => {
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    const r = await agent({ 'trigger-phrase': '/ask' }, pullOpened, { GITHUB_SERVER_URL: '' })
    expect(r.code).toBe(0)
    const intro = botReplies(31)
    expect(intro).toHaveLength(1)
    expect(intro[0]?.body).toContain('`/ask <request>`')
    expect(markersIn(intro[0]?.body ?? '')).toEqual(['job_1'])
  })

  it('a pull request of another repository, or on another server, gets no comment', async () => {
    const r = await agent({}, pullOpened) // the mock's pull request is in acme/docs
    expect(r.code).toBe(0)
    expect(githubCalls().filter((q) => q.startsWith('POST'))).toEqual([])
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    const ghe = await agent({}, pullOpened, { GITHUB_SERVER_URL: 'https://ghe.example.com' })
    expect(ghe.code).toBe(0)
    expect(githubCalls().filter((q) => q.startsWith('POST'))).toEqual([])
  })
})

describe('a comment’s request: comment and follow-up', () => {
  it('comment: never answers no phrase-alone comment; a conversation input is ignored, and says so', async () => {
    const alone = await agent({ comment: 'never' }, request('/docs'))
    expect(alone.code).toBe(0)
    expect(botReplies()).toEqual([])
    const r = await agent({ conversation: '7' }, request('/docs document it'))
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      "conversation: 7 is ignored: a comment triggered this run, so its conversation is the comment's own thread, #12.",
    )
    const plain = await agent({}, request('/docs document it'))
    expect(plain.stdout).not.toContain('is ignored')
  })

  it('comment: never with follow-up: auto still reads the conversation and sends the request to its job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    const r = await agent({ comment: 'never' }, request('/docs also the changelog'))
    expect(r.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
    expect(r.outputs).toMatchObject({ 'job-id': 'job_old', 'follow-up': 'true' })
    expect(botReplies()).toHaveLength(1) // the seeded one only
  })

  it('comment: never with a follow-up without a clear answer: one error, nothing posted', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    api.fault({ method: 'POST', path: '/message', status: 502, body: '<html>Bad gateway</html>' })
    const r = await agent({ comment: 'never' }, request('/docs and the examples'))
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*HTTP 502/)
    expect(r.stdout).not.toContain('TypeError')
    expect(botReplies()).toHaveLength(1)
  })

  it('comment: never with follow-up: never reads no conversation at all', async () => {
    const r = await agent({ comment: 'never', 'follow-up': 'never' }, request('/docs document it'))
    expect(r.code).toBe(0)
    expect(githubCalls().filter((q) => q.startsWith('GET /repos/acme/app/issues/12/comments'))).toEqual([])
  })

  it('follow-up: never, started again: the reply of the first attempt is taken over and its job only reported', async () => {
    const event = request('/docs document it')
    const first = await agent({ 'follow-up': 'never' }, event)
    expect(first.code).toBe(0)
    const again = await agent({ 'follow-up': 'never' }, event)
    expect(again.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(botReplies()).toHaveLength(1)
    expect(botReplies()[0]?.body).toContain('This run was started again')
    expect(botReplies()[0]?.body).toMatch(/\*\*Mintlify agent: Pull request ready\*\*/)
    expect(again.stdout).not.toContain('Pull request opened')
    // comment: never on a run started again (follow-up: auto reads the conversation): only reports, posts nothing.
    const quiet = await agent({ comment: 'never' }, event)
    expect(quiet.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(botReplies()).toHaveLength(1)
  })

  it('started again when the job cannot be read: the reply still names it, and nothing is sent again', async () => {
    const event = request('/docs document it')
    await agent({}, event)
    api.fault({ method: 'GET', path: '/v2/agent/proj_1/job/job_1', status: 404, times: 50, json: { error: 'Gone' } })
    const again = await agent({}, event)
    expect(again.code).toBe(1)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(markersIn(botReplies()[0]?.body ?? '')).toEqual(['job_1'])
    // comment: never on a run started again: only reports, posts nothing.
    const quiet = await agent({ comment: 'never' }, event)
    expect(quiet.stdout).not.toContain('TypeError')
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
  })

  it('the conversation’s job busy at timeout: the reply does not repeat the plan’s note', async () => {
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    marked('job_busy')
    const r = await agent({ timeout: '200ms' }, request('/docs and the examples'))
    expect(r.code).toBe(1)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body.match(/The request was not sent/g)).toHaveLength(1)
  })

  it('a follow-up’s reply carries its note while the job works, and the final one says it in the past tense only', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    const event = request('/docs also the changelog')
    const r = await agent({}, event)
    expect(r.code).toBe(0)
    const edits = api.requests.filter((q) => q.method === 'PATCH' && q.path.includes('/issues/comments/'))
    expect(
      edits.some((q) => q.body.includes('This request goes to job `job_old` of this conversation, as a follow-up.')),
    ).toBe(true)
    const body = botReplies().at(-1)?.body ?? ''
    expect(body).toBe(
      [
        '✅ **Mintlify agent: Pull request updated**',
        'Job `job_old` completed: [acme/docs#7](https://github.com/acme/docs/pull/7)',
        'This request was a follow-up to job `job_old` of this conversation.',
        '[Workflow run](https://github.com/acme/app/actions/runs/4242)',
        '**Next:** Review and merge the pull request, or comment `/docs <request>` here to refine it.',
        markerOf('job_old', event.payload.comment.id),
      ].join('\n\n'),
    )
  })

  it('a follow-up on a pull request whose branches cannot be read: both notes, each its own paragraph', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    marked('job_old')
    api.fault({ method: 'GET', path: '/repos/acme/app/pulls/12', status: 403, json: { message: 'Forbidden' } })
    const r = await agent({}, issueComment(api.github, '/docs also the changelog', { onPull: true }))
    expect(r.code).toBe(0)
    expect(botReplies().at(-1)?.body).toContain(
      'This request was a follow-up to job `job_old` of this conversation.\n\nThe branches of this pull request could not be read',
    )
  })

  it('the next step of a finished request: comment again to refine; with follow-up: never, a new job', async () => {
    const auto = await agent({}, request('/docs document it'))
    expect(auto.code).toBe(0)
    const refine = botReplies().at(-1)?.body ?? ''
    const never = await agent({ 'follow-up': 'never' }, request('/docs document it'))
    expect(never.code).toBe(0)
    const fresh = botReplies().at(-1)?.body ?? ''
    expect(refine).toContain('**Next:**')
    expect(fresh).toContain('**Next:**')
    expect(refine.slice(refine.indexOf('**Next:**'))).not.toBe(fresh.slice(fresh.indexOf('**Next:**')))
  })
})

describe('max-requests', () => {
  const sentBefore = () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old', 999)}`, user: bot })
  }

  it('a conversation at its limit sends nothing, keeps one reply saying so, and ends skipped', async () => {
    sentBefore()
    const r = await agent({ 'max-requests': '1' }, request('/docs and the examples'))
    expect(r.code).toBe(0)
    expect(posts()).toEqual([])
    const capped = botReplies().at(-1) as MockComment
    expect(botReplies()).toHaveLength(2)
    expect(capped.body).toContain('⏭️ **Mintlify agent: Request limit reached**')
    expect(capped.body).toContain('This conversation reached its limit of 1 request')
    expect(markersIn(capped.body)).toEqual([])
    expect(r.outputs).toEqual({ status: 'skipped', 'follow-up': 'false', 'comment-url': capped.html_url })
    // The next request edits that reply rather than adding one.
    const next = await agent({ 'max-requests': '1' }, request('/docs please'))
    expect(next.code).toBe(0)
    expect(botReplies()).toHaveLength(2)
    expect(next.outputs['comment-url']).toBe(capped.html_url)
    expect(posts()).toEqual([])
  })

  it('below the limit the request goes on as usual', async () => {
    sentBefore()
    const r = await agent({ 'max-requests': '2' }, request('/docs and the examples'))
    expect(r.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job/job_old/message'])
  })

  it('a run started again whose request was sent is reported, not capped', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    const event = request('/docs and the examples')
    seedComment(api.github, 12, { body: `Working.\n\n${markerOf('job_old', event.payload.comment.id)}`, user: bot })
    const r = await agent({ 'max-requests': '1' }, event)
    expect(r.code).toBe(0)
    expect(posts()).toEqual([])
    const reply = botReplies().at(-1)?.body ?? ''
    expect(reply).toContain('This run was started again')
    expect(reply).not.toContain('Request limit reached')
    expect(r.outputs).toMatchObject({ 'job-id': 'job_old', status: 'completed' })
  })
})

describe('a create without a clear answer', () => {
  const gateway = { method: 'POST', path: '/v2/agent/proj_1/job', status: 502, body: '<html>Bad gateway</html>' }

  it('the reply says a job may exist; started again, the run sends nothing and says why', async () => {
    api.fault(gateway)
    const event = request('/docs document it')
    const first = await agent({}, event)
    expect(first.code).toBe(1)
    expect(first.stdout).toMatch(/::error::Creating the agent job failed: HTTP 502/)
    endsWithMarker(botReplies()[0]?.body, event, true)
    const again = await agent({}, event)
    expect(again.code).toBe(1)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(botReplies()).toHaveLength(1)
    const said = 'The first attempt of this run tried to create a job and got no clear answer'
    expect(again.stdout).toContain(`::error::${said}`)
    expect(botReplies()[0]?.body).toContain(`${said}, so a job may have been created`)
    endsWithMarker(botReplies()[0]?.body, event, true)
  })

  it('the next request of that conversation is not sent either, and its own reply says no job may exist', async () => {
    api.fault(gateway)
    await agent({}, request('/docs document it'))
    const earlier = botReplies()[0] as MockComment
    const next = request('/docs and the examples')
    const r = await agent({}, next)
    expect(r.code).toBe(1)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(r.stdout).toContain(`The newest request of this conversation (${earlier.html_url}) may have created a job`)
    const reply = botReplies().at(-1)
    expect(reply?.body).toContain(
      `The newest request of this conversation (${earlier.html_url}) tried to create a job and got no clear answer`,
    )
    endsWithMarker(reply?.body, next, false)
  })

  it('a create refused outright: the reply says no job may exist, and a run started again creates one', async () => {
    api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', status: 400, json: { error: 'Bad prompt' } })
    const event = request('/docs document it')
    const first = await agent({}, event)
    expect(first.code).toBe(1)
    endsWithMarker(botReplies()[0]?.body, event, false)
    const again = await agent({}, event)
    expect(again.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job', 'POST /v2/agent/proj_1/job'])
  })

  it('without a reply to mark (no conversation), the run fails with the create’s own error', async () => {
    api.fault(gateway)
    const r = await agent()
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::Creating the agent job failed: HTTP 502/)
    expect(r.stdout).not.toContain('TypeError')
  })
})

describe('a conversation named by the workflow', () => {
  it('the reply tells what the workflow’s next run does, not what to comment', async () => {
    seedIssue(api.github, { number: 12, title: 'Add a --dry-run flag', body: '' })
    const r = await agent({ conversation: '12' }, { name: 'workflow_dispatch', payload: {} })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('This run belongs to issue #12 (Add a --dry-run flag): its reply goes there.')
    const body = botReplies().at(-1)?.body ?? ''
    expect(body).toContain(
      '**Next:** Review and merge the pull request; until it is merged or closed, the next run of this workflow refines it.',
    )
    expect(body.endsWith(markerOf('job_1', { runId: '4242' }))).toBe(true)
    const never = await agent({ conversation: '12', 'follow-up': 'never' }, { name: 'workflow_dispatch', payload: {} })
    expect(never.code).toBe(0)
    const fresh = botReplies().at(-1)?.body ?? ''
    expect(fresh).toContain('**Next:**')
    expect(fresh).not.toContain('refines it')
  })

  it('job-id on a comment: the request goes to that job, not the conversation’s', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    api.seedJob({ id: 'job_x', status: 'completed', prLink: 'https://github.com/acme/docs/pull/8' })
    marked('job_old')
    const r = await agent({ 'job-id': 'job_x' }, request('/docs more'))
    expect(r.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job/job_x/message'])
    expect(r.outputs).toMatchObject({ 'job-id': 'job_x', 'follow-up': 'true' })
  })

  it('job-id on a comment, its message without a clear answer: the reply names that job', async () => {
    api.seedJob({ id: 'job_x', status: 'completed', prLink: 'https://github.com/acme/docs/pull/8' })
    api.fault({ method: 'POST', path: '/message', status: 502, body: '<html>Bad gateway</html>' })
    const r = await agent({ 'job-id': 'job_x' }, request('/docs more'))
    expect(r.code).toBe(1)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job/job_x/message'])
    expect(markersIn(botReplies().at(-1)?.body ?? '')).toEqual(['job_x'])
  })
})

describe('more of a run', () => {
  it('a conversation’s job whose pull request was merged on github.com (GITHUB_SERVER_URL unset): a new job', async () => {
    api.github.pulls = { ...api.github.pulls, 40: { head: 'docs', base: 'main', state: 'closed', merged: true } }
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/40' })
    marked('job_old')
    const r = await agent({}, request('/docs and the examples'), { GITHUB_SERVER_URL: '' })
    expect(r.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(botReplies().at(-1)?.body).toContain('merged, so this request goes to a new job.')
  })

  it('preview: true on a job done with a pull request: the project’s preview of its branch, in the outputs', async () => {
    const ref = 'mintlify/docs-dry-run-4f2a'
    api.script.extra = { source: { repository: 'https://github.com/acme/docs', ref } }
    api.deploy.statuses = ['success']
    const r = await agent({ preview: 'true' })
    expect(r.code).toBe(0)
    const triggers = api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/v1/project/preview/'))
    expect(triggers.map((q) => q.path)).toEqual(['/v1/project/preview/proj_1'])
    expect(r.outputs).toMatchObject({ 'preview-status': 'success' })
    expect(r.outputs['preview-url']).toMatch(/^https:\/\//)
  })
})

describe('cancelled', () => {
  afterEach(() => {
    vi.clearAllTimers() // the last-resort exit a signal schedules
    vi.useRealTimers()
  })

  /** Sends the run SIGTERM once a request matching `when` reached the mock. */
  function cancelWhen(when: (path: string) => boolean) {
    const before = process.listeners('SIGTERM')
    const signal = setInterval(() => {
      if (!api.requests.some((q) => when(q.path))) return
      clearInterval(signal)
      for (const handler of process.listeners('SIGTERM').filter((l) => !before.includes(l)))
        (handler as (s: NodeJS.Signals) => void)('SIGTERM')
    }, 5)
    return () => clearInterval(signal)
  }

  it('while waiting for the conversation’s busy job: cancelled, nothing sent, the reply says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    api.seedJob({ id: 'job_busy', status: 'active' }, ['active'])
    marked('job_busy')
    const stop = cancelWhen((p) => p.endsWith('/job/job_busy'))
    const r = await agent({}, request('/docs and the examples'))
    stop()
    expect(r.code).toBe(143)
    expect(posts()).toEqual([])
    expect(botReplies().at(-1)?.body).toContain('Cancelled')
    expect(r.summary).toContain('Cancelled')
  })

  it('while the create is on its way: the reply says a job may exist (a re-run then creates none)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    api.fault({ method: 'POST', path: '/v2/agent/proj_1/job', action: 'hang' })
    const stop = cancelWhen((p) => p === '/v2/agent/proj_1/job')
    const event = request('/docs document it')
    const r = await agent({}, event)
    stop()
    expect(r.code).toBe(143)
    expect(botReplies().at(-1)?.body).toContain('Cancelled')
    endsWithMarker(botReplies().at(-1)?.body, event, true)
  })

  it('while waiting for a job: comment: always posts no result, and the agent’s pull request gets no comment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    api.script.statuses = ['active']
    const stop = cancelWhen((p) => p.endsWith('/job/job_1'))
    const r = await agent({ comment: 'always' }, pullOpened)
    stop()
    expect(r.code).toBe(143)
    expect(githubCalls().filter((q) => q.startsWith('POST'))).toEqual([])
  })
})

describe('GitHub refusing the action’s comments', () => {
  it('a reply that cannot be posted: comment-url is empty, the job still runs', async () => {
    api.fault({ method: 'POST', path: '/issues/12/comments', status: 403, times: 5, json: { message: 'Forbidden' } })
    const r = await agent({}, request('/docs document it'))
    expect(r.code).toBe(0)
    expect(posts()).toEqual(['POST /v2/agent/proj_1/job'])
    expect(r.outputs['comment-url']).toBe('')
  })

  it('a capped reply that cannot be posted: comment-url is empty, the run still skipped', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    seedComment(api.github, 12, { body: `Done.\n\n${markerOf('job_old', 999)}`, user: bot })
    api.fault({ method: 'POST', path: '/issues/12/comments', status: 403, times: 5, json: { message: 'Forbidden' } })
    const r = await agent({ 'max-requests': '1' }, request('/docs and the examples'))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped', 'follow-up': 'false', 'comment-url': '' })
  })

  it('the agent’s own pull request is read as one (its review comments too), and a refusal names its permission', async () => {
    api.script.prLink = 'https://github.com/acme/app/pull/31'
    api.fault({ method: 'POST', path: '/issues/31/comments', status: 403, json: { message: 'Forbidden' } })
    const r = await agent({}, request('/docs document the flag'))
    expect(r.code).toBe(0)
    expect(githubCalls().some((q) => q.startsWith('GET /repos/acme/app/pulls/31/comments'))).toBe(true)
    expect(r.stdout).toContain('::warning::Could not comment on the pull request')
    expect(r.stdout).toContain('permissions: pull-requests: write')
  })
})
