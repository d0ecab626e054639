/**
 * `issue: update`: one open issue of the workflow's repository holds the worklist. It is the newest open issue
 * holding ISSUE_MARKER written by a bot account (the workflow's token, a GitHub App's) or by the account the token
 * writes as (a personal access token's user, which is no bot); its body is replaced (checked items stay checked).
 * With none, one is created. A re-run finds the issue the first run created, so there is never a second one; a
 * person's issue holding the marker is never taken.
 */
import { obj, str } from '../github/json.js'
import { type ConnectOptions, GitHubError, openOctokit } from '../github/octokit.js'
import { ISSUE_MARKER } from './worklist.js'

/** The issue calls this action makes. */
export interface IssueApi {
  /** Open issues (not pull requests), newest first, at most ISSUE_PAGES pages of 100. */
  openIssues(): Promise<OpenIssue[]>
  create(title: string, body: string): Promise<KeptIssue>
  update(number: number, body: string): Promise<KeptIssue>
  /** The login of the account the token writes as (GraphQL `viewer`), asked only when needed. */
  account(): Promise<string>
}

export interface OpenIssue {
  number: number
  body: string
  author: { login: string; type: string }
  url: string
}

export interface KeptIssue {
  number: number
  url: string
}

/** Pages of 100 open issues read to find ours: the 1,000 newest. */
export const ISSUE_PAGES = 10
const PAGE_SIZE = 100

/**
 * The issue this action keeps, among open issues newest first: the first holding the marker that a bot wrote, or
 * the token's own account. The account is asked for only when a marked issue written by someone else comes first.
 */
/**
 * A marked issue by someone other than a bot, when the account the token writes as could not be learned: it may be
 * this action's own (a personal token's), so neither updating another nor creating one is safe.
 */
export class UndecidedIssue extends Error {
  constructor(issue: OpenIssue, cause: Error) {
    super(
      `${cause.message.replace(/\.$/, '')}; so whether issue #${issue.number} (holding the marker, written by ${issue.author.login || 'an unknown account'}) is the one this action keeps cannot be told, and no issue was changed. If it is not, remove the marker \`<!-- mintlify-gaps -->\` from it; else re-run`,
    )
    this.name = 'UndecidedIssue'
  }
}

export async function ourIssue(
  issues: readonly OpenIssue[],
  account: () => Promise<string>,
): Promise<OpenIssue | undefined> {
  let own: string | undefined
  for (const issue of issues) {
    if (!issue.body.includes(ISSUE_MARKER)) continue
    if (issue.author.type === 'Bot') return issue
    own ??= await account().catch((err: Error) => {
      throw new UndecidedIssue(issue, err)
    })
    if (issue.author.login === own) return issue
  }
  return undefined
}

/**
 * Keeps the issue: finds it, replaces its body with `body(previous)` (previous: the body it had, empty for a new
 * one), or creates it.
 */
export async function keepIssue(
  api: IssueApi,
  title: string,
  body: (previous: string) => string,
): Promise<KeptIssue & { created: boolean }> {
  const existing = await ourIssue(await api.openIssues(), () => api.account())
  if (existing) return { ...(await api.update(existing.number, body(existing.body))), created: false }
  return { ...(await api.create(title, body(''))), created: true }
}

/** The issue calls on the bounded Octokit (src/github/octokit.ts). */
export async function connectIssues(
  token: string,
  target: { owner: string; repo: string },
  options: ConnectOptions,
): Promise<IssueApi> {
  const { octokit, call, viewerLogin } = await openOctokit(token, options)
  // Only these two: whatever else an object holds would travel as request parameters.
  const repo = { owner: target.owner, repo: target.repo }
  const kept = (what: string, data: unknown): KeptIssue => {
    const answer = obj(data)
    if (typeof answer.number !== 'number') throw new GitHubError(0, `${what} failed: the answer holds no issue number`)
    return { number: answer.number, url: str(answer.html_url) }
  }
  return {
    openIssues: () =>
      call('Finding the issue', async () => {
        const list = async (creator?: string) => {
          const issues: OpenIssue[] = []
          for (let page = 1; page <= ISSUE_PAGES; page++) {
            const { data } = await octokit.rest.issues.listForRepo({
              ...repo,
              state: 'open',
              sort: 'created',
              direction: 'desc',
              per_page: PAGE_SIZE,
              page,
              ...(creator === undefined ? {} : { creator }),
            })
            if (!Array.isArray(data))
              throw new GitHubError(0, 'Finding the issue failed: the list of issues is not a list')
            for (const item of data as unknown[]) {
              const i = obj(item)
              if (typeof i.number !== 'number' || i.pull_request !== undefined) continue
              const user = obj(i.user)
              issues.push({
                number: i.number,
                body: str(i.body),
                author: { login: str(user.login), type: str(user.type) },
                url: str(i.html_url),
              })
            }
            // A bot's marked issue ends the search at once (it is ours whatever the token); otherwise read on.
            if (issues.some((i) => i.author.type === 'Bot' && i.body.includes(ISSUE_MARKER)) || data.length < PAGE_SIZE)
              return { issues, whole: true }
          }
          return { issues, whole: false }
        }
        const newest = await list()
        if (newest.whole) return newest.issues
        // More open issues than that, none of the newest ours: only those the token's account opened are read then,
        // so a busy repository neither fails every run nor gets a second issue.
        const own = await list(await viewerLogin())
        if (own.whole) return own.issues
        throw new GitHubError(
          0,
          `Finding the issue failed: the token's account has more than ${ISSUE_PAGES * PAGE_SIZE} open issues in the repository and none of the newest holds the marker; close old ones or use \`issue: none\``,
        )
      }),
    create: (title, body) =>
      call('Opening the issue', async () =>
        kept('Opening the issue', (await octokit.rest.issues.create({ ...repo, title, body })).data),
      ),
    account: viewerLogin,
    update: (number, body) =>
      call(`Updating issue #${number}`, async () =>
        kept(
          `Updating issue #${number}`,
          (await octokit.rest.issues.update({ ...repo, issue_number: number, body })).data,
        ),
      ),
  }
}
