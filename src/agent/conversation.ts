/**
 * Conversations: one reply per request, edited as the run goes, and later requests in the same thread
 * sent to the job the thread already has. See "Conversations" in the README.
 */
import { ApiError } from '../api/errors.js'
import { pollLimit } from '../api/poll.js'
import { type AgentJob, isTerminal } from '../api/types.js'
import type { Clock } from '../clock.js'
import { bestEffort, type GitHubApi, type PostedComment } from '../github/client.js'
import { COMMENT_LIMIT, clampBody, someMarked, type ThreadComment, writtenBy } from '../github/comments.js'
import type { Repo, Target } from '../github/event.js'
import type { GitHubError } from '../github/octokit.js'
import type { Log, Redact } from '../log.js'
import { code, link, pullRequestLink } from '../markdown.js'
import {
  answers,
  cappedReply,
  conversationJob,
  isReply,
  keyOf,
  type Marker,
  markerOf,
  markersIn,
  markersOf,
  type RequestKey,
  replyTo,
  sentRequests,
} from './github/marker.js'
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
 * The conversation a run belongs to: a triggering comment's thread, or the issue or pull request `conversation`
 * names; and what its reply answers (the comment, or the workflow run).
 */
export interface Conversation {
  place: ReplyPlace
  request: RequestKey
}

/**
 * The one reply of a run in a conversation (a comment-triggered run, or one that `conversation` named): posted
 * right after the gate (or, when the run is started again, the reply its first attempt posted), then only ever
 * edited: never a second reply for the same request. Every version carries the marker of the request it answers
 * and, once known, of its job. Edits are coalesced: while one is on its way only the newest text waits, so the
 * final one is never behind a queue.
 */
export class TrackingReply {
  private posted: PostedComment | undefined
  private jobId: string | undefined
  /** The request tried to create a job and got no clear answer: the marker says a job may exist. */
  private maybeJob = false
  private note = ''
  private latest: string | undefined
  private sending: Promise<void> = Promise.resolve()
  private readonly request: RequestKey

  constructor(
    private readonly github: () => Promise<GitHubApi>,
    private readonly place: ReplyPlace,
    request: number | RequestKey,
    private readonly log: Log,
    private readonly redact: Redact,
  ) {
    this.request = keyOf(request)
  }

  /** Posts "working on it"; returns the reply's URL, or undefined when it could not be posted. */
  async open(): Promise<string | undefined> {
    const { target, replyTo } = this.place
    this.posted = await bestEffort('Could not reply', target, this.log, async () =>
      (await this.github()).comment(target, this.body(workingText(this.place.runUrl)), replyTo),
    )
    return this.posted?.url
  }

  /**
   * The reply of a request not sent because the conversation reached `max-requests`: `text` with a capped marker,
   * as an edit of `existing` (the conversation's capped reply, or this request's own from an earlier attempt), else
   * posted. Returns its URL, or undefined when it could not be posted.
   */
  async capped(text: string, existing: ThreadComment | undefined): Promise<string | undefined> {
    const body = `${clampBody(this.redact(text), COMMENT_LIMIT - 400)}\n\n${markerOf(undefined, this.request, true)}`
    if (existing) {
      this.adopt(existing)
      this.latest = body
      this.sending = this.flush()
      await this.sending
      return existing.url
    }
    const { target, replyTo } = this.place
    this.posted = await bestEffort('Could not reply', target, this.log, async () =>
      (await this.github()).comment(target, body, replyTo),
    )
    return this.posted?.url
  }

  /**
   * Takes over the reply an earlier attempt of this run posted for the same request; returns its URL. `maybeJob`: that
   * reply said a job may have been created, and every edit keeps saying so.
   */
  adopt(comment: ThreadComment, maybeJob = false): string {
    this.posted = { id: comment.id, url: comment.url, review: comment.review }
    this.maybeJob = maybeJob
    return comment.url
  }

