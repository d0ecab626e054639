import { type Clock, formatDuration } from '../clock.js'
import type { Log } from '../log.js'
import { ApiError, type ClientError, NetworkError } from './errors.js'

/** Doubling backoff: `initialMs` first, then twice the previous wait, never above `capMs`. */
export function backoff(previousMs: number | undefined, initialMs: number, capMs: number): number {
  return previousMs === undefined ? initialMs : Math.min(capMs, previousMs * 2)
}

/** Worth asking again later: 429, 5xx, a dropped or hung connection. */
export function isTransient(err: unknown): err is ClientError {
  return (err instanceof ApiError || err instanceof NetworkError) && err.transient
}

/** `HTTP 503 (Service unavailable)` or the network reason: the short form for a retry line. */
export function briefly(err: ClientError): string {
  if (err instanceof NetworkError) return err.reason
  return `HTTP ${err.status}${err.apiText ? ` (${err.apiText})` : ''}`
}

export function retryAfterOf(err: ClientError): number | undefined {
  return err instanceof ApiError ? err.retryAfterMs : undefined
}

/** The log line before a retry, saying how long it waits and why. */
export function retryLine(err: ClientError, waitMs: number, what = 'Poll'): string {
  const asked = retryAfterOf(err)
  const why = asked !== undefined ? ` as the API asked (Retry-After ${formatDuration(asked)})` : ''
  return `${what} failed: ${briefly(err)}. Waiting ${formatDuration(waitMs)}${why} before trying again.`
}

export interface RetryOptions {
  clock: Clock
  log: Log
  signal?: AbortSignal
  /** Attempts in all, the first included. */
  attempts: number
  /** First backoff wait; doubles up to `maxDelayMs`. A Retry-After replaces it. */
  initialDelayMs: number
  maxDelayMs: number
  /** The longest Retry-After worth waiting for; a longer one ends the retries. */
  maxRetryAfterMs: number
  /** Names the request in retry lines, such as `Page at offset 250`. */
  what: string
  /** Which transient failures are tried again (default: all of them); any other is thrown as is. */
  retryable?: (err: ClientError) => boolean
  /** Clock time past which no wait reaches: a retry that would need to wait longer is not made, the error thrown. */
  deadline?: number
}

/**
 * Runs a read until it succeeds, retrying transient failures with backoff and honouring Retry-After.
 * Anything else, or trouble that outlasts the attempts or the deadline, is thrown as is. Only for requests that
 * are safe to repeat (narrowed with `retryable`: a write refused with a 429 was clearly not taken).
 */
export async function retryTransient<T>(read: () => Promise<T>, o: RetryOptions): Promise<T> {
  let delay: number | undefined
  for (let attempt = 1; ; attempt++) {
    try {
      return await read()
    } catch (err) {
      if (!isTransient(err) || !(o.retryable?.(err) ?? true) || attempt >= o.attempts) throw err
      const asked = retryAfterOf(err)
      if (asked !== undefined && asked > o.maxRetryAfterMs) throw err
      delay = backoff(delay, o.initialDelayMs, o.maxDelayMs)
      const wait = asked ?? delay
      if (o.deadline !== undefined && o.clock.now() + wait > o.deadline) throw err
      o.log.info(retryLine(err, wait, o.what))
      await o.clock.sleep(wait, o.signal)
    }
  }
}
