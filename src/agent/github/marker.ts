/**
 * The hidden marker by which a reply names its job, `<!-- mintlify-agent job=ID -->`, and how a conversation
 * is read for the job it already has. Pure: the comments come from the GitHub client.
 */
import { newestOwn, type ThreadComment, writtenBy } from '../../github/comments.js'

/**
 * The marker of a reply: the request it answers (the comment's id, or for a run that `conversation` named, the
 * workflow run's id) and, once known, its job; `capped`, a reply that says the conversation reached `max-requests`
 * (it names no job: nothing was sent); `maybeJob`, a reply whose request tried to create a job and got no clear
 * answer (a 5xx, a timeout, an answer that could not be read, a cancel on its way): a job may exist, its id unknown. The job id is percent-encoded, so that no id (any string: white space, line
 * breaks, `<`, `-->` included) can end the HTML comment early and show what follows, and every id reads back exactly.
 */
export function markerOf(
  jobId: string | undefined,
  request?: number | RequestKey,
  capped = false,
  maybeJob = false,
): string {
  const key = keyOf(request)
  const job = jobId === undefined ? '' : ` job=${encodeURIComponent(jobId)}`
  const asked = key.requestId === undefined ? '' : ` request=${key.requestId}`
  const run = key.runId === undefined ? '' : ` run=${key.runId}`
  const maybe = maybeJob && jobId === undefined ? ' maybe-job' : ''
  return `<!-- mintlify-agent${job}${asked}${run}${maybe}${capped ? ' capped' : ''} -->`
}

/**
 * The marker a body closes with: every comment this action writes ends with its marker, alone on the last line
 * after a blank one. A marker anywhere else (quoted with `>`, inline, mid-text) is someone's text passed on, for
 * example by an automation that quotes comments with the same token, and is not read.
 */
const CLOSING_MARKER =
  /(?:^|\n\n)<!-- mintlify-agent(?: job=([^\s<>]+))?(?: request=(\d+))?(?: run=(\d+))?( maybe-job)?( capped)? -->\s*$/

export interface Marker {
  jobId?: string
  /** The comment that asked: a comment-triggered run's reply. */
  requestId?: number
  /** The workflow run that asked: the reply of a run that `conversation` named (a re-run keeps the id). */
  runId?: string
  /** A reply saying the conversation reached `max-requests`: nothing was sent. */
  capped?: boolean
  /** A reply whose request may have created a job without a clear answer: the job's id is not known. */
  maybeJob?: boolean
}

/** What a reply answers: a comment (`requestId`) or a workflow run (`runId`). */
export type RequestKey = Pick<Marker, 'requestId' | 'runId'>

/** A comment's id (what a comment-triggered reply answers), or the key as it is. */
export function keyOf(request: number | RequestKey | undefined): RequestKey {
  return typeof request === 'number' ? { requestId: request } : (request ?? {})
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
  if (m[3] !== undefined) marker.runId = m[3]
  if (m[4] !== undefined) marker.maybeJob = true
  if (m[5] !== undefined) marker.capped = true
  return marker.jobId !== undefined || isReply(marker) ? [marker] : []
}

/** The job ids a body names, in order. */
export function markersIn(body: string): string[] {
  return markersOf(body).flatMap((m) => (m.jobId === undefined ? [] : [m.jobId]))
}

/**
 * A reply that this action already wrote for `request` (an earlier attempt of the same run): a comment of
 * `account` (see `writtenBy`) whose marker names the request (a comment's id, or a workflow run's).
 */
export function replyTo(
  comments: readonly ThreadComment[],
  request: number | RequestKey,
  account: string | undefined,
): { comment: ThreadComment; jobId?: string; maybeJob?: boolean } | undefined {
  const key = keyOf(request)
  for (const comment of comments) {
    if (!writtenBy(comment, account)) continue
    const marker = markersOf(comment.body).find((m) => answers(m, key))
    if (marker) return { comment, jobId: marker.jobId, ...(marker.maybeJob ? { maybeJob: true } : {}) }
  }
  return undefined
}

/** Whether the marker is that of the reply to `key`. */
export function answers(marker: Marker, key: RequestKey): boolean {
  return (
    (key.requestId !== undefined && marker.requestId === key.requestId) ||
    (key.runId !== undefined && marker.runId === key.runId)
  )
}

/** A reply's marker: it names the request it answers (not the comment on the agent's own pull request). */
export function isReply(marker: Marker): boolean {
  return marker.requestId !== undefined || marker.runId !== undefined
}

/**
 * How many requests the conversation sent to the agent (`max-requests`): the replies of `account` whose marker
 * names a job, which it does once the job holds the request (or may), or says that a job may have been created (an
 * unknown count is never taken as zero). A capped reply and a reply saying the request was not sent (neither names a
 * job), and the comment on the agent's own pull request (no request named) do not count.
 */
export function sentRequests(comments: readonly ThreadComment[], account: string | undefined): number {
  return comments.filter(
    (c) => writtenBy(c, account) && markersOf(c.body).some((m) => isReply(m) && (m.jobId !== undefined || m.maybeJob)),
  ).length
}

/**
 * The newest reply of `account` when it says the conversation reached `max-requests`: a later capped run edits
 * it rather than adding another. Undefined when the newest reply is any other (a request was sent since).
 */
export function cappedReply(
  comments: readonly ThreadComment[],
  account: string | undefined,
): ThreadComment | undefined {
  const newest = newestOwn(comments, account, (c) => markersOf(c.body).some(isReply))
  return newest && markersOf(newest.body).some((m) => m.capped) ? newest : undefined
}

/**
 * The job the conversation already has: the last marker of the newest comment of `account` that holds one. When that
 * comment is instead a reply saying a job may have been created (its id unknown), `jobId` is undefined: which job the
 * conversation has is not known.
 */
export function conversationJob(
  comments: readonly ThreadComment[],
  account: string | undefined,
): { jobId?: string; comment: ThreadComment } | undefined {
  const comment = newestOwn(comments, account, (c) => markersIn(c.body).length > 0 || maybeJobIn(c.body))
  if (!comment) return undefined
  const jobId = markersIn(comment.body).at(-1)
  return jobId === undefined ? { comment } : { jobId, comment }
}

/** Whether a body's marker says a job may have been created, its id unknown. */
function maybeJobIn(body: string): boolean {
  return markersOf(body).some((m) => m.maybeJob && m.jobId === undefined)
}
