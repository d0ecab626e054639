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

/** `65_000` → `1m 05s`; `4_200` → `4.2s`; `20` → `20ms`; `1_800_000` → `30m`; `90 * 60_000` → `1h 30m`. */
export function formatDuration(ms: number): string {
  if (ms < 100) return `${Math.round(ms)}ms`
  if (ms < 10_000) return `${Math.round(ms / 100) / 10}s`
  const totalSeconds = Math.round(ms / 1000)
  const h = Math.floor(totalSeconds / 3600)
  const m = Math.floor((totalSeconds % 3600) / 60)
  const s = totalSeconds % 60
  if (h > 0) return m > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${h}h`
  if (m > 0) return s > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${m}m`
  return `${s}s`
}
