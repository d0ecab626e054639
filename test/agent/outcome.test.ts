import { describe, expect, it } from 'vitest'
import { CHECK_UNCLEAR, type FailOn, judge, notStarted, skipped } from '../../src/agent/outcome.js'
import { prNumber } from '../../src/agent/outputs.js'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import { createRedactor } from '../../src/log.js'
import { Outputs } from '../../src/runner/outputs.js'

const defaults = new Set<FailOn>(['failed', 'timeout'])
const finished = (status: string, prLink: string | null = null) => ({
  kind: 'finished' as const,
  job: { id: 'j', status, prLink },
})

describe('judge (the Outcomes table)', () => {
  it.each([
    ['completed with PR', finished('completed', 'https://x/pull/1'), defaults, 'notice', false],
    ['completed, no PR', finished('completed'), defaults, 'notice', false],
    ['completed, no PR, fail-on no-pr', finished('completed'), new Set<FailOn>(['no-pr']), 'error', true],
    ['archived', finished('archived'), defaults, 'warning', false],
    ['archived, fail-on archived', finished('archived'), new Set<FailOn>(['archived']), 'error', true],
    ['failed', finished('failed'), defaults, 'error', true],
    ['failed, left out of fail-on', finished('failed'), new Set<FailOn>(), 'error', false],
    ['timeout', { kind: 'timeout' as const, job: { id: 'j', status: 'active' } }, defaults, 'error', true],
    [
      'timeout, left out',
      { kind: 'timeout' as const, job: { id: 'j', status: 'active' } },
      new Set<FailOn>(),
      'warning',
      false,
    ],
    [
      'API error, fail-on empty',
      { kind: 'error' as const, error: new ApiError('create', 500, 'x') },
      new Set<FailOn>(),
      'error',
      true,
    ],
  ] as const)('%s', (_name, outcome, failOn, level, fail) => {
    const verdict = judge(outcome, failOn, 60_000)
    expect(verdict).toMatchObject({ level, fail })
    // A red step that no error made red says which `fail-on` entry did; a green one never mentions it.
    const named = /The step fails because `(no-pr|archived|failed|timeout)` is in `fail-on`\./.exec(verdict.message)
    expect(named !== null).toBe(fail && outcome.kind !== 'error')
    // That is for the workflow's author: a reply, which speaks to the commenter, never says it.
    expect(verdict.replyText).toBeDefined()
    expect(verdict.replyText).not.toContain('fail-on')
  })

  it('a failed job: what happened, why the step is red, then the next step for the workflow’s author', () => {
    const v = judge(finished('failed'), defaults, 1)
    expect(v.text).toBe(
      'Job `j` failed on Mintlify. The step fails because `failed` is in `fail-on`. Open the job in the Mintlify dashboard to see why; run this again to start a new job.',
    )
    expect(v.message).toBe(
      'Job j failed on Mintlify. The step fails because `failed` is in `fail-on`. Open the job in the Mintlify dashboard to see why; run this again to start a new job.',
    )
    // The reply gives the commenter's own next step.
    expect(v.replyText).toBe('Job `j` failed on Mintlify.')
    expect(judge(finished('failed'), new Set(), 1).text).toBe(
      'Job `j` failed on Mintlify. Open the job in the Mintlify dashboard to see why; run this again to start a new job.',
    )
  })

  it('names the fail-on entry that made the step fail, for each outcome it can fail', () => {
    const all = new Set<FailOn>(['no-pr', 'archived', 'failed', 'timeout'])
    const reason = (o: Parameters<typeof judge>[0]) =>
      /because `([a-z-]+)` is in `fail-on`/.exec(judge(o, all, 1000).message)?.[1]
    expect(reason(finished('completed'))).toBe('no-pr')
    expect(reason(finished('archived'))).toBe('archived')
    expect(reason(finished('failed'))).toBe('failed')
    expect(reason({ kind: 'timeout', job: { id: 'j', status: 'active' } })).toBe('timeout')
    expect(reason({ kind: 'timeout', job: { id: 'j', status: 'active' }, notSent: true })).toBe('timeout')
  })

  it('a follow-up whose job had the same pull request before says it was updated; a new one, opened', () => {
    const pr = 'https://github.com/acme/docs/pull/7'
    const title = (prBefore?: string | null) => judge({ ...finished('completed', pr), prBefore }, defaults, 1).title
    expect(title(pr)).toBe('Pull request updated')
    expect(title('https://github.com/acme/docs/pull/6')).toBe('Pull request opened')
    expect(title(null)).toBe('Pull request opened')
    expect(title()).toBe('Pull request opened')
  })

  it('a job picked up again by a re-run: its pull request is "ready", never claimed as opened', () => {
    const pr = 'https://github.com/acme/docs/pull/7'
    expect(judge({ ...finished('completed', pr), resumed: true }, defaults, 1).title).toBe('Pull request ready')
  })

  it('a timeout has its own icon, not the ⏳ of a reply still working on it', () => {
    for (const notSent of [false, true]) {
      const v = judge({ kind: 'timeout', job: { id: 'j', status: 'active' }, notSent }, defaults, 1)
      expect(v.emoji).toBe('⏱️')
    }
  })

  it('ids are code in the summary text; the log line keeps them plain; replies leave out the job-id advice', () => {
    const v = judge({ kind: 'timeout', job: { id: 'j_1', status: 'active' } }, defaults, 60_000)
    expect(v.message).toBe(
      'Job j_1 is still active after 1m; it keeps running on Mintlify. The step fails because `timeout` is in `fail-on`. Run again with job-id: j_1 to wait for it.',
    )
    expect(v.text).toBe(
      'Job `j_1` is still active after 1m; it keeps running on Mintlify. The step fails because `timeout` is in `fail-on`. Run again with `job-id: j_1` to wait for it.',
    )
    expect(v.replyText).toBe('Job `j_1` is still active after 1m; it keeps running on Mintlify.')
  })

  it.each([
    ['create', 'connection refused', 'no job was created'],
    ['message', 'host not found', 'the job did not get the message'],
  ] as const)('a %s never sent (%s) says nothing was sent, not that it may have gone through', (op, reason, what) => {
    const doing = op === 'create' ? 'Creating the agent job' : 'Sending the follow-up message'
    const v = judge({ kind: 'error', error: new NetworkError(op, reason, 'unsent') }, defaults, 1)
    expect(v.text).toBe(
      `${doing} failed: ${reason}. Check \`api-url\` and the runner's network and proxy settings. Nothing was sent, so ${what}: run this again once that is fixed.`,
    )
    expect(v.replyText).toBe(`${doing} failed: ${reason}. Nothing was sent, so ${what}.`)
    expect(v.text).not.toContain('anyway')
  })

  it('a create whose connection dropped after sending keeps the caution: the job may exist', () => {
    const v = judge({ kind: 'error', error: new NetworkError('create', 'connection reset') }, defaults, 1)
    expect(v.text).toContain(
      'The job may have been created anyway: check the Mintlify dashboard before running this again.',
    )
    expect(v.text).not.toContain('Nothing was sent')
  })

  it('cancellation exits with the signal code and names the job that keeps running', () => {
    const v = judge({ kind: 'cancelled', signal: 'SIGINT', job: { id: 'j9' } }, defaults, 1)
    expect(v).toMatchObject({ exitCode: 130, fail: false })
    expect(v.message).toBe('Cancelled (SIGINT) while waiting; job j9 keeps running on Mintlify.')
  })
})

