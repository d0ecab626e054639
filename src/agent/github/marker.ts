/**
 * The hidden marker by which a reply names its job, `<!-- mintlify-agent job=ID -->`, and how a conversation
 * is read for the job it already has. Pure: the comments come from the GitHub client.
 */
import { newestOwn, type ThreadComment, writtenBy } from '../../github/comments.js'

/**
 * The marker of a reply: the request it answers (the comment's id) and, once known, its job. The id is
 * percent-encoded, so that no id (any string: white space, line breaks, `<`, `-->` included) can end the HTML
 * comment early and show what follows, and every id reads back exactly.
 */
export function markerOf(jobId: string | undefined, requestId?: number): string {
  const job = jobId === undefined ? '' : ` job=${encodeURIComponent(jobId)}`
  const request = requestId === undefined ? '' : ` request=${requestId}`
  return `<!-- mintlify-agent${job}${request} -->`
}

/**
 * The marker a body closes with: every comment this action writes ends with its marker, alone on the last line
 * after a blank one. A marker anywhere else (quoted with `>`, inline, mid-text) is someone's text passed on, for
 * example by an automation that quotes comments with the same token, and is not read.
 */
const CLOSING_MARKER = /(?:^|\n\n)<!-- mintlify-agent(?: job=([^\s<>]+))?(?: request=(\d+))? -->\s*$/

export interface Marker {
  jobId?: string
  requestId?: number
}

/** The marker a body closes with, as a list of none or one. */
export function markersOf(body: string): Marker[] {
  const m = CLOSING_MARKER.exec(body)
  if (!m) return []
  const marker: Marker = {}
  if (m[1] !== undefined) {
    try {
      marker.jobId = decodeURIComponent(m[1])
    } catch {
      return [] // a malformed escape is no marker of ours
    }
  }
  if (m[2] !== undefined) marker.requestId = Number(m[2])
  return marker.jobId !== undefined || marker.requestId !== undefined ? [marker] : []
}

/** The job ids a body names, in order. */
export function markersIn(body: string): string[] {
  return markersOf(body).flatMap((m) => (m.jobId === undefined ? [] : [m.jobId]))
}

/**
 * A reply that this action already wrote for the request `requestId` (an earlier attempt of the same run): a
 * comment of `account` (see `writtenBy`) whose marker names the request.
 */
export function replyTo(
  comments: readonly ThreadComment[],
  requestId: number,
  account: string | undefined,
): { comment: ThreadComment; jobId?: string } | undefined {
  for (const comment of comments) {
    if (!writtenBy(comment, account)) continue
    const marker = markersOf(comment.body).find((m) => m.requestId === requestId)
    if (marker) return { comment, jobId: marker.jobId }
  }
  return undefined
}

/** The job the conversation already has: the last marker of the newest comment of `account` that holds one. */
export function conversationJob(
  comments: readonly ThreadComment[],
  account: string | undefined,
): { jobId: string; comment: ThreadComment } | undefined {
  const comment = newestOwn(comments, account, (c) => markersIn(c.body).length > 0)
  const jobId = comment && markersIn(comment.body).at(-1)
  return comment && jobId !== undefined ? { jobId, comment } : undefined
}
