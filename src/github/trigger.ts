import { isBotLogin } from './comments.js'
import type { CommentEvent } from './event.js'

/**
 * `/docs document the flag` → `document the flag`; undefined when the comment does not start with the
 * phrase as a whole word (case-insensitive). An empty string means the phrase alone. `body` is the
 * comment as received (event.ts): hidden content is already gone, so what matches is what people see.
 */
export function matchTrigger(body: string, phrase: string): string | undefined {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const m = new RegExp(`^\\s*${escaped}(?![\\w-])([\\s\\S]*)$`, 'i').exec(body)
  return m ? (m[1] ?? '').trim() : undefined
}

/**
 * Why a run that a comment on something else (a discussion, a commit) started, without a prompt of its own, does
 * nothing: a request is read only from a comment on an issue or a pull request.
 */
export function untakenComment(eventName: string): string {
  return (
    `This run's event, \`${eventName}\`, is a comment the action does not take: a comment starts a job only on an ` +
    'issue or a pull request (`issue_comment` and `pull_request_review_comment` events). Take ' +
    `\`${eventName}\` out of the workflow's \`on:\`, or give \`prompt\` or \`prompt-file\` for a fixed request.`
  )
}

export interface Gate {
  allowed: boolean
  reason: string
}

const WRITERS = ['admin', 'maintain', 'write']

/** Only a newly created comment counts: an edit or a deletion must not start a (second) job. */
export function checkNewComment(event: CommentEvent): Gate {
  if (event.action === 'created') return { allowed: true, reason: 'The comment is new.' }
  return { allowed: false, reason: `The comment was ${event.action}; only a newly created comment triggers a run.` }
}

export function isBot(author: CommentEvent['author']): boolean {
  return author.type === 'Bot' || isBotLogin(author.login)
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
