/**
 * A throwaway HTTP server on loopback for one test, answering with the handler given (which also gets the
 * request's body, read in full, as UTF-8), counting the requests it saw; `closeServers()` (in an afterEach)
 * ends them all, open connections included.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface LocalServer {
  url: string
  /** `METHOD /path` of every request, in order. */
  hits: string[]
  close(): Promise<void>
}

const open: LocalServer[] = []

export async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, url: string, body: string) => void,
): Promise<LocalServer> {
  const hits: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handler(req, res, req.url ?? '', Buffer.concat(chunks).toString('utf8')))
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const local: LocalServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  open.push(local)
  return local
}

/** Closes every server `serve` opened. */
export async function closeServers(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()))
}

/** A JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** An HTTP proxy on loopback that notes each CONNECT's target and refuses the tunnel: seeing the CONNECT is the point. */
export async function refusingProxy(): Promise<{ url: string; connects: string[]; close(): void }> {
  const connects: string[] = []
  const proxy = createServer()
  proxy.on('connect', (req, socket) => {
    connects.push(req.url ?? '')
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, connects, close: () => proxy.close() }
}

/**
 * The URL of a loopback port that nothing listens on (one just closed): a connection to it is refused, so a request
 * to it never leaves. A host under `.invalid` (RFC 6761) never resolves: see `UNRESOLVABLE_URL`.
 */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** An `api-url` whose host name no DNS resolves (`.invalid` is reserved for that, RFC 6761). */
export const UNRESOLVABLE_URL = 'https://api.mintlify.invalid'
