import { readFileSync } from 'node:fs'
import type { DeploymentStatus } from '../api/types.js'
import { systemClock } from '../clock.js'
import { type DeployOutcome, deploy } from '../deploy/deploy.js'
import { bestEffort, type ChangedFile, type GitHubApi, lazyGitHub } from '../github/client.js'
import {
  type CommentEvent,
  type Repo,
  readWorkflowContext,
  type Target,
  type WorkflowContext,
} from '../github/event.js'
import { gateCommenter, permissionCheckFailed } from '../github/gate.js'
import { type GitData, connectGitData as openGitData } from '../github/git.js'
import { githubTimeoutMs } from '../github/http.js'
import type { GitHubError } from '../github/octokit.js'
import { checkNewComment, matchTrigger } from '../github/trigger.js'
import { InputError, parseTriggerPhrase } from '../inputs.js'
import { type ActionContext, closeAction, type Ending, openAction, openApi, openOutputs } from '../runner/action.js'
import { errorVerdict } from '../runner/verdict.js'
import { buildingText, closedText, finalText, forkText, PreviewComment } from './comment.js'
import { forkBranch, writeForkBranch } from './fork.js'
import { DEFAULT_TRIGGER_PHRASE, type PreviewConfig, parsePreviewInputs } from './inputs.js'
import { judge, skipped, statusOutputs } from './outcome.js'
import { changedPages, commitFiles, pageList } from './pages.js'
import { eventPull, type Plan, planRun } from './plan.js'
import { previewSummary } from './summary.js'

// Stryker disable next-line StringLiteral: with no encoding the Buffer read goes to JSON.parse, which decodes it as UTF-8
const readText = (file: string) => readFileSync(file, 'utf8')

/**
 * The preview and deploy action: prepare (a comment's gate, the inputs, what to deploy) → trigger and wait, keeping
 * the pull request's one comment → ending (outputs, summary, the comment's last edit, one reported verdict). A run
 * ends in exactly one place: the `closeAction` below.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const start = await prepare(ctx, env)
  await closeAction(ctx, 'ending' in start ? start.ending : await preview(ctx, start))
}

/** A deployment to trigger, and where the run is. */
interface Ready {
  config: PreviewConfig
  plan: Extract<Plan, { kind: 'deploy' }>
  workflow: WorkflowContext
  github: () => Promise<GitHubApi>
}

/**
 * Decides whether and what to deploy, before any request to Mintlify: a comment that is not new or does not start
 * with the phrase ends quietly, before the inputs are read (an unrelated comment stays green whatever the inputs);
 * bad input, a comment the gate turns away, a fork's or a closed pull request end the run here.
 */
async function prepare(ctx: ActionContext, env: NodeJS.ProcessEnv): Promise<Ready | { ending: Ending }> {
  try {
    const workflow = readWorkflowContext(env, readText, ctx.redact)
    const { event } = workflow
    const comment = event.kind === 'comment' ? event : undefined
    if (comment) {
      const ended = ignoredComment(comment, ctx.input('trigger-phrase'))
      if (ended) return { ending: ended }
    }
    let config = parsePreviewInputs(ctx.input, comment !== undefined)
    const github = lazyGitHub(config.githubToken, workflow.repo, {
      redact: ctx.redact,
      log: ctx.log,
      timeoutMs: githubTimeoutMs(env),
    })
    let pull: (Target & { closed?: boolean }) | undefined = eventPull(event)
    if (comment) {
      const admitted = await admit(comment, config, github, ctx)
      if ('ending' in admitted) return admitted
      pull = admitted.pull
      // A comment always previews its own pull request (a workflow may set `branch` for its other events); a closed
      // one previews nothing, whatever `branch` says (planRun).
      if (config.branch !== undefined && !pull?.closed) {
        ctx.log.info(
          `branch: ${config.branch} is ignored: a comment triggered this run, so it previews its own pull request, #${comment.target.number}.`,
        )
        config = { ...config, branch: undefined }
      }
    }
    const plan = planRun(config, pull, env)
    const git = () => connectGitData(config.githubToken, workflow.repo, env, ctx)
    if (plan.kind === 'closed')
      return { ending: await closedEnding(plan.pull, config, workflow, github, git, ctx, comment !== undefined) }
    if (plan.kind === 'fork') {
      // Only a writer's comment previews a fork's pull request; the fork's own events send nothing.
      if (!comment) return { ending: await forkEnding(plan.pull, config, workflow, github, ctx) }
      const fork = await writeForkBranch(await git(), plan.pull)
      ctx.log.info(
        `Wrote branch \`${fork.branch}\` (commit ${fork.commit.slice(0, 12)}): the fork's commit ${fork.forkSha.slice(0, 12)} with \`.github/\` from \`${plan.pull.base}\`.`,
      )
      const request = { kind: 'preview' as const, branch: fork.branch }
      return {
        config,
        plan: { kind: 'deploy', request, pull: plan.pull, from: 'fork', forkSha: fork.forkSha },
        workflow,
        github,
      }
    }
    return { config, plan, workflow, github }
  } catch (err) {
    return { ending: { verdict: errorVerdict(err as Error) } }
  }
}

