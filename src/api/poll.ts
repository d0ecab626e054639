import { type Clock, formatDuration } from '../clock.js'
import type { Log } from '../log.js'
import { type ClientError, NetworkError } from './errors.js'
import { briefly, isTransient, retryAfterOf, retryLine } from './retry.js'

/**
 * Waiting for work the API does (an agent job, a deployment), one read at a time on an injected clock, until the
 * work is done or the deadline passes. What "done" is, how long to wait between reads and what the log says are
 * the caller's; the bounds are this module's: `timeout` bounds the read in flight too, transient trouble is read
 * again (honouring Retry-After), trouble that lasts is reported, anything else is thrown.
 */

/**
 * The least time a read is given to answer. The last read is made at the deadline, with no time left: it gets this
 * much, so a wait ends at most this long after `timeout`.
 */
export const MIN_POLL_LIMIT_MS = 1000
/** Failed reads in a row that make trouble "persistent" at the deadline rather than a blip. */
export const PERSISTENT_FAILURES = 3
const HEARTBEAT_MS = 60_000

/** How long the read starting now may take: the time left until the deadline, but at least MIN_POLL_LIMIT_MS. */
export function pollLimit(deadline: number, now: number): number {
  return Math.max(MIN_POLL_LIMIT_MS, deadline - now)
}

/**
 * A read that got no answer before the deadline (less than MIN_POLL_LIMIT_MS is left once it gave up) was cut off
 * by `timeout`, not by trouble worth reporting: the wait ends there, as a timeout.
 */
export function cutOffByDeadline(err: unknown, deadline: number, now: number): boolean {
  return err instanceof NetworkError && err.timedOut && deadline - now < MIN_POLL_LIMIT_MS
}

/** What the log says while waiting for a `T`. */
export interface PollWords<T> {
  /** The line for a read that shows a new state (`Job j1: completed after 4m.`), or undefined for none. */
  changed(previous: T, next: T, elapsed: string): string | undefined
  /** About once a minute while nothing changes (`Job j1 is still active after 3m.`). */
  waiting(value: T, elapsed: string): string
  /** What a timeout reports, as in "reporting the job as last seen". */
  what: string
}

export interface PollOptions<T> {
  /**
   * One read; may throw ApiError or NetworkError. `limitMs` is the time left until the deadline (at least
   * MIN_POLL_LIMIT_MS): the request must give up after that long, with a NetworkError whose `timedOut` is true, so
   * that `timeout` bounds the read in flight too.
   */
  fetch: (limitMs: number) => Promise<T>
  /** Whether the wait is over, asked of the start value and of every value read. */
  done: (value: T) => boolean
  /**
   * The wait before the next read: given the previous one (undefined before the first), the time waited so far, and
   * the error of the last read when it failed (a Retry-After it carries is honoured on top of this).
   */
  nextDelay: (previousMs: number | undefined, elapsedMs: number, lastError: ClientError | undefined) => number
  /** Clock time after which no further read is started, and by which the read in flight gives up. */
  deadline: number
  clock: Clock
  log: Log
  signal?: AbortSignal
  /** Read at once instead of waiting first. */
  immediate?: boolean
  /** Called with every value read. */
  onUpdate?: (value: T) => void
  words: PollWords<T>
}

export type PollResult<T> =
  | { kind: 'done'; value: T; polls: number }
  /** `lastError` is set when trouble persisted up to the deadline (the last reads all failed). */
  | { kind: 'timeout'; value: T; polls: number; lastError?: ClientError }

/**
 * Reads until `done` or the deadline passes. Transient failures (5xx, 429, dropped or hung requests) are read again
 * after `nextDelay`, honouring Retry-After; anything else is thrown. The read in flight is bounded by the deadline
 * too (see `PollOptions.fetch`), so the wait ends at most MIN_POLL_LIMIT_MS after it, whatever the server does.
 * Logs what `words` says on each change and about once a minute otherwise; each read goes to debug.
 */
export async function pollUntil<T>(start: T, o: PollOptions<T>): Promise<PollResult<T>> {
  const { clock, log, words } = o
  const began = clock.now()
  const elapsed = () => formatDuration(clock.now() - began)
  let value = start
  let delay: number | undefined
  let polls = 0
  let failures = 0
  let lastError: ClientError | undefined
  let lastLine = began
  let first = true

  // Trouble counts against the wait only when it lasted: the last PERSISTENT_FAILURES reads or more all failed.
  const timedOut = (): PollResult<T> => ({
    kind: 'timeout',
    value,
    polls,
    lastError: failures >= PERSISTENT_FAILURES ? lastError : undefined,
  })

  while (!o.done(value)) {
    const remaining = o.deadline - clock.now()
    if (remaining <= 0) {
      if (lastError && failures < PERSISTENT_FAILURES)
        log.info(`The last poll failed (${briefly(lastError)}); reporting ${words.what} as last seen.`)
      return timedOut()
    }

    let wait = 0
    if (!(first && o.immediate)) {
      delay = o.nextDelay(delay, clock.now() - began, lastError)
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
    wait = Math.min(wait, remaining) // the last read happens at the deadline, not after it
    log.debug(`Next poll in ${formatDuration(wait)}`)
    await clock.sleep(wait, o.signal)

    const limit = pollLimit(o.deadline, clock.now())
    try {
      const next = await o.fetch(limit)
      polls++
      failures = 0
      lastError = undefined
      const line = words.changed(value, next, elapsed())
      if (line !== undefined) {
        log.info(line)
        lastLine = clock.now()
      }
      value = next
      o.onUpdate?.(value)
    } catch (err) {
      if (!isTransient(err)) throw err
      polls++
      if (cutOffByDeadline(err, o.deadline, clock.now())) {
        // Not a failure of the API: the wait ran out while the read was in flight. Earlier trouble still counts.
        log.info(`The poll at the deadline was given up (${briefly(err)}); reporting ${words.what} as last seen.`)
        return timedOut()
      }
      failures++
      lastError = err // logged with the wait it causes, at the top of the loop
    }

    if (!o.done(value) && clock.now() - lastLine >= HEARTBEAT_MS) {
      log.info(words.waiting(value, elapsed()))
      lastLine = clock.now()
    }
  }
  return { kind: 'done', value, polls }
}
