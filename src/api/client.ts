import { formatDuration } from '../clock.js'
import { number } from '../format.js'
import type { Log } from '../log.js'
import { connectionFailure } from '../network.js'
import { type Redact, redactAnswer } from '../redact.js'
import { SentBack } from '../sent-back.js'
import { clip, oneLine } from '../text.js'
import { toAssistantPage, toFeedbackPage, toSearchesPage } from './analytics-shapes.js'
import { toDeploymentStatus, toDeploymentTrigger } from './deploy-shapes.js'
import { ApiError, NetworkError, type Operation, WRITES } from './errors.js'
import { errorText, type Shaped, toAgentJob, toVisitorsPage } from './shapes.js'
import { BodyTooLarge, createTransport, type RawAnswer, type Transport } from './transport.js'
import type {
  AgentJob,
  AssistantPage,
  CursorQuery,
  DeploymentStatus,
  DeploymentTrigger,
  FeedbackPage,
  Metric,
  SearchesPage,
  VisitorsPage,
  VisitorsQuery,
} from './types.js'

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  userAgent: string
  /** Each request's own limit, so one hung request cannot eat the whole wait. */
  requestTimeoutMs?: number
  /** The limit for a write (a create, a follow-up, a trigger), which is never repeated and so gets longer (60 s). */
  writeTimeoutMs?: number
  /** Aborts the request in hand (cancellation); the promise rejects with the signal's reason. */
  signal?: AbortSignal
  log?: Log
  now?: () => number
  /** Removes secrets from every answer as it is received, before anything else reads it. */
  redact?: Redact
  /** The largest answer body read, in bytes. */
  maxBodyBytes?: number
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
/** A write (create, follow-up, trigger) is never repeated, so it gets longer before it is given up as unanswered. */
const WRITE_TIMEOUT_MS = 60_000
/**
 * A job answer is under 1 kB and a page of 250 visitor rows about 20 kB; 4 MiB leaves room for very long
 * paths and stops an endless or hostile answer long before it costs memory.
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024

/** What one request may take: its own limit, shortened by the caller (a poll must end by `timeout`). */
export interface RequestLimit {
  timeoutMs?: number
}

/**
 * The one HTTP client of every action, and the door through which API text enters: Bearer auth, a time
 * limit per request (the socket is destroyed when it passes), a size limit per answer, secrets removed
 * from every answer as it is received, every value checked before use, and every failure turned into an
 * `ApiError` or `NetworkError`. It never retries by itself: whether a request may be repeated is the
 * caller's decision (a create must never be sent twice). What a request sends back (a job's id, a page's
 * cursor) goes as the API gave it, not in the redacted form the caller holds (`sentBack`, see sent-back.ts).
 */
export class MintlifyClient {
  private readonly transport: Transport
  private readonly timeoutMs: number
  private readonly writeTimeoutMs: number
  private readonly redact: Redact
  private readonly sentBack = new SentBack()

  constructor(private readonly opts: ClientOptions) {
    this.timeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    this.writeTimeoutMs = opts.writeTimeoutMs ?? WRITE_TIMEOUT_MS
    this.redact = opts.redact ?? ((text) => text)
    this.transport = createTransport(opts.userAgent)
  }

  async createJob(projectId: string, prompt: string): Promise<AgentJob> {
    const answer = await this.send('create', 'POST', `/v2/agent/${this.segment(projectId)}/job`, { prompt })
    return this.parse('create', answer, (v) => toAgentJob(v))
  }

  async getJob(projectId: string, jobId: string, limit: RequestLimit = {}): Promise<AgentJob> {
    const path = `/v2/agent/${this.segment(projectId)}/job/${this.segment(jobId)}`
    const answer = await this.send('get', 'GET', path, undefined, limit)
    return this.parse('get', answer, (v) => toAgentJob(v, jobId))
  }

