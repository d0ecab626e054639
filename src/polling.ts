import type { ClientError } from './api/errors.js'
import { type AgentJob, isTerminal } from './api/types.js'
import { type Clock, formatDuration } from './clock.js'
import type { Log } from './log.js'
import { backoff, briefly, isTransient, retryAfterOf, retryLine } from './retry.js'

export const BACKOFF_CAP_MS = 30_000
const HEARTBEAT_MS = 60_000

/**
 * Waits double from `poll-interval` up to 30 s (or `poll-interval` when larger): 5, 10, 20, 30, 30 s...
 * A short job is seen within seconds, a long one costs about two polls a minute.
 */
export function nextDelay(previousMs: number | undefined, initialMs: number): number {
  return backoff(previousMs, initialMs, pollCapMs(initialMs))
}

/** The longest wait between polls: 30 s, or `poll-interval` when that is larger. */
export function pollCapMs(initialMs: number): number {
  return Math.max(BACKOFF_CAP_MS, initialMs)
}

export interface WaitOptions {
  /** One GET of the job; may throw ApiError or NetworkError. */
  fetch: () => Promise<AgentJob>
  initialDelayMs: number
  /** Clock time after which no further poll is started. */
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
 * hung requests) are retried with the same backoff, honouring Retry-After; anything else is thrown.
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

  while (!done()) {
    const remaining = o.deadline - clock.now()
    if (remaining <= 0) {
      if (lastError && failures < PERSISTENT_FAILURES)
        log.info(`The last poll failed (${briefly(lastError)}); reporting the job as last seen.`)
      return { kind: 'timeout', job, polls, lastError: failures >= PERSISTENT_FAILURES ? lastError : undefined }
    }

    let wait = 0
    if (!(first && o.immediate)) {
      delay = nextDelay(delay, o.initialDelayMs)
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

    try {
      const next = await o.fetch()
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
