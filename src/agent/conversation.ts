/**
 * Conversations: one reply per request, edited as the run goes, and later requests in the same thread
 * sent to the job the thread already has. See "Conversations" in the README.
 */
import { ApiError } from '../api/errors.js'
import { type AgentJob, isTerminal } from '../api/types.js'
import type { Clock } from '../clock.js'
import type { Log, Redact } from '../log.js'
import { code, link } from '../summary.js'
import { bestEffort, type GitHubApi, type PostedComment } from './github/client.js'
import { clampBody } from './github/comments.js'
import type { Target } from './github/event.js'
import { conversationJob, markerOf } from './github/marker.js'
import type { AgentConfig } from './inputs.js'
import type { AgentApi } from './job.js'
import { waitForJob } from './polling.js'

/** Where a reply goes: the issue or pull request, or a review comment's thread. */
export interface ReplyPlace {
  target: Target
  replyTo?: { reviewCommentId: number }
  runUrl?: string
}

/**
 * The one reply of a comment-triggered run: posted right after the gate, then only ever edited (never a
 * second reply for the same request, even when the first could not be posted). Edits run one after the
 * other, each bounded by the GitHub client's time limit, and a failed one is a warning.
 */
export class TrackingReply {
  private posted: PostedComment | undefined
  private jobId: string | undefined
  private note = ''
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly github: () => Promise<GitHubApi>,
    private readonly place: ReplyPlace,
    private readonly log: Log,
    private readonly redact: Redact,
  ) {}

  /** Posts "working on it"; returns the reply's URL, or undefined when it could not be posted. */
  async open(): Promise<string | undefined> {
    const { target, replyTo } = this.place
    this.posted = await bestEffort('Could not reply', target, this.log, async () =>
      (await this.github()).comment(target, this.body(workingText(this.place.runUrl)), replyTo),
    )
    return this.posted?.url
  }

  /** Why this request went where it went (a follow-up, a new job instead of an archived one), shown in every edit. */
  explain(note: string): void {
    this.note = note
  }

  /** The job is known: the reply names it in its marker at once. */
  nameJob(jobId: string): void {
    if (this.jobId === jobId) return
    this.jobId = jobId
    this.edit(workingText(this.place.runUrl))
  }

  /** The final text (the outcome); resolves once every edit is done. */
  close(text: string): Promise<unknown> {
    this.edit(text)
    return this.queue
  }

  private edit(text: string): void {
    const posted = this.posted
    if (!posted) return
    const body = this.body(text)
    this.queue = this.queue.then(() =>
      bestEffort('Could not update the reply', this.place.target, this.log, async () =>
        (await this.github()).editComment(posted, body),
      ),
    )
  }

  private body(text: string): string {
    const parts = [text]
    if (this.note) parts.push(this.note)
    if (this.jobId) parts.push(markerOf(this.jobId))
    return clampBody(this.redact(parts.join('\n\n')))
  }
}

function workingText(runUrl: string | undefined): string {
  const run = runUrl ? ` ${link(runUrl, 'Workflow run')}` : ''
  return `⏳ **Mintlify agent: working on it.**${run}`
}

/** Which job a request goes to. */
export type JobPlan =
  /** A new job; `note` says why when the conversation had one that cannot take it. */
  | { kind: 'create'; note?: string }
  /** A follow-up message to the conversation's job. */
  | { kind: 'message'; jobId: string; note: string }
  /** The conversation's job stayed active until `timeout`: the request was not sent. */
  | { kind: 'not-sent'; job: AgentJob; note: string }

export interface PlanDeps {
  api: AgentApi
  github: () => Promise<GitHubApi>
  clock: Clock
  log: Log
  signal?: AbortSignal
}

/**
 * With `follow-up: auto`, the job named by the newest bot marker in the conversation: `completed`, the
 * request goes to it; `active` (or not yet known), it is waited for, within `deadline`, then judged the
 * same way; `failed`, `archived` or not found, a new job. Any other error reading the conversation or the
 * job is thrown: never a new job on doubt.
 */
export async function planJob(config: AgentConfig, target: Target, deadline: number, deps: PlanDeps): Promise<JobPlan> {
  if (config.followUp === 'never') return { kind: 'create' }
  const found = conversationJob(await (await deps.github()).conversation(target))
  if (!found) return { kind: 'create' }
  const { jobId } = found
  deps.log.info(`This conversation already has job ${jobId}.`)
  let job: AgentJob
  try {
    job = await deps.api.getJob(config.projectId, jobId)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return {
        kind: 'create',
        note: `Job ${code(jobId)} of this conversation was not found, so a new job was started.`,
      }
    throw err
  }
  if (!isTerminal(job.status)) {
    deps.log.info(`Job ${jobId} is ${job.status ?? 'not yet reporting a status'}; waiting for it before sending.`)
    const waited = await waitForJob(job, {
      fetch: (limitMs) => deps.api.getJob(config.projectId, jobId, { timeoutMs: limitMs }),
      initialDelayMs: config.pollIntervalMs,
      deadline,
      clock: deps.clock,
      log: deps.log,
      signal: deps.signal,
    })
    if (waited.kind === 'timeout' && waited.lastError) throw waited.lastError
    job = waited.job
    if (waited.kind === 'timeout')
      return {
        kind: 'not-sent',
        job,
        note: `The request was not sent: job ${code(jobId)} of this conversation was still working when \`timeout\` ran out. Ask again once it is done.`,
      }
  }
  if (job.status === 'completed')
    return { kind: 'message', jobId, note: `Sent to job ${code(jobId)} of this conversation as a follow-up.` }
  return {
    kind: 'create',
    note: `Job ${code(jobId)} of this conversation was ${job.status}, so a new job was started.`,
  }
}

/** `https://github.com/acme/docs/pull/12` → 12 when it is a pull request of `repository` on `server`. */
export function pullOfRepository(prLink: string, server: string, repository: string): number | undefined {
  const base = `${server.replace(/\/+$/, '')}/${repository}/pull/`.toLowerCase()
  if (!prLink.toLowerCase().startsWith(base)) return undefined
  const m = /^(\d+)(?:[/?#].*)?$/.exec(prLink.slice(base.length))
  return m?.[1] ? Number(m[1]) : undefined
}

/**
 * On the agent's own pull request (one of the repository the workflow runs in), one comment with the job's
 * marker saying that a request there refines it: not again when the pull request already has a bot comment
 * with that marker.
 */
export async function introducePull(
  github: () => Promise<GitHubApi>,
  pull: Target,
  job: AgentJob,
  phrase: string,
  log: Log,
): Promise<void> {
  await bestEffort('Could not comment on the pull request', pull, log, async () => {
    const gh = await github()
    const marker = markerOf(job.id)
    const thread = await gh.conversation(pull)
    if (thread.some((c) => c.author.type === 'Bot' && c.body.includes(marker))) return
    await gh.comment(
      pull,
      `🤖 The Mintlify agent opened this pull request (job ${code(job.id)}). Comment ${code(`${phrase} <request>`)} here to refine it; the request goes to the same job.\n\n${marker}`,
    )
  })
}
