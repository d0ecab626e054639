import { ApiError, mayHaveGoneThrough, NetworkError } from '../../api/errors.js'
import { isTransient } from '../../api/retry.js'
import type { AgentJob } from '../../api/types.js'
import { clampBody } from '../../github/comments.js'
import { code, link, md, message, pullRequestLink } from '../../markdown.js'
import { type AgentVerdict, CHECK_UNCLEAR, type Outcome, RAISE_LIMIT } from '../outcome.js'
import { verdictText } from '../summary.js'

function runLine(runUrl: string | undefined): string {
  return runUrl ? `\n\n${link(runUrl, 'Workflow run')}` : ''
}

/** What a commenter can do once a run has ended: all of it in a comment, never an input they cannot set. */
export interface NextStepContext {
  /** The trigger phrase, as in `/docs <request>`. */
  phrase: string
  runUrl?: string
  /** `follow-up: auto`: a later request in the thread goes to the same job, so it refines its pull request. */
  refines: boolean
  /**
   * No comment asked: the workflow named the conversation (`conversation`), and its next run is what asks again.
   * So the steps say what that run will do, or offer to re-run this one, never to comment a request.
   */
  unattended?: boolean
}

/**
 * The commenter's next step for each outcome, as Markdown. Re-running the workflow run is offered only where
 * the reply names the job and waiting again can help (a timeout, a cancel, trouble that passes): a re-run then
 * finds its reply and waits for that job again, sending nothing twice. Where the request may have gone through
 * anyway (a create or message without a clear answer, a cancel mid-way), nobody is invited to ask again before a
 * maintainer has looked: asking again could start a second job or send the message twice.
 */
