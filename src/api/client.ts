import { formatDuration } from '../clock.js'
import type { Log } from '../log.js'
import { ApiError, NetworkError, type Operation } from './errors.js'
import { createTransport, type RawAnswer, type Transport } from './transport.js'
import type { AgentJob, VisitorCounts, VisitorRow, VisitorsPage, VisitorsQuery } from './types.js'

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  userAgent: string
  /** Each request's own limit, so one hung request cannot eat the whole wait. */
  requestTimeoutMs?: number
  /** The limit for a create or follow-up, which is never repeated and so gets longer (60 s). */
  writeTimeoutMs?: number
  /** Aborts the request in hand (cancellation); the promise rejects with the signal's reason. */
  signal?: AbortSignal
  log?: Log
  now?: () => number
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
/** A create or follow-up is never repeated, so it gets longer before it is given up as unanswered. */
const WRITE_TIMEOUT_MS = 60_000

/**
 * The one HTTP client of both actions: Bearer auth, a time limit per request, JSON in and out, and
 * every failure turned into an `ApiError` or `NetworkError`. It never retries by itself: whether a
 * request may be repeated is the caller's decision (a create must never be sent twice).
 */
export class MintlifyClient {
  private readonly transport: Transport
  private readonly timeoutMs: number
  private readonly writeTimeoutMs: number

  constructor(private readonly opts: ClientOptions) {
    this.timeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    this.writeTimeoutMs = opts.writeTimeoutMs ?? WRITE_TIMEOUT_MS
    this.transport = createTransport(opts.userAgent, Math.max(this.timeoutMs, this.writeTimeoutMs))
  }

  async createJob(projectId: string, prompt: string): Promise<AgentJob> {
    const answer = await this.send('create', 'POST', `/v2/agent/${enc(projectId)}/job`, { prompt })
    return this.parse('create', answer, (v) => toAgentJob(v), 'an agent job')
  }

  async getJob(projectId: string, jobId: string): Promise<AgentJob> {
    const answer = await this.send('get', 'GET', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}`)
    return this.parse('get', answer, (v) => toAgentJob(v, jobId), 'an agent job')
  }

  async sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    const answer = await this.send('message', 'POST', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}/message`, {
      prompt,
    })
    return this.parse('message', answer, (v) => toAgentJob(v, jobId), 'an agent job')
  }

  async getVisitors(projectId: string, query: VisitorsQuery): Promise<VisitorsPage> {
    const params = new URLSearchParams()
    if (query.dateFrom) params.set('dateFrom', query.dateFrom)
    if (query.dateTo) params.set('dateTo', query.dateTo)
    params.set('limit', String(query.limit))
    params.set('offset', String(query.offset))
    const answer = await this.send('visitors', 'GET', `/v1/analytics/${enc(projectId)}/visitors?${params}`)
    return this.parse('visitors', answer, toVisitorsPage, 'a page of visitors')
  }

  /** Closes kept-alive connections so the process can exit at once. */
  dispose(): void {
    this.transport.dispose()
  }

  protected async send(operation: Operation, method: 'GET' | 'POST', path: string, body?: unknown): Promise<RawAnswer> {
    const url = `${this.opts.baseUrl}${path}`
    const headers = { authorization: `Bearer ${this.opts.apiKey}`, accept: 'application/json' }
    const started = Date.now()
    this.opts.log?.debug(`${method} ${path}`)
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const answer = await this.bounded(
      operation,
      this.transport.send(
        method,
        url,
        payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        payload,
      ),
    )
    this.opts.log?.debug(`HTTP ${answer.status} in ${Date.now() - started} ms: ${answer.text.slice(0, 2000)}`)
    return answer
  }

  /** Races the request against its own time limit and the cancellation signal. */
  private bounded<T>(operation: Operation, work: Promise<T>): Promise<T> {
    const { signal } = this.opts
    const limit = operation === 'create' || operation === 'message' ? this.writeTimeoutMs : this.timeoutMs
    return new Promise<T>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
      const onAbort = () => {
        cleanup()
        reject(signal?.reason)
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new NetworkError(operation, `no answer within ${formatDuration(limit)}`, true))
      }, limit)
      if (signal?.aborted) return onAbort()
      signal?.addEventListener('abort', onAbort, { once: true })
      work.then(
        (value) => {
          cleanup()
          resolve(value)
        },
        (err: unknown) => {
          cleanup()
          reject(toNetworkError(operation, err))
        },
      )
    })
  }

  protected parse<T>(
    operation: Operation,
    answer: RawAnswer,
    shape: (value: unknown) => T | undefined,
    expected: string,
  ): T {
    const json = tryJson(answer.text)
    const ok = answer.status >= 200 && answer.status < 300
    if (!ok) {
      const retryAfterMs = parseRetryAfter(answer.retryAfter, this.opts.now?.() ?? Date.now())
      const text = errorText(json) ?? `the answer is not JSON${describeType(answer.contentType)}`
      // An error page that is not the API's JSON, on a status the API would answer in JSON, hints at a wrong URL.
      const malformed = json === undefined && answer.status < 500 && answer.status !== 429
      throw new ApiError(operation, answer.status, text, retryAfterMs, malformed)
    }
    if (json === undefined)
      throw new ApiError(
        operation,
        answer.status,
        `the answer is not JSON${describeType(answer.contentType)}`,
        undefined,
        true,
      )
    const value = shape(json)
    if (value === undefined)
      throw new ApiError(operation, answer.status, `the answer is not ${expected}`, undefined, true)
    return value
  }
}

