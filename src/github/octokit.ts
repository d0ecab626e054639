/**
 * The GitHub client both the agent action (comments) and the content gaps action (its issue) use: Octokit from
 * @actions/github, loaded only when a run needs it, whose every request goes through `boundedFetch`.
 */
import type { Log, Redact } from '../log.js'
import { boundedFetch, type Fetch, GITHUB_MAX_BYTES, GITHUB_TIMEOUT_MS, GitHubHttpError } from './http.js'
import { obj, str } from './json.js'

export class GitHubError extends Error {
  constructor(
    /** The HTTP status, or 0 when there was no usable answer (see `problem`). */
    readonly status: number,
    message: string,
    readonly problem?: GitHubHttpError['problem'],
  ) {
    super(message)
    this.name = 'GitHubError'
  }
}

/** Whatever a GitHub call threw, as a `GitHubError` whose message starts with `what` ("Commenting failed: ..."). */
export function toGitHubError(what: string, err: unknown): GitHubError {
  if (err instanceof GitHubError) return err
  // Octokit wraps what our fetch throws in a RequestError (status 500) and keeps it as the cause.
  const cause = (err as { cause?: unknown }).cause
  const http = err instanceof GitHubHttpError ? err : cause instanceof GitHubHttpError ? cause : undefined
  if (http) return new GitHubError(0, `${what} failed: ${http.message}`, http.problem)
  const e = err as { status?: number; message?: string }
  return new GitHubError(
    e.status ?? 0,
    `${what} failed: ${e.status ? `HTTP ${e.status} ` : ''}(${e.message ?? String(err)})`,
  )
}

export interface ConnectOptions {
  /** Removes the key and the token from every answer as it is received. */
  redact: Redact
  /** Each request's limit, from the first byte sent to the last received (default 10 s). */
  timeoutMs?: number
  /** Largest answer body (default 1 MiB). */
  maxBytes?: number
  /** Octokit's own messages (deprecation notices) go here, at debug level. */
  log?: Log
  /** Instead of GITHUB_API_URL (tests). */
  baseUrl?: string
}

/** Runs one GitHub call, turning whatever it throws into a `GitHubError` named by `what`. */
export type GitHubCall = <T>(what: string, work: () => Promise<T>) => Promise<T>

/**
 * Loads @actions/github only now: runs that never touch GitHub don't pay for it at start. Octokit takes
 * GITHUB_API_URL (GitHub Enterprise Server) and the runner's proxy settings through @actions/github; its
 * proxy-aware fetch is kept and wrapped by `boundedFetch`, the only way our requests reach GitHub.
 */
export async function openOctokit(token: string, options: ConnectOptions) {
  const { GitHub, defaults, getOctokitOptions } = await import('@actions/github/lib/utils')
  const fetch = boundedFetch((defaults.request?.fetch ?? globalThis.fetch) as Fetch, {
    redact: options.redact,
    timeoutMs: options.timeoutMs ?? GITHUB_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? GITHUB_MAX_BYTES,
  })
  const debug = (m: string) => options.log?.debug(m)
  const log = { debug, info: debug, warn: debug, error: debug }
  const octokit = new GitHub(
    getOctokitOptions(token, {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      // The request's own log too: a `deprecation` header's notice goes there, else to the console.
      request: { ...defaults.request, fetch, log },
      log,
    }),
  )
  const call: GitHubCall = async (what, work) => {
    try {
      return await work()
    } catch (err) {
      throw toGitHubError(what, err)
    }
  }
  /**
   * The login of the account the token writes as (`github-actions[bot]` for the workflow's token, `<slug>[bot]`
   * for a GitHub App's, the user's own for a personal token). GraphQL's `viewer` answers for every kind of token in
   * one request; `GET /user` refuses installation tokens (403), which GITHUB_TOKEN and an App's token are. Asked
   * once per client: its answer, or its failure, is kept.
   */
  let viewer: Promise<string> | undefined
  const viewerLogin = () =>
    (viewer ??= call('Finding the account the token writes as', async () => {
      const data = await octokit.graphql<unknown>('query { viewer { login } }')
      const login = str(obj(obj(data).viewer).login)
      if (!login) throw new GitHubError(0, 'Finding the account the token writes as failed: the answer holds no login')
      return login
    }))
  return { octokit, call, viewerLogin }
}
