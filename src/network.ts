/**
 * A connection that failed, in the words a person reads: "connection refused", "host not found", never the errno
 * code (`ECONNREFUSED`, `ENOTFOUND`). Both HTTP doors use it: the Mintlify client (node:http) and GitHub's (fetch,
 * which keeps the socket's error as its `cause`).
 */
import { clip, oneLine } from './text.js'

export interface ConnectionFailure {
  /** `connection refused`; for a failure without words of its own, `connection failed (<what Node said>)`. */
  words: string
  /**
   * The connection never opened, so not a byte of the request was sent: refused, or a host name that did not
   * resolve (errors only a connect or a name lookup gives). Not a reset, a timeout, a closed socket or an
   * unreachable host: those also come from a connection already open (a kept-alive one is reused), after the
   * request may have gone out.
   */
  unsent: boolean
}

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  // A temporary failure of the name lookup: the host was not found either (for now), and nothing was sent.
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed while sending',
  ECONNABORTED: 'connection aborted',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
}

const UNSENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

interface SocketError {
  code?: unknown
  message?: unknown
  cause?: unknown
}

/** What `err` (a socket's error, or fetch's `TypeError` whose `cause` is one) says about the connection. */
export function connectionFailure(err: unknown): ConnectionFailure {
  const outer = (typeof err === 'object' && err !== null ? err : {}) as SocketError
  const cause = (typeof outer.cause === 'object' && outer.cause !== null ? outer.cause : {}) as SocketError
  const code = [outer.code, cause.code].find((c): c is string => typeof c === 'string' && Object.hasOwn(WORDS, c))
  if (code) return { words: WORDS[code] as string, unsent: UNSENT.has(code) }
  const said = [cause.message, cause.code, outer.message, outer.code].find(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  )
  return { words: `connection failed (${clip(oneLine(said ?? String(err)), 200)})`, unsent: false }
}
