/**
 * A PNG of an HTML page's `#shot` element, taken by the distribution's Chromium (`apt-get install chromium`)
 * driven headless over the DevTools protocol, with Node's own WebSocket: no browser download, no driver package.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome']

/** The browser's DevTools address, printed on its stderr once it listens. */
function devtoolsUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => fail(new Error('Chromium did not start within 20 s')), 20_000)
    const fail = (err: Error) => {
      clearTimeout(timer)
      reject(err)
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const url = /DevTools listening on (ws:\/\/\S+)/.exec(text)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve(url)
      }
    })
    child.on('error', fail)
    child.on('exit', (code) => fail(new Error(`Chromium exited (${code}) before listening:\n${text}`)))
  })
}

/** A page that never loads or a chart that never finishes drawing ends the run instead of hanging it. */
const STEP_LIMIT_MS = 30_000

function bounded<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from Chromium within 30 s`)), STEP_LIMIT_MS)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** One DevTools session: `send` a method, get its result; `once` waits for an event. */
class Session {
  #next = 1
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  #waiters = new Map<string, () => void>()
  readonly #socket: WebSocket
  constructor(socket: WebSocket) {
    this.#socket = socket
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number
        method?: string
        result?: unknown
        error?: { message: string }
      }
      if (message.id !== undefined) {
        const waiting = this.#pending.get(message.id)
        this.#pending.delete(message.id)
        if (message.error) waiting?.reject(new Error(message.error.message))
        else waiting?.resolve(message.result)
      } else if (message.method) this.#waiters.get(message.method)?.()
    })
  }
  send<T>(method: string, params: object = {}): Promise<T> {
    const id = this.#next++
    this.#socket.send(JSON.stringify({ id, method, params }))
    return bounded(
      method,
      new Promise<T>((resolve, reject) => this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject })),
    )
  }
  once(method: string): Promise<void> {
    return bounded(method, new Promise((resolve) => this.#waiters.set(method, resolve)))
  }
}

async function pageSocket(browserUrl: string): Promise<WebSocket> {
  const { port } = new URL(browserUrl)
  const targets = (await (
    await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(STEP_LIMIT_MS) })
  ).json()) as Array<{
    type: string
    webSocketDebuggerUrl: string
  }>
  const target = targets.find((t) => t.type === 'page')
  if (!target) throw new Error('Chromium opened no page')
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  return socket
}

/** Starts the browser; `shoot(file)` then returns a PNG of `#shot` in that page; `close()` ends it. */
export async function openBrowser(): Promise<{ shoot(htmlFile: string): Promise<Buffer>; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'shots-'))
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--force-color-profile=srgb']
  let child: ChildProcess | undefined
  let lastError: unknown
  for (const command of CANDIDATES) {
    child = spawn(command, [...args, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its temp files too (the org.chromium.Chromium.* folder of its singleton socket, which a killed browser
      // leaves behind) go in the profile, removed with it.
      env: { ...process.env, TMPDIR: profile },
    })
    try {
      const socket = await pageSocket(await devtoolsUrl(child))
      const session = new Session(socket)
      await session.send('Page.enable')
      return {
        async shoot(htmlFile) {
          const loaded = session.once('Page.loadEventFired')
          await session.send('Page.navigate', { url: `file://${path.resolve(htmlFile)}` })
          await loaded
          const rendered = await session.send<{ exceptionDetails?: { exception?: { description?: string } } }>(
            'Runtime.evaluate',
            { expression: 'window.rendered', awaitPromise: true },
          )
          // A chart Mermaid could not draw is an error, not a picture.
          if (rendered.exceptionDetails)
            throw new Error(`${htmlFile} did not render: ${rendered.exceptionDetails.exception?.description}`)
          const box = await session.send<{
            result: { value: { x: number; y: number; width: number; height: number } }
          }>('Runtime.evaluate', {
            expression: 'JSON.parse(JSON.stringify(document.querySelector("#shot").getBoundingClientRect()))',
            returnByValue: true,
          })
          const { x, y, width, height } = box.result.value
          await session.send('Emulation.setDeviceMetricsOverride', {
            width: Math.ceil(x + width + 16),
            height: Math.ceil(y + height + 16),
            deviceScaleFactor: 2,
            mobile: false,
          })
          const shot = await session.send<{ data: string }>('Page.captureScreenshot', {
            format: 'png',
            clip: { x: x - 8, y: y - 8, width: width + 16, height: height + 16, scale: 1 },
          })
          return Buffer.from(shot.data, 'base64')
        },
        async close() {
          socket.close()
          const exited = new Promise((resolve) => child?.once('exit', resolve))
          child?.kill()
          await exited // the browser writes to its profile until it has exited
          rmSync(profile, { recursive: true, force: true, maxRetries: 3 })
        },
      }
    } catch (err) {
      lastError = err
      child.kill()
    }
  }
  rmSync(profile, { recursive: true, force: true })
  throw new Error(
    `No headless Chromium could be started (${(lastError as Error)?.message}). Install the distribution's: sudo apt-get install chromium`,
  )
}
