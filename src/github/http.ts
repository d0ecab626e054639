/**
 * The one door for GitHub HTTP: every Octokit request goes through `boundedFetch`, which wraps the runner's
 * (proxy-aware) fetch with a time limit, a size limit, same-origin redirects only, the REST API version it was
 * written against, and redaction of the answer before anyone parses it; what a request sends back from an answer
 * (in its path or query) goes as GitHub gave it (see sent-back.ts).
 */
import { formatDuration } from '../clock.js'
import { bytes, number } from '../format.js'
import { connectionFailure } from '../network.js'
import { type Redact, redactAnswer } from '../redact.js'
import { SentBack } from '../sent-back.js'

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface BoundedFetchOptions {
  /** Removes the key and the token from text as it is received. */
  redact: Redact
  /** For the whole request: connection, redirects and the last byte of the answer. */
  timeoutMs: number
  /** Largest answer body read, in bytes. */
  maxBytes: number
  /** Same-origin redirects followed (GitHub uses them for renamed repositories). */
  maxRedirects?: number
}

/**
 * The REST API version every request asks for (`X-GitHub-Api-Version`), the one the action's calls were written and
 * checked against: without it GitHub answers with its default version, which may change under the action.
 */
export const GITHUB_API_VERSION = '2022-11-28'
export const GITHUB_TIMEOUT_MS = 10_000

/**
 * Each GitHub request's time limit. Test-only knob: MINTLIFY_ACTION_GITHUB_TIMEOUT_MS lets the end-to-end
 * tests show a hung GitHub call ending without waiting the full limit; it can only shorten the limit
 * (a positive whole number of milliseconds below the default), never lift it. Read here and nowhere else.
 */
export function githubTimeoutMs(env: NodeJS.ProcessEnv): number {
  const knob = Number(env.MINTLIFY_ACTION_GITHUB_TIMEOUT_MS)
  return Number.isInteger(knob) && knob > 0 && knob < GITHUB_TIMEOUT_MS ? knob : GITHUB_TIMEOUT_MS
}
export const GITHUB_MAX_BYTES = 1024 * 1024
const MAX_REDIRECTS = 3

export type GitHubHttpProblem = 'timeout' | 'redirect' | 'too-large' | 'unreadable' | 'network'

