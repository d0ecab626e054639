/** The reply with a run's outcome: what happened once, then what the commenter can do next. */
import { describe, expect, it } from 'vitest'
import { nextStep, resultComment } from '../../../src/agent/github/comments.js'
import { judge, type Outcome } from '../../../src/agent/outcome.js'
import { ApiError } from '../../../src/api/errors.js'

const RUN = 'https://github.com/acme/app/actions/runs/5'
const context = { phrase: '/docs', runUrl: RUN, refines: true }
const active = { id: 'job_1', status: 'active' }
const step = (outcome: Outcome, over: Partial<typeof context> = {}) => nextStep(outcome, { ...context, ...over }).text

describe('the next step', () => {
  it('offers a re-run (linked) only where the reply names the job, so that a re-run waits for it again', () => {
    const rerun = `**Next:** [Re-run this workflow run](${RUN}) to keep waiting for it; the request is not sent again.`
    expect(step({ kind: 'timeout', job: active })).toBe(rerun)
    expect(step({ kind: 'cancelled', signal: 'SIGTERM', job: active })).toBe(rerun)
    expect(step({ kind: 'error', error: new Error('x'), job: active })).toBe(rerun)
    expect(nextStep({ kind: 'timeout', job: active }, context).linksRun).toBe(true)
    expect(step({ kind: 'timeout', job: active }, { runUrl: undefined })).toBe(
      '**Next:** Re-run this workflow run to keep waiting for it; the request is not sent again.',
    )
    expect(nextStep({ kind: 'timeout', job: active }, { ...context, runUrl: undefined }).linksRun).toBe(false)
    for (const outcome of [
      { kind: 'error', error: new Error('x') },
      { kind: 'cancelled', signal: 'SIGINT' },
    ] as const)
      expect(step(outcome)).toBe(
        '**Next:** Comment `/docs <request>` again to try once more; if it fails the same way, the workflow run’s log says why.',
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
    expect(step(finished('archived'))).toBe('**Next:** Comment `/docs <request>` again to start a new job.')
    expect(step(finished('failed'))).toBe('**Next:** Comment `/docs <request>` again to start a new job.')
    expect(step({ kind: 'started', job: active, how: 'created' })).toContain('Mintlify dashboard')
  })
})

describe('the result reply', () => {
  it('names a job its sentence does not name once, as code; never a status line', () => {
    const error = { kind: 'error', error: new ApiError('get', 401, 'no'), job: { id: 'job_9' } } as const
    const verdict = judge(error, new Set(), 1000)
    const body = resultComment({ verdict, job: error.job, runUrl: RUN, next: nextStep(error, context) })
    expect(body.split('`job_9`')).toHaveLength(2)
    expect(body).not.toContain('status')
    expect(body.endsWith('to keep waiting for it; the request is not sent again.')).toBe(true)
    expect(body).not.toContain('[Workflow run]') // the next step links the run already
  })

  it('without a next step (comment: always), says what happened in the workflow’s words and links the run', () => {
    const outcome = { kind: 'timeout', job: active } as const
    const body = resultComment({ verdict: judge(outcome, new Set(), 1000), job: active, runUrl: RUN })
    expect(body).toContain('Run again with `job-id: job_1` to wait for it.')
    expect(body.endsWith(`[Workflow run](${RUN})`)).toBe(true)
  })
})
