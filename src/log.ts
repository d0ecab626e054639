import type { Redact } from './redact.js'

/**
 * The only door to the runner's log. Every message passes the redactor, so a secret that comes back
 * inside an API error body (or anywhere else) is never printed, whatever the runner's own masking does;
 * the runner's log (src/runner/action.ts) then keeps each message to one bounded line.
 */
export interface Log {
  info(message: string): void
  notice(message: string): void
  warning(message: string): void
  error(message: string): void
  debug(message: string): void
}

export { createRedactor, type Redact } from './redact.js'

export function redactingLog(target: Log, redact: Redact): Log {
  return {
    info: (m) => target.info(redact(m)),
    notice: (m) => target.notice(redact(m)),
    warning: (m) => target.warning(redact(m)),
    error: (m) => target.error(redact(m)),
    debug: (m) => target.debug(redact(m)),
  }
}
