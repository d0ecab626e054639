/** The reply with a run's outcome: what happened once, then what the commenter can do next. */
import { describe, expect, it } from 'vitest'
import { nextStep, resultComment, usageComment } from '../../../src/agent/github/comments.js'
import { judge, type Outcome } from '../../../src/agent/outcome.js'
import { ApiError, NetworkError } from '../../../src/api/errors.js'
import { clampBody } from '../../../src/github/comments.js'

const RUN = 'https://github.com/acme/app/actions/runs/5'
const context: { phrase: string; runUrl?: string; refines: boolean; unattended?: boolean } = {
  phrase: '/docs',
  runUrl: RUN,
  refines: true,
}
const active = { id: 'job_1', status: 'active' }
const step = (outcome: Outcome, over: Partial<typeof context> = {}) => nextStep(outcome, { ...context, ...over }).text

describe('the next step', () => {
  it('offers a re-run (linked) only where the reply names the job and waiting again can help', () => {
    const rerun = `**Next:** [Re-run this workflow run](${RUN}) to keep waiting for it; the request is not sent again.`
    expect(step({ kind: 'timeout', job: active })).toBe(rerun)
    expect(step({ kind: 'cancelled', signal: 'SIGTERM', job: active })).toBe(rerun)
    expect(step({ kind: 'error', error: new ApiError('get', 503, 'down'), job: active })).toBe(rerun)
    expect(step({ kind: 'error', error: new NetworkError('get', 'ECONNRESET'), job: active })).toBe(rerun)
    expect(nextStep({ kind: 'timeout', job: active }, context).linksRun).toBe(true)
    expect(step({ kind: 'timeout', job: active }, { runUrl: undefined })).toBe(
      '**Next:** Re-run this workflow run to keep waiting for it; the request is not sent again.',
    )
    expect(nextStep({ kind: 'timeout', job: active }, { ...context, runUrl: undefined }).linksRun).toBe(false)
    expect(nextStep({ kind: 'error', error: new Error('odd'), job: active }, context).linksRun).toBe(false)
  })

  it('a request not sent because its job was busy: ask again once that job is done', () => {
    expect(step({ kind: 'timeout', job: active, notSent: true })).toBe(
      '**Next:** Comment `/docs <request>` again once that job is done.',
    )
  })

  it('after an error a re-run cannot cure: a new job, or a maintainer fixes the key', () => {
    // api/poll.ts gives up on these at once: waiting again would end the same way.
    expect(step({ kind: 'error', error: new ApiError('get', 404, 'gone'), job: active })).toBe(
      '**Next:** Comment `/docs <request>` again to start a new job.',
    )
    expect(step({ kind: 'error', error: new Error('odd'), job: active })).toBe(
      '**Next:** Comment `/docs <request>` again to start a new job.',
    )
    const key =
      '**Next:** A maintainer needs to check the workflow’s Mintlify key (the workflow run’s log says why) before anyone asks again.'
    for (const status of [401, 403]) {
      expect(step({ kind: 'error', error: new ApiError('get', status, 'no'), job: active })).toBe(key)
      expect(step({ kind: 'error', error: new ApiError('create', status, 'no') })).toBe(key)
    }
    const tryAgain =
      '**Next:** Comment `/docs <request>` again to try once more; if it fails the same way, the workflow run’s log says why.'
    for (const error of [new Error('x'), new ApiError('create', 400, 'bad'), new ApiError('message', 409, 'busy')])
      expect(step({ kind: 'error', error })).toBe(tryAgain)
  })

  it('where the request may have gone through, nobody is invited to ask again before a maintainer looks', () => {
    const dashboard =
      '**Next:** A maintainer should check the Mintlify dashboard for a new job before anyone asks again: asking again could start a second job.'
    const job =
      '**Next:** A maintainer should check the job in the Mintlify dashboard before anyone asks again: asking again could send the message twice.'
    // The reply's marker then says a job may exist: until it is deleted, nothing more is sent.
    const created = `${dashboard} Until a maintainer deletes this reply, neither a re-run of this workflow run nor a later request continuing this conversation sends anything.`
    expect(step({ kind: 'error', error: new ApiError('create', 502, 'bad gateway') })).toBe(created)
    expect(step({ kind: 'error', error: new NetworkError('create', 'ECONNRESET') })).toBe(created)
    expect(step({ kind: 'error', error: new ApiError('create', 201, 'no id', undefined, true) })).toBe(created)
    expect(step({ kind: 'cancelled', signal: 'SIGINT', creating: true })).toBe(created)
    expect(step({ kind: 'cancelled', signal: 'SIGINT' })).toBe(dashboard)
    expect(step({ kind: 'error', error: new ApiError('message', 500, 'oops') })).toBe(job)
    expect(step({ kind: 'error', error: new NetworkError('message', 'timed out', 'timeout') })).toBe(job)
    expect(step({ kind: 'cancelled', signal: 'SIGTERM', messageTo: 'job_1' })).toBe(job)
  })

  it('where nothing was sent (refused, host not found), a maintainer fixes `api-url` and the commenter asks again', () => {
    const fix =
      '**Next:** A maintainer needs to check the workflow’s `api-url` (the workflow run’s log says why); once it is fixed, comment `/docs <request>` again.'
    for (const op of ['create', 'message', 'get'] as const)
      expect(step({ kind: 'error', error: new NetworkError(op, 'connection refused', 'unsent') })).toBe(fix)
    // A job seen running: the address worked, so the trouble can pass, and the job keeps running.
    expect(step({ kind: 'error', error: new NetworkError('get', 'connection refused', 'unsent'), job: active })).toBe(
      `**Next:** [Re-run this workflow run](${RUN}) to keep waiting for it; the request is not sent again.`,
    )
  })

  it('after a finished job: review, refine, or start again, in the phrase the workflow uses', () => {
    const finished = (status: string, prLink: string | null = null): Outcome => ({
      kind: 'finished',
      job: { id: 'j', status, prLink },
    })
    const pr = 'https://github.com/acme/docs/pull/1'
    expect(step(finished('completed', pr), { phrase: '/ask' })).toBe(
      '**Next:** Review and merge the pull request, or comment `/ask <request>` here to refine it.',
    )
    expect(step(finished('completed', pr), { refines: false })).toBe(
      '**Next:** Review and merge the pull request, or comment `/docs <request>` to ask for more.',
    )
    expect(step(finished('archived', pr))).toBe(
      '**Next:** Review the pull request, or comment `/docs <request>` again to start a new job.',
    )
    expect(step(finished('completed'))).toBe(
      '**Next:** Look for the change on your docs site or its deploy branch; if there is none, comment `/docs <request>` with more detail.',
    )
    expect(step(finished('archived'))).toBe('**Next:** Comment `/docs <request>` again to start a new job.')
    expect(step(finished('failed'))).toBe('**Next:** Comment `/docs <request>` again to start a new job.')
    // wait: false: something a commenter can do without access to the Mintlify dashboard.
    expect(step({ kind: 'started', job: active, how: 'created' })).toBe(
      '**Next:** Look for the agent’s pull request in your docs repository once the job is done; this reply is not updated.',
    )
  })
})

