/**
 * The workflow's event, read from GITHUB_EVENT_PATH without @actions/github, so a run that is not
 * about a comment (or whose comment does not start with the phrase) never loads it.
 */

export interface Target {
  number: number
  title: string
  url: string
  isPullRequest: boolean
  /** Head and base branch of a pull request, when the event carries them. */
  head?: string
  base?: string
}

export interface CommentEvent {
  kind: 'comment'
  name: 'issue_comment' | 'pull_request_review_comment'
  commentId: number
  body: string
  author: { login: string; type: string }
  target: Target
}

export type GitHubEvent =
  | CommentEvent
  /** An event about an issue or pull request (for `comment: always`). */
  | { kind: 'target'; name: string; target: Target }
  | { kind: 'other'; name: string }

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

type Json = Record<string, unknown>
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {})
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const num = (v: unknown): number => (typeof v === 'number' ? v : 0)

function pullTarget(pr: Json): Target {
  return {
    number: num(pr.number),
    title: str(pr.title),
    url: str(pr.html_url),
    isPullRequest: true,
    head: str(obj(pr.head).ref) || undefined,
    base: str(obj(pr.base).ref) || undefined,
  }
}

function issueTarget(issue: Json): Target {
  return {
    number: num(issue.number),
    title: str(issue.title),
    url: str(issue.html_url),
    isPullRequest: issue.pull_request !== undefined,
  }
}

/** Classifies a payload. Only newly created comments trigger: an edit or a deletion must not start a second job. */
export function classifyEvent(name: string, payload: unknown): GitHubEvent {
  const p = obj(payload)
  const comment = obj(p.comment)
  const created = p.action === undefined || p.action === 'created'
  if ((name === 'issue_comment' || name === 'pull_request_review_comment') && created && p.comment) {
    const user = obj(comment.user)
    return {
      kind: 'comment',
      name,
      commentId: num(comment.id),
      body: str(comment.body),
      author: { login: str(user.login), type: str(user.type) },
      target: name === 'issue_comment' ? issueTarget(obj(p.issue)) : pullTarget(obj(p.pull_request)),
    }
  }
  if (p.pull_request) return { kind: 'target', name, target: pullTarget(obj(p.pull_request)) }
  if (p.issue) return { kind: 'target', name, target: issueTarget(obj(p.issue)) }
  return { kind: 'other', name }
}

export function readWorkflowContext(env: NodeJS.ProcessEnv, readText: (file: string) => string): WorkflowContext {
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
    event: classifyEvent(name, payload),
    repo: owner && repo ? { owner, repo } : undefined,
    runUrl:
      env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
        ? `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
        : undefined,
  }
}
