import * as core from '@actions/core'
import { MintlifyClient } from '../api/client.js'
import { envInputs, type InputSource } from '../inputs.js'
import { createRedactor, type Log, type Redact, redactingLog } from '../log.js'
import { clip, inertLine, plainLine, plainText } from '../text.js'
import { USER_AGENT } from '../version.js'
import { abortOnTermination } from './cancel.js'
import { Outputs } from './outputs.js'
import { errorVerdict, type Verdict } from './verdict.js'

/**
 * The longest log line, in characters. Our own messages stay far below it (an API error with its 500
 * characters of API text is about 800); a longer one comes from outside text and is cut.
 */
export const LOG_LINE_MAX = 4000

/**
 * One bounded line, whatever the message holds: outside text can neither start a command nor flood the log.
 * This is the door in front of @actions/core, which sees only text that has passed it (core then escapes `%`,
 * CR and LF in command data, which a bounded line no longer holds anyway).
 */
const bounded = (m: string) => clip(inertLine(m), LOG_LINE_MAX)

/** The runner's log; wrap it with `redactingLog` before use, so that secrets go before anything is cut. */
export const runnerLog: Log = {
  info: (m) => core.info(plainLine(bounded(m))),
  notice: (m) => core.notice(bounded(m)),
  warning: (m) => core.warning(bounded(m)),
  error: (m) => core.error(bounded(m)),
  debug: (m) => core.debug(bounded(m)),
}

/**
 * A message as the log, an annotation or the failed step shows it: plain text (code spans lose their
 * backticks, which the runner would show literally), redacted before and after. Before: a secret that holds
 * backticks is found as written, not after they are gone. After: no secret can be pieced together by taking
 * backticks out of a redacted message.
 */
const forLog = (redact: Redact) => (m: string) => redact(plainText(redact(m)))

/** Masks secrets in the runner's log first thing. An empty value would mask nothing useful and garble output. */
export function maskSecrets(secrets: readonly string[]): void {
  for (const secret of secrets) if (secret) core.setSecret(secret)
}

/**
 * Step outputs for an action: each value redacted and on one line (see `Outputs`), then written by core to
 * GITHUB_OUTPUT under a random delimiter, which a value cannot end early.
 */
export function openOutputs(ctx: Pick<ActionContext, 'redact'>): Outputs {
  return new Outputs((name, value) => core.setOutput(name, value), ctx.redact)
}

/**
 * The runner drops a step summary over 1 MiB whole. Every part of ours is bounded far below that (the
 * visitors table at 1,000 rows is the largest, under 400 kB); this limit is the last line of defence.
 */
export const SUMMARY_MAX_BYTES = 1_000_000

/** Cuts a summary at a line boundary to fit the runner's limit, saying so. */
export function fitSummary(markdown: string, maxBytes = SUMMARY_MAX_BYTES): string {
  if (Buffer.byteLength(markdown) <= maxBytes) return markdown
  const note = '\n\n<em>… the rest of this summary was cut to fit the runner’s 1 MiB limit.</em>\n'
  let text = markdown.slice(0, maxBytes - Buffer.byteLength(note)) // characters ≤ bytes: an upper bound
  while (Buffer.byteLength(text) + Buffer.byteLength(note) > maxBytes) text = text.slice(0, text.length * 0.9)
  const lineEnd = text.lastIndexOf('\n')
  return (lineEnd > 0 ? text.slice(0, lineEnd) : '') + note
}

/** Appends to the job summary. A missing summary file (a local run) costs a warning, not the step. */
async function writeSummary(markdown: string, redact: Redact, log: Log): Promise<void> {
  try {
    await core.summary
      .emptyBuffer()
      .addRaw(fitSummary(redact(markdown)))
      .write()
  } catch (err) {
    core.summary.emptyBuffer()
    log.warning(`Could not write the job summary: ${(err as Error).message}`)
  }
}

export interface ActionContext {
  input: InputSource
  redact: Redact
  log: Log
}

/**
 * Start of either action: secrets masked before anything else, then a log that redacts them too. Messages are
 * written once, in the grammar of `message` (markdown.ts); the summary shows their code spans as code, the log
 * as plain words.
 */
export function openAction(env: NodeJS.ProcessEnv): ActionContext {
  const input = envInputs(env)
  const secrets = [input('api-key'), input('github-token')]
  maskSecrets(secrets)
  const redact = createRedactor(secrets)
  return { input, redact, log: redactingLog(runnerLog, forLog(redact)) }
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
    redact: ctx.redact,
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

/** How a run ends, whichever action and whatever happened: built by the action, carried out by `closeAction`. */
export interface Ending {
  verdict: Verdict
  /** Outputs that only the ending knows (`status: skipped`); the others are set as soon as they are known. */
  outputs?: Record<string, string>
  /** The job summary, when one is wanted. */
  summary?: string
  /** Work that must not cost the summary (a reply comment): run after it is written, bounded by its caller. */
  afterSummary?: () => Promise<void>
}

/** End of either action, the one call that ends a run: outputs, summary, what follows it, the verdict, the exit code. */
export async function closeAction(ctx: ActionContext, ending: Ending): Promise<void> {
  let { verdict } = ending
  try {
    if (ending.outputs) openOutputs(ctx).setAll(ending.outputs)
  } catch (err) {
    verdict = errorVerdict(err as Error) // GITHUB_OUTPUT not writable: one clear line, never a stack trace
  }
  if (ending.summary !== undefined) await writeSummary(ending.summary, ctx.redact, ctx.log)
  await ending.afterSummary?.()
  const code = report(verdict, ctx)
  // A cancelled run ends now, whatever request may still be in flight.
  if (verdict.exitCode !== undefined) process.exit(code)
  process.exitCode = code
}

/**
 * The one place where a run's result reaches the user: the log line at its level and, for a failure,
 * the failed step (core.setFailed, given the message plain, redacted and bounded like any log line). Returns the
 * exit code the process should end with.
 */
export function report(verdict: Verdict, ctx: Pick<ActionContext, 'redact' | 'log'>): number {
  if (verdict.fail) {
    core.setFailed(bounded(forLog(ctx.redact)(verdict.message)))
    return verdict.exitCode ?? 1
  }
  ctx.log[verdict.level](verdict.message)
  return verdict.exitCode ?? 0
}