export function nextStep(outcome: Outcome, { phrase, runUrl, refines, unattended }: NextStepContext): NextStep {
  const request = code(`${phrase} <request>`)
  const rerun = (words: string) => (runUrl ? link(runUrl, words) : words)
  // The reply has just named the job, so the step need not name it again.
  const waitAgain = `${rerun('Re-run this workflow run')} to keep waiting for it; the request is not sent again.`
  const steps: Steps = {
    waitAgain,
    tryAgain: unattended
      ? `${rerun('Re-run this workflow run')} to try once more; if it fails the same way, its log says why.`
      : `Comment ${request} again to try once more; if it fails the same way, the workflow run’s log says why.`,
    fixed: unattended ? rerun('re-run this workflow run') : `comment ${request} again`,
    newJob: unattended
      ? 'The next run of this workflow starts a new job.'
      : `Comment ${request} again to start a new job.`,
    checkJob:
      'A maintainer should check the job in the Mintlify dashboard before anyone asks again: asking again could send the message twice.',
  }
  const step = (() => {
    switch (outcome.kind) {
      case 'timeout':
        if (!outcome.notSent) return waitAgain
        return unattended
          ? 'The next run of this workflow sends its request once that job is done.'
          : `Comment ${request} again once that job is done.`
      case 'cancelled':
        if (outcome.job) return waitAgain
        return outcome.messageTo ? steps.checkJob : outcome.creating ? MAY_HAVE_CREATED : CHECK_DASHBOARD
      case 'error':
        return errorStep(outcome.error, outcome.job, steps)
      case 'started':
        return 'Look for the agent’s pull request in your docs repository once the job is done; this reply is not updated.'
      case 'finished':
        return unattended ? unattendedStep(outcome.job, refines) : finishedStep(outcome.job, request, refines)
      case 'capped':
        return RAISE_LIMIT
      case 'unclear':
        return CHECK_UNCLEAR
    }
  })()
  return { text: `**Next:** ${step}`, linksRun: !!runUrl && /\[re-run this workflow run\]\(/i.test(step) }
}

/** The next steps that differ between a commenter (comment a request) and a workflow's own run (its next run). */
interface Steps {
  waitAgain: string
  tryAgain: string
  /** What to do once a maintainer fixed `api-url`, as the end of a sentence. */
  fixed: string
  newJob: string
  checkJob: string
}

const CHECK_DASHBOARD =
  'A maintainer should check the Mintlify dashboard for a new job before anyone asks again: asking again could start a second job.'

/**
 * A create that may have gone through: its reply's marker says so (`maybe-job`), which holds back a re-run and a later
 * request that would continue the conversation's job until a maintainer deletes the reply.
 */
const MAY_HAVE_CREATED = `${CHECK_DASHBOARD} Until a maintainer deletes this reply, neither a re-run of this workflow run nor a later request continuing this conversation sends anything.`

function errorStep(error: Error, job: AgentJob | undefined, steps: Steps): string {
  // A key refused is refused again, whoever asks: only a maintainer can fix it.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return 'A maintainer needs to check the workflow’s Mintlify key (the workflow run’s log says why) before anyone asks again.'
  // Nothing reached Mintlify (refused, the host not found): asking again is safe, once the address is right.
  if (!job && error instanceof NetworkError && error.unsent)
    return `A maintainer needs to check the workflow’s ${code('api-url')} (the workflow run’s log says why); once it is fixed, ${steps.fixed}.`
  const through = mayHaveGoneThrough(error)
  if (through === 'create') return MAY_HAVE_CREATED
  if (through === 'message') return steps.checkJob
  // A job seen running: waiting again helps only if the trouble was passing (api/poll.ts gives up on any other).
  if (job) return isTransient(error) ? steps.waitAgain : steps.newJob
  return steps.tryAgain
}

/** A finished job's next step in a conversation the workflow named: its next run refines the pull request or starts anew. */
function unattendedStep(job: AgentJob, refines: boolean): string {
  if (job.status === 'completed' && job.prLink)
    return refines
      ? 'Review and merge the pull request; until it is merged or closed, the next run of this workflow refines it.'
      : 'Review and merge the pull request.'
  if (job.status === 'completed') return 'Look for the change on your docs site or its deploy branch.'
  if (job.prLink) return 'Review the pull request; the next run of this workflow starts a new job.'
  return 'The next run of this workflow starts a new job.'
}

function finishedStep(job: AgentJob, request: string, refines: boolean): string {
  if (job.status === 'completed' && job.prLink)
    return `Review and merge the pull request, or comment ${request} ${refines ? 'here to refine it' : 'to ask for more'}.`
  if (job.status === 'completed')
    return `Look for the change on your docs site or its deploy branch; if there is none, comment ${request} with more detail.`
  if (job.prLink) return `Review the pull request, or comment ${request} again to start a new job.`
  return `Comment ${request} again to start a new job.`
}

/** A next step as Markdown, and whether it links the workflow run (which the reply then does not link again). */
export interface NextStep {
  text: string
  linksRun: boolean
}

export interface ResultReply {
  verdict: AgentVerdict
  job?: AgentJob
  runUrl?: string
  /** A sentence of our own (Markdown) about where the request went: a follow-up, a new job, a run started again. */
  note?: string
  /** The commenter's next step: the reply ends with it. */
  next?: NextStep
}

/**
 * The reply with a run's outcome: the headline, what happened (the job id once, as code; the pull request
 * once), where the request went, the next step. Every value from the API is escaped, mentions included.
 */
export function resultComment({ verdict, job, runUrl, note, next }: ResultReply): string {
  const { text, linksPull } = verdictText(verdict, job, !!next)
  const lines = [`${verdict.emoji} **Mintlify agent: ${md(verdict.title)}**`, '', text]
  if (job?.prLink && !linksPull) lines.push('', `Pull request: ${pullRequestLink(job.prLink)}`)
  const named = (id: string) => `\`${id}\``
  if (job && !(verdict.text ?? '').includes(named(job.id))) lines.push('', message(`Job ${named(job.id)}.`))
  if (note) lines.push('', note)
  const run = next?.linksRun ? '' : runLine(runUrl)
  return clampBody(lines.join('\n') + run + (next ? `\n\n${next.text}` : ''))
}

export function usageComment(phrase: string, runUrl: string | undefined): string {
  return clampBody(
    `👋 Tell the Mintlify agent what to do after ${code(phrase)}, for example:\n\n` +
      `${code(`${phrase} document the new --dry-run flag`)}${runLine(runUrl)}`,
  )
}
