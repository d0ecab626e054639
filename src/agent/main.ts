import { readFileSync } from 'node:fs'
import { mayHaveGoneThrough } from '../api/errors.js'
import { systemClock } from '../clock.js'
import { bestEffort, type GitHubApi, lazyGitHub } from '../github/client.js'
import type { ThreadComment } from '../github/comments.js'
import { type CommentEvent, readWorkflowContext, type Target, type WorkflowContext } from '../github/event.js'
import { githubTimeoutMs } from '../github/http.js'
import { checkNewComment, matchTrigger, untakenComment } from '../github/trigger.js'
import { parseTriggerPhrase } from '../inputs.js'
import { code } from '../markdown.js'
import { type ActionContext, closeAction, type Ending, openAction, openApi, openOutputs } from '../runner/action.js'
import { Cancelled } from '../runner/cancel.js'
import { errorVerdict } from '../runner/verdict.js'
import {
  type Conversation,
  earlierReply,
  introducePull,
  type JobPlan,
  planJob,
  pullOfRepository,
  type ReplyPlace,
  requestsSent,
  TrackingReply,
} from './conversation.js'
import { admitComment } from './github/admission.js'
import { nextStep, resultComment } from './github/comments.js'
import { markerOf } from './github/marker.js'
import { type AgentConfig, DEFAULT_TRIGGER_PHRASE, parseAgentInputs } from './inputs.js'
import { type AgentRun, runAgentJob } from './job.js'
import { judge, notStarted, type Outcome, skipped } from './outcome.js'
import { jobOutputs } from './outputs.js'
import { jobToPreview, judgePreview, NO_PREVIEW_OUTPUTS, previewJob, withPreview } from './preview.js'
import { agentSummary, followUpLine } from './summary.js'
import { joinConversation } from './unattended.js'

const readText = (file: string) => readFileSync(file, 'utf8')

/**
 * The agent job action: prepare (comment trigger, inputs, permission) → job → wait → ending (outputs,
 * summary, reply, one reported verdict). A run ends in exactly one place: the `closeAction` below.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const start = await prepare(ctx, env)
  await closeAction(ctx, 'ending' in start ? start.ending : await runJob(ctx, start))
}

/** Everything a job needs once the run is allowed: the inputs, the prompt (from them or the comment), GitHub. */
interface Ready {
  config: AgentConfig
  /** From `prompt`/`prompt-file`, or the comment's request with its context; undefined with `job-id` alone. */
  prompt?: string
  /** For the reply: context the prompt goes without (a pull request's branches GitHub would not tell). */
  note?: string
  workflow: WorkflowContext
  /**
   * The conversation the run belongs to: the triggering comment's thread, or the one `conversation` names. Its reply
   * is posted there (unless `comment: never`), and with `follow-up: auto` its request goes to the conversation's job.
   */
  conversation?: Conversation
  /** The trigger phrase, for the comment on the agent's own pull request. */
  phrase: string
  env: NodeJS.ProcessEnv
  github: () => Promise<GitHubApi>
}

/**
 * Decides whether and how the run goes on, before any request to Mintlify: a comment that is not new or
 * does not start with the phrase ends quietly, before the inputs are read (so an unrelated comment stays
 * green whatever the workflow's inputs); bad input, and a comment the gate turns away, end the run here.
 */
