import { ApiError, mayHaveGoneThrough, NetworkError } from '../api/errors.js'
import type { AgentJob } from '../api/types.js'
import { formatDuration } from '../clock.js'
import { counted } from '../format.js'
import type { Ending } from '../runner/action.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'

/** What a run of the agent job action came to. Every path ends in exactly one of these. */
export type Outcome =
  /**
   * `prBefore`: a follow-up's job had this pull request before the message (so a same link is an update).
   * `resumed`: a run started again only picked up the job its first attempt had given the request, so whether
   * the pull request was there before the request is not known.
   */
  | { kind: 'finished'; job: AgentJob; prBefore?: string | null; resumed?: boolean }
  /** `wait: false`: the job was created, sent a follow-up, or found (`job-id` alone) and left running. */
  | { kind: 'started'; job: AgentJob; how: 'created' | 'messaged' | 'found' }
  /** `notSent`: the conversation's job was still active at `timeout`, so the request was never sent to it. */
  | { kind: 'timeout'; job: AgentJob; notSent?: boolean }
  /**
   * `messageTo`: cancelled while a follow-up message to this job was on its way (it may have reached the job);
   * `creating`: cancelled while the request creating a job was on its way (a job may have been created).
   */
  | { kind: 'cancelled'; signal: NodeJS.Signals; job?: AgentJob; messageTo?: string; creating?: boolean }
  | { kind: 'error'; error: Error; job?: AgentJob }
  /** Conversation `number` already sent `limit` requests (`max-requests`): this one was not sent. */
  | { kind: 'capped'; limit: number; number: number }
  /**
   * Nothing sent: a job may have been created without a clear answer, its id unknown, by this request's first attempt
   * (`own`) or by the conversation's newest request (its reply, `reply`). Sending could start a second job.
   */
  | { kind: 'unclear'; own: boolean; reply?: string }

export const FAIL_ON = ['failed', 'archived', 'timeout', 'no-pr', 'preview'] as const
export type FailOn = (typeof FAIL_ON)[number]

/**
 * What the agent action tells: a `Verdict` (its `message` is the log line) and the same words for summaries and
 * replies, where job ids are code.
 */
export interface AgentVerdict extends Verdict {
  /** `message` for summaries, in the message grammar (`message()` in markdown.ts): job ids in backticks. */
  text?: string
  /**
   * The same for replies, without what is for the workflow's author: the advice (`Run again with job-id`), which
   * a commenter cannot follow (a reply gives its own next step), and why the step is red (`fail-on`).
   */
  replyText?: string
  /** The heading already names the job's status, so no table repeats it. */
  saysStatus?: boolean
  /** What came of the preview of the job's work (`preview: true`), told after the job's outcome (preview.ts). */
  preview?: PreviewLine
}

/** The preview's sentence, in the message grammar: `text` for the summary (and the log), `replyText` for replies. */
export interface PreviewLine {
  emoji: string
  text: string
  replyText: string
  /** The preview's URL, which the sentences name: linked where it is `https`, else shown as code. */
  url?: string
}

/** Writes a job id: as it is (log lines) or in backticks (summaries and replies, where it shows as code). */
type Id = (jobId: string) => string
const asText: Id = (jobId) => jobId
const asCode: Id = (jobId) => `\`${jobId}\``

/**
 * One wording in each form: `message` (the log line), `text` (ids as code) and `replyText` (ids as code, what
 * happened only). What happened comes first, then why the step is red (`failed`), then the advice: the next step.
 */
function says(
  verdict: Omit<Verdict, 'message'> & { saysStatus?: boolean },
  words: (id: Id) => string,
  { advice, failed = '' }: { advice?: (id: Id) => string; failed?: string } = {},
): AgentVerdict {
  const form = (id: Id) => `${words(id)}${failed}${advice ? ` ${advice(id)}` : ''}`
  return { ...verdict, message: form(asText), text: form(asCode), replyText: words(asCode) }
}

const STARTED = {
  created: (id: string) => `Created agent job ${id}`,
  messaged: (id: string) => `Sent a follow-up message to job ${id}`,
  found: (id: string) => `Job ${id} is active`,
}

