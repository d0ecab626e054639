import type { AgentJob } from '../api/types.js'
import { isTerminal } from '../api/types.js'
import { type Clock, formatDuration } from '../clock.js'
import type { Log } from '../log.js'
import { Cancelled } from '../runner/cancel.js'
import type { Outputs } from '../runner/outputs.js'
import type { AgentConfig } from './inputs.js'
import type { Outcome } from './outcome.js'
import { jobOutputs } from './outputs.js'
import { describeSchedule, waitForJob } from './polling.js'

/** How long a follow-up's job may keep showing its old terminal state before that state is believed. */
export const FOLLOW_UP_SETTLE_MS = 30_000

/** The three agent endpoints, as the flow needs them. Calls reject with the signal's reason on cancellation. */
export interface AgentApi {
  createJob(projectId: string, prompt: string): Promise<AgentJob>
  /** `timeoutMs` shortens the request's own time limit (never lengthens it): a poll must end by the deadline. */
  getJob(projectId: string, jobId: string, opts?: { timeoutMs?: number }): Promise<AgentJob>
  sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob>
}

export interface AgentDeps {
  api: AgentApi
  clock: Clock
  log: Log
  outputs: Outputs
  signal?: AbortSignal
  /** Called with every state of the job read, from the first answer that names it on. */
  onJob?: (job: AgentJob) => void
}

/** What the job step is asked to do: create a job with `prompt`, send `prompt` to `jobId`, or wait for `jobId`. */
export interface JobRequest {
  prompt?: string
  jobId?: string
  /** Clock time by which waiting ends, when part of `timeout` was already spent (waiting to send a follow-up). */
  deadline?: number
  /** A follow-up's job as read before the message: its pull request then (else the message's answer tells it). */
  prBefore?: string | null
  /** A run started again picks up the job its first attempt gave the request: its pull request may predate it. */
  resumed?: boolean
}

export interface AgentRun {
  outcome: Outcome
  /** Time spent waiting after the job was created or found; undefined when it never got that far. */
  waitedMs?: number
  /** The job a follow-up message was sent to (accepted by the API); undefined for any other run. */
  followUpTo?: string
}

/**
 * Creates the job with `prompt` (or sends it as a follow-up to `job-id`, or, without a prompt, picks up
 * that job), then waits for it. The prompt comes from the inputs or from a comment: it is passed in, never
 * written into the configuration. Never throws: every failure becomes an `Outcome`, reported in one place
 * by the caller. Outputs are set as soon as known.
 */
export async function runAgentJob(config: AgentConfig, request: JobRequest, deps: AgentDeps): Promise<AgentRun> {
  const { api, clock, log, outputs } = deps
  const { prompt, jobId } = request
  let job: AgentJob | undefined
  let waitStart: number | undefined
  let followUpTo: string | undefined
  let prBefore = request.prBefore
  const resumed = request.resumed ? { resumed: true } : {}
  const waited = () => (waitStart === undefined ? undefined : clock.now() - waitStart)
  const ended = (outcome: Outcome): AgentRun => ({ outcome, waitedMs: waited(), ...(followUpTo ? { followUpTo } : {}) })
  let read = false // some answer showed the job: the create's, the message's or a poll's
  const seen = (next: AgentJob) => {
    read = true
    job = next
    outputs.setAll(jobOutputs(next))
    deps.onJob?.(next)
  }

  try {
    const { projectId } = config
    // `true` only once a follow-up message was accepted.
    outputs.set('follow-up', 'false')
    if (jobId && prompt === undefined) {
      // Only wait for (or report) an existing job: its state comes from the first poll.
      outputs.set('job-id', jobId)
      outputs.set('timed-out', 'false')
      job = { id: jobId }
      if (!config.wait) {
        seen(await api.getJob(projectId, jobId))
        return {
          outcome: isTerminal(job.status)
            ? { kind: 'finished', job, ...resumed }
            : { kind: 'started', job, how: 'found' },
        }
      }
    } else if (jobId && prompt !== undefined) {
      // Not retried: a repeated POST would send the message twice.
      const answer = await api.sendMessage(projectId, jobId, prompt)
      // The answer shows the job as the message found it: its pull request, if any, is the one from before.
      if (prBefore === undefined) prBefore = answer.prLink
      followUpTo = jobId
      seen(answer)
      // With `wait: false` the verdict's line says it, and is the run's last: one line, not two.
      if (config.wait) log.info(`Sent a follow-up message to job ${jobId}.`)
    } else if (prompt !== undefined) {
      // Not retried, whatever happens: a repeated create could start a second job.
      seen(await api.createJob(projectId, prompt))
      if (config.wait) log.info(`Created agent job ${job?.id}.`)
    }
    if (!job) throw new Error('no prompt and no job id') // parseAgentInputs rules this out
    const followUp = jobId !== undefined && prompt !== undefined
    outputs.setAll({ 'timed-out': 'false', 'follow-up': String(followUp) })

    // A create answer that is already terminal is final; a follow-up's answer may still show the old state.
    if (isTerminal(job.status) && !followUp) return { outcome: { kind: 'finished', job }, waitedMs: 0 }
    if (!config.wait) return ended({ kind: 'started', job, how: followUp ? 'messaged' : 'created' })

    waitStart = clock.now()
    log.info(
      `Waiting for job ${job.id} for up to ${formatDuration(config.timeoutMs)} (polling ${describeSchedule(config.pollIntervalMs)}).`,
    )
    const id = job.id
    const result = await waitForJob(job, {
      fetch: (limitMs) => api.getJob(projectId, id, { timeoutMs: limitMs }),
      initialDelayMs: config.pollIntervalMs,
      deadline: request.deadline ?? waitStart + config.timeoutMs,
      immediate: job.status === undefined && prompt === undefined,
      terminalAfter: followUp ? waitStart + FOLLOW_UP_SETTLE_MS : undefined,
      clock,
      log,
      signal: deps.signal,
      onUpdate: seen,
    })
    job = result.job
    if (result.kind === 'terminal')
      return ended({ kind: 'finished', job, ...(followUp ? { prBefore } : {}), ...resumed })
    outputs.set('timed-out', 'true')
    if (result.lastError) return ended({ kind: 'error', error: result.lastError, job })
    return ended({ kind: 'timeout', job })
  } catch (err) {
    if (err instanceof Cancelled) {
      // Cancelled before the follow-up message was answered: it may have reached the job.
      const sending = jobId !== undefined && prompt !== undefined && followUpTo === undefined && !job
      // Cancelled before the create was answered: a job may have been created.
      const creating = jobId === undefined && prompt !== undefined && !job
      return ended({
        kind: 'cancelled',
        signal: err.signal,
        job,
        ...(sending ? { messageTo: jobId } : {}),
        ...(creating ? { creating: true } : {}),
      })
    }
    const failed = ended({ kind: 'error', error: err as Error, job })
    // An error before any answer showed the job (a `job-id` its first poll did not find) came before any wait.
    return read ? failed : { ...failed, waitedMs: undefined }
  }
}
