import type { Log } from '../log.js'
import { bestEffort, type GitHubApi } from './api.js'
import { usageComment } from './comments.js'
import type { CommentEvent, Repo } from './event.js'
import { checkCommenter, isBot, promptFromComment } from './trigger.js'

export type Admission =
  | { kind: 'run'; prompt: string }
  /** No job: the reason is logged at `level`, the status output is `skipped`, the step succeeds. */
  | { kind: 'skip'; reason: string; level: 'info' | 'notice' }

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

/**
 * After the phrase matched: bots, then the commenter's permission, then 👀 and the prompt. Every
 * refusal is a value (the step still succeeds): an unrelated or unauthorised comment is no failure.
 */
export async function admitComment(o: AdmitOptions): Promise<Admission> {
  const { event, log } = o
  if (isBot(event.author))
    return { kind: 'skip', reason: checkCommenter(event.author, undefined).reason, level: 'notice' }
  const gh = await o.github()
  const gate = checkCommenter(event.author, await gh.role(event.author.login))
  if (!gate.allowed) return { kind: 'skip', reason: gate.reason, level: 'notice' }
  log.info(gate.reason)

  const review = event.name === 'pull_request_review_comment'
  await bestEffort('Could not react to the comment', event.target, log, () => gh.react(event.commentId, review))

  if (o.request === '') {
    if (o.reply) {
      const replyTo = review ? { reviewCommentId: event.commentId } : undefined
      await bestEffort('Could not reply', event.target, log, () =>
        gh.comment(event.target, usageComment(o.phrase, o.runUrl), replyTo),
      )
    }
    return {
      kind: 'skip',
      reason: `The comment holds ${o.phrase} but no request; replied with how to use it.`,
      level: 'notice',
    }
  }

  const target = { ...event.target }
  if (target.isPullRequest && (!target.head || !target.base)) {
    // issue_comment events on pull requests don't carry the branches.
    Object.assign(target, await gh.pullBranches(target.number))
  }
  return { kind: 'run', prompt: promptFromComment(o.request, o.repo, target) }
}