/** The create or follow-up message that was never sent (`create`, `message`): its connection never opened. */
export function neverSent(error: Error): 'create' | 'message' | undefined {
  return error instanceof NetworkError && error.unsent ? writeOf(error) : undefined
}

function writeOf(error: ApiError | NetworkError): 'create' | 'message' | undefined {
  return error.operation === 'create' || error.operation === 'message' ? error.operation : undefined
}

/**
 * What a failed run leaves behind: a job seen running goes on; a create or message that got no clear answer may
 * have worked; one never sent did nothing. `forReply`: without what to do about it, which the reply's next step says.
 */
function afterError(error: Error, job: AgentJob | undefined, id: Id, forReply = false): string {
  if (job?.status !== undefined) return ` Job ${id(job.id)} may still be running.`
  const unsent = neverSent(error)
  if (unsent)
    return ` Nothing was sent, so ${unsent === 'create' ? 'no job was created' : 'the job did not get the message'}${forReply ? '.' : ': run this again once that is fixed.'}`
  const through = mayHaveGoneThrough(error)
  if (through === 'create')
    return ` The job may have been created anyway${forReply ? '.' : ': check the Mintlify dashboard before running this again.'}`
  if (through === 'message')
    return ` The message may have reached the job anyway${forReply ? '.' : ': check the job before sending it again.'}`
  return ''
}

/**
 * An error's message without the advice to the workflow's author that the API client adds after what failed
 * (`Check \`api-key\`…`, `Re-run later`): `Creating the agent job failed: HTTP 401 (Invalid API key).`
 */
function whatFailed(error: Error): string {
  return error instanceof ApiError || error instanceof NetworkError ? error.failed : error.message
}

/** Why the step is red when an outcome that is no error fails it: `fail-on` named it. */
export function failedBy(fail: boolean, outcome: FailOn): string {
  return fail ? ` The step fails because \`${outcome}\` is in \`fail-on\`.` : ''
}

/** Maps an outcome and `fail-on` to what the user sees. Pure: the reporting happens in one place elsewhere. */
export function judge(outcome: Outcome, failOn: ReadonlySet<FailOn>, timeoutMs: number): AgentVerdict {
  switch (outcome.kind) {
    case 'started':
      return says(
        { title: 'Agent job started', emoji: '🚀', level: 'info', fail: false },
        (id) => `${STARTED[outcome.how](id(outcome.job.id))}; not waiting for it (wait: false).`,
      )
    case 'timeout': {
      const fail = failOn.has('timeout')
      const level = fail ? 'error' : 'warning'
      if (outcome.notSent)
        return says(
          { title: 'Request not sent', emoji: TIMEOUT_EMOJI, level, fail, saysStatus: outcome.job.status === 'active' },
          (id) =>
            `The request was not sent: job ${id(outcome.job.id)} of this conversation was still active after ${formatDuration(timeoutMs)}.`,
          { advice: () => 'Ask again once it is done.', failed: failedBy(fail, 'timeout') },
        )
      return says(
        {
          title: 'Still running at timeout',
          emoji: TIMEOUT_EMOJI,
          level,
          fail,
          saysStatus: outcome.job.status === 'active',
        },
        (id) =>
          `Job ${id(outcome.job.id)} is still active after ${formatDuration(timeoutMs)}; it keeps running on Mintlify.`,
        {
          advice: (id) => `Run again with ${id(`job-id: ${outcome.job.id}`)} to wait for it.`,
          failed: failedBy(fail, 'timeout'),
        },
      )
    }
    case 'cancelled': {
      const jobId = outcome.job?.id
      const { message: _, ...verdict } = cancelledVerdict(outcome.signal, '')
      const { messageTo } = outcome
      return says(verdict, (id) =>
        jobId
          ? `Cancelled (${outcome.signal}) while waiting; job ${id(jobId)} keeps running on Mintlify.`
          : messageTo
            ? `Cancelled (${outcome.signal}) while sending the follow-up message to job ${id(messageTo)}; it may have reached the job.`
            : `Cancelled (${outcome.signal}) before the job id was known; a job may still have been created, check the Mintlify dashboard.`,
      )
    }
    case 'error': {
      const { message, ...verdict } = errorVerdict(outcome.error)
      const { error, job } = outcome
      return {
        ...says(verdict, (id) => `${message}${afterError(error, job, id)}`),
        replyText: `${whatFailed(error)}${afterError(error, job, asCode, true)}`,
      }
    }
    case 'finished':
      return judgeFinished(outcome.job, failOn, outcome.prBefore, outcome.resumed)
    case 'unclear': {
      const asked = outcome.own
        ? 'The first attempt of this run tried to create a job and got no clear answer'
        : `The newest request of this conversation${outcome.reply ? ` (${outcome.reply})` : ''} tried to create a job and got no clear answer`
      const text = `${asked}, so a job may have been created; this request was not sent, as it could start a second job.`
      return {
        title: 'Job may exist',
        emoji: '❌',
        level: 'error',
        fail: true,
        message: `${text} ${CHECK_UNCLEAR}`,
        text: `${text} ${CHECK_UNCLEAR}`,
        replyText: text,
      }
    }
    case 'capped': {
      // Green, as a comment that does not trigger is: the limit did its job; the warning says what to change.
      const reached = `its limit of ${counted(outcome.limit, 'request', 'requests')} to the agent (\`max-requests\`), so this request was not sent`
      const message = `Conversation #${outcome.number} reached ${reached}. ${RAISE_LIMIT}`
      return {
        title: 'Request limit reached',
        emoji: '⏭️',
        level: 'warning',
        fail: false,
        message,
        text: message,
        replyText: `This conversation reached ${reached}.`,
      }
    }
  }
}

