import { MintlifyClient } from './api/client.js'
import { abortOnTermination } from './cancel.js'
import { envInputs, type InputSource } from './inputs.js'
import { createRedactor, type Log, type Redact, redactingLog } from './log.js'
import type { Verdict } from './verdict.js'
import { USER_AGENT } from './version.js'
import { appendSummary, writeCommand, writeLine } from './workflow-commands.js'

export { setOutput } from './workflow-commands.js'

/** The runner's log; wrap it with `redactingLog` before use. */
export const runnerLog: Log = {
  info: (m) => writeLine(m),
  notice: (m) => writeCommand('notice', m),
  warning: (m) => writeCommand('warning', m),
  error: (m) => writeCommand('error', m),
  debug: (m) => writeCommand('debug', m),
}

/** Masks secrets in the runner's log first thing. An empty value would mask nothing useful and garble output. */
export function maskSecrets(secrets: readonly string[]): void {
  for (const secret of secrets) if (secret) writeCommand('add-mask', secret)
}

/** Appends to the job summary. A missing summary file (a local run) costs a warning, not the step. */
export function writeSummary(markdown: string, redact: Redact, log: Log): void {
  try {
    appendSummary(redact(markdown))
  } catch (err) {
    log.warning(`Could not write the job summary: ${(err as Error).message}`)
  }
}

export interface ActionContext {
  input: InputSource
  redact: Redact
  log: Log
}

/** Start of either action: secrets masked before anything else, then a log that redacts them too. */
export function openAction(env: NodeJS.ProcessEnv): ActionContext {
  const input = envInputs(env)
  const secrets = [input('api-key'), input('github-token')]
  maskSecrets(secrets)
  const redact = createRedactor(secrets)
  return { input, redact, log: redactingLog(runnerLog, redact) }
}

export interface ApiSession {
  client: MintlifyClient
  /** Aborts on SIGINT/SIGTERM, with a `Cancelled` reason. */
  signal: AbortSignal
  /** Closes connections and stops listening for signals. */
  close(): void
}

/** The API client of either action, cancelled by the runner's signals. */
export function openApi(ctx: ActionContext, settings: { apiUrl: string; apiKey: string }): ApiSession {
  const controller = new AbortController()
  const stopListening = abortOnTermination(controller)
  const client = new MintlifyClient({
    baseUrl: settings.apiUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    signal: controller.signal,
    log: ctx.log,
  })
  return {
    client,
    signal: controller.signal,
    close: () => {
      client.dispose()
      stopListening()
    },
  }
}

/** End of either action: the summary (when given), the reported verdict, the exit code. */
export async function closeAction(ctx: ActionContext, verdict: Verdict, summary?: string): Promise<void> {
  if (summary !== undefined) writeSummary(summary, ctx.redact, ctx.log)
  const code = report(verdict, ctx.log)
  // A cancelled run ends now, whatever request may still be in flight.
  if (verdict.exitCode !== undefined) process.exit(code)
  process.exitCode = code
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
