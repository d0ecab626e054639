/**
 * Triggering a deployment (a preview of a branch, or the site from its deployment branch) and waiting until it is
 * final: shared by the preview action and by the agent action's `preview: true`, so it knows neither. Every path ends
 * in a `DeployOutcome`; nothing here throws.
 */
import { ApiError, type ClientError } from '../api/errors.js'
import { pollUntil } from '../api/poll.js'
import { backoff, retryTransient } from '../api/retry.js'
import type { DeploymentStatus, DeploymentTrigger } from '../api/types.js'
import { type Clock, everyDuration, formatDuration } from '../clock.js'
import type { Log } from '../log.js'
import { Cancelled } from '../runner/cancel.js'
import { isFinal } from './status.js'

/** The three deploy endpoints, as the API client has them. Calls reject with the signal's reason on cancellation. */
export interface DeployApi {
  triggerPreview(projectId: string, branch: string): Promise<DeploymentTrigger>
  triggerDeployment(projectId: string): Promise<DeploymentTrigger>
  /** `timeoutMs` shortens the request's own time limit (never lengthens it): a read must end by the deadline. */
  getDeploymentStatus(statusId: string, limit?: { timeoutMs?: number }): Promise<DeploymentStatus>
}

/** What to deploy: a preview of `branch`, or the site (`production`, from its configured deployment branch). */
export type DeployRequest = { kind: 'preview'; branch: string } | { kind: 'production' }

export interface DeployOptions {
  projectId: string
  request: DeployRequest
  /** `false`: end once the deployment is queued. */
  wait: boolean
  pollIntervalMs: number
  /** Clock time by which the whole of it ends: a trigger waiting out a rate limit, and the wait. */
  deadline: number
}

export interface DeployDeps {
  api: DeployApi
  clock: Clock
  log: Log
  signal?: AbortSignal
  /** Called once the deployment is queued, before any wait (a comment then says it is building). */
  onQueued?: (trigger: DeploymentTrigger) => Promise<void> | void
  /** Called with every status read. */
  onStatus?: (status: DeploymentStatus) => void
}

/** What a deployment came to. `trigger` is set once it was queued; `status` is the last one read. */
export type DeployOutcome =
  /** `wait: false`: queued, not waited for. */
  | { kind: 'queued'; trigger: DeploymentTrigger; status: DeploymentStatus }
  /** A final status (`success`, `failure`, or one the API does not document, as sent). */
  | { kind: 'final'; trigger: DeploymentTrigger; status: DeploymentStatus; waitedMs: number }
  /** Still `queued` or `in_progress` at the deadline: it goes on building. */
  | { kind: 'timeout'; trigger: DeploymentTrigger; status: DeploymentStatus; waitedMs: number }
  | { kind: 'error'; error: Error; trigger?: DeploymentTrigger; status?: DeploymentStatus }
  | { kind: 'cancelled'; signal: NodeJS.Signals; trigger?: DeploymentTrigger; status?: DeploymentStatus }

/**
 * A 429 without Retry-After: waits that double from RATE_LIMIT_FIRST_WAIT_MS (a trigger) or `poll-interval` (a
 * read) up to RATE_LIMIT_CAP_MS. The provider's limits run per minute (previews, 5 a minute) and per 10 s
 * (deployments, 10 per 10 s): a minute's wait always outlasts them, and 10 s is about when the next of five
 * previews a minute is free.
 */
export const RATE_LIMIT_FIRST_WAIT_MS = 10_000
export const RATE_LIMIT_CAP_MS = 60_000

const rateLimited = (err: ClientError | undefined): boolean => err instanceof ApiError && err.status === 429

/** `the preview of \`docs/x\``, `the deployment`: what the log and messages call it. */
export function deploymentName(request: DeployRequest): string {
  return request.kind === 'preview' ? `the preview of \`${request.branch}\`` : 'the deployment'
}

/**
 * Sends the trigger once. Only a 429, which the API answers without taking the request, is sent again: after its
 * Retry-After, else after a backoff, while the deadline allows. Any other failure is thrown: a trigger that may
 * have been taken is never repeated.
 */
