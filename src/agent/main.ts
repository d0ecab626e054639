import { readFileSync } from 'node:fs'
import { systemClock } from '../clock.js'
import { type ActionContext, closeAction, openAction, openApi, setOutput, writeSummary } from '../runner/action.js'
import { Outputs } from '../runner/outputs.js'
import { errorVerdict, type Verdict } from '../runner/verdict.js'
import { type Admission, admitComment } from './github/admission.js'
import { bestEffort, connectGitHub, type GitHubApi } from './github/client.js'
import { resultComment } from './github/comments.js'
import { readWorkflowContext, type WorkflowContext } from './github/event.js'
import { GITHUB_TIMEOUT_MS } from './github/http.js'
import { checkNewComment, matchTrigger } from './github/trigger.js'
import { type AgentConfig, parseAgentInputs, parseTriggerPhrase } from './inputs.js'
import { runAgentJob } from './job.js'
import { judge } from './outcome.js'
import { agentSummary } from './summary.js'

const readText = (file: string) => readFileSync(file, 'utf8')

/**
 * The agent job action: (comment trigger →) inputs → job → wait → outputs, summary, result comment,
 * and one reported result.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const { log, redact } = ctx
  const workflow = readWorkflowContext(env, readText, redact)
  const { event } = workflow

  // The comment comes first, before inputs and any request: an edit, a deletion or an unrelated comment
  // must end quietly.
  let trigger: { phrase: string; request: string } | undefined
  if (event.kind === 'comment') {
    const fresh = checkNewComment(event)
    if (!fresh.allowed) return skip(ctx, { reason: fresh.reason, level: 'info' })
    let phrase: string
    try {
      phrase = parseTriggerPhrase(ctx.input('trigger-phrase'))
    } catch (err) {
      return closeAction(ctx, errorVerdict(err as Error))
    }
    // Matched once, on the comment as received: redacted, hidden content gone (event.ts).
    const request = matchTrigger(event.body, phrase)
    if (request === undefined)
      return skip(ctx, { reason: `The comment does not start with ${phrase}; nothing to do.`, level: 'info' })
    trigger = { phrase, request }
  }

  let config: AgentConfig
  try {
    config = parseAgentInputs(ctx.input, readText, env.GITHUB_WORKSPACE || process.cwd(), trigger !== undefined)
  } catch (err) {
    return closeAction(ctx, errorVerdict(err as Error))
  }

  const github = lazyGitHub(config.githubToken, workflow, ctx, githubTimeoutMs(env))
  if (event.kind === 'comment' && trigger) {
    let admission: Admission
    try {
      if (!workflow.repo) throw new Error('GITHUB_REPOSITORY is not set, so the comment cannot be checked.')
      admission = await admitComment({
        event,
        request: trigger.request,
        phrase: trigger.phrase,
        repo: workflow.repo,
        runUrl: workflow.runUrl,
        reply: config.comment !== 'never',
        github,
        log,
      })
    } catch (err) {
      return closeAction(ctx, errorVerdict(err as Error))
    }
    if (admission.kind === 'skip') return skip(ctx, admission)
    if (admission.kind === 'refuse')
      return closeAction(ctx, {
        title: 'Not started',
        emoji: '⛔',
        message: admission.reason,
        level: 'error',
        fail: true,
      })
    config.prompt = admission.prompt
  }

  const api = openApi(ctx, config)
  const { outcome, waitedMs } = await runAgentJob(config, {
    api: api.client,
    clock: systemClock,
    log,
    outputs: new Outputs(setOutput, redact),
    signal: api.signal,
  })
  api.close()

  const verdict = judge(outcome, config.failOn, config.timeoutMs)
  const job = 'job' in outcome ? outcome.job : undefined
  // The summary first: a slow or failing reply (bounded by the GitHub time limit) must never cost it.
  if (config.summary) writeSummary(agentSummary({ verdict, job, prompt: config.prompt, waitedMs }), redact, log)
  if (outcome.kind !== 'cancelled' && wantsComment(config, workflow, trigger !== undefined)) {
    await postResult(github, workflow, redact(resultComment(verdict, job, workflow.runUrl)), log)
  }
  await closeAction(ctx, verdict)
}

/** Ends the step with status `skipped`, success and no summary. */
function skip(ctx: ActionContext, why: { reason: string; level: 'info' | 'notice' }): Promise<void> {
  setOutput('status', 'skipped')
  const verdict: Verdict = { title: 'Skipped', emoji: '⏭️', message: why.reason, level: why.level, fail: false }
  return closeAction(ctx, verdict)
}

/** `auto`: when a comment triggered the run; `always`: whenever the event is about an issue or pull request. */
function wantsComment(config: AgentConfig, workflow: WorkflowContext, triggered: boolean): boolean {
  if (config.comment === 'never') return false
  if (config.comment === 'auto') return triggered
  return workflow.event.kind !== 'other'
}

function lazyGitHub(
  token: string,
  workflow: WorkflowContext,
  ctx: ActionContext,
  timeoutMs: number,
): () => Promise<GitHubApi> {
  let connection: Promise<GitHubApi> | undefined
  return () => {
    if (!workflow.repo) return Promise.reject(new Error('GITHUB_REPOSITORY is not set'))
    connection ??= connectGitHub(token, workflow.repo, { redact: ctx.redact, log: ctx.log, timeoutMs })
    return connection
  }
}

/**
 * Each GitHub request's time limit. Test-only knob: MINTLIFY_ACTION_GITHUB_TIMEOUT_MS lets the end-to-end
 * tests show a hung GitHub call ending without waiting the full limit; it can only shorten the limit
 * (a positive whole number of milliseconds below the default), never lift it. Read here and nowhere else.
 */
function githubTimeoutMs(env: NodeJS.ProcessEnv): number {
  const knob = Number(env.MINTLIFY_ACTION_GITHUB_TIMEOUT_MS)
  return Number.isInteger(knob) && knob > 0 && knob < GITHUB_TIMEOUT_MS ? knob : GITHUB_TIMEOUT_MS
}

async function postResult(
  github: () => Promise<GitHubApi>,
  workflow: WorkflowContext,
  body: string,
  log: ActionContext['log'],
): Promise<void> {
  const { event } = workflow
  if (event.kind === 'other') return
  const replyTo =
    event.kind === 'comment' && event.name === 'pull_request_review_comment'
      ? { reviewCommentId: event.commentId }
      : undefined
  await bestEffort('Could not post the result comment', event.target, log, async () =>
    (await github()).comment(event.target, body, replyTo),
  )
}
