/**
 * What every API family of the local mock shares: the request as it was received (recorded for the tests),
 * the canned answers a test scripts (`Fault`), the `send` each family answers with, and the Mintlify key check.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

export interface SeenRequest {
  method: string
  /** The request target as the client sent it: still percent-encoded, no `%2E` segment resolved. */
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** A canned answer for the next `times` requests that match. */
export interface Fault {
  method?: string
  /** Substring of the request path; any path when absent. */
  path?: string
  times?: number
  status?: number
  headers?: Record<string, string>
  /** Raw body, or a function of the request (to echo things back). */
  body?: string | ((req: SeenRequest) => string)
  /** JSON body. */
  json?: unknown
  /**
   * `hang`: never answer; `reset`: drop the connection; `endless`: a body that never ends;
   * `trickle`: one byte of body every 50 ms, forever (both with `status`, 200 by default, and `headers`).
   */
  action?: 'hang' | 'reset' | 'endless' | 'trickle'
}

/** A JSON answer (a string body is sent as it is). */
export type Send = (status: number, body: unknown, headers?: Record<string, string>) => void

/** A family's answer to a request under its paths; `false` when the path is not one of its own. */
export type Route = (seen: SeenRequest, pathname: string, search: string, send: Send) => boolean

/**
 * Answers with the first fault that matches the request, if any (spending one of its `times`); `true` when it did.
 */
export function answerFault(
  faults: Array<Fault & { left: number }>,
  req: IncomingMessage,
  res: ServerResponse,
  seen: SeenRequest,
): boolean {
  const fault = faults.find(
    (f) => f.left > 0 && (!f.method || f.method === seen.method) && (!f.path || seen.path.includes(f.path)),
  )
  if (!fault) return false
  fault.left--
  if (fault.action === 'hang') return true // never answered; the socket is destroyed on close()
  if (fault.action === 'reset') {
    req.socket.destroy()
    return true
  }
  if (fault.action === 'endless' || fault.action === 'trickle') {
    stream(res, fault.action, fault.status ?? 200, fault.headers)
    return true
  }
  const body =
    fault.json !== undefined
      ? JSON.stringify(fault.json)
      : typeof fault.body === 'function'
        ? fault.body(seen)
        : (fault.body ?? '')
  const type = fault.json !== undefined ? 'application/json' : 'text/html'
  res.writeHead(fault.status ?? 500, { 'content-type': type, ...fault.headers })
  res.end(body)
  return true
}

/** A body that never ends: as fast as the client reads it, or a byte at a time. Stops when the client goes. */
function stream(res: ServerResponse, how: 'endless' | 'trickle', status: number, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.write('{"id": "job_1", "model": "')
  const chunk = 'x'.repeat(64 * 1024)
  const timer = setInterval(
    () => {
      if (res.destroyed) return clearInterval(timer)
      if (how === 'trickle') res.write('x')
      else while (res.write(chunk)) if (res.destroyed) break
    },
    how === 'trickle' ? 50 : 1,
  )
  res.on('close', () => clearInterval(timer))
}

/**
 * The Mintlify API's key check, the same for every family: an assistant (`mint_dsc_`) or index (`mint_us_`) key
 * is refused with 403, anything but a `mint_` key with 401. `undefined` when the key is an admin key.
 */
export function keyRefusal(seen: SeenRequest): { status: number; error: string } | undefined {
  const auth = seen.headers.authorization ?? ''
  const key = auth.startsWith('Bearer ') ? auth.slice(7) : ''
  if (key.startsWith('mint_dsc_') || key.startsWith('mint_us_'))
    return { status: 403, error: 'This endpoint requires an admin API key' }
  if (!key.startsWith('mint_')) return { status: 401, error: 'Invalid or missing API key' }
  return undefined
}

/** Whether a project id is served: any when the mock was given no list (`projects`), else those listed. */
export function knownProject(projects: string[] | undefined, id: string): boolean {
  return !projects || projects.includes(id)
}
