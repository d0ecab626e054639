import type { CommentEvent, Repo, Target } from './event.js'

/**
 * `/docs document the flag` → `document the flag`; undefined when the comment does not start with the
 * phrase as a whole word (case-insensitive). An empty string means the phrase alone.
 */
export function matchTrigger(body: string, phrase: string): string | undefined {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const m = new RegExp(`^\\s*${escaped}(?![\\w-])([\\s\\S]*)$`, 'i').exec(body)
  return m ? (m[1] ?? '').trim() : undefined
}

export interface Gate {
  allowed: boolean
  reason: string
}

const WRITERS = ['admin', 'maintain', 'write']

export function isBot(author: CommentEvent['author']): boolean {
  return author.type === 'Bot' || author.login.endsWith('[bot]')
}

/** Bots never trigger; people need write, maintain or admin on the repository. */
export function checkCommenter(author: CommentEvent['author'], role: string | undefined): Gate {
  if (isBot(author))
    return { allowed: false, reason: `@${author.login} is a bot; comments by bots do not trigger a run.` }
  if (role && WRITERS.includes(role)) return { allowed: true, reason: `@${author.login} has ${role} permission.` }
  return {
    allowed: false,
    reason: `@${author.login} has ${role ?? 'no'} permission on the repository; only users with write, maintain or admin permission can trigger a run.`,
  }
}

/** The comment's request, followed by where it was asked, so the agent knows the context. */
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