describe('the next step of a run the workflow asked for (`conversation`): its next run, or a re-run, never a comment', () => {
  const by = (outcome: Outcome, over: Partial<typeof context> = {}) => step(outcome, { unattended: true, ...over })
  const finished = (status: string, prLink: string | null = null): Outcome => ({
    kind: 'finished',
    job: { id: 'j', status, prLink },
  })
  const pr = 'https://github.com/acme/docs/pull/1'

  it('after a finished job: review, and what the next run does', () => {
    expect(by(finished('completed', pr))).toBe(
      '**Next:** Review and merge the pull request; until it is merged or closed, the next run of this workflow refines it.',
    )
    expect(by(finished('completed', pr), { refines: false })).toBe('**Next:** Review and merge the pull request.')
    expect(by(finished('completed'))).toBe('**Next:** Look for the change on your docs site or its deploy branch.')
    expect(by(finished('archived', pr))).toBe(
      '**Next:** Review the pull request; the next run of this workflow starts a new job.',
    )
    expect(by(finished('failed'))).toBe('**Next:** The next run of this workflow starts a new job.')
    expect(by(finished('archived'))).toBe('**Next:** The next run of this workflow starts a new job.')
  })

  it('a request not sent, refused, or never sent: the next run sends it, or re-run this one (linked)', () => {
    expect(by({ kind: 'timeout', job: active, notSent: true })).toBe(
      '**Next:** The next run of this workflow sends its request once that job is done.',
    )
    const again = nextStep(
      { kind: 'error', error: new ApiError('create', 409, 'busy') },
      { ...context, unattended: true },
    )
    expect(again).toEqual({
      text: `**Next:** [Re-run this workflow run](${RUN}) to try once more; if it fails the same way, its log says why.`,
      linksRun: true,
    })
    const unsent = nextStep(
      { kind: 'error', error: new NetworkError('create', 'connection refused', 'unsent') },
      { ...context, unattended: true },
    )
    expect(unsent).toEqual({
      text: `**Next:** A maintainer needs to check the workflow’s \`api-url\` (the workflow run’s log says why); once it is fixed, [re-run this workflow run](${RUN}).`,
      linksRun: true,
    })
    expect(by({ kind: 'error', error: new ApiError('get', 404, 'gone'), job: active })).toBe(
      '**Next:** The next run of this workflow starts a new job.',
    )
    expect(by({ kind: 'error', error: new ApiError('create', 409, 'busy') }, { runUrl: undefined })).toBe(
      '**Next:** Re-run this workflow run to try once more; if it fails the same way, its log says why.',
    )
  })

  it('where the request may have gone through, or the key was refused, the same as for a commenter', () => {
    for (const outcome of [
      { kind: 'timeout', job: active },
      { kind: 'error', error: new ApiError('create', 502, 'bad gateway') },
      { kind: 'error', error: new ApiError('message', 500, 'oops') },
      { kind: 'error', error: new ApiError('create', 401, 'no') },
      { kind: 'cancelled', signal: 'SIGTERM', job: active },
    ] as Outcome[])
      expect(by(outcome)).toBe(step(outcome))
  })
})

