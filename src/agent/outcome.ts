import { ApiError, NetworkError } from '../api/errors.js'
import type { AgentJob } from '../api/types.js'
import { formatDuration } from '../clock.js'
import type { Ending } from '../runner/action.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'

/** What a run of the agent job action came to. Every path ends in exactly one of these. */
export type Outcome =
  | { kind: 'finished'; job: AgentJob }
  /** `wait: false`: the job was created, sent a follow-up, or found (`job-id` alone) and left running. */
  | { kind: 'started'; job: AgentJob; how: 'created' | 'messaged' | 'found' }
  /** `notSent`: the conversation's job was still active at `timeout`, so the request was never sent to it. */
  | { kind: 'timeout'; job: AgentJob; notSent?: boolean }
  | { kind: 'cancelled'; signal: NodeJS.Signals; job?: AgentJob }
  | { kind: 'error'; error: Error; job?: AgentJob }

export const FAIL_ON = ['failed', 'archived', 'timeout', 'no-pr'] as const
export type FailOn = (typeof FAIL_ON)[number]

const STARTED = {
  created: (id: string) => `Created agent job ${id}`,
  messaged: (id: string) => `Sent a follow-up message to job ${id}`,
  found: (id: string) => `Job ${id} is active`,
}

/**
 * What a failed run leaves behind: a job seen running goes on; a create that got no clear answer may have
 * worked. Only a 4xx is a clear refusal: a 2xx the action could not read (no id, an empty 204, an odd
 * shape, too large), a 3xx, a 5xx or no answer at all may each have come after the job was made.
 */
function afterError(error: Error, job: AgentJob | undefined): string {
  if (job?.status !== undefined) return ` Job ${job.id} may still be running.`
  const unclear =
    error instanceof NetworkError || (error instanceof ApiError && !(error.status >= 400 && error.status < 500))
  if (unclear && error.operation === 'create')
    return ' The job may have been created anyway: check the Mintlify dashboard before running this again.'
  if (unclear && error.operation === 'message')
    return ' The message may have reached the job anyway: check the job before sending it again.'
  return ''
}

/** Why the step is red when an outcome that is no error fails it: `fail-on` named it. */
function failedBy(fail: boolean, outcome: FailOn): string {
  return fail ? ` The step fails because \`${outcome}\` is in \`fail-on\`.` : ''
}

/** Maps an outcome and `fail-on` to what the user sees. Pure: the reporting happens in one place elsewhere. */
export function judge(outcome: Outcome, failOn: ReadonlySet<FailOn>, timeoutMs: number): Verdict {
  switch (outcome.kind) {
    case 'started':
      return {
        title: 'Agent job started',
        emoji: '🚀',
        message: `${STARTED[outcome.how](outcome.job.id)}; not waiting for it (wait: false).`,
        level: 'info',
        fail: false,
      }
    case 'timeout': {
      const fail = failOn.has('timeout')
      if (outcome.notSent)
        return {
          title: 'Request not sent',
          emoji: '⏳',
          message: `The request was not sent: job ${outcome.job.id} of this conversation was still active after ${formatDuration(timeoutMs)}. Ask again once it is done.${failedBy(fail, 'timeout')}`,
          level: fail ? 'error' : 'warning',
          fail,
        }
      return {
        title: 'Still running at timeout',
        emoji: '⏳',
        message: `Job ${outcome.job.id} is still active after ${formatDuration(timeoutMs)}; it keeps running on Mintlify. Run again with job-id: ${outcome.job.id} to wait for it.${failedBy(fail, 'timeout')}`,
        level: fail ? 'error' : 'warning',
        fail,
      }
    }
    case 'cancelled': {
      const id = outcome.job?.id
      return cancelledVerdict(
        outcome.signal,
        id
          ? `Cancelled (${outcome.signal}) while waiting; job ${id} keeps running on Mintlify.`
          : `Cancelled (${outcome.signal}) before the job id was known; a job may still have been created, check the Mintlify dashboard.`,
      )
    }
    case 'error': {
      const verdict = errorVerdict(outcome.error)
      return { ...verdict, message: `${verdict.message}${afterError(outcome.error, outcome.job)}` }
    }
    case 'finished':
      return judgeFinished(outcome.job, failOn)
  }
}

function judgeFinished(job: AgentJob, failOn: ReadonlySet<FailOn>): Verdict {
  if (job.status === 'completed' && job.prLink) {
    return {
      title: 'Pull request opened',
      emoji: '✅',
      message: `Job ${job.id} completed: ${job.prLink}`,
      level: 'notice',
      fail: false,
    }
  }
  if (job.status === 'completed') {
    const fail = failOn.has('no-pr')
    return {
      title: 'Completed, no pull request',
      emoji: fail ? '❌' : '✅',
      message: `Job ${job.id} completed and opened no pull request: the agent changed nothing, or your organization publishes agent changes straight to its deploy branch (Mintlify-hosted sites, or the "Push to main" review setting).${failedBy(fail, 'no-pr')}`,
      level: fail ? 'error' : 'notice',
      fail,
    }
  }
  if (job.status === 'archived') {
    const fail = failOn.has('archived')
    return {
      title: 'Archived',
      emoji: '📦',
      message: `Job ${job.id} was archived${job.prLink ? ` (pull request: ${job.prLink})` : ''}.${failedBy(fail, 'archived')}`,
      level: fail ? 'error' : 'warning',
      fail,
    }
  }
  const fail = failOn.has('failed')
  return {
    title: 'Failed',
    emoji: '❌',
    message: `Job ${job.id} failed on Mintlify.${failedBy(fail, 'failed')}`,
    level: 'error',
    fail,
  }
}

/** A run that no comment triggered (not new, no phrase, a bot, no permission): status `skipped`, green, no summary. */
export function skipped(reason: string, level: 'info' | 'notice'): Ending {
  return {
    verdict: { title: 'Skipped', emoji: '⏭️', message: reason, level, fail: false },
    outputs: { status: 'skipped' },
  }
}

/** A comment whose author's permission could not be established: no job on doubt, and the step fails. */
export function notStarted(reason: string): Ending {
  return { verdict: { title: 'Not started', emoji: '⛔', message: reason, level: 'error', fail: true } }
}
