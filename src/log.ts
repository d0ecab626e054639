/**
 * The only door to the runner's log. Every message passes the redactor, so a secret that comes back
 * inside an API error body (or anywhere else) is never printed, whatever the runner's own masking does.
 */
export interface Log {
  info(message: string): void
  notice(message: string): void
  warning(message: string): void
  error(message: string): void
  debug(message: string): void
}

export type Redact = (text: string) => string

/** Replaces every occurrence of each secret, in plain and URL-encoded form, with `***`. */
export function createRedactor(secrets: readonly string[]): Redact {
  const forms = new Set<string>()
  for (const secret of secrets) {
    if (secret.length < 4) continue // masking a tiny string would garble every line
    forms.add(secret)
    forms.add(encodeURIComponent(secret))
    forms.add(JSON.stringify(secret).slice(1, -1))
  }
  const list = [...forms].sort((a, b) => b.length - a.length)
  return (text) => {
    let out = text
    for (const form of list) out = out.split(form).join('***')
    return out
  }
}

export function redactingLog(target: Log, redact: Redact): Log {
  return {
    info: (m) => target.info(redact(m)),
    notice: (m) => target.notice(redact(m)),
    warning: (m) => target.warning(redact(m)),
    error: (m) => target.error(redact(m)),
    debug: (m) => target.debug(redact(m)),
  }
}