/** Why a GitHub request got no usable answer; the message is redacted and fit for the log. */
export class GitHubHttpError extends Error {
  constructor(
    readonly problem: GitHubHttpProblem,
    message: string,
  ) {
    super(message)
    this.name = 'GitHubHttpError'
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Hop-by-hop or no longer true once the body has been read, decoded and redacted. */
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection'])

/** `base`, bounded: see the module comment. Errors are `GitHubHttpError`s, never stack traces. */
export function boundedFetch(base: Fetch, options: BoundedFetchOptions): Fetch {
  const { redact, timeoutMs, maxBytes } = options
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS
  const fail = (problem: GitHubHttpProblem, message: string) => new GitHubHttpError(problem, redact(message))
  const sentBack = new SentBack()

  return async (input, init = {}) => {
    const deadline = new AbortController()
    const timer = setTimeout(
      () => deadline.abort(fail('timeout', `no answer within ${formatDuration(timeoutMs)}`)),
      timeoutMs,
    )
    const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    // Whatever the underlying fetch is doing, the deadline ends the wait.
    const expired = new Promise<never>((_, reject) => {
      deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true })
    })
    expired.catch(() => {}) // only raced below; never an unhandled rejection
    const bounded = <T>(work: Promise<T>) => Promise.race([work, expired])

    try {
      let url = asReceived(new URL(input instanceof Request ? input.url : input), sentBack)
      let method = init.method ?? 'GET'
      let body = init.body
      const headers = new Headers(init.headers)
      if (!headers.has('x-github-api-version')) headers.set('x-github-api-version', GITHUB_API_VERSION)
      for (let hops = 0; ; hops++) {
        const res = await bounded(base(url, { ...init, headers, method, body, signal, redirect: 'manual' })).catch(
          (err: unknown) => {
            throw asHttpError(err, deadline.signal, fail)
          },
        )
        if (!(res.status >= 300 && res.status < 400 && res.status !== 304)) {
          const text = await bounded(readText(res, maxBytes, fail))
          return rebuild(res, text, redact, sentBack)
        }
        await res.body?.cancel().catch(() => {})
        const location = res.headers.get('location')
        const next = location && REDIRECTS.has(res.status) ? new URL(location, url) : undefined
        if (!next) throw fail('redirect', unfollowed(res.status))
        if (next.origin !== url.origin)
          throw fail('redirect', `a redirect to another host (${next.origin}), which was not followed`)
        if (hops >= maxRedirects) throw fail('redirect', `more than ${number(maxRedirects)} redirects`)
        // As browsers do: 303, and 301/302 after a POST, go on as a GET without a body.
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET'
          body = undefined
        }
        url = next
      }
    } catch (err) {
      throw asHttpError(err, deadline.signal, fail)
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * Why a redirect without a place to go was not followed. GitHub answers 301 for a repository that was renamed or
 * transferred (with the new place in `Location`, which is followed); one without it can only be said as such.
 */
function unfollowed(status: number): string {
  return status === 301
    ? 'the repository moved (HTTP 301: it was renamed or transferred), and the answer does not say where to'
    : `an unexpected redirect answer (HTTP ${status})`
}

/**
 * `url` with each path segment and query value that an answer gave in redacted form put back as GitHub gave it
 * (the login of the token's account, sent as `creator`); every other part is left exactly as it was written.
 */
function asReceived(url: URL, sentBack: SentBack): URL {
  if (sentBack.empty) return url
  const restore = (part: string, decode: (text: string) => string) => {
    let value: string
    try {
      value = decode(part)
    } catch {
      return part // a malformed escape: no value of an answer
    }
    const received = sentBack.asReceived(value)
    return received === value ? part : encodeURIComponent(received)
  }
  const out = new URL(url)
  out.pathname = url.pathname
    .split('/')
    .map((segment) => restore(segment, decodeURIComponent))
    .join('/')
  if (url.search.length > 1)
    out.search = url.search
      .slice(1)
      .split('&')
      .map((pair) => {
        const at = pair.indexOf('=')
        if (at < 0) return pair
        const value = restore(pair.slice(at + 1), (text) => decodeURIComponent(text.replace(/\+/g, ' ')))
        return `${pair.slice(0, at)}=${value}`
      })
      .join('&')
  return out
}

function asHttpError(
  err: unknown,
  deadline: AbortSignal,
  fail: (problem: GitHubHttpProblem, message: string) => GitHubHttpError,
): GitHubHttpError | Error {
  if (err instanceof GitHubHttpError) return err
  if (deadline.aborted && deadline.reason instanceof GitHubHttpError) return deadline.reason
  // Octokit's own signal (not used by this action today) keeps its AbortError, so callers see it as such.
  if ((err as { name?: string }).name === 'AbortError') return err as Error
  return fail('network', connectionFailure(err).words)
}

/** The body as text, refusing more than `maxBytes` (by its declared length first, then by counting). */
async function readText(
  res: Response,
  maxBytes: number,
  fail: (problem: GitHubHttpProblem, message: string) => GitHubHttpError,
): Promise<string> {
  const tooLarge = () => fail('too-large', `the answer is larger than ${bytes(maxBytes)}, so it was not read`)
  const declared = Number(res.headers.get('content-length'))
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

/** A fresh answer with the redacted body (see `redactAnswer`), for Octokit to parse. */
function rebuild(res: Response, raw: string, redact: Redact, sentBack: SentBack): Response {
  let text: string
  try {
    text = redactAnswer(raw, redact, sentBack)
  } catch (err) {
    throw new GitHubHttpError('unreadable', (err as Error).message)
  }
  const headers = new Headers()
  for (const [name, value] of res.headers) if (!DROPPED_HEADERS.has(name)) headers.append(name, redact(value))
  const empty = res.status === 204 || res.status === 205 || res.status === 304
  const answer = new Response(empty ? null : text, { status: res.status, statusText: res.statusText, headers })
  Object.defineProperty(answer, 'url', { value: res.url })
  return answer
}