describe('judge: each outcome as the log says it', () => {
  const active = { id: 'j', status: 'active' }
  const verdict = (outcome: Parameters<typeof judge>[0], failOn = defaults) => {
    const { title, emoji, message, level, fail, saysStatus } = judge(outcome, failOn, 90_000)
    return { title, emoji, message, level, fail, saysStatus }
  }

  it.each([
    ['created', 'Created agent job j; not waiting for it (wait: false).'],
    ['messaged', 'Sent a follow-up message to job j; not waiting for it (wait: false).'],
    ['found', 'Job j is active; not waiting for it (wait: false).'],
  ] as const)('started (%s)', (how, message) => {
    expect(verdict({ kind: 'started', job: active, how })).toEqual({
      title: 'Agent job started',
      emoji: '🚀',
      message,
      level: 'info',
      fail: false,
      saysStatus: undefined,
    })
  })

  it('a request not sent because the job stayed active', () => {
    expect(verdict({ kind: 'timeout', job: active, notSent: true })).toEqual({
      title: 'Request not sent',
      emoji: '⏱️',
      message:
        'The request was not sent: job j of this conversation was still active after 1m 30s. The step fails because `timeout` is in `fail-on`. Ask again once it is done.',
      level: 'error',
      fail: true,
      saysStatus: true,
    })
    expect(verdict({ kind: 'timeout', job: { id: 'j' }, notSent: true }, new Set())).toMatchObject({
      level: 'warning',
      fail: false,
      saysStatus: false,
    })
  })

  it('still running at timeout', () => {
    expect(verdict({ kind: 'timeout', job: active }, new Set())).toEqual({
      title: 'Still running at timeout',
      emoji: '⏱️',
      message:
        'Job j is still active after 1m 30s; it keeps running on Mintlify. Run again with job-id: j to wait for it.',
      level: 'warning',
      fail: false,
      saysStatus: true,
    })
    expect(verdict({ kind: 'timeout', job: { id: 'j', status: 'queued' } }).saysStatus).toBe(false)
  })

  it('cancelled: while waiting, while sending a message, before the job was known', () => {
    const cancelled = { title: 'Cancelled', emoji: '🛑', level: 'warning', fail: false, saysStatus: undefined }
    expect(verdict({ kind: 'cancelled', signal: 'SIGTERM', job: active })).toEqual({
      ...cancelled,
      message: 'Cancelled (SIGTERM) while waiting; job j keeps running on Mintlify.',
    })
    expect(verdict({ kind: 'cancelled', signal: 'SIGINT', messageTo: 'j' })).toEqual({
      ...cancelled,
      message: 'Cancelled (SIGINT) while sending the follow-up message to job j; it may have reached the job.',
    })
    expect(verdict({ kind: 'cancelled', signal: 'SIGTERM' })).toEqual({
      ...cancelled,
      message:
        'Cancelled (SIGTERM) before the job id was known; a job may still have been created, check the Mintlify dashboard.',
    })
  })

  it('finished: a pull request opened, updated or ready; none; archived with or without one; failed', () => {
    const pr = 'https://x/pull/1'
    expect(verdict(finished('completed', pr))).toEqual({
      title: 'Pull request opened',
      emoji: '✅',
      message: `Job j completed: ${pr}`,
      level: 'notice',
      fail: false,
      saysStatus: true,
    })
    expect(verdict(finished('completed'))).toEqual({
      title: 'Completed, no pull request',
      emoji: '✅',
      message:
        'Job j completed and opened no pull request: the agent changed nothing, or your organization publishes agent changes straight to its deploy branch (Mintlify-hosted sites, or the "Push to main" review setting).',
      level: 'notice',
      fail: false,
      saysStatus: true,
    })
    expect(verdict(finished('completed'), new Set(['no-pr']))).toMatchObject({
      emoji: '❌',
      level: 'error',
      fail: true,
    })
    expect(verdict(finished('archived', pr))).toEqual({
      title: 'Archived',
      emoji: '📦',
      message: `Job j was archived (pull request: ${pr}).`,
      level: 'warning',
      fail: false,
      saysStatus: true,
    })
    expect(verdict(finished('archived')).message).toBe('Job j was archived.')
    expect(verdict(finished('failed'), new Set())).toEqual({
      title: 'Failed',
      emoji: '❌',
      message:
        'Job j failed on Mintlify. Open the job in the Mintlify dashboard to see why; run this again to start a new job.',
      level: 'error',
      fail: false,
      saysStatus: true,
    })
    // A terminal status the action does not know is reported as a failure, without claiming the status.
    expect(verdict(finished('exploded'), new Set())).toMatchObject({ title: 'Failed', saysStatus: false })
  })
})