describe('the next step once the conversation reached max-requests', () => {
  it('is a maintainer’s, for a commenter and for the workflow alike', () => {
    const capped: Outcome = { kind: 'capped', limit: 3, number: 12 }
    const text = '**Next:** A maintainer can raise `max-requests`, or start a new issue.'
    expect(nextStep(capped, context)).toEqual({ text, linksRun: false })
    expect(step(capped, { unattended: true })).toBe(text)
  })
})

describe('the result reply', () => {
  it('names a job its sentence does not name once, as code; never a status line', () => {
    const error = { kind: 'error', error: new ApiError('get', 503, 'down'), job: { id: 'job_9' } } as const
    const verdict = judge(error, new Set(), 1000)
    const body = resultComment({ verdict, job: error.job, runUrl: RUN, next: nextStep(error, context) })
    expect(body.split('`job_9`')).toHaveLength(2)
    expect(body).not.toContain('status')
    expect(body.endsWith('to keep waiting for it; the request is not sent again.')).toBe(true)
    expect(body).not.toContain('[Workflow run]') // the next step links the run already
  })

  it('an error says what failed, without the advice for the workflow’s author (the log keeps it)', () => {
    const error = { kind: 'error', error: new ApiError('create', 401, 'Invalid key') } as const
    const verdict = judge(error, new Set(), 1000)
    expect(verdict.message).toContain('Check `api-key`')
    const body = resultComment({ verdict, runUrl: RUN, next: nextStep(error, context) })
    expect(body).toContain('\n\nCreating the agent job failed: HTTP 401 (Invalid key).\n\n')
    expect(body).not.toContain('api-key')
    expect(body).toContain(`[Workflow run](${RUN})`)
  })

  it('without a next step (comment: always), says what happened in the workflow’s words and links the run', () => {
    const outcome = { kind: 'timeout', job: active } as const
    const body = resultComment({ verdict: judge(outcome, new Set(), 1000), job: active, runUrl: RUN })
    expect(body).toContain('Run again with `job-id: job_1` to wait for it.')
    expect(body.endsWith(`[Workflow run](${RUN})`)).toBe(true)
  })
})

describe('the reply, whole', () => {
  it('an archived job: what happened with its pull request, the run, then the next step', () => {
    const outcome = {
      kind: 'finished',
      job: { id: 'job_2', status: 'archived', prLink: 'https://github.com/acme/docs/pull/4' },
    } as const
    const body = resultComment({
      verdict: judge(outcome, new Set(), 1000),
      job: outcome.job,
      runUrl: RUN,
      next: nextStep(outcome, context),
    })
    expect(body).toBe(
      [
        '📦 **Mintlify agent: Archived**',
        '',
        'Job `job_2` was archived (pull request: [acme/docs#4](https://github.com/acme/docs/pull/4)).',
        '',
        `[Workflow run](${RUN})`,
        '',
        '**Next:** Review the pull request, or comment `/docs <request>` again to start a new job.',
      ].join('\n'),
    )
  })

  it('a pull request its sentence does not name gets a line of its own; a note goes before the next step', () => {
    const outcome = {
      kind: 'finished',
      job: { id: 'job_3', status: 'failed', prLink: 'https://github.com/acme/docs/pull/9' },
    } as const
    const body = resultComment({
      verdict: judge(outcome, new Set(), 1000),
      job: outcome.job,
      runUrl: RUN,
      note: 'This request was a follow-up to job `job_3`.',
      next: nextStep(outcome, context),
    })
    expect(body).toBe(
      [
        '❌ **Mintlify agent: Failed**',
        '',
        'Job `job_3` failed on Mintlify.',
        '',
        'Pull request: [acme/docs#9](https://github.com/acme/docs/pull/9)',
        '',
        'This request was a follow-up to job `job_3`.',
        '',
        `[Workflow run](${RUN})`,
        '',
        '**Next:** Review the pull request, or comment `/docs <request>` again to start a new job.',
      ].join('\n'),
    )
  })

  it('the usage reply shows the phrase and an example, and links the run when there is one', () => {
    const usage =
      '👋 Tell the Mintlify agent what to do after `/docs`, for example:\n\n`/docs document the new --dry-run flag`'
    expect(usageComment('/docs', undefined)).toBe(usage)
    expect(usageComment('/docs', RUN)).toBe(`${usage}\n\n[Workflow run](${RUN})`)
  })

  it("stays within GitHub's 65,536 characters, saying so when cut", () => {
    expect(clampBody('x'.repeat(65_536))).toBe('x'.repeat(65_536))
    const cut = clampBody('x'.repeat(70_000))
    expect(cut).toHaveLength(65_536)
    expect(cut.endsWith('xx\n\n… (cut to fit GitHub’s comment limit)')).toBe(true)
    expect(clampBody('abcdefghij', 10)).toBe('abcdefghij')
  })
})