  /**
   * The request tried to create a job and got no clear answer: the marker says at once that a job may exist, so that a
   * re-run creates none and the request counts against `max-requests`.
   */
  mayHaveCreated(): void {
    if (this.maybeJob) return
    this.maybeJob = true
    this.edit(workingText(this.place.runUrl))
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

  /** The final text (the outcome), with `note` in place of the one `explain` gave; resolves once sent (or given up). */
  async close(text: string, note?: string): Promise<void> {
    if (note !== undefined) this.note = note
    this.edit(text)
    await this.sending
  }

  private edit(text: string): void {
    if (!this.posted) return
    const idle = this.latest === undefined
    this.latest = this.body(text)
    if (idle) this.sending = this.sending.then(() => this.flush())
  }

  private async flush(): Promise<void> {
    const posted = this.posted
    while (posted && this.latest !== undefined) {
      const body = this.latest
      this.latest = undefined
      await bestEffort('Could not update the reply', this.place.target, this.log, async () =>
        (await this.github()).editComment(posted, body),
      )
    }
  }

  private body(text: string): string {
    const parts = [text]
    if (this.note) parts.push(this.note)
    // Cut before the marker goes on, so that no text can push the marker off the end.
    const marker = markerOf(this.jobId, this.request, false, this.maybeJob)
    return `${clampBody(this.redact(parts.join('\n\n')), COMMENT_LIMIT - 400)}\n\n${marker}`
  }
}

function workingText(runUrl: string | undefined): string {
  const run = runUrl ? ` ${link(runUrl, 'Workflow run')}` : ''
  return `⏳ **Mintlify agent: working on it.**${run}`
}

/**
 * The login the action writes as, asked for only when `comments` hold a marker that `wanted` picks (only then can
 * a marker of its own be there); undefined, without a request, otherwise. An account that cannot be
 * learned is thrown: never "no marker of ours" on doubt, which would post a second reply or start a second job.
 */
export async function accountFor(
  github: () => Promise<GitHubApi>,
  comments: readonly ThreadComment[],
  wanted: (marker: Marker) => boolean,
): Promise<string | undefined> {
  return someMarked(comments, (c) => markersOf(c.body).some(wanted)) ? (await github()).account() : undefined
}

/** The reply an earlier attempt of this run posted for `request`, with the job it names: ours only. */
export async function earlierReply(
  github: () => Promise<GitHubApi>,
  thread: readonly ThreadComment[],
  request: number | RequestKey,
): Promise<ReturnType<typeof replyTo>> {
  const key = keyOf(request)
  return replyTo(thread, key, await accountFor(github, thread, (m) => answers(m, key)))
}

/**
 * Where the conversation stands against `max-requests`: the requests it sent (see `sentRequests`), and its capped
 * reply, which a run capped again edits. The account is asked for only when a reply's marker is there; one that
 * cannot be learned is thrown, so an unknown count is never taken as zero.
 */
export async function requestsSent(
  github: () => Promise<GitHubApi>,
  thread: readonly ThreadComment[],
): Promise<{ sent: number; capped?: ThreadComment }> {
  const account = await accountFor(github, thread, isReply)
  return { sent: sentRequests(thread, account), capped: cappedReply(thread, account) }
}

/** Which job a request goes to. */
export type JobPlan =
  /** A new job; `note` says why when the conversation had one that cannot take it. */
  | { kind: 'create'; note?: string }
  /**
   * A follow-up message to the conversation's job, which had pull request `prBefore` (or none) before it. `caveat`:
   * for a run that `conversation` named, that whether that pull request was merged or closed could not be told.
   */
  | { kind: 'message'; jobId: string; note: string; prBefore: string | null; caveat?: string }
  /** The conversation's job stayed active until `timeout`: the request was not sent. */
  | { kind: 'not-sent'; job: AgentJob; note: string }
  /** The run was started again after its first attempt had sent the request to this job: only report it. */
  | { kind: 'resume'; jobId: string; note: string }
  /**
   * A job may have been created without a clear answer, its id unknown: by this request's first attempt (`own`), or by
   * the conversation's newest request (its reply, `reply`). Nothing is sent: it could start a second job.
   */
  | { kind: 'unclear'; own: boolean; reply?: string; note?: undefined }

export interface PlanDeps {
  api: AgentApi
  /**
   * Asked who the action writes as, when the conversation holds a job marker; and whether the job's pull
   * request, when it is on `server`, was merged or closed.
   */
  github: () => Promise<GitHubApi>
  /** The workflow's GitHub server (`GITHUB_SERVER_URL`); https://github.com when unset. */
  server?: string
  /**
   * A run that `conversation` named: nobody is there to see whether the job's pull request was merged, so one that
   * cannot be read is a warning, and the reply says so (a `caveat`).
   */
  unattended?: boolean
  clock: Clock
  log: Log
  signal?: AbortSignal
}

/**
 * With `follow-up: auto`, the job named by the newest marker of the action's own account in the conversation: `completed`, the
 * request goes to it, unless its pull request was merged or closed; `active` (or not yet known), it is waited for,
 * within `deadline`, then judged the same way; `failed`, `archived` or not found, a new job. Any other error reading
 * the job is thrown: never a new job on doubt.
 */
export async function planJob(
  config: AgentConfig,
  thread: readonly ThreadComment[],
  deadline: number,
  deps: PlanDeps,
): Promise<JobPlan> {
  if (config.followUp === 'never') return { kind: 'create' }
  const named = (m: Marker) => m.jobId !== undefined || m.maybeJob === true
  const found = conversationJob(thread, await accountFor(deps.github, thread, named))
  if (!found) return { kind: 'create' }
  const { jobId } = found
  if (jobId === undefined) {
    deps.log.info(
      `The newest request of this conversation (${found.comment.url}) may have created a job whose id is not known.`,
    )
    return { kind: 'unclear', own: false, reply: found.comment.url }
  }
  deps.log.info(`This conversation already has job ${jobId}.`)
  const read = (limitMs: number) => deps.api.getJob(config.projectId, jobId, { timeoutMs: limitMs })
  let job: AgentJob
  try {
    job = await read(pollLimit(deadline, deps.clock.now()))
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return {
        kind: 'create',
        note: `Job ${code(jobId)} of this conversation was not found, so this request goes to a new job.`,
      }
    throw err
  }
  if (!isTerminal(job.status)) {
    deps.log.info(`Job ${jobId} is ${job.status ?? 'not yet reporting a status'}; waiting for it before sending.`)
    const waited = await waitForJob(job, {
      fetch: read,
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
  const pull = job.status === 'completed' && job.prLink ? await pullEnded(job.prLink, jobId, deps) : undefined
  const ended = pull?.ended
  if (ended) {
    deps.log.info(`Pull request ${job.prLink} of job ${jobId} was ${ended}, so this request goes to a new job.`)
    return {
      kind: 'create',
      note: `Job ${code(jobId)} of this conversation had its pull request ${pullRequestLink(job.prLink ?? '')} ${ended === 'merged' ? 'merged' : 'closed without merging'}, so this request goes to a new job.`,
    }
  }
  if (job.status === 'completed')
    return {
      kind: 'message',
      jobId,
      prBefore: job.prLink ?? null,
      note: `This request goes to job ${code(jobId)} of this conversation, as a follow-up.`,
      ...(pull?.caveat ? { caveat: pull.caveat } : {}),
    }
  return {
    kind: 'create',
    note: `Job ${code(jobId)} of this conversation was ${job.status}, so this request goes to a new job.`,
  }
}

/**
 * Whether the job's pull request was merged or closed (`ended`), read from GitHub when it is a pull request on the
 * workflow's server; not when it is open, elsewhere (GitLab, another server), or cannot be read: the request then
 * follows up as before. A token that may not read the docs repository (403, 404) is told at info level, as expected
 * for the workflow's token and another private repository, where a commenter sees the pull request for themselves;
 * any other failure, and any failure in a run that `conversation` named (nobody is there to see), is a warning, and
 * such a run's reply says it (`caveat`, with what to grant for a 403 or 404).
 */
async function pullEnded(
  prLink: string,
  jobId: string,
  deps: PlanDeps,
): Promise<{ ended?: 'merged' | 'closed'; caveat?: string }> {
  const pull = pullOnServer(prLink, deps.server ?? 'https://github.com')
  if (!pull) return {}
  try {
    const state = await (await deps.github()).pullState(pull.repo, pull.number)
    return state === 'open' ? {} : { ended: state }
  } catch (err) {
    const { message, status } = err as GitHubError
    const why = `${message.replace(/\.$/, '')}, so whether it was merged or closed is not known: this request goes to job ${jobId} as a follow-up.`
    const repository = `${pull.repo.owner}/${pull.repo.repo}`
    const denied = status === 403 || status === 404
    if (denied && !deps.unattended)
      deps.log.info(
        `${why} A github-token that may read ${repository} lets a merged or closed pull request start a new job.`,
      )
    else deps.log.warning(why)
    if (!deps.unattended) return {}
    const answered = status > 0 ? ` (GitHub answered HTTP ${status})` : ''
    const grant = denied
      ? ` So that a merged or closed pull request starts a new job, give ${code('github-token')} read access to ${code(repository)}: a GitHub App’s token installed on it (the workflow’s own token reads only this repository).`
      : ''
    return {
      caveat: `Whether pull request ${pullRequestLink(prLink)} was merged or closed could not be told${answered}, so it was taken as open.${grant}`,
    }
  }
}

/** `https://github.com/acme/docs/pull/12` → acme/docs and 12, when it is a pull request on `server`. */
export function pullOnServer(prLink: string, server: string): { repo: Repo; number: number } | undefined {
  const base = `${server.replace(/\/+$/, '')}/`.toLowerCase()
  if (!prLink.toLowerCase().startsWith(base)) return undefined
  const m = /^([^/?#\s]+)\/([^/?#\s]+)\/pull\/(\d+)(?:[/?#].*)?$/.exec(prLink.slice(base.length))
  return m?.[1] && m[2] && m[3] ? { repo: { owner: m[1], repo: m[2] }, number: Number(m[3]) } : undefined
}

/** `https://github.com/acme/docs/pull/12` → 12 when it is a pull request of `repository` on `server`. */
export function pullOfRepository(prLink: string, server: string, repository: string): number | undefined {
  const pull = pullOnServer(prLink, server)
  const same = pull && `${pull.repo.owner}/${pull.repo.repo}`.toLowerCase() === repository.toLowerCase()
  return same ? pull.number : undefined
}

/**
 * On the agent's own pull request (one of the repository the workflow runs in), one comment with the job's
 * marker saying that a request there refines it: not again when the pull request already has a comment of the
 * action's own account with that marker (another bot's, or another person's, does not count).
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
    const thread = await gh.conversation(pull)
    const account = await accountFor(github, thread, (m) => m.jobId === job.id)
    if (thread.some((c) => writtenBy(c, account) && markersIn(c.body).includes(job.id))) return
    await gh.comment(
      pull,
      `🤖 The Mintlify agent opened this pull request (job ${code(job.id)}). Comment ${code(`${phrase} <request>`)} here to refine it; the request goes to the same job.\n\n${markerOf(job.id)}`,
    )
  })
}
