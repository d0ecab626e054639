/** `npm run mock-api` (local/serve.ts): what CI starts in the background before running both actions with `uses:`. */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { VisitorCounts, VisitorRow } from '../../local/mock-api.ts'
import { ROOT } from '../../local/run-action.ts'
import { parseArgs } from '../../local/serve.ts'
import { runAgent, TOKEN } from '../helpers/e2e.ts'
import { NO_POSIX_SIGNALS, POSIX_SIGNALS, runScript } from '../helpers/scripts.ts'
import { skipped } from '../helpers/skip-reasons.ts'
import { tempDir } from '../helpers/temp.ts'

const SERVE = path.join(ROOT, 'local/serve.ts')
const started: ChildProcess[] = []

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/**
 * Starts the entry; resolves with the URL from its first line and everything printed once the banner is out (its
 * last line names `--help`), or rejects with what it printed when it exits.
 */
function serve(args: string[]): Promise<{ child: ChildProcess; url: string; out: string }> {
  const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 10 s: ${out}`)), 10_000)
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const m = / on (http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*--help lists the options\n/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: m[1], out })
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

/** Every page of a metric, as the export reads it (`limit: 250` from offset 0), and the totals of the first answer. */
async function readAll(url: string, metric: 'visitors' | 'views') {
  const rows: VisitorRow[] = []
  let totals: VisitorCounts | undefined
  for (let offset = 0; ; offset += 250) {
    const page = await get(
      `${url}/v1/analytics/any-project/${metric}?dateFrom=2026-01-01&dateTo=2026-01-08&limit=250&offset=${offset}`,
    )
    const body = (await page.json()) as { totals: VisitorCounts; hasMore: boolean } & Record<string, VisitorRow[]>
    totals ??= body.totals
    rows.push(...(body[metric] ?? []))
    if (!body.hasMore) break
  }
  return { rows, totals: totals ?? { human: 0, ai: 0, total: 0 } }
}

/**
 * What a reader of the summary takes for granted: no page has more than the site, and the counts add up. Unique
 * visitors are deduplicated (a total between the larger of human and AI and their sum); views are events
 * (human + AI = total, for the site and for each page).
 */
function expectCoherent({ rows, totals }: { rows: VisitorRow[]; totals: VisitorCounts }, metric: string) {
  for (const row of rows)
    for (const key of ['human', 'ai', 'total'] as const)
      expect(totals[key], `${metric} ${key}: site ${totals[key]}, ${row.path} ${row[key]}`).toBeGreaterThanOrEqual(
        row[key],
      )
  if (metric === 'views') {
    expect(totals.total).toBe(totals.human + totals.ai)
    for (const row of rows) expect(row.total, row.path).toBe(row.human + row.ai)
  } else {
    expect(totals.total).toBeGreaterThanOrEqual(Math.max(totals.human, totals.ai))
    expect(totals.total).toBeLessThanOrEqual(totals.human + totals.ai)
  }
}

describe('npm run mock-api', () => {
  it.skipIf(!POSIX_SIGNALS)(
    `starts on a free port, answers like the Mintlify API, and stops cleanly on SIGTERM${skipped(NO_POSIX_SIGNALS)}`,
    async () => {
      const urlFile = path.join(tempDir('serve-'), 'url.txt')
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

      // A preview: queued at first, on the server's own clock (a build takes seconds of real time).
      const triggered = await fetch(`${url}/v1/project/preview/ci`, {
        method: 'POST',
        headers: { authorization: 'Bearer mint_x', 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'docs/webhooks' }),
      })
      expect(triggered.status).toBe(202)
      const { statusId, previewUrl } = (await triggered.json()) as { statusId: string; previewUrl: string }
      expect(previewUrl).toBe('https://acme-docs-webhooks.mintlify.app')
      const deployment = await get(`${url}/v1/project/update-status/${statusId}`)
      expect(((await deployment.json()) as { status: string }).status).toBe('queued')

      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      await expect(get(`${url}/v2/agent/ci/job/job_1`)).rejects.toThrow()
    },
  )

  it('takes commenter roles: a /docs comment by a writer starts a job and is answered, a reader is refused', async () => {
    const { url, out } = await serve(['--role', 'octocat=write', '--role', 'someone=read'])
    expect(out).toContain(`Mintlify: any \`mint_\` key, any project id; set the action's api-url to ${url}`)
    expect(out).toContain(`GitHub stand-in: set GITHUB_API_URL to ${url} (any token)`)
    expect(out).toContain('Commenters: @octocat (write), @someone (read); a /docs comment by write, maintain or admin')

    const comment = (id: number, login: string) => ({
      name: 'issue_comment',
      payload: {
        action: 'created',
        comment: { id, body: '/docs document the --dry-run flag', user: { login, type: 'User' } },
        issue: { number: 7, title: 'Add a --dry-run flag', html_url: 'https://github.com/acme/app/issues/7' },
      },
    })
    const writer = await runAgent({ url }, {}, { event: comment(1, 'octocat') })
    expect(writer.code).toBe(0)
    expect(writer.stdout).toContain('@octocat has write permission.')
    expect(writer.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    const reader = await runAgent({ url }, {}, { event: comment(2, 'someone') })
    expect(reader.outputs).toEqual({ status: 'skipped' })
    expect(reader.stdout).toContain('::notice::@someone has read permission on the repository;')

    const thread = await fetch(`${url}/repos/acme/app/issues/7/comments`, {
      headers: { authorization: `token ${TOKEN}` },
    })
    const replies = (await thread.json()) as Array<{ body: string; user: { login: string } }>
    expect(replies).toHaveLength(1)
    expect(replies[0]?.user.login).toBe('github-actions[bot]')
    expect(replies[0]?.body).toContain('https://github.com/acme/docs/pull/101')
  })

  it('without roles, says that every /docs comment is refused and how to give one', async () => {
    const { out } = await serve([])
    expect(out).toContain(
      'Commenters: none has a role, so every /docs comment is refused; give one with --role LOGIN=ROLE (e.g. --role octocat=write).',
    )
  })

  it('--help says how to use it: the roles, any `mint_` key, any project id, previews and the Git data; exit code 0', () => {
    const run = runScript('local/serve.ts', ['--help'])
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(
      '--role LOGIN=ROLE  gives a commenter a role on the repository: admin, maintain, write',
    )
    expect(run.stdout).toContain(
      "Mintlify: any `mint_` key, any project id; set the action's api-url to the URL it prints.",
    )
    expect(run.stdout).toContain('Example: npm run mock-api -- --port 8787 --role octocat=write --role someone=read')
    expect(run.stdout).toContain('GET /v1/project/update-status/{statusId}; a build is queued 1 s, then builds 3 s')
    expect(run.stdout).toContain('serves pull requests, their changed files and the Git data API')
  })

  it.each([
    [[], 300],
    [['--rows', '1'], 1],
    [['--rows', '0'], 0],
  ])(
    '%j: the site totals it serves are at least its busiest page, and add up where the metric says so',
    async (args, rows) => {
      const { url } = await serve(args)
      const visitors = await readAll(url, 'visitors')
      expect(visitors.rows).toHaveLength(rows)
      expectCoherent(visitors, 'visitors')
      const views = await readAll(url, 'views')
      expect(views.rows).toHaveLength(rows + 4) // the content gaps site's four reported pages first
      expectCoherent(views, 'views')
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
    expect(parseArgs([])).toEqual({ port: 0, rows: 300, roles: {} })
    expect(
      parseArgs([
        '--port',
        '8787',
        '--rows',
        '5',
        '--url-file',
        'u.txt',
        '--role',
        'octocat=write',
        '--role',
        'a=read',
      ]),
    ).toEqual({ port: 8787, rows: 5, urlFile: 'u.txt', roles: { octocat: 'write', a: 'read' } })
  })

  it('name what is wrong', () => {
    expect(parseArgs(['--rows', '-1'])).toBe('--rows must be a whole number, not "-1"')
    expect(parseArgs(['--port', '70000'])).toMatch(/^--port must be a whole number from 0 to 65535/)
    expect(parseArgs(['--port'])).toBe('--port needs a value')
    expect(parseArgs(['--verbose'])).toBe(
      'unknown argument "--verbose"; accepted: --port N, --rows N, --role LOGIN=ROLE, --url-file PATH, --help',
    )
    expect(parseArgs(['--role', 'octocat'])).toBe(
      '--role must be LOGIN=ROLE with ROLE one of admin, maintain, write, triage, read (e.g. --role octocat=write), not "octocat"',
    )
    expect(parseArgs(['--role', 'octocat=owner'])).toMatch(/^--role must be LOGIN=ROLE/)
  })
})
