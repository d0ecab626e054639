/** `npm run mock-api` (local/serve.ts): what CI starts in the background before running both actions with `uses:`. */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'
import { parseArgs } from '../../local/serve.ts'
import { POSIX_SIGNALS } from '../helpers/scripts.ts'

const SERVE = path.join(ROOT, 'local/serve.ts')
const started: ChildProcess[] = []

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Starts the entry; resolves with the URL from its first line, or rejects with what it printed when it exits. */
function serve(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 10 s: ${out}`)), 10_000)
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const m = / on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: m[1] })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited ${code}: ${out}`))
    })
  })
}

const get = (url: string, key = 'mint_ci_loopback_key_not_secret') =>
  fetch(url, { headers: { authorization: `Bearer ${key}` } })

describe('npm run mock-api', () => {
  it.skipIf(!POSIX_SIGNALS)(
    'starts on a free port, answers like the Mintlify API, and stops cleanly on SIGTERM',
    async () => {
      const urlFile = path.join(mkdtempSync(path.join(tmpdir(), 'serve-')), 'url.txt')
      const { child, url } = await serve(['--rows', '300', '--url-file', urlFile])
      expect(readFileSync(urlFile, 'utf8')).toBe(`${url}\n`)

      const page = await get(`${url}/v1/analytics/ci/visitors?dateFrom=2025-01-01&dateTo=2025-01-08&limit=250`)
      expect(page.status).toBe(200)
      const body = (await page.json()) as { visitors: unknown[]; hasMore: boolean }
      expect(body.visitors).toHaveLength(250)
      expect(body.hasMore).toBe(true)

      // The content gaps endpoints serve a small site: zero-click searches, unanswered questions, reported pages.
      const searches = await get(`${url}/v1/analytics/ci/searches?dateFrom=2025-01-01&dateTo=2025-01-08&limit=100`)
      const terms = ((await searches.json()) as { searches: Array<{ searchQuery: string; ctr: number }> }).searches
      expect(terms.filter((t) => t.ctr === 0).length).toBeGreaterThanOrEqual(3)
      const turns = await get(`${url}/v1/analytics/ci/assistant?dateFrom=2025-01-01&dateTo=2025-01-08&limit=1000`)
      const rows = ((await turns.json()) as { conversations: Array<Record<string, unknown>> }).conversations
      const unanswered = rows.filter((t) => t.resolutionStatus === 'unanswered')
      expect(new Set(unanswered.map((t) => t.queryCategory)).size).toBeGreaterThanOrEqual(2)
      const feedback = await get(
        `${url}/v1/analytics/ci/feedback?dateFrom=2025-01-01&dateTo=2025-01-08&status=pending,in_progress&limit=100`,
      )
      const items = ((await feedback.json()) as { feedback: Array<{ path: string }> }).feedback
      const views = await get(`${url}/v1/analytics/ci/views?dateFrom=2025-01-01&dateTo=2025-01-08&limit=250`)
      const viewed = ((await views.json()) as { views: Array<{ path: string }> }).views.map((v) => v.path)
      expect(viewed).toContain(items[0]?.path)
      expect(viewed).toContain('/docs/page-0') // and the `--rows` pages after the site's
      const issue = await fetch(`${url}/repos/acme/app/issues`, {
        method: 'POST',
        headers: { authorization: 'token ghs_x', 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Documentation gaps', body: '<!-- mintlify-gaps -->' }),
      })
      expect(issue.status).toBe(201)

      const created = await fetch(`${url}/v2/agent/ci/job`, {
        method: 'POST',
        headers: { authorization: 'Bearer mint_x', 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'Document it.' }),
      })
      expect(created.status).toBe(201)
      expect(((await created.json()) as { status: string }).status).toBe('active')
      expect((await get(`${url}/v2/agent/ci/job/job_1`, 'not-a-mint-key')).status).toBe(401)

      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      await expect(get(`${url}/v2/agent/ci/job/job_1`)).rejects.toThrow()
    },
  )

  it('refuses a bad argument with a one-line reason and exit code 2', async () => {
    await expect(serve(['--port', 'eighty'])).rejects.toThrow(
      'exited 2: mock-api: --port must be a whole number from 0 to 65535 (0: a free port), not "eighty"',
    )
  })

  it('a port in use is a clear error, not a stack trace', async () => {
    const first = await serve([])
    const port = new URL(first.url).port
    await expect(serve(['--port', port])).rejects.toThrow(`exited 1: mock-api: port ${port} is in use`)
  })
})

describe('its arguments', () => {
  it('default to a free port and 300 rows', () => {
    expect(parseArgs([])).toEqual({ port: 0, rows: 300 })
    expect(parseArgs(['--port', '8787', '--rows', '5', '--url-file', 'u.txt'])).toEqual({
      port: 8787,
      rows: 5,
      urlFile: 'u.txt',
    })
  })

  it('name what is wrong', () => {
    expect(parseArgs(['--rows', '-1'])).toBe('--rows must be a whole number, not "-1"')
    expect(parseArgs(['--port', '70000'])).toMatch(/^--port must be a whole number from 0 to 65535/)
    expect(parseArgs(['--port'])).toBe('--port needs a value')
    expect(parseArgs(['--verbose'])).toBe(
      'unknown argument "--verbose"; accepted: --port N, --rows N, --url-file PATH (the content gaps endpoints and GitHub issues serve a fixed small site)',
    )
  })
})