/**
 * What a maintainer does when a request may have created a job whose id is not known: the log's advice and the reply's
 * next step.
 */
export const CHECK_UNCLEAR =
  'A maintainer should check the Mintlify dashboard for that job, then delete the reply that says a job may have been created: the next request (or a re-run) then goes ahead as if that request had never been made.'

/** What a maintainer can do once a conversation reached `max-requests`: the log's advice and the reply's next step. */
export const RAISE_LIMIT = 'A maintainer can raise `max-requests`, or start a new issue.'

/** Distinct from the ⏳ of a reply still working on it: the wait is over, the job is not. */
export const TIMEOUT_EMOJI = '⏱️'

function judgeFinished(
  job: AgentJob,
  failOn: ReadonlySet<FailOn>,
  prBefore: string | null | undefined,
  resumed = false,
): AgentVerdict {
  const done = { saysStatus: true }
  if (job.status === 'completed' && job.prLink) {
    const updated = !!prBefore && prBefore === job.prLink
    const prLink = job.prLink
    return says(
      {
        // Picked up again: the pull request may be one the job had before this request, so not "opened".
        title: resumed ? 'Pull request ready' : updated ? 'Pull request updated' : 'Pull request opened',
        emoji: '✅',
        level: 'notice',
        fail: false,
        ...done,
      },
      (id) => `Job ${id(job.id)} completed: ${prLink}`,
    )
  }
  if (job.status === 'completed') {
    const fail = failOn.has('no-pr')
    return says(
      {
        title: 'Completed, no pull request',
        emoji: fail ? '❌' : '✅',
        level: fail ? 'error' : 'notice',
        fail,
        ...done,
      },
      (id) =>
        `Job ${id(job.id)} completed and opened no pull request: the agent changed nothing, or your organization publishes agent changes straight to its deploy branch (Mintlify-hosted sites, or the "Push to main" review setting).`,
      { failed: failedBy(fail, 'no-pr') },
    )
  }
  if (job.status === 'archived') {
    const fail = failOn.has('archived')
    return says(
      { title: 'Archived', emoji: '📦', level: fail ? 'error' : 'warning', fail, ...done },
      (id) => `Job ${id(job.id)} was archived${job.prLink ? ` (pull request: ${job.prLink})` : ''}.`,
      { failed: failedBy(fail, 'archived') },
    )
  }
  const fail = failOn.has('failed')
  return says(
    { title: 'Failed', emoji: '❌', level: 'error', fail, saysStatus: job.status === 'failed' },
    (id) => `Job ${id(job.id)} failed on Mintlify.`,
    {
      advice: () => 'Open the job in the Mintlify dashboard to see why; run this again to start a new job.',
      failed: failedBy(fail, 'failed'),
    },
  )
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
