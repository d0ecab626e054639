import type { GitHubApi } from './client.js'
import type { CommentEvent } from './event.js'
import { checkCommenter, isBot } from './trigger.js'

/** Whether a comment that holds the trigger phrase may go on, once its author was checked. */
export type CommenterGate =
  /** A writer: `reason` says so, for the log. */
  | { kind: 'allowed'; github: GitHubApi; reason: string }
  /** A bot, or someone without write permission: nothing is done, and the step succeeds. */
  | { kind: 'skip'; reason: string }
  /** The permission could not be established (an error, a timeout, an answer from elsewhere): never a run on doubt. */
  | { kind: 'refuse'; error: Error }

/** Bots first (no request), then the commenter's permission on the repository: write, maintain or admin. */
export async function gateCommenter(event: CommentEvent, github: () => Promise<GitHubApi>): Promise<CommenterGate> {
  if (isBot(event.author)) return { kind: 'skip', reason: checkCommenter(event.author, undefined).reason }
  let gh: GitHubApi
  let role: string | undefined
  try {
    gh = await github()
    role = await gh.role(event.author.login)
  } catch (err) {
    return { kind: 'refuse', error: err as Error }
  }
  const gate = checkCommenter(event.author, role)
  return gate.allowed ? { kind: 'allowed', github: gh, reason: gate.reason } : { kind: 'skip', reason: gate.reason }
}

/** Why nothing was started (`nothing`: "No job was started") when the permission check failed, and what to do. */
export function permissionCheckFailed(error: Error, nothing: string): string {
  return (
    `${nothing}: ${error.message.replace(/\.$/, '')}. Re-run the workflow; if this happens again, check ` +
    'that `github-token` may read the repository (the workflow token can) and that the GitHub API answers.'
  )
}
