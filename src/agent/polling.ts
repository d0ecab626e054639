import type { ClientError } from '../api/errors.js'
import { pollUntil } from '../api/poll.js'
import { backoff } from '../api/retry.js'
import { type AgentJob, isTerminal } from '../api/types.js'
import { type Clock, everyDuration, formatDuration } from '../clock.js'
import type { Log } from '../log.js'

/**
 * How long the job keeps its `poll-interval` waits. "How long the job has run" is measured from the start
 * of the wait (the create answer, the follow-up answer, or the pickup of a `job-id`) on the injected clock:
 * the API does not say when a job started, and a picked-up job may be older than that.
 */
export const EARLY_PHASE_MS = 120_000
/** The longest wait once the early phase is over, unless `poll-interval` is longer. */
export const POLL_CAP_MS = 10_000
/**
 * The wait before the next poll, given the previous one and how long the wait has lasted so far: `poll-interval`
 * during the first two minutes, then doubling up to 10 s (or `poll-interval`, when larger). At the default
 * 5 s: 24 polls in the first two minutes, then one every 10 s, so a ten-minute job takes 72 polls and the end
 * of a job is seen within 10 s at any length (within 5 s in the first two minutes); `npm run bench` measures it.
 */
export function nextDelay(previousMs: number | undefined, initialMs: number, elapsedMs: number): number {
  return backoff(elapsedMs < EARLY_PHASE_MS ? undefined : previousMs, initialMs, pollCapMs(initialMs))
}

/** The longest wait between polls: 10 s, or `poll-interval` when that is larger. */
export function pollCapMs(initialMs: number): number {
  return Math.max(POLL_CAP_MS, initialMs)
}

/** The schedule in words, for the log line that starts the wait: `every 5.0s for 2m, then up to every 10s`. */
export function describeSchedule(initialMs: number): string {
  const cap = pollCapMs(initialMs)
  const first = everyDuration(initialMs)
  if (cap === initialMs) return first
  return `${first} for ${formatDuration(EARLY_PHASE_MS)}, then up to every ${formatDuration(cap)}`
}

export interface WaitOptions {
  /**
   * One GET of the job; may throw ApiError or NetworkError. `limitMs` is the time left until the deadline
   * (at least MIN_POLL_LIMIT_MS, api/poll.ts): the request must give up after that long, with a NetworkError whose
   * `timedOut` is true, so that `timeout` bounds the poll in flight too.
   */
  fetch: (limitMs: number) => Promise<AgentJob>
  initialDelayMs: number
  /** Clock time after which no further poll is started, and by which the poll in flight gives up. */
  deadline: number
  clock: Clock
  log: Log
  signal?: AbortSignal
  /** Poll at once instead of waiting `initialDelayMs` first (used when only a job id is known). */
  immediate?: boolean
  /**
   * After a follow-up message the job may still show its previous, terminal state: until this clock time,
   * a terminal status counts only once the job has been seen `active`.
   */
  terminalAfter?: number
  /** Called with every job read, so outputs can follow it. */
  onUpdate?: (job: AgentJob) => void
}

export type WaitResult =
  | { kind: 'terminal'; job: AgentJob; polls: number }
  /** `lastError` is set when trouble persisted up to the deadline (the last polls all failed). */
  | { kind: 'timeout'; job: AgentJob; polls: number; lastError?: ClientError }

/**
 * Polls until the job is terminal or the deadline passes (`pollUntil`: its bounds, retries and Retry-After).
 * Transient failures are retried on the same schedule. Logs a line per status change and about one a minute
 * while active; each poll goes to debug.
 */
export async function waitForJob(start: AgentJob, o: WaitOptions): Promise<WaitResult> {
  const { clock } = o
  let seenActive = start.status === 'active'
  const done = (job: AgentJob) => {
    if (job.status === 'active') seenActive = true
    return isTerminal(job.status) && (seenActive || clock.now() >= (o.terminalAfter ?? 0))
  }
  const result = await pollUntil(start, {
    ...o,
    done,
    nextDelay: (previous, elapsed) => nextDelay(previous, o.initialDelayMs, elapsed),
    words: {
      changed: (job, next, elapsed) =>
        next.status === job.status ? undefined : `Job ${next.id}: ${describeStatus(next.status)} after ${elapsed}.`,
      waiting: (job, elapsed) => `Job ${job.id} is still ${job.status ?? 'pending'} after ${elapsed}.`,
      what: 'the job',
    },
  })
  return result.kind === 'done'
    ? { kind: 'terminal', job: result.value, polls: result.polls }
    : { kind: 'timeout', job: result.value, polls: result.polls, lastError: result.lastError }
}

function describeStatus(status: string | undefined): string {
  if (status === undefined) return 'no status in the answer, still waiting'
  if (status === 'active' || isTerminal(status)) return status
  return `${status} (not a known status; still waiting)`
}
