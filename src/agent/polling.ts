import { type ClientError, NetworkError } from '../api/errors.js'
import { backoff, briefly, isTransient, retryAfterOf, retryLine } from '../api/retry.js'
import { type AgentJob, isTerminal } from '../api/types.js'
import { type Clock, formatDuration } from '../clock.js'
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
 * The least time a poll is given to answer. The last poll is made at the deadline, with no time left: it
 * gets this much, so the step ends at most this long after `timeout`.
 */
export const MIN_POLL_LIMIT_MS = 1000
const HEARTBEAT_MS = 60_000

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
  // Below 0.1 s the duration reads "under 0.1s", which "every" cannot take.
  const first = initialMs < 100 ? 'more than ten times a second' : `every ${formatDuration(initialMs)}`
  if (cap === initialMs) return first
  return `${first} for ${formatDuration(EARLY_PHASE_MS)}, then up to every ${formatDuration(cap)}`
}

/** How long the poll starting now may take: the time left until the deadline, but at least MIN_POLL_LIMIT_MS. */
export function pollLimit(deadline: number, now: number): number {
  return Math.max(MIN_POLL_LIMIT_MS, deadline - now)
}

/**
 * A poll that got no answer before the deadline (less than MIN_POLL_LIMIT_MS is left once it gave up) was cut
 * off by `timeout`, not by trouble worth reporting: the wait ends there, as a timeout.
 */
export function cutOffByDeadline(err: unknown, deadline: number, now: number): boolean {
  return err instanceof NetworkError && err.timedOut && deadline - now < MIN_POLL_LIMIT_MS
}

export interface WaitOptions {
  /**
   * One GET of the job; may throw ApiError or NetworkError. `limitMs` is the time left until the deadline
   * (at least MIN_POLL_LIMIT_MS): the request must give up after that long, with a NetworkError whose
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

/** Failed polls in a row that make trouble "persistent" at the deadline rather than a blip. */
export const PERSISTENT_FAILURES = 3

/**
 * Polls until the job is terminal or the deadline passes. Transient failures (5xx, 429, dropped or
 * hung requests) are retried on the same schedule, honouring Retry-After; anything else is thrown.
 * The poll in flight is bounded by the deadline too (see `WaitOptions.fetch`), so the wait ends at most
 * MIN_POLL_LIMIT_MS after it, whatever the server does.
 * Logs a line per status change and about one a minute while active; each poll goes to debug.
 */
export async function waitForJob(start: AgentJob, o: WaitOptions): Promise<WaitResult> {
  const { clock, log } = o
  const began = clock.now()
  let job = start
  let delay: number | undefined
  let polls = 0
  let failures = 0
  let lastError: ClientError | undefined
  let lastLine = began
  let first = true
  let seenActive = start.status === 'active'
  const done = () => isTerminal(job.status) && (seenActive || clock.now() >= (o.terminalAfter ?? 0))

  // Trouble counts against the job only when it lasted: the last PERSISTENT_FAILURES polls or more all failed.
  const timedOut = (): WaitResult => ({
    kind: 'timeout',
    job,
    polls,
    lastError: failures >= PERSISTENT_FAILURES ? lastError : undefined,
  })

  while (!done()) {
    const remaining = o.deadline - clock.now()
    if (remaining <= 0) {
      if (lastError && failures < PERSISTENT_FAILURES)
        log.info(`The last poll failed (${briefly(lastError)}); reporting the job as last seen.`)
      return timedOut()
    }

    let wait = 0
    if (!(first && o.immediate)) {
      delay = nextDelay(delay, o.initialDelayMs, clock.now() - began)
      wait = delay
    }
    first = false
    if (lastError) {
      const asked = retryAfterOf(lastError)
      if (asked !== undefined && asked > remaining) {
        // Polling before the server allows would only be refused again: wait out the time left instead.
        log.info(`${retryLine(lastError, remaining)} The API asks for more than the time left, so no further poll.`)
        await clock.sleep(remaining, o.signal)
        continue
      }
      wait = Math.max(wait, asked ?? 0)
      log.info(retryLine(lastError, wait))
      lastLine = clock.now()
    }
    wait = Math.min(wait, remaining) // the last poll happens at the deadline, not after it
    log.debug(`Next poll in ${formatDuration(wait)}`)
    await clock.sleep(wait, o.signal)

    const limit = pollLimit(o.deadline, clock.now())
    try {
      const next = await o.fetch(limit)
      polls++
      failures = 0
      lastError = undefined
      if (next.status !== job.status) {
        log.info(`Job ${next.id}: ${describeStatus(next.status)} after ${formatDuration(clock.now() - began)}.`)
        lastLine = clock.now()
      }
      job = next
      if (job.status === 'active') seenActive = true
      o.onUpdate?.(job)
    } catch (err) {
      if (!isTransient(err)) throw err
      polls++
      if (cutOffByDeadline(err, o.deadline, clock.now())) {
        // Not a failure of the API: the wait ran out while the poll was in flight. Earlier trouble still counts.
        log.info(`The poll at the deadline was given up (${briefly(err)}); reporting the job as last seen.`)
        return timedOut()
      }
      failures++
      lastError = err // logged with the wait it causes, at the top of the loop
    }

    if (!done() && clock.now() - lastLine >= HEARTBEAT_MS) {
      log.info(`Job ${job.id} is still ${job.status ?? 'pending'} after ${formatDuration(clock.now() - began)}.`)
      lastLine = clock.now()
    }
  }
  return { kind: 'terminal', job, polls }
}

function describeStatus(status: string | undefined): string {
  if (status === undefined) return 'no status in the answer, still waiting'
  if (status === 'active' || isTerminal(status)) return status
  return `${status} (not a known status; still waiting)`
}