async function prepare(ctx: ActionContext, env: NodeJS.ProcessEnv): Promise<Ready | { ending: Ending }> {
  try {
    const workflow = readWorkflowContext(env, readText, ctx.redact)
    const { event } = workflow
    let phrase: string | undefined
    let request: string | undefined
    if (event.kind === 'comment') {
      const fresh = checkNewComment(event)
      if (!fresh.allowed) return { ending: skipped(fresh.reason, 'info') }
      phrase = parseTriggerPhrase(ctx.input('trigger-phrase'), DEFAULT_TRIGGER_PHRASE)
      // Matched once, on the comment as received: redacted, hidden content gone (event.ts).
      request = matchTrigger(event.body, phrase)
      if (request === undefined)
        return { ending: skipped(`The comment does not start with ${phrase}; nothing to do.`, 'info') }
    }

    const triggered = request !== undefined
    const noPrompt = event.kind === 'other' && event.comment ? untakenComment(event.name) : undefined
    const config = parseAgentInputs(ctx.input, readText, env.GITHUB_WORKSPACE || process.cwd(), triggered, noPrompt)
    // Other events use the phrase only to tell how to refine the agent's pull request: read after the inputs.
    phrase ??= parseTriggerPhrase(ctx.input('trigger-phrase'), DEFAULT_TRIGGER_PHRASE)
    const github = lazyGitHub(config.githubToken, workflow.repo, {
      redact: ctx.redact,
      log: ctx.log,
      timeoutMs: githubTimeoutMs(env),
    })
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a comment event has its request here, so either half alone decides the same (the other is for the type)
    if (event.kind !== 'comment' || request === undefined) {
      const { runUrl, repo } = workflow
      const conversation =
        config.conversation === undefined
          ? undefined
          : await joinConversation(config.conversation, {
              repo,
              runId: env.GITHUB_RUN_ID,
              runUrl,
              github,
              log: ctx.log,
            })
      return { config, prompt: config.prompt, workflow, conversation, phrase, env, github }
    }

    if (!workflow.repo) throw new Error('GITHUB_REPOSITORY is not set, so the comment cannot be checked.')
    const admission = await admitComment({
      event,
      request,
      phrase,
      repo: workflow.repo,
      runUrl: workflow.runUrl,
      reply: config.comment !== 'never',
      github,
      log: ctx.log,
    })
    if (admission.kind === 'skip') return { ending: skipped(admission.reason, admission.level) }
    if (admission.kind === 'refuse') return { ending: notStarted(admission.reason) }
    if (config.conversation !== undefined)
      ctx.log.info(
        `conversation: ${config.conversation} is ignored: a comment triggered this run, so its conversation is the comment's own thread, #${event.target.number}.`,
      )
    const conversation = { place: replyPlace(event, workflow.runUrl), request: { requestId: event.commentId } }
    return { config, prompt: admission.prompt, note: admission.note, workflow, conversation, phrase, env, github }
  } catch (err) {
    return { ending: { verdict: errorVerdict(err as Error) } }
  }
}

/**
 * The job itself, then how the run ends. A run in a conversation (a comment's, or the one `conversation` names)
 * first posts its one reply and, with `follow-up: auto`, finds the job the conversation already has; the reply names
 * the job as soon as it is known and gets the outcome once the summary is written (never at the summary's cost). A
 * conversation that reached `max-requests` sends nothing and keeps one reply saying so.
 */
