/** Time as the action sees it. Injected everywhere so tests can run hours of polling in microseconds. */
export interface Clock {
  now(): number
  /** Resolves after `ms`; rejects with the signal's reason as soon as the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}

/**
 * Every duration a user reads (log, summary, reply), in one style, rounded to what it shows:
 * - under 0.1 s: `under 0.1s` (never `0ms`: a tenth of a second is the finest step shown);
 * - under 10 s: seconds with one decimal: `0.9s`, `3.0s`, `4.2s`;
 * - under a minute: whole seconds: `10s`, `42s`;
 * - under an hour: minutes and two-digit seconds, the seconds left out when zero: `1m 05s`, `2m`;
 * - then hours and two-digit minutes, the minutes left out when zero: `1h 30m`, `2h`.
 * A value is rounded first, so 9,950 ms is `10s`, not `10.0s`, and 59,500 ms is `1m`.
 */
export function formatDuration(ms: number): string {
  if (ms < 100) return 'under 0.1s'
  const tenths = Math.round(ms / 100)
  if (tenths < 100) return `${(tenths / 10).toFixed(1)}s`
  const totalSeconds = Math.round(ms / 1000)
  const h = Math.floor(totalSeconds / 3600)
  const m = Math.floor((totalSeconds % 3600) / 60)
  const s = totalSeconds % 60
  if (h > 0) return m > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${h}h`
  if (m > 0) return s > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${m}m`
  return `${s}s`
}

/** How often something recurs, in words: `every 5.0s`; below 0.1 s, which reads "under 0.1s", `more than ten times a second`. */
export function everyDuration(ms: number): string {
  return ms < 100 ? 'more than ten times a second' : `every ${formatDuration(ms)}`
}