  async sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    const path = `/v2/agent/${this.segment(projectId)}/job/${this.segment(jobId)}/message`
    const answer = await this.send('message', 'POST', path, { prompt })
    return this.parse('message', answer, (v) => toAgentJob(v, jobId))
  }

  /** One page of `metric` (unique visitors or page views): same query, same paging, rows under the metric's name. */
  async getAnalytics(metric: Metric, projectId: string, query: VisitorsQuery): Promise<VisitorsPage> {
    const params = new URLSearchParams()
    if (query.dateFrom) params.set('dateFrom', query.dateFrom)
    if (query.dateTo) params.set('dateTo', query.dateTo)
    params.set('limit', String(query.limit))
    params.set('offset', String(query.offset))
    const answer = await this.send(metric, 'GET', `/v1/analytics/${this.segment(projectId)}/${metric}?${params}`)
    return this.parse(metric, answer, (value) => toVisitorsPage(value, metric))
  }

  /** One page of search terms, busiest first; the next page's cursor, null at the end. */
  async getSearches(projectId: string, query: CursorQuery): Promise<SearchesPage> {
    const answer = await this.send('searches', 'GET', this.analyticsPath(projectId, 'searches', query))
    return this.parse('searches', answer, toSearchesPage)
  }

  /** One page of assistant turns. */
  async getAssistant(projectId: string, query: CursorQuery): Promise<AssistantPage> {
    const answer = await this.send('assistant', 'GET', this.analyticsPath(projectId, 'assistant', query))
    return this.parse('assistant', answer, toAssistantPage)
  }

  /** One page of feedback, `contact` left out as it is read. */
  async getFeedback(projectId: string, query: CursorQuery): Promise<FeedbackPage> {
    const answer = await this.send('feedback', 'GET', this.analyticsPath(projectId, 'feedback', query))
    return this.parse('feedback', answer, toFeedbackPage)
  }

  /** Queues a preview of `branch` (or redeploys the preview it has): the status id and the preview's URL. */
  async triggerPreview(projectId: string, branch: string): Promise<DeploymentTrigger> {
    const answer = await this.send('preview', 'POST', `/v1/project/preview/${this.segment(projectId)}`, { branch })
    return this.parse('preview', answer, toDeploymentTrigger)
  }

  /** Queues a deployment of the site from its configured deployment branch: no body, as the API documents. */
  async triggerDeployment(projectId: string): Promise<DeploymentTrigger> {
    const answer = await this.send('deploy', 'POST', `/v1/project/update/${this.segment(projectId)}`)
    return this.parse('deploy', answer, toDeploymentTrigger)
  }

  /** A deployment's status, by the id its trigger gave (the path holds no project id). */
  async getDeploymentStatus(statusId: string, limit: RequestLimit = {}): Promise<DeploymentStatus> {
    const answer = await this.send(
      'status',
      'GET',
      `/v1/project/update-status/${this.segment(statusId)}`,
      undefined,
      limit,
    )
    return this.parse('status', answer, toDeploymentStatus)
  }

  /**
   * One path segment: the value as the API gave it (`sentBack`), percent-encoded, so that `/`, `?`, `#`, `%` and
   * white space cannot end or split it. `.` and `..`, which no encoding makes safe, never get here (`jobIdProblem`
   * refuses them).
   */
  private segment(value: string): string {
    return encodeURIComponent(this.sentBack.asReceived(value))
  }

  /** `/v1/analytics/{projectId}/{section}?dateFrom&dateTo&status&limit&cursor`: both dates on every page when set. */
  private analyticsPath(projectId: string, section: string, query: CursorQuery): string {
    const params = new URLSearchParams()
    if (query.dateFrom) params.set('dateFrom', query.dateFrom)
    if (query.dateTo) params.set('dateTo', query.dateTo)
    if (query.status) params.set('status', query.status)
    params.set('limit', String(query.limit))
    if (query.cursor !== undefined) params.set('cursor', this.sentBack.asReceived(query.cursor))
    // The status list keeps its commas as the API documents it (`pending,in_progress`); a comma needs no escaping.
    return `/v1/analytics/${this.segment(projectId)}/${section}?${params.toString().replace(/%2C/g, ',')}`
  }

  /** Closes kept-alive connections so the process can exit at once. */
  dispose(): void {
    this.transport.dispose()
  }

  protected async send(
    operation: Operation,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    limit: RequestLimit = {},
  ): Promise<RawAnswer> {
    const url = `${this.opts.baseUrl}${path}`
    const headers = { authorization: `Bearer ${this.opts.apiKey}`, accept: 'application/json' }
    const started = Date.now()
    this.opts.log?.debug(`${method} ${path}`)
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const own = WRITES.has(operation) ? this.writeTimeoutMs : this.timeoutMs
    const timeoutMs = Math.max(1, Math.min(own, limit.timeoutMs ?? own))
    const { signal, done } = this.limitSignal(operation, timeoutMs)
    let raw: RawAnswer
    try {
      raw = await this.transport.send(
        method,
        url,
        payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        payload,
        { signal, maxBytes: this.opts.maxBodyBytes ?? MAX_BODY_BYTES },
      )
    } catch (err) {
      // Cancelled: whatever the signal was aborted with (the runner's `Cancelled`) goes up as it is; the
      // caller that aborts decides what that reason is.
      if (this.opts.signal?.aborted) throw this.opts.signal.reason
      throw toClientError(operation, err)
    } finally {
      done()
    }
    // The door: nothing below, nor any caller, ever sees the answer before its secrets are gone.
    let text: string
    try {
      text = redactAnswer(raw.text, this.redact, this.sentBack)
    } catch (err) {
      throw new ApiError(operation, raw.status, (err as Error).message, undefined, true)
    }
    const answer: RawAnswer = {
      status: raw.status,
      contentType: clip(oneLine(this.redact(raw.contentType)), 100),
      retryAfter: raw.retryAfter,
      text,
    }
    // Reader text (search terms, questions, comments, e-mail addresses in `contact`) stays out of the log.
    const shown = READER_TEXT.has(operation)
      ? `${number(answer.text.length)} characters, reader text not logged`
      : clip(answer.text, 2000)
    this.opts.log?.debug(`HTTP ${answer.status} in ${formatDuration(Date.now() - started)}: ${shown}`)
    return answer
  }

  /**
   * A signal that aborts on cancellation (with the `Cancelled` reason) or when the request's own time is
   * up (with a NetworkError): the transport then destroys the request, whether it hangs or trickles.
   */
  private limitSignal(operation: Operation, timeoutMs: number): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController()
    const cancel = this.opts.signal
    const onCancel = () => controller.abort(cancel?.reason)
    const timer = setTimeout(
      () => controller.abort(new NetworkError(operation, `no answer within ${formatDuration(timeoutMs)}`, 'timeout')),
      timeoutMs,
    )
    if (cancel?.aborted) onCancel()
    else cancel?.addEventListener('abort', onCancel, { once: true })
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(timer)
        cancel?.removeEventListener('abort', onCancel)
      },
    }
  }

  protected parse<T>(operation: Operation, answer: RawAnswer, shape: (value: unknown) => Shaped<T>): T {
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
    const shaped = shape(json)
    if (!shaped.ok) throw new ApiError(operation, answer.status, shaped.problem, undefined, true)
    return shaped.value
  }
}

/** Answers that carry what anonymous readers typed, or left as contact: never written to the log. */
const READER_TEXT: ReadonlySet<Operation> = new Set(['searches', 'assistant', 'feedback'])

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

/** Seconds (decimals accepted) or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined
  const value = header.trim()
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Anything the transport threw, as a typed error. */
function toClientError(operation: Operation, err: unknown): unknown {
  if (err instanceof NetworkError || err instanceof ApiError) return err
  if (err instanceof BodyTooLarge) return new ApiError(operation, err.status, err.message, undefined, true)
  if (!(err instanceof Error)) return err
  const { words, unsent } = connectionFailure(err)
  return new NetworkError(operation, words, unsent ? 'unsent' : /timeout/i.test(err.message) ? 'timeout' : 'dropped')
}