async function runJob(ctx: ActionContext, ready: Ready): Promise<Ending> {
  const { config, prompt, workflow, github, conversation } = ready
  const { event } = workflow
  const outputs = openOutputs(ctx)
  const reply =
    conversation && config.comment !== 'never'
      ? new TrackingReply(github, conversation.place, conversation.request, ctx.log, ctx.redact)
      : undefined
  const deadline = systemClock.now() + config.timeoutMs
  const api = openApi(ctx, config)
  const server = ready.env.GITHUB_SERVER_URL || 'https://github.com'
  const unattended = conversation?.request.runId !== undefined
  const deps = { api: api.client, github, clock: systemClock, log: ctx.log, signal: api.signal, server }
  if (config.preview) outputs.setAll(NO_PREVIEW_OUTPUTS)
  let run: AgentRun
  let plan: JobPlan | undefined
  /** With the `capped` outcome: the reply to edit into the capped one, else one is posted. */
  let cappedReply: ThreadComment | undefined
  try {
    // The conversation is read before anything is posted: a run started again ("Re-run jobs") finds the
    // reply of its first attempt there, takes it over, and only reports the job it names. Only the action's own
    // account's markers count; that account is asked for here only when a comment names this request (or, with
    // `max-requests`, holds a reply's marker), and otherwise learned from the reply posted next (`account`, client.ts).
    const thread =
      conversation && (reply || config.followUp === 'auto')
        ? await (await github()).conversation(conversation.place.target)
        : []
    const earlier = conversation ? await earlierReply(github, thread, conversation.request) : undefined
    // A request its first attempt already sent is only reported; any other counts against `max-requests`.
    const count =
      conversation && config.maxRequests > 0 && !earlier?.jobId && !earlier?.maybeJob
        ? await requestsSent(github, thread)
        : undefined
    if (conversation && count && count.sent >= config.maxRequests) {
      run = { outcome: { kind: 'capped', limit: config.maxRequests, number: conversation.place.target.number } }
      cappedReply = earlier?.comment ?? count.capped
    } else {
      if (reply)
        outputs.set(
          'comment-url',
          (earlier ? reply.adopt(earlier.comment, earlier.maybeJob) : await reply.open()) ?? '',
        )
      plan = earlier?.jobId
        ? { kind: 'resume', jobId: earlier.jobId, note: resumed(earlier.jobId) }
        : earlier?.maybeJob
          ? { kind: 'unclear', own: true }
          : conversation && !config.jobId
            ? await planJob(config, thread, deadline, { ...deps, unattended })
            : { kind: 'create' }
      const notes = joinNotes(plan.note, ready.note)
      if (notes) reply?.explain(notes)
      if (plan.kind === 'unclear') {
        // A job may exist whose id is not known: sending could start a second one. The reply keeps saying so: its own
        // (`own`) was adopted with the marker that says it; another request's leaves this one's marker as it is.
        run = { outcome: { kind: 'unclear', own: plan.own, reply: plan.reply } }
      } else if (plan.kind === 'not-sent') {
        // The reply's marker names no job: a re-run of this request then plans again (waits for the job, or sends
        // the request to it) instead of taking the job as one its first attempt had sent the request to.
        outputs.setAll({ ...jobOutputs(plan.job), 'follow-up': 'false', 'timed-out': 'true' })
        run = { outcome: { kind: 'timeout', job: plan.job, notSent: true } }
      } else {
        // A follow-up's reply names its job only once the message is taken (`onJob`): a re-run of a message refused
        // then plans again instead of taking it as sent.
        if (plan.kind === 'resume') reply?.nameJob(plan.jobId)
        // `timeout` counts from the job's creation, except for a follow-up that had to wait for its job first:
        // the wait and the job then share one `timeout`.
        const request =
          plan.kind === 'message'
            ? { prompt, jobId: plan.jobId, deadline, prBefore: plan.prBefore }
            : plan.kind === 'resume'
              ? { jobId: plan.jobId, resumed: true }
              : { prompt, jobId: config.jobId }
        run = await runAgentJob(config, request, { ...deps, outputs, onJob: (job) => reply?.nameJob(job.id) })
        // A message that may have reached the job (no clear answer, or cancelled on its way): the reply names the
        // job all the same, so that a re-run only reports it and never sends the message a second time. So too for
        // a message to the job `job-id` names.
        const messageTo = plan.kind === 'message' ? plan.jobId : prompt !== undefined ? config.jobId : undefined
        if (messageTo && mayHaveReached(run.outcome)) reply?.nameJob(messageTo)
        // A create that may have gone through the same way: the reply says a job may exist (its id unknown), so that
        // a re-run creates none and the request counts against `max-requests`.
        if (plan.kind === 'create' && !config.jobId && mayHaveCreated(run.outcome)) reply?.mayHaveCreated()
      }
    }
  } catch (err) {
    run = {
      outcome:
        err instanceof Cancelled ? { kind: 'cancelled', signal: err.signal } : { kind: 'error', error: err as Error },
    }
  }
  // `preview: true`: a job that completed with a pull request gets a preview of its branch, within what is left of
  // `timeout` (the whole run stays within it).
  const toPreview = config.preview ? jobToPreview(run.outcome) : undefined
  const preview = toPreview
    ? await previewJob(
        toPreview,
        { projectId: config.projectId, wait: config.wait, pollIntervalMs: config.pollIntervalMs, deadline },
        { ...deps, outputs },
      )
    : undefined
  api.close()

  const { outcome, waitedMs } = run
  const judged = judge(outcome, config.failOn, config.timeoutMs)
  const verdict = preview ? withPreview(judged, judgePreview(preview, config.timeoutMs), config.failOn) : judged
  const job = 'job' in outcome ? outcome.job : undefined
  const finished = outcome.kind !== 'cancelled'
  return {
    verdict,
    // A capped run ends as a comment that does not trigger one: `skipped`, green.
    outputs: outcome.kind === 'capped' ? { status: 'skipped', 'follow-up': 'false' } : undefined,
    summary: config.summary ? agentSummary({ verdict, job, prompt, waitedMs, followUpTo: run.followUpTo }) : undefined,
    afterSummary: async () => {
      const { runUrl } = workflow
      if (reply) {
        const refines = config.followUp === 'auto'
        const next = nextStep(outcome, { phrase: ready.phrase, runUrl, refines, unattended })
        const note = joinNotes(finalNote(plan, run.followUpTo), ready.note)
        // The note goes inside the text, before the next step: none is added after it.
        const text = resultComment({ verdict, job, runUrl, note, next })
        if (outcome.kind === 'capped') outputs.set('comment-url', (await reply.capped(text, cappedReply)) ?? '')
        else await reply.close(text, '')
      }
      // `comment: always` on an issue or pull request event (no comment asked for the run): one result comment.
      else if (finished && config.comment === 'always' && event.kind === 'target') {
        const text = resultComment({ verdict, job, runUrl })
        await postResult(github, event.target, ctx.redact(job ? `${text}\n\n${markerOf(job.id)}` : text), ctx.log)
      }
      const pull = finished && job?.prLink && config.comment !== 'never' ? agentPull(job.prLink, ready.env) : undefined
      if (pull && job) await introducePull(github, pull, job, ready.phrase, ctx.log)
    },
  }
}