export async function trigger(o: DeployOptions, deps: DeployDeps): Promise<DeploymentTrigger> {
  const { api, clock, log, signal } = deps
  const send = () =>
    o.request.kind === 'preview'
      ? api.triggerPreview(o.projectId, o.request.branch)
      : api.triggerDeployment(o.projectId)
  return retryTransient(send, {
    clock,
    log,
    signal,
    attempts: Number.POSITIVE_INFINITY,
    initialDelayMs: RATE_LIMIT_FIRST_WAIT_MS,
    maxDelayMs: RATE_LIMIT_CAP_MS,
    // The deadline bounds the waits, whatever the API asks.
    maxRetryAfterMs: Number.POSITIVE_INFINITY,
    deadline: o.deadline,
    retryable: rateLimited,
    what: o.request.kind === 'preview' ? 'Triggering the preview' : 'Triggering the deployment',
  })
}

/**
 * Reads the status every `poll-interval` until it is final or the deadline passes (`pollUntil`: the read in flight
 * ends by the deadline, transient trouble is read again, Retry-After honoured). A 429 without Retry-After backs off.
 * Logs each change of status and about one line a minute.
 */
export async function waitForDeployment(
  queued: DeploymentTrigger,
  start: DeploymentStatus,
  o: Pick<DeployOptions, 'pollIntervalMs' | 'deadline' | 'request'>,
  deps: DeployDeps,
) {
  const name = deploymentName(o.request)
  const Name = name.charAt(0).toUpperCase() + name.slice(1)
  return pollUntil(start, {
    fetch: (limitMs) => deps.api.getDeploymentStatus(queued.statusId, { timeoutMs: limitMs }),
    done: (status) => isFinal(status.status),
    nextDelay: (previous, _elapsed, lastError) =>
      rateLimited(lastError)
        ? backoff(previous, o.pollIntervalMs, Math.max(RATE_LIMIT_CAP_MS, o.pollIntervalMs))
        : o.pollIntervalMs,
    deadline: o.deadline,
    clock: deps.clock,
    log: deps.log,
    signal: deps.signal,
    onUpdate: deps.onStatus,
    words: {
      changed: (previous, next, elapsed) =>
        next.status === previous.status
          ? undefined
          : `${Name}: ${next.status ?? 'no status in the answer, still waiting'} after ${elapsed}.`,
      waiting: (status, elapsed) => `${Name} is still ${status.status ?? 'pending'} after ${elapsed}.`,
      what: name,
    },
  })
}

/**
 * Triggers the deployment and, with `wait`, waits until it is final or the deadline passes. Never throws: every
 * failure is an outcome, reported by the caller.
 */
export async function deploy(o: DeployOptions, deps: DeployDeps): Promise<DeployOutcome> {
  const { clock, log } = deps
  let queued: DeploymentTrigger | undefined
  // A 202 says the deployment is queued: its status until a read says otherwise.
  let status: DeploymentStatus = { status: 'queued' }
  const seen = (next: DeploymentStatus) => {
    status = next
    deps.onStatus?.(next)
  }
  try {
    queued = await trigger(o, deps)
    const name = deploymentName(o.request)
    log.info(`Queued ${name} (status id ${queued.statusId})${queued.previewUrl ? `: ${queued.previewUrl}` : ''}.`)
    await deps.onQueued?.(queued)
    if (!o.wait) return { kind: 'queued', trigger: queued, status }
    const began = clock.now()
    log.info(
      `Waiting for ${name} for up to ${formatDuration(Math.max(0, o.deadline - began))} (reading its status ${everyDuration(o.pollIntervalMs)}).`,
    )
    const result = await waitForDeployment(queued, status, o, { ...deps, onStatus: seen })
    status = result.value
    const waitedMs = clock.now() - began
    if (result.kind === 'done') return { kind: 'final', trigger: queued, status, waitedMs }
    if (result.lastError) return { kind: 'error', error: result.lastError, trigger: queued, status }
    return { kind: 'timeout', trigger: queued, status, waitedMs }
  } catch (err) {
    const was = queued ? { trigger: queued, status } : {}
    if (err instanceof Cancelled) return { kind: 'cancelled', signal: err.signal, ...was }
    return { kind: 'error', error: err as Error, ...was }
  }
}