/** A comment that asks for nothing: not new, not starting with the phrase, or not on a pull request. */
function ignoredComment(comment: CommentEvent, phraseInput: string): Ending | undefined {
  const fresh = checkNewComment(comment)
  if (!fresh.allowed) return skipped(fresh.reason, 'info')
  const phrase = parseTriggerPhrase(phraseInput, DEFAULT_TRIGGER_PHRASE)
  if (matchTrigger(comment.body, phrase) === undefined)
    return skipped(`The comment does not start with ${phrase}; nothing to do.`, 'info')
  if (!comment.target.isPullRequest)
    return skipped(
      `The comment is on issue #${comment.target.number}, not a pull request; nothing to preview.`,
      'notice',
    )
  return undefined
}

/**
 * A comment that starts with the phrase: its author must be a person with write permission (never a preview on
 * doubt); then 👀, and its pull request read once (head branch and commit, fork or not).
 */
async function admit(
  comment: CommentEvent,
  config: PreviewConfig,
  github: () => Promise<GitHubApi>,
  ctx: ActionContext,
): Promise<{ pull: Target & { closed?: boolean } } | { ending: Ending }> {
  if (!config.githubToken)
    throw new InputError(
      'github-token',
      'it is empty, and a comment triggered this run',
      'the workflow token (the default)',
    )
  const gate = await gateCommenter(comment, github)
  if (gate.kind === 'skip') return { ending: skipped(gate.reason, 'notice') }
  if (gate.kind === 'refuse')
    return {
      ending: {
        verdict: {
          // Stryker disable next-line StringLiteral: a refused gate ends with no summary; report() shows only the message
          title: 'Not started',
          // Stryker disable next-line StringLiteral: as the title
          emoji: '⛔',
          message: permissionCheckFailed(gate.error, 'No preview was asked for'),
          // Stryker disable next-line StringLiteral: a verdict that fails the step is reported by setFailed, at no level
          level: 'error',
          fail: true,
        },
      },
    }
  ctx.log.info(gate.reason)
  const gh = gate.github
  const review = comment.name === 'pull_request_review_comment'
  await bestEffort('Could not react to the comment', comment.target, ctx.log, () => gh.react(comment.commentId, review))
  // Its state too: a closed or merged one gets no branch written and nothing sent (its clean-up may have run).
  return { pull: { ...comment.target, ...(await gh.pullBranches(comment.target.number)) } }
}

/** The Git data API on the workflow's repository, for a fork's preview branch. */
function connectGitData(
  token: string,
  repo: Repo | undefined,
  env: NodeJS.ProcessEnv,
  ctx: ActionContext,
): Promise<GitData> {
  if (!repo) return Promise.reject(new Error('GITHUB_REPOSITORY is not set'))
  return openGitData(token, repo, { redact: ctx.redact, log: ctx.log, timeoutMs: githubTimeoutMs(env) })
}

/** A fork's pull request event: nothing is sent; the one comment says how a maintainer asks for a preview. */
async function forkEnding(
  pull: Target,
  config: PreviewConfig,
  workflow: WorkflowContext,
  github: () => Promise<GitHubApi>,
  ctx: ActionContext,
): Promise<Ending> {
  const ending = skipped(
    `Pull request #${pull.number} comes from a fork, whose branch Mintlify cannot build: nothing was sent. A maintainer can comment \`${config.phrase}\` on it to preview it.`,
    'notice',
  )
  if (config.comment === 'never') return ending
  return {
    ...ending,
    afterSummary: async () => {
      const url = await new PreviewComment(github, pull, ctx.log, ctx.redact).write(
        forkText(config.phrase, workflow.runUrl),
      )
      openOutputs(ctx).set('comment-url', url ?? '')
    },
  }
}

/**
 * A closed pull request: nothing to preview. Its fork preview branch, `mintlify-preview/pr-<number>`, is deleted when
 * it exists (trouble there is a warning: the branch is only clutter), and the one comment, if there is one (none is
 * posted), says the preview itself stays in the dashboard. `asked`: a comment asked for a preview, so the reason
 * says how to get one.
 */
