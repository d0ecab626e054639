/**
 * Typed failures of the Mintlify API client. They carry what a user needs to act (HTTP status, the
 * API's own `error` text, what to check) and whether waiting and asking again could help.
 */
import { formatDuration } from '../clock.js'

export type Operation =
  | 'create'
  | 'get'
  | 'message'
  | 'visitors'
  | 'views'
  | 'searches'
  | 'assistant'
  | 'feedback'
  | 'preview'
  | 'deploy'
  | 'status'

/** The requests that change something (a job, a message, a deployment): never repeated without a clear refusal. */
export const WRITES: ReadonlySet<Operation> = new Set(['create', 'message', 'preview', 'deploy'])

const DOING: Record<Operation, string> = {
  create: 'Creating the agent job',
  get: 'Reading the agent job',
  message: 'Sending the follow-up message',
  visitors: 'Reading unique visitors',
  views: 'Reading page views',
  searches: 'Reading search terms',
  assistant: 'Reading assistant conversations',
  feedback: 'Reading feedback',
  preview: 'Triggering the preview',
  deploy: 'Triggering the deployment',
  status: 'Reading the deployment status',
}

export class ApiError extends Error {
  constructor(
    readonly operation: Operation,
    /** HTTP status; for an answer that is not the JSON expected, the status it came with. */
    readonly status: number,
    /** The API's `error` text (plus `details[].message`), or a short description of a malformed answer. */
    readonly apiText: string,
    /** From a `Retry-After` header, in milliseconds. */
    readonly retryAfterMs?: number,
    /** True when the answer was not the JSON the API documents (HTML error page, wrong shape). */
    readonly malformed = false,
  ) {
    const failed = `${DOING[operation]} failed: HTTP ${status}${apiText ? ` (${apiText})` : ''}.`
    super(`${failed} ${hint(operation, status, malformed, retryAfterMs)}`)
    this.name = 'ApiError'
    this.failed = failed
  }

  /** What failed, without what to check: the message's first sentence (`Creating the agent job failed: HTTP 401 (...).`). */
  readonly failed: string

  /** Worth asking again later: rate limits and server-side trouble. */
  get transient(): boolean {
    return this.status === 429 || this.status >= 500
  }
}

/**
 * How a request got no answer: `timeout`, its own time limit passed; `unsent`, the connection never opened
 * (refused, or the host not found), so nothing was sent; `dropped`, anything else (a reset, a closed socket), after
 * which the request may have arrived.
 */
export type NoAnswer = 'timeout' | 'unsent' | 'dropped'

/** No answer at all: connection refused or reset, DNS failure, or the request's own time limit. */
export class NetworkError extends Error {
  constructor(
    readonly operation: Operation,
    /** In words (`connection refused`, `no answer within 30s`), never an errno code. */
    readonly reason: string,
    readonly how: NoAnswer = 'dropped',
  ) {
    const failed = `${DOING[operation]} failed: ${reason}.`
    super(`${failed} Check \`api-url\` and the runner's network and proxy settings.`)
    this.name = 'NetworkError'
    this.failed = failed
  }

  /** What failed, without what to check (see `ApiError.failed`). */
  readonly failed: string

  readonly transient = true

  get timedOut(): boolean {
    return this.how === 'timeout'
  }

  /** Nothing was sent: whatever the request was to do, it did not happen. */
  get unsent(): boolean {
    return this.how === 'unsent'
  }
}

export type ClientError = ApiError | NetworkError

const ANALYTICS_LIMIT = 'Analytics allow 100 requests per organization per hour, shared by every analytics call.'

/**
 * What a 429 ran into. The status and the API's own text (`Rate limit exceeded`) already say that a limit was
 * reached: this says which one, and `rateLimited` adds the wait the answer gave.
 */