/**
 * Where the request went, as the final reply says it: a follow-up in the past tense (and only when the message
 * was taken); nothing for a request not sent (the outcome says so); otherwise the plan's own note.
 */
function finalNote(plan: JobPlan | undefined, followUpTo: string | undefined): string | undefined {
  if (plan?.kind === 'message')
    return joinNotes(
      followUpTo
        ? followUpLine(plan.jobId, ' of this conversation')
        : `It was to be a follow-up to job ${code(plan.jobId)} of this conversation.`,
      plan.caveat,
    )
  return plan?.kind === 'not-sent' ? undefined : plan?.note
}

/** The reply's notes, each its own paragraph: where the request went, then what it went without. */
function joinNotes(...notes: Array<string | undefined>): string | undefined {
  return notes.filter(Boolean).join('\n\n') || undefined
}

/** A follow-up message that failed without a clear answer, or was cancelled on its way: it may have reached the job. */
function mayHaveReached(outcome: Outcome): boolean {
  if (outcome.kind === 'cancelled') return outcome.messageTo !== undefined
  return outcome.kind === 'error' && !outcome.job && mayHaveGoneThrough(outcome.error) === 'message'
}

/** A create that failed without a clear answer, or was cancelled on its way: a job may exist, its id unknown. */
function mayHaveCreated(outcome: Outcome): boolean {
  if (outcome.kind === 'cancelled') return outcome.creating === true
  return outcome.kind === 'error' && !outcome.job && mayHaveGoneThrough(outcome.error) === 'create'
}

/** What the reply says when a run started again finds that its first attempt already sent the request. */
function resumed(jobId: string): string {
  return `This run was started again: its first attempt had already sent this request to job ${code(jobId)}, or tried to without a clear answer, so this attempt only waits for it and reports it; the request is not sent twice.`
}

/** A review comment gets its reply in its own thread; any other comment, on the issue or pull request. */
function replyPlace(comment: CommentEvent, runUrl: string | undefined): ReplyPlace {
  const review = comment.name === 'pull_request_review_comment'
  return { target: comment.target, replyTo: review ? { reviewCommentId: comment.commentId } : undefined, runUrl }
}

/** The agent's pull request, when it is one of the repository the workflow runs in. */
function agentPull(prLink: string, env: NodeJS.ProcessEnv): Target | undefined {
  if (!env.GITHUB_REPOSITORY) return undefined
  const number = pullOfRepository(prLink, env.GITHUB_SERVER_URL || 'https://github.com', env.GITHUB_REPOSITORY)
  return number === undefined ? undefined : { number, title: '', url: prLink, isPullRequest: true }
}

async function postResult(
  github: () => Promise<GitHubApi>,
  target: Target,
  body: string,
  log: ActionContext['log'],
): Promise<void> {
  await bestEffort('Could not post the result comment', target, log, async () => (await github()).comment(target, body))
}
