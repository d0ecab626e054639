import type { ClientError } from './api/errors.js'
import { type AgentJob, isTerminal } from './api/types.js'
import { type Clock, formatDuration } from './clock.js'
import type { Log } from './log.js'
import { isTransient, retryAfterOf, retryLine } from './retry.js'

export const BACKOFF_CAP_MS = 30_000
const HEARTBEAT_MS = 60_000

/**
 * Waits double from `poll-interval` up to 30 s (or `poll-interval` when larger): 5, 10, 20, 30, 30 s...
 * A short job is seen within seconds, a long one costs about two polls a minute.
 */
export function nextDelay(previousMs: number | undefined, initialMs: number): number {
  if (previousMs === undefined) return initialMs
  return Math.min(Math.max(BACKOFF_CAP_MS, initialMs), previousMs * 2)
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
  /** Called with every job read, so outputs can follow it. */
  onUpdate?: (job: AgentJob) => void
}

export type WaitResult =
  | { kind: 'terminal'; job: AgentJob; polls: number }
  /** `lastError` is set when the last poll failed and trouble persisted up to the deadline. */
  | { kind: 'timeout'; job: AgentJob; polls: number; lastError?: ClientError }

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
  let lastError: ClientError | undefined
  let lastLine = began
  let first = true

  while (!isTerminal(job.status)) {
    const remaining = o.deadline - clock.now()
    if (remaining <= 0) return { kind: 'timeout', job, polls, lastError }

    let wait = 0
    if (!(first && o.immediate)) {
      delay = nextDelay(delay, o.initialDelayMs)
      wait = delay
    }
    first = false
    if (lastError) {
      const asked = retryAfterOf(lastError)
      // Polling before the server's Retry-After would only be refused again: give up with its error.
      if (asked !== undefined && asked > remaining) return { kind: 'timeout', job, polls, lastError }
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
      lastError = undefined
      if (next.status !== job.status) {
        log.info(`Job ${next.id}: ${describeStatus(next.status)} after ${formatDuration(clock.now() - began)}.`)
        lastLine = clock.now()
      }
      job = next
      o.onUpdate?.(job)
    } catch (err) {
      if (!isTransient(err)) throw err
      polls++
      lastError = err // logged with the wait it causes, at the top of the loop
    }

    if (!isTerminal(job.status) && clock.now() - lastLine >= HEARTBEAT_MS) {
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
