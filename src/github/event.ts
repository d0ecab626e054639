/**
 * The workflow's event, read from GITHUB_EVENT_PATH without @actions/github, so a run that is not
 * about a comment (or whose comment does not start with the phrase) never loads it. Every text is
 * redacted as it is read, and the texts that can reach a prompt lose their hidden content too.
 */

import type { Redact } from '../log.js'
import { received } from './hidden.js'
import { type Json, num, obj, str } from './json.js'

export interface Target {
  number: number
  title: string
  url: string
  isPullRequest: boolean
  /** Head and base branch of a pull request, when the event carries them. */
  head?: string
  base?: string
  /** A pull request's head commit, when the event carries it. */
  headSha?: string
  /**
   * A pull request whose head is in another repository (a fork, or one deleted); true on doubt (a repository without
   * a name). Undefined when the event says nothing of a pull request's head (an issue comment).
   */
  fork?: boolean
}

export interface CommentEvent {
  kind: 'comment'
  name: 'issue_comment' | 'pull_request_review_comment'
  /** `created`, `edited` or `deleted`; only `created` may trigger a run. */
  action: string
  commentId: number
  /** Redacted, hidden content removed. */
  body: string
  author: { login: string; type: string }
  target: Target
}

export type GitHubEvent =
  | CommentEvent
  /** An event about an issue or pull request (for `comment: always`); `action` as sent (`opened`, `closed`). */
  | { kind: 'target'; name: string; action: string; target: Target }
  /** `comment`: a comment on something the action does not take (a discussion, a commit). */
  | { kind: 'other'; name: string; comment?: boolean }

export interface Repo {
  owner: string
  repo: string
}

export interface WorkflowContext {
  event: GitHubEvent
  repo?: Repo
  /** Link to this workflow run, for replies. */
  runUrl?: string
}

/** How the event's texts are received: `text` for names and URLs, `line` for a title or a branch. */
interface Receive {
  text(v: unknown): string
  line(v: unknown): string
  body(v: unknown): string
}

function receiver(redact: Redact): Receive {
  return {
    text: (v) => redact(str(v)),
    line: (v) => received.line(str(v), redact),
    body: (v) => received.body(str(v), redact),
  }
}

function pullTarget(pr: Json, r: Receive): Target {
  return {
    number: num(pr.number),
    title: r.line(pr.title),
    url: r.line(pr.html_url),
    isPullRequest: true,
    head: r.line(obj(pr.head).ref) || undefined,
    base: r.line(obj(pr.base).ref) || undefined,
    ...headOf(pr),
  }
}

/**
 * A pull request's head commit and whether its head lives in another repository, from the event or a REST answer
 * (the same shape): a `head.repo` of null is a fork that was deleted; a head and base repository that differ, a fork.
 * Only a head and base repository that both name themselves, alike, are this repository: doubt is a fork.
 */
export function headOf(pr: Json): Pick<Target, 'headSha' | 'fork'> {
  const head = obj(pr.head)
  const sha = str(head.sha)
  const out: Pick<Target, 'headSha' | 'fork'> = /^[0-9a-f]{40}$/i.test(sha) ? { headSha: sha.toLowerCase() } : {}
  const from = str(obj(head.repo).full_name).toLowerCase()
  const into = str(obj(obj(pr.base).repo).full_name).toLowerCase()
  out.fork = !from || !into || from !== into
  return out
}

function issueTarget(issue: Json, r: Receive): Target {
  return {
    number: num(issue.number),
    title: r.line(issue.title),
    url: r.line(issue.html_url),
    isPullRequest: issue.pull_request !== undefined,
  }
}

/**
 * Classifies a payload, with its texts redacted. A comment event keeps its `action`: only a newly created
 * comment triggers, since an edit or a deletion must not start a second job.
 */
export function classifyEvent(name: string, payload: unknown, redact: Redact): GitHubEvent {
  const r = receiver(redact)
  const p = obj(payload)
  const comment = obj(p.comment)
  if ((name === 'issue_comment' || name === 'pull_request_review_comment') && p.comment) {
    const user = obj(comment.user)
    return {
      kind: 'comment',
      name,
      action: p.action === undefined ? 'created' : r.text(p.action),
      commentId: num(comment.id),
      body: r.body(comment.body),
      author: { login: r.text(user.login), type: r.text(user.type) },
      target: name === 'issue_comment' ? issueTarget(obj(p.issue), r) : pullTarget(obj(p.pull_request), r),
    }
  }
  const action = r.text(p.action)
  if (p.pull_request) return { kind: 'target', name, action, target: pullTarget(obj(p.pull_request), r) }
  if (p.issue) return { kind: 'target', name, action, target: issueTarget(obj(p.issue), r) }
  return p.comment ? { kind: 'other', name, comment: true } : { kind: 'other', name }
}

/** The event and where the run is; every text from the event file is redacted as it is read. */
export function readWorkflowContext(
  env: NodeJS.ProcessEnv,
  readText: (file: string) => string,
  redact: Redact,
): WorkflowContext {
  const name = env.GITHUB_EVENT_NAME ?? ''
  let payload: unknown = {}
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readText(env.GITHUB_EVENT_PATH))
    } catch {
      payload = {} // no readable event: behave as a plain run
    }
  }
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const server = env.GITHUB_SERVER_URL || 'https://github.com'
  return {
    event: classifyEvent(name, payload, redact),
    repo: owner && repo ? { owner, repo } : undefined,
    runUrl:
      env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
        ? redact(`${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`)
        : undefined,
  }
}
