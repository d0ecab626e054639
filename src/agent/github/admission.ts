import { bestEffort, type GitHubApi } from '../../github/client.js'
import type { CommentEvent, Repo, Target } from '../../github/event.js'
import { gateCommenter, permissionCheckFailed as whyRefused } from '../../github/gate.js'
import type { GitHubError } from '../../github/octokit.js'
import type { Log } from '../../log.js'
import { usageComment } from './comments.js'

type Branches = Awaited<ReturnType<GitHubApi['pullBranches']>>

type Admission =
  /** `note`: for the reply, when the prompt goes without context that could not be read (Markdown). */
  | { kind: 'run'; prompt: string; note?: string }
  /** No job: the reason is logged at `level`, the status output is `skipped`, the step succeeds. */
  | { kind: 'skip'; reason: string; level: 'info' | 'notice' }
  /** No job, and the step fails: the commenter's permission could not be established (never a job on doubt). */
  | { kind: 'refuse'; reason: string }

export interface AdmitOptions {
  event: CommentEvent
  /** The text after the trigger phrase. */
  request: string
  phrase: string
  repo: Repo
  runUrl?: string
  /** Reply with usage when the request is empty (`comment` is not `never`). */
  reply: boolean
  github: () => Promise<GitHubApi>
  log: Log
}

/** Why no job was started when the permission check failed, and what to do about it. */
export function permissionCheckFailed(error: Error): string {
  return whyRefused(error, 'No job was started')
}

/**
 * After the phrase matched: bots, then the commenter's permission, then 👀 and the prompt. Every
 * refusal is a value: an unrelated or unauthorised comment is a skip (the step still succeeds); a
 * permission check that fails, times out or is answered from elsewhere refuses the request and fails it.
 */
export async function admitComment(o: AdmitOptions): Promise<Admission> {
  const { event, log } = o
  const gate = await gateCommenter(event, o.github)
  if (gate.kind === 'skip') return { kind: 'skip', reason: gate.reason, level: 'notice' }
  if (gate.kind === 'refuse') return { kind: 'refuse', reason: permissionCheckFailed(gate.error) }
  const gh = gate.github
  log.info(gate.reason)

  const review = event.name === 'pull_request_review_comment'
  await bestEffort('Could not react to the comment', event.target, log, () => gh.react(event.commentId, review))

  if (o.request === '') {
    const replyTo = review ? { reviewCommentId: event.commentId } : undefined
    const replied =
      o.reply &&
      (await bestEffort('Could not reply', event.target, log, () =>
        gh.comment(event.target, usageComment(o.phrase, o.runUrl), replyTo),
      ))
    return {
      kind: 'skip',
      reason: `The comment holds ${o.phrase} but no request${replied ? '; replied with how to use it' : ''}.`,
      level: 'notice',
    }
  }

  const target = { ...event.target }
  let note: string | undefined
  if (target.isPullRequest && (!target.head || !target.base)) {
    // issue_comment events on pull requests don't carry the branches.
    const branches = await readBranches(gh, target.number, log)
    if (branches) Object.assign(target, branches)
    else note = BRANCHES_UNREAD
  }
  return { kind: 'run', prompt: promptFromComment(o.request, o.repo, target), ...(note ? { note } : {}) }
}

export const BRANCHES_UNREAD =
  'The branches of this pull request could not be read (the workflow run’s log says why), so the agent gets the request without them.'

/**
 * A pull request's branches, or undefined when GitHub would not tell them. They are context for the prompt, not
 * the request: a failure is a warning, never a request dropped. A 5xx (GitHub documents 500 and 503 here) is
 * asked once more at once: the run is waiting on it, and a second failure costs only the two lines of context.
 */
async function readBranches(gh: GitHubApi, number: number, log: Log): Promise<Branches | undefined> {
  const read = () => gh.pullBranches(number)
  try {
    return await read().catch((err: GitHubError) => {
      if (!(err.status >= 500)) throw err
      log.info(`${err.message}; asking once more.`)
      return read()
    })
  } catch (err) {
    log.warning(`${(err as Error).message}. The request goes to the agent without the pull request's branches.`)
    return undefined
  }
}

/**
 * The comment's request, followed by where it was asked, so the agent knows the context. The target's
 * texts arrive cleaned (one line each, no hidden content, no secret: `received` in hidden.ts), whoever
 * wrote them.
 */
export function promptFromComment(request: string, repo: Repo, target: Target): string {
  const kind = target.isPullRequest ? 'pull request' : 'issue'
  const lines = [
    request,
    '',
    '---',
    `Requested in a comment on ${kind} #${target.number} of ${repo.owner}/${repo.repo}: ${target.title}`,
    `URL: ${target.url}`,
  ]
  if (target.head) lines.push(`Head branch: ${target.head}`)
  if (target.base) lines.push(`Base branch: ${target.base}`)
  return lines.join('\n')
}
