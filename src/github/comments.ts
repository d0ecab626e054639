/**
 * Comments as the actions read and keep them: a comment of a conversation, whose comments count (only those the
 * action's own account wrote: neither another person's nor another bot's), and the size GitHub allows. Pure: the comments
 * come from the GitHub client (client.ts).
 */

/** A comment of an issue's or pull request's conversation, or of a pull request's review threads. */
export interface ThreadComment {
  id: number
  url: string
  body: string
  author: { login: string; type: string }
  /** ISO date-time. */
  createdAt: string
  review: boolean
}

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT = 65_536

/** Keeps a body under GitHub's limit, saying so when it had to cut. */
export function clampBody(body: string, limit = COMMENT_LIMIT): string {
  if (body.length <= limit) return body
  const note = '\n\n… (cut to fit GitHub’s comment limit)'
  return body.slice(0, limit - note.length) + note
}

/**
 * Whether `login` is a bot's: GitHub names every app's account `<slug>[bot]` (`github-actions[bot]` for the
 * workflow's token), in comments and in GraphQL's `viewer` alike, and a person's login cannot hold brackets.
 */
export function isBotLogin(login: string): boolean {
  return login.endsWith('[bot]')
}

/**
 * A comment written by the account the action writes as, `account` (its login; undefined: not known, so no comment
 * is): only such a comment's marker counts. Not another person's, so pasting a marker cannot point the action at
 * anything; not another bot's, so an automation that quotes comments cannot either. With a personal access token the
 * action writes as that person, and their comments are its own (as for the content gaps issue).
 */
export function writtenBy(comment: ThreadComment, account: string | undefined): boolean {
  return account !== undefined && comment.author.login === account
}

/**
 * Whether some comment passes `marked`: only then can a marked comment of the action's own be there, and so only
 * then is the account it writes as needed (and asked for).
 */
export function someMarked(comments: readonly ThreadComment[], marked: (comment: ThreadComment) => boolean): boolean {
  return comments.some(marked)
}

/** The newest comment of `account` (see `writtenBy`) that passes `marked`, by creation time, then by id. */
export function newestOwn(
  comments: readonly ThreadComment[],
  account: string | undefined,
  marked: (comment: ThreadComment) => boolean,
): ThreadComment | undefined {
  let newest: ThreadComment | undefined
  for (const comment of comments)
    if (writtenBy(comment, account) && marked(comment) && (!newest || isNewer(comment, newest))) newest = comment
  return newest
}

function isNewer(a: ThreadComment, b: ThreadComment): boolean {
  const ta = Date.parse(a.createdAt)
  const tb = Date.parse(b.createdAt)
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb
  return a.id > b.id
}