function enc(segment: string): string {
  return encodeURIComponent(segment)
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function describeType(contentType: string): string {
  const type = contentType.split(';')[0]?.trim()
  return type ? ` (${type})` : ''
}

/** `{"error": "...", "details": [{"message": "..."}]}` → one line, bounded. */
export function errorText(json: unknown): string | undefined {
  if (!isRecord(json) || typeof json.error !== 'string') return undefined
  const parts = [json.error]
  if (Array.isArray(json.details)) {
    for (const d of json.details) if (isRecord(d) && typeof d.message === 'string') parts.push(d.message)
  }
  const line = parts.join('; ').replace(/\s+/g, ' ').trim()
  return line.length > 500 ? `${line.slice(0, 497)}...` : line
}

/** Seconds (decimals accepted) or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined
  const value = header.trim()
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function toNetworkError(operation: Operation, err: unknown): Error {
  if (err instanceof NetworkError || err instanceof ApiError) return err
  const e = err as { code?: string; message?: string }
  const reason = e.code ? `connection failed (${e.code})` : `connection failed (${e.message ?? String(err)})`
  return new NetworkError(operation, reason, /timeout/i.test(e.message ?? ''))
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function optString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined
}

function optNullableString(v: unknown): string | null | undefined {
  return v === null ? null : optString(v)
}

/** Keeps the documented fields that have the documented type; a job without an id is not a job. */
export function toAgentJob(value: unknown, fallbackId?: string): AgentJob | undefined {
  if (!isRecord(value)) return undefined
  const id = optString(value.id) || fallbackId
  if (!id) return undefined
  const job: AgentJob = { id }
  const status = optString(value.status)
  if (status !== undefined) job.status = status
  if (isRecord(value.source)) {
    job.source = {}
    const repository = optString(value.source.repository)
    const ref = optNullableString(value.source.ref)
    if (repository !== undefined) job.source.repository = repository
    if (ref !== undefined) job.source.ref = ref
  }
  const model = optString(value.model)
  if (model !== undefined) job.model = model
  const prLink = optNullableString(value.prLink)
  if (prLink !== undefined) job.prLink = prLink
  const createdAt = optString(value.createdAt)
  if (createdAt !== undefined) job.createdAt = createdAt
  const archivedAt = optNullableString(value.archivedAt)
  if (archivedAt !== undefined) job.archivedAt = archivedAt
  return job
}

function toCounts(value: unknown): VisitorCounts | undefined {
  if (!isRecord(value)) return undefined
  const { human, ai, total } = value
  if (typeof human !== 'number' || typeof ai !== 'number' || typeof total !== 'number') return undefined
  return { human, ai, total }
}

function isRow(value: unknown): value is VisitorRow {
  return (
    isRecord(value) &&
    typeof value.path === 'string' &&
    typeof value.human === 'number' &&
    typeof value.ai === 'number' &&
    typeof value.total === 'number'
  )
}

/**
 * A page is all or nothing: a row without a path or counts would make the export quietly wrong. Rows are
 * checked in place, not copied (a million rows pass through here); writers pick the four fields they write.
 */
export function toVisitorsPage(value: unknown): VisitorsPage | undefined {
  if (!isRecord(value) || !Array.isArray(value.visitors) || typeof value.hasMore !== 'boolean') return undefined
  const totals = toCounts(value.totals)
  if (!totals || !value.visitors.every(isRow)) return undefined
  return { totals, visitors: value.visitors, hasMore: value.hasMore }
}
