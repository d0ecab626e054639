import { number } from '../format.js'
import type { Log } from '../log.js'
import type { ThreadComment } from './comments.js'
import { headOf, type Repo, type Target } from './event.js'
import { received } from './hidden.js'
import { obj, str } from './json.js'
import { type ConnectOptions, GitHubError, openOctokit } from './octokit.js'

/**
 * The GitHub client of a run, connected on first use: a run that never needs GitHub never loads Octokit. Without
 * the workflow's repository (GITHUB_REPOSITORY), every use is refused.
 */
export function lazyGitHub(token: string, repo: Repo | undefined, options: ConnectOptions): () => Promise<GitHubApi> {
  let connection: Promise<GitHubApi> | undefined
  return () => {
    if (!repo) return Promise.reject(new Error('GITHUB_REPOSITORY is not set'))
    connection ??= connectGitHub(token, repo, options)
    return connection
  }
}

/** The few GitHub calls the comment features make. */
export interface GitHubApi {
  /**
   * `admin`, `maintain`, `write`, `triage`, `read` (or a custom role's name), or undefined when the user is
   * not a collaborator (a 404). Any doubt (an error, a timeout, a redirect elsewhere, an answer without a
   * role) is a thrown `GitHubError`, never an answer.
   */
  role(username: string): Promise<string | undefined>
  /**
   * Head and base branch of a pull request (hidden content removed), its head commit, whether it is a fork's, and
   * `closed: true` when it is closed or merged.
   */
  pullBranches(number: number): Promise<Pick<Target, 'head' | 'base' | 'headSha' | 'fork'> & { closed?: boolean }>
  /**
   * The files a pull request changes, in GitHub's order (at most PULL_FILE_PAGES pages of 100: GitHub lists no more
   * than 3,000), paths redacted and cut to one line.
   */
  pullFiles(number: number): Promise<ChangedFile[]>
  react(commentId: number, review: boolean): Promise<void>
  /** A comment on the issue or pull request, or a reply in a review comment's thread. */
  comment(target: Target, body: string, replyTo?: { reviewCommentId: number }): Promise<PostedComment>
  /** Rewrites a comment this token wrote. */
  editComment(comment: PostedComment, body: string): Promise<void>
  /**
   * Every comment of the issue's or pull request's conversation, and a pull request's review comments,
   * page by page (at most CONVERSATION_PAGES pages of 100 each). Bodies are redacted, not otherwise cleaned:
   * the markers are HTML comments.
   */
  conversation(target: Pick<Target, 'number' | 'isPullRequest'>): Promise<ThreadComment[]>
  /**
   * The login of the account this token writes as (`github-actions[bot]` for the workflow's token, `<slug>[bot]`
   * for a GitHub App's, the user's own for a personal token): the author of the first comment this client
   * posted, else asked once (GraphQL `viewer`). Learned once per client: a failure is not asked again.
   */
  account(): Promise<string>
  /**
   * Issue or pull request `number` of the repository (title and URL redacted, on one line), open or not, locked or
   * not, and the repository GitHub answered for (another one when the issue was transferred).
   */
  issue(
    number: number,
  ): Promise<{ target: Target; state: 'open' | 'closed'; locked: boolean /** `owner/name` */; repository?: string }>
  /** Whether pull request `number` of `repo` (any repository the token may read) is open, merged or closed. */
  pullState(repo: Repo, number: number): Promise<'open' | 'merged' | 'closed'>
}

/** A file a pull request changes: its path (the new one when renamed) and GitHub's `status` (`added`, `renamed`...). */
export interface ChangedFile {
  path: string
  status: string
}

/** Pages of 100 files read of a pull request: GitHub lists at most 3,000 files of one. */
export const PULL_FILE_PAGES = 30

/** A comment the action wrote, to be edited later. */
export interface PostedComment {
  id: number
  url: string
  /** A review comment (edited through the pulls API) rather than an issue comment. */
  review: boolean
}

/**
 * Pages of 100 comments read from each list: a conversation of 3,000 comments is read whole; a longer one
 * fails the request (the newest comments, and so the conversation's job, would be unknown).
 */