describe('a conversation at its max-requests', () => {
  it('is green, a warning, and says the limit and what a maintainer can do; the reply says the limit only', () => {
    const verdict = judge({ kind: 'capped', limit: 1, number: 7 }, new Set<FailOn>(['failed', 'timeout', 'no-pr']), 0)
    expect(verdict).toEqual({
      title: 'Request limit reached',
      emoji: '⏭️',
      level: 'warning',
      fail: false,
      message:
        'Conversation #7 reached its limit of 1 request to the agent (`max-requests`), so this request was not sent. A maintainer can raise `max-requests`, or start a new issue.',
      text: 'Conversation #7 reached its limit of 1 request to the agent (`max-requests`), so this request was not sent. A maintainer can raise `max-requests`, or start a new issue.',
      replyText:
        'This conversation reached its limit of 1 request to the agent (`max-requests`), so this request was not sent.',
    })
    expect(judge({ kind: 'capped', limit: 1200, number: 7 }, defaults, 0).message).toContain('limit of 1,200 requests')
  })
})

describe('a request that may have created a job whose id is not known', () => {
  const unclear = 'so a job may have been created; this request was not sent, as it could start a second job.'

  it("this run's first attempt: red whatever fail-on says; the log and summary say what a maintainer checks, the reply what happened", () => {
    const verdict = judge({ kind: 'unclear', own: true }, new Set<FailOn>(), 0)
    const text = `The first attempt of this run tried to create a job and got no clear answer, ${unclear}`
    expect(verdict).toEqual({
      title: 'Job may exist',
      emoji: '❌',
      level: 'error',
      fail: true,
      message: `${text} ${CHECK_UNCLEAR}`,
      text: `${text} ${CHECK_UNCLEAR}`,
      replyText: text,
    })
    expect(CHECK_UNCLEAR).toMatch(
      /^A maintainer should check the Mintlify dashboard for that job, then delete the reply/,
    )
  })

  it("the conversation's newest request: named by its reply when known", () => {
    const reply = 'https://github.com/acme/app/issues/7#issuecomment-3'
    expect(judge({ kind: 'unclear', own: false, reply }, defaults, 0).replyText).toBe(
      `The newest request of this conversation (${reply}) tried to create a job and got no clear answer, ${unclear}`,
    )
    expect(judge({ kind: 'unclear', own: false }, defaults, 0).replyText).toBe(
      `The newest request of this conversation tried to create a job and got no clear answer, ${unclear}`,
    )
  })
})

