import { readFileSync } from 'node:fs'
import { runAgentJob } from './agent.js'
import { type AgentConfig, parseAgentInputs, parseTriggerPhrase } from './agent-inputs.js'
import { agentSummary } from './agent-summary.js'
import { systemClock } from './clock.js'
import { type Admission, admitComment } from './github/admit.js'
import { bestEffort, connectGitHub, type GitHubApi } from './github/api.js'
import { resultComment } from './github/comments.js'
import { readWorkflowContext, type WorkflowContext } from './github/event.js'
import { matchTrigger } from './github/trigger.js'
import { judge } from './outcome.js'
import { Outputs } from './outputs.js'
import { type ActionContext, closeAction, openAction, openApi, setOutput } from './runner.js'
import { errorVerdict, type Verdict } from './verdict.js'

const readText = (file: string) => readFileSync(file, 'utf8')

/**
 * The agent job action: (comment trigger →) inputs → job → wait → outputs, summary, result comment,
 * and one reported result.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const { log, redact } = ctx
  const workflow = readWorkflowContext(env, readText)
  const { event } = workflow

  // The phrase comes first, before inputs and any request: an unrelated comment must end quietly.
  let request: string | undefined
  if (event.kind === 'comment') {
    let phrase: string
    try {
      phrase = parseTriggerPhrase(ctx.input('trigger-phrase'))
    } catch (err) {
      return closeAction(ctx, errorVerdict(err as Error))
    }
    request = matchTrigger(event.body, phrase)
    if (request === undefined)
      return skip(ctx, { reason: `The comment does not start with ${phrase}; nothing to do.`, level: 'info' })
  }

  let config: AgentConfig
  try {
    config = parseAgentInputs(ctx.input, readText, env.GITHUB_WORKSPACE || process.cwd(), request !== undefined)
  } catch (err) {
    return closeAction(ctx, errorVerdict(err as Error))
  }

  const github = lazyGitHub(config.githubToken, workflow)
  if (event.kind === 'comment' && request !== undefined) {
    let admission: Admission
    try {
      if (!workflow.repo) throw new Error('GITHUB_REPOSITORY is not set, so the comment cannot be checked.')
      admission = await admitComment({
        event,
        request,
        phrase: config.triggerPhrase,
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
  if (outcome.kind !== 'cancelled' && wantsComment(config, workflow, request !== undefined)) {
    await postResult(github, workflow, redact(resultComment(verdict, job, workflow.runUrl)), log)
  }
  const summary = config.summary ? agentSummary({ verdict, job, prompt: config.prompt, waitedMs }) : undefined
  await closeAction(ctx, verdict, summary)
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

function lazyGitHub(token: string, workflow: WorkflowContext): () => Promise<GitHubApi> {
  let connection: Promise<GitHubApi> | undefined
  return () => {
    if (!workflow.repo) return Promise.reject(new Error('GITHUB_REPOSITORY is not set'))
    connection ??= connectGitHub(token, workflow.repo)
    return connection
  }
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