export const CONVERSATION_PAGES = 30
const PAGE_SIZE = 100

/**
 * The comment features' GitHub calls, on the bounded Octokit of src/github/octokit.ts (loaded only now: runs
 * that never touch GitHub don't pay for it at start).
 */
export async function connectGitHub(token: string, repo: Repo, options: ConnectOptions): Promise<GitHubApi> {
  const { octokit, call, viewerLogin } = await openOctokit(token, options)
  // Why these two sources: a re-run must know the account before it posts anything (to find its first attempt's
  // reply), so the comment it would post cannot tell it. `GET /user` refuses installation tokens (403), which
  // GITHUB_TOKEN and an App's token are, and guessing `github-actions[bot]` is wrong for an App's token. GraphQL's
  // `viewer` answers for every kind of token, in one request. A comment just posted names the account for free, in
  // the very form the comment lists use, so a run that posted its reply never asks.
  let account: Promise<string> | undefined
  return {
    role: (username) =>
      call(`Checking @${username}'s permission`, async () => {
        let data: unknown
        try {
          ;({ data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username }))
        } catch (err) {
          if ((err as { status?: number }).status === 404) return undefined // not a collaborator
          throw err
        }
        const answer = obj(data)
        const role = effectiveRole(str(answer.role_name), str(answer.permission))
        if (!role) throw new GitHubError(0, `Checking @${username}'s permission failed: the answer holds no role`)
        return role
      }),
    pullBranches: (number) =>
      call(`Reading pull request #${number}`, async () => {
        const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number })
        const branch = (side: unknown) => received.line(str(obj(side).ref), options.redact) || undefined
        const closed = str(obj(data).state) === 'closed' ? { closed: true } : {}
        return { head: branch(data.head), base: branch(data.base), ...headOf(obj(data)), ...closed }
      }),
    pullFiles: (number) => {
      const what = `Reading the files of pull request #${number}`
      return call(what, async () => {
        const files: ChangedFile[] = []
        for (let page = 1; page <= PULL_FILE_PAGES; page++) {
          const { data } = await octokit.rest.pulls.listFiles({
            ...repo,
            pull_number: number,
            per_page: PAGE_SIZE,
            page,
          })
          if (!Array.isArray(data)) throw new GitHubError(0, `${what} failed: the list of files is not a list`)
          for (const item of data as unknown[]) {
            const file = obj(item)
            const path = received.line(str(file.filename), options.redact)
            if (path) files.push({ path, status: str(file.status) })
          }
          if (data.length < PAGE_SIZE) break
        }
        return files
      })
    },
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
        const { data } = replyTo
          ? await octokit.rest.pulls.createReplyForReviewComment({
              ...repo,
              pull_number: target.number,
              comment_id: replyTo.reviewCommentId,
              body,
            })
          : await octokit.rest.issues.createComment({ ...repo, issue_number: target.number, body })
        const answer = obj(data)
        if (typeof answer.id !== 'number') throw new GitHubError(0, 'Commenting failed: the answer holds no comment id')
        const login = str(obj(answer.user).login)
        if (login) account ??= Promise.resolve(login)
        return {
          id: answer.id,
          url: received.line(str(answer.html_url), options.redact),
          review: replyTo !== undefined,
        }
      }),
    editComment: (comment, body) =>
      call('Updating the reply', async () => {
        if (comment.review) await octokit.rest.pulls.updateReviewComment({ ...repo, comment_id: comment.id, body })
        else await octokit.rest.issues.updateComment({ ...repo, comment_id: comment.id, body })
      }),
    conversation: (target) =>
      call(`Reading the conversation of #${target.number}`, async () => {
        // Page by page until a short page: the same count of requests as following `Link` headers.
        const all = async (list: (page: number) => Promise<{ data: unknown }>, review: boolean) => {
          const comments: ThreadComment[] = []
          // Whatever cannot be read whole is an error, never "no marker": a new job on doubt is worse than none.
          for (let page = 1; page <= CONVERSATION_PAGES; page++) {
            const { data } = await list(page)
            if (!Array.isArray(data)) throw new GitHubError(0, 'the list of comments is not a list')
            for (const item of data) {
              const c = threadComment(item, review)
              if (!c) throw new GitHubError(0, 'a comment in the list has no id')
              comments.push(c)
            }
            if (data.length < PAGE_SIZE) return comments
          }
          throw new GitHubError(0, `the conversation has more than ${number(CONVERSATION_PAGES * PAGE_SIZE)} comments`)
        }
        const issue = await all(
          (page) =>
            octokit.rest.issues.listComments({ ...repo, issue_number: target.number, per_page: PAGE_SIZE, page }),
          false,
        )
        if (!target.isPullRequest) return issue
        const review = await all(
          (page) =>
            octokit.rest.pulls.listReviewComments({ ...repo, pull_number: target.number, per_page: PAGE_SIZE, page }),
          true,
        )
        return [...issue, ...review]
      }),
    account: () => {
      account ??= viewerLogin()
      return account
    },
    issue: (number) =>
      call(`Reading #${number}`, async () => {
        const answer = obj((await octokit.rest.issues.get({ ...repo, issue_number: number })).data)
        const line = (v: unknown) => received.line(str(v), options.redact)
        const target = {
          number,
          title: line(answer.title),
          url: line(answer.html_url),
          isPullRequest: answer.pull_request !== undefined && answer.pull_request !== null,
        }
        const state = str(answer.state)
        if (typeof answer.number !== 'number' || (state !== 'open' && state !== 'closed'))
          throw new GitHubError(0, `Reading #${number} failed: the answer holds no number or state`)
        // A transferred issue answers from its new repository (GitHub redirects): `repository_url` names it.
        const moved = /\/repos\/([^/]+\/[^/]+)$/.exec(str(answer.repository_url))?.[1]
        return { target, state, locked: answer.locked === true, repository: moved && options.redact(moved) }
      }),
    pullState: (other, number) =>
      call(`Reading pull request ${other.owner}/${other.repo}#${number}`, async () => {
        const answer = obj((await octokit.rest.pulls.get({ ...other, pull_number: number })).data)
        if (answer.merged === true) return 'merged'
        const state = str(answer.state)
        if (state !== 'open' && state !== 'closed')
          throw new GitHubError(
            0,
            `Reading pull request ${other.owner}/${other.repo}#${number} failed: the answer holds no state`,
          )
        return state
      }),
  }
}