describe('outputs', () => {
  it.each([
    ['https://github.com/o/r/pull/123', '123'],
    ['https://gitlab.com/o/r/-/merge_requests/45', '45'],
    ['https://github.com/o/r/pull/7/', '7'],
    ['https://github.com/o/r/pull/7#discussion', '7'],
    ['https://github.com/o/r/issues/7', ''],
    ['', ''],
  ])('pr-number of %s is %s', (link, n) => {
    expect(prNumber(link)).toBe(n)
  })

  it('writes each output only when its value changes, redacted', () => {
    const written: string[] = []
    const outputs = new Outputs((n, v) => written.push(`${n}=${v}`), createRedactor(['mint_secret']))
    outputs.set('status', 'active')
    outputs.set('status', 'active')
    outputs.set('status', 'completed')
    outputs.set('model', 'echo mint_secret')
    expect(written).toEqual(['status=active', 'status=completed', 'model=echo ***'])
  })
})

describe('endings before any job', () => {
  it('skipped: green at the level given, status output skipped', () => {
    expect(skipped('The comment was edited.', 'info')).toEqual({
      verdict: { title: 'Skipped', emoji: '⏭️', message: 'The comment was edited.', level: 'info', fail: false },
      outputs: { status: 'skipped' },
    })
  })

  it('not started: the step fails, and no status is claimed', () => {
    const ending = notStarted('No job was started: the permission check timed out.')
    expect(ending.verdict).toMatchObject({ fail: true, level: 'error', title: 'Not started' })
    expect(ending.outputs).toBeUndefined()
  })
})