const RATE_LIMITS: Record<Operation, string> = {
  create: 'Agent jobs allow 100 per project per hour.',
  message: 'New jobs and follow-up messages together allow 100 per project per hour.',
  get: 'The API documents no limit for reading a job; raise `poll-interval`.',
  visitors: ANALYTICS_LIMIT,
  views: ANALYTICS_LIMIT,
  searches: ANALYTICS_LIMIT,
  assistant: ANALYTICS_LIMIT,
  feedback: ANALYTICS_LIMIT,
  preview: 'Rate limit reached: previews allow 5 requests a minute per organization. Re-run in a minute.',
  deploy:
    'Rate limit reached: deployments allow 10 requests per 10 seconds per organization, shared with automation triggers. Re-run in a minute.',
  status:
    'Rate limit reached while reading the deployment status (the API documents no limit for reads). Re-run later, or raise `poll-interval`.',
}

/** What a 403 says the key may lack, by operation: the write scope for every write. */
const SCOPE_NEEDED: Partial<Record<Operation, string>> = {
  create: 'creating a job',
  message: 'sending a message',
  preview: 'triggering a preview',
  deploy: 'triggering a deployment',
}

/** A 403: the key lacks the scope the call needs, or its IP allowlist keeps this runner out. */
function forbidden(operation: Operation): string {
  const needs = SCOPE_NEEDED[operation]
  const scope = needs ? `the \`write\` scope (${needs} needs it)` : 'the `read` scope'
  const key = `\`api-key\`: it may lack ${scope}, or have an IP allowlist that leaves out this runner (GitHub-hosted runners have no fixed address), or belong to another organization.`
  // The provider's own reason for a 403 on a preview comes first: it is the likelier one.
  if (operation === 'preview')
    return `Check the Mintlify plan: previews need a Pro or Enterprise plan. Else check ${key}`
  return `Check ${key}`
}

/** The limit, then when to try again: after the wait the answer asked for (`Retry-After`), or later. */
function rateLimited(operation: Operation, retryAfterMs: number | undefined): string {
  const when =
    retryAfterMs === undefined
      ? 'Re-run later.'
      : `The API asked to wait ${formatDuration(retryAfterMs)}: re-run after that.`
  return `${RATE_LIMITS[operation]} ${when}`
}

function hint(operation: Operation, status: number, malformed: boolean, retryAfterMs?: number): string {
  if (malformed) return 'Check `api-url`: it must point at the Mintlify API (https://api.mintlify.com).'
  if (status === 401)
    return 'Check `api-key`: it is invalid or has expired (new keys expire after 90 days). Create an admin API key (`mint_...`) on the API keys page of the Mintlify dashboard and update the secret.'
  if (status === 403) return forbidden(operation)
  if (status === 404) {
    if (operation === 'status')
      return 'The API did not find the deployment it had just queued; check `api-url`, then re-run.'
    if (operation !== 'get' && operation !== 'message')
      return 'Check `project-id`: copy it from the API keys page of the Mintlify dashboard.'
    return 'Check `job-id` and `project-id`: no such job in this project.'
  }
  if (status === 429) return rateLimited(operation, retryAfterMs)
  if (status === 400) return 'The API refused the request as invalid; check the inputs named in its message.'
  if (status >= 500) return 'The Mintlify API had trouble on its side; re-run later.'
  return 'Check `api-url`, `api-key` and `project-id`.'
}

/**
 * The write that failed but may have gone through anyway (`create`, `message`, `preview`, `deploy`), or undefined.
 * Only a 4xx is a clear refusal, and only a connection that never opened (refused, the host not found) a clear "not
 * sent": a 2xx that could not be read (no id, an empty 204, an odd shape, too large), a 3xx, a 5xx or an answer that
 * never came (a timeout, a connection dropped) may each have come after the API acted. Both actions ask it.
 */
export function mayHaveGoneThrough(error: unknown): Operation | undefined {
  const unclear =
    (error instanceof NetworkError && !error.unsent) ||
    (error instanceof ApiError && !(error.status >= 400 && error.status < 500))
  return unclear && WRITES.has(error.operation) ? error.operation : undefined
}