/** One comment of a list, as much of it as the conversation needs; undefined when it has no usable id. */
function threadComment(value: unknown, review: boolean): ThreadComment | undefined {
  const c = obj(value)
  if (typeof c.id !== 'number') return undefined
  const user = obj(c.user)
  return {
    id: c.id,
    url: str(c.html_url),
    body: str(c.body),
    author: { login: str(user.login), type: str(user.type) },
    createdAt: str(c.created_at),
    review,
  }
}

const BASE_ROLES = ['admin', 'maintain', 'write', 'triage', 'read']

/**
 * `role_name` names one of GitHub's base roles, or an organization's custom role; `permission` is the base
 * permission behind it (`admin`, `write`, `read`, `none`: maintain reads as write, triage as read). A custom
 * role counts for what it is based on.
 */
export function effectiveRole(roleName: string, permission: string): string {
  if (BASE_ROLES.includes(roleName)) return roleName
  return permission || roleName
}

/** The workflow permission a 403 on a reaction or comment points at. */
export function permissionFor(target: Target): string {
  return target.isPullRequest ? 'pull-requests: write' : 'issues: write'
}

/**
 * Runs a reaction or comment; a refusal (403, or anything else) is a warning naming what to add,
 * never a failure of the job the comment is about.
 */
export async function bestEffort<T>(
  what: string,
  target: Target,
  log: Log,
  work: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await work()
  } catch (err) {
    const e = err as GitHubError
    const fix =
      e.status === 403 || e.status === 404
        ? ` Give the workflow \`permissions: ${permissionFor(target)}\` (and make sure \`github-token\` may write).`
        : ''
    log.warning(`${what}: ${e.message}.${fix}`)
    return undefined
  }
}