async function closedEnding(
  pull: Target,
  config: PreviewConfig,
  workflow: WorkflowContext,
  github: () => Promise<GitHubApi>,
  git: () => Promise<GitData>,
  ctx: ActionContext,
  asked: boolean,
): Promise<Ending> {
  const branch = forkBranch(pull.number)
  let deleted = false
  if (config.githubToken)
    try {
      const gd = await git()
      if ((await gd.branchHead(branch)) !== undefined) {
        await gd.deleteBranch(branch)
        deleted = true
      }
    } catch (err) {
      const e = err as GitHubError
      const fix = e.status === 403 ? ' Give the workflow `permissions: contents: write` to delete it.' : ''
      ctx.log.warning(`Could not delete the preview branch \`${branch}\`: ${e.message.replace(/\.$/, '')}.${fix}`)
    }
  const ending = skipped(
    `Pull request #${pull.number} is closed; nothing to preview.${deleted ? ` Deleted the branch \`${branch}\`.` : ''} A preview already built stays in the Mintlify dashboard until deleted there.${asked ? ` Reopen it and comment \`${config.phrase}\` again to preview it.` : ''}`,
    'info',
  )
  if (config.comment === 'never' || !config.githubToken) return ending
  return {
    ...ending,
    afterSummary: async () => {
      const url = await new PreviewComment(github, pull, ctx.log, ctx.redact).write(
        closedText(deleted ? branch : undefined, workflow.runUrl),
        { post: false },
      )
      openOutputs(ctx).set('comment-url', url ?? '')
    },
  }
}

/**
 * The deployment: triggered once, waited for, its outputs set as they become known; the pull request's comment
 * posted once it is queued and edited when it ends (after the summary, never at its cost).
 */
async function preview(ctx: ActionContext, ready: Ready): Promise<Ending> {
  const { config, plan, workflow, github } = ready
  const { request, pull } = plan
  const outputs = openOutputs(ctx)
  outputs.setAll({
    branch: request.kind === 'preview' ? request.branch : '',
    'timed-out': 'false',
    pages: '0',
    'comment-url': '',
  })
  if (request.kind === 'preview') ctx.log.info(`Previewing branch \`${request.branch}\`${fromWhere(plan)}.`)
  const kept = pull && config.comment === 'auto' ? new PreviewComment(github, pull, ctx.log, ctx.redact) : undefined
  let commentUrl: string | undefined
  const keep = async (text: string) => {
    const url = await kept?.write(text)
    if (url && url !== commentUrl) {
      commentUrl = url
      outputs.set('comment-url', url)
    }
  }
  const api = openApi(ctx, config)
  let outcome: DeployOutcome
  try {
    outcome = await deploy(
      {
        projectId: config.projectId,
        request,
        wait: config.wait,
        pollIntervalMs: config.pollIntervalMs,
        deadline: systemClock.now() + config.timeoutMs,
      },
      {
        api: api.client,
        clock: systemClock,
        log: ctx.log,
        signal: api.signal,
        onQueued: async (queued) => {
          outputs.setAll({ status: 'queued', 'status-id': queued.statusId, 'preview-url': queued.previewUrl ?? '' })
          await keep(buildingText(request, pull?.headSha, workflow.runUrl, plan.forkSha))
        },
        onStatus: (status) => outputs.setAll(statusOutputs(status)),
      },
    )
  } finally {
    api.close()
  }

  const status: DeploymentStatus | undefined = 'status' in outcome ? outcome.status : undefined
  const previewUrl = outcome.trigger?.previewUrl
  // A deployment never queued has no pages to show: GitHub is not asked.
  // Stryker disable next-line ArrayDeclaration: a string is no changed file (no path, no status): it lists no page
  const files = outcome.trigger ? await changedFiles(pull, status, github, ctx) : []
  const pages = pageList(changedPages(files, config.docsRoot))
  outputs.setAll({ 'timed-out': String(outcome.kind === 'timeout'), pages: String(pages.shown.length) })
  const verdict = judge(outcome, request, config.failOn, config.timeoutMs)
  const waitedMs = outcome.kind === 'final' || outcome.kind === 'timeout' ? outcome.waitedMs : undefined
  const facts = { verdict, request, previewUrl, status, pages, commitSha: pull?.headSha, forkSha: plan.forkSha }
  return {
    verdict,
    summary: config.summary
      ? previewSummary({ ...facts, statusId: outcome.trigger?.statusId, pull, waitedMs, commentUrl })
      : undefined,
    afterSummary: async () => {
      // A deployment never queued leaves no comment behind; one that was gets its outcome.
      if (outcome.trigger) await keep(finalText({ ...facts, runUrl: workflow.runUrl }))
    },
  }
}

/** ` (the head of pull request #12)`: where the branch came from, for the log. */
function fromWhere(plan: Ready['plan']): string {
  if (plan.from === 'pull request' && plan.pull) return ` (the head of pull request #${plan.pull.number})`
  if (plan.from === 'workflow') return ' (the branch this workflow runs on)'
  if (plan.from === 'fork' && plan.pull && plan.forkSha)
    return ` (commit ${plan.forkSha.slice(0, 12)} of the fork, the head of pull request #${plan.pull.number})`
  return ''
}

/**
 * The files the change touches: a pull request's (read from GitHub; trouble there is a warning and no pages), else
 * the deployment's commit's as the API gives them.
 */
async function changedFiles(
  pull: Target | undefined,
  status: DeploymentStatus | undefined,
  github: () => Promise<GitHubApi>,
  ctx: ActionContext,
): Promise<ChangedFile[]> {
  if (!pull) return commitFiles(status?.commit?.filesChanged)
  const files = await bestEffort('Could not read the changed files', pull, ctx.log, async () =>
    (await github()).pullFiles(pull.number),
  )
  // Stryker disable next-line ArrayDeclaration: as in preview(), a string is no changed file and lists no page
  return files ?? []
}
