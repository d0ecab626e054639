/**
 * Unattended conversations: a run that no comment triggered (schedule, dispatch, push) joins the issue or pull
 * request `conversation` names, as a comment's request would. Checked before any request to Mintlify: a
 * conversation that is closed, locked, or not one of the workflow's repository is an input error.
 */

import type { GitHubApi } from '../github/client.js'
import type { Repo } from '../github/event.js'
import type { GitHubError } from '../github/octokit.js'
import { InputError } from '../inputs.js'
import type { Log } from '../log.js'
import type { Conversation } from './conversation.js'

export interface JoinOptions {
  repo?: Repo
  /** `GITHUB_RUN_ID`: what the reply answers, so that a re-run of this workflow run finds it. */
  runId?: string
  runUrl?: string
  github: () => Promise<GitHubApi>
  log: Log
}

/** Issue or pull request `number`, once GitHub says it is an open, unlocked one of the repository. */
export async function joinConversation(number: number, o: JoinOptions): Promise<Conversation> {
  if (!o.repo) throw new Error('GITHUB_REPOSITORY is not set, so the conversation `conversation` names cannot be read.')
  if (!o.runId || !/^\d+$/.test(o.runId))
    throw new Error(
      'GITHUB_RUN_ID is not set: a run with `conversation` names its workflow run in its reply, so that a re-run finds the reply instead of sending the request again.',
    )
  const repository = `${o.repo.owner}/${o.repo.repo}`
  const accepted = `the number of an open, unlocked issue or pull request of ${repository}`
  let issue: Awaited<ReturnType<GitHubApi['issue']>>
  try {
    issue = await (await o.github()).issue(number)
  } catch (err) {
    const e = err as GitHubError
    // 410: a deleted issue.
    if (e.status === 404 || e.status === 410)
      throw new InputError(
        'conversation',
        `#${number} is not an issue or pull request of ${repository} (GitHub answered HTTP ${e.status})`,
        accepted,
      )
    if (e.status === 403)
      throw new Error(`${e.message.replace(/\.$/, '')}. Give the workflow \`permissions: issues: write\`.`)
    throw err
  }
  const problem = conversationProblem(issue, repository)
  if (problem) throw new InputError('conversation', `#${number} ${problem}`, accepted)
  const kind = issue.target.isPullRequest ? 'pull request' : 'issue'
  o.log.info(`This run belongs to ${kind} #${number} (${issue.target.title}): its reply goes there.`)
  return { place: { target: issue.target, runUrl: o.runUrl }, request: { runId: o.runId } }
}

/** Why the issue cannot hold the run's conversation, or undefined when it can. Pure. */
export function conversationProblem(
  issue: Pick<Awaited<ReturnType<GitHubApi['issue']>>, 'state' | 'locked' | 'repository'>,
  repository: string,
): string | undefined {
  if (issue.repository && issue.repository.toLowerCase() !== repository.toLowerCase())
    return `was moved to ${issue.repository}`
  if (issue.state !== 'open') return 'is closed'
  if (issue.locked) return 'is locked'
  return undefined
}
