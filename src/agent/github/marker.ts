/**
 * The hidden marker by which a reply names its job, `<!-- mintlify-agent job=ID -->`, and how a conversation
 * is read for the job it already has. Pure: the comments come from the GitHub client.
 */

/** A comment of an issue's or pull request's conversation, or of a pull request's review threads. */
export interface ThreadComment {
  id: number
  body: string
  author: { login: string; type: string }
  /** ISO date-time. */
  createdAt: string
  review: boolean
}

/**
 * The marker of a job. The id is percent-encoded, so that no id (they are checked to hold no white space
 * or control character, but may hold `-->`) can end the HTML comment early and show what follows.
 */
export function markerOf(jobId: string): string {
  return `<!-- mintlify-agent job=${encodeURIComponent(jobId)} -->`
}

const MARKER = /<!-- mintlify-agent job=([^\s<>]+) -->/g

/** The job ids a body names, in order. */
export function markersIn(body: string): string[] {
  const ids: string[] = []
  for (const m of body.matchAll(MARKER)) {
    try {
      ids.push(decodeURIComponent(m[1] ?? ''))
    } catch {
      // A malformed escape is no marker of ours.
    }
  }
  return ids.filter((id) => id !== '')
}

/**
 * A comment written by an app or bot account (our replies are written with the workflow's token, as
 * `github-actions[bot]`): only such a comment's marker counts, so a person cannot point a request at a job
 * by pasting a marker.
 */
export function byBot(comment: ThreadComment): boolean {
  return comment.author.type === 'Bot'
}

/** The job the conversation already has: the last marker of the newest bot comment that holds one. */
export function conversationJob(
  comments: readonly ThreadComment[],
): { jobId: string; comment: ThreadComment } | undefined {
  let newest: { jobId: string; comment: ThreadComment } | undefined
  for (const comment of comments) {
    if (!byBot(comment)) continue
    const jobId = markersIn(comment.body).at(-1)
    if (jobId === undefined) continue
    if (!newest || isNewer(comment, newest.comment)) newest = { jobId, comment }
  }
  return newest
}

function isNewer(a: ThreadComment, b: ThreadComment): boolean {
  const ta = Date.parse(a.createdAt)
  const tb = Date.parse(b.createdAt)
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb
  return a.id > b.id
}
