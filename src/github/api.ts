import type { Log } from '../log.js'
import type { Repo, Target } from './event.js'

/** The few GitHub calls the comment features make. */
export interface GitHubApi {
  /** `admin`, `maintain`, `write`, `triage`, `read`, or undefined for no access. */
  role(username: string): Promise<string | undefined>
  /** Head and base branch of a pull request. */
  pullBranches(number: number): Promise<{ head?: string; base?: string }>
  react(commentId: number, review: boolean): Promise<void>
  /** A comment on the issue or pull request, or a reply in a review comment's thread. */
  comment(target: Target, body: string, replyTo?: { reviewCommentId: number }): Promise<void>
}

export class GitHubError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'GitHubError'
  }
}

function toGitHubError(what: string, err: unknown): GitHubError {
  const e = err as { status?: number; message?: string }
  return new GitHubError(
    e.status ?? 0,
    `${what} failed: ${e.status ? `HTTP ${e.status} ` : ''}(${e.message ?? String(err)})`,
  )
}

/**
 * Loads @actions/github only now: runs that never touch GitHub don't pay for it at start. Octokit takes
 * GITHUB_API_URL (GitHub Enterprise Server) and the runner's proxy settings through @actions/github.
 */
export async function connectGitHub(token: string, repo: Repo): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(token)
  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (err) {
      throw toGitHubError(what, err)
    }
  }
  return {
    role: (username) =>
      call(`Checking @${username}'s permission`, async () => {
        try {
          const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username })
          return (data as { role_name?: string }).role_name || data.permission
        } catch (err) {
          if ((err as { status?: number }).status === 404) return undefined // not a collaborator
          throw err
        }
      }),
    pullBranches: (number) =>
      call(`Reading pull request #${number}`, async () => {
        const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number })
        return { head: data.head.ref, base: data.base.ref }
      }),
    react: (commentId, review) =>
      call('Reacting to the comment', async () => {
        if (review)
          await octokit.rest.reactions.createForPullRequestReviewComment({
            ...repo,
            comment_id: commentId,
            content: 'eyes',
          })
        else await octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content: 'eyes' })
      }),
    comment: (target, body, replyTo) =>
      call('Commenting', async () => {
        if (replyTo)
          await octokit.rest.pulls.createReplyForReviewComment({
            ...repo,
            pull_number: target.number,
            comment_id: replyTo.reviewCommentId,
            body,
          })
        else await octokit.rest.issues.createComment({ ...repo, issue_number: target.number, body })
      }),
  }
}

/** The workflow permission a 403 on a reaction or comment points at. */
export function permissionFor(target: Target): string {
  return target.isPullRequest ? 'pull-requests: write' : 'issues: write'
}

/**
 * Runs a reaction or comment; a refusal (403, or anything else) is a warning naming what to add,
 * never a failure of the job the comment is about.
 */
export async function bestEffort(what: string, target: Target, log: Log, work: () => Promise<void>): Promise<boolean> {
  try {
    await work()
    return true
  } catch (err) {
    const e = err as GitHubError
    const fix =
      e.status === 403 || e.status === 404
        ? ` Give the workflow \`permissions: ${permissionFor(target)}\` (and make sure \`github-token\` may write).`
        : ''
    log.warning(`${what}: ${e.message}.${fix}`)
    return false
  }
}
