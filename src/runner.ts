import * as core from '@actions/core'
import type { Log, Redact } from './log.js'
import type { Verdict } from './outcome.js'

/** The runner's log through @actions/core; wrap it with `redactingLog` before use. */
export const runnerLog: Log = {
  info: (m) => core.info(m),
  notice: (m) => core.notice(m),
  warning: (m) => core.warning(m),
  error: (m) => core.error(m),
  debug: (m) => core.debug(m),
}

/** Masks secrets in the runner's log first thing. An empty value would mask nothing useful and garble output. */
export function maskSecrets(secrets: readonly string[]): void {
  for (const secret of secrets) if (secret) core.setSecret(secret)
}

export function setOutput(name: string, value: string): void {
  core.setOutput(name, value)
}

/** Appends to the job summary. A missing summary file (a local run) costs a warning, not the step. */
export async function writeSummary(markdown: string, redact: Redact, log: Log): Promise<void> {
  try {
    await core.summary.addRaw(redact(markdown)).write()
  } catch (err) {
    log.warning(`Could not write the job summary: ${(err as Error).message}`)
  }
}

/**
 * The one place where a run's result reaches the user: the log line at its level and, for a failure,
 * the failed step. Returns the exit code the process should end with.
 */
export function report(verdict: Verdict, log: Log): number {
  if (verdict.fail) {
    log.error(verdict.message) // what core.setFailed prints, but through the redacting log
    return verdict.exitCode ?? 1
  }
  log[verdict.level](verdict.message)
  return verdict.exitCode ?? 0
}
