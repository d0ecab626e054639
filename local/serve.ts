/**
 * `npm run mock-api [-- --port 8787] [--rows 300] [--role octocat=write ...] [--url-file mock-url.txt]`: the local
 * Mintlify-compatible API of local/mock-api.ts, up until it is stopped (Ctrl-C, SIGTERM). Point an action's
 * `api-url` at it; any key starting with `mint_` and any project id are accepted. Agent jobs go active, active,
 * completed (one step per poll) and open a made-up pull request; the visitors endpoint serves `--rows` pages (300
 * by default: two requests at `limit: 250`) for any date range, the views endpoint the content gaps site's pages
 * then the same `--rows` pages; site totals agree with the pages (`siteTotals`). The content gaps action's
 * endpoints (searches, assistant, feedback, and views for the reported pages) serve a small made-up site
 * (local/mock/gaps-site.ts). Under `/repos/{owner}/{repo}/` a GitHub stand-in (point `GITHUB_API_URL` at
 * this URL) keeps the issue of `issue: update` and the replies to `/docs` comments; `--role LOGIN=ROLE` gives a
 * commenter a role on the repository (`admin`, `maintain`, `write`, `triage`, `read`), so the comment path can
 * be tried: write, maintain and admin start a job. The stand-in also serves pull requests, their changed files and
 * the Git data API (local/mock/github-git.ts), empty until something writes them. Previews and deployments (local/mock/deploy.ts) build in about
 * four seconds of real time (queued 1 s, then 3 s building), and a branch whose name contains `fail` fails. Without
 * `--port` it takes a free port.
 *
 * The first line it prints ends with the URL; `--url-file` also writes the URL alone to a file. CI starts it
 * in the background and runs the three actions against it (.github/workflows/ci.yml, job `actions`).
 */
import { writeFileSync } from 'node:fs'
import type { VisitorRow } from '../src/api/types.ts'
import { gapsSite, sampleRow, startMockApi } from './mock-api.ts'

/** The repository roles the GitHub stand-in answers for, as GitHub names them. */
export const ROLES = ['admin', 'maintain', 'write', 'triage', 'read'] as const

export interface ServeOptions {
  port: number
  rows: number
  /** Commenter login → repository role. */
  roles: Record<string, string>
  urlFile?: string
}

export const USAGE = `Usage: npm run mock-api -- [--port N] [--rows N] [--role LOGIN=ROLE]... [--url-file PATH]

  --port N           the port to listen on (default: a free one)
  --rows N           pages the visitors and views endpoints serve (default 300)
  --role LOGIN=ROLE  gives a commenter a role on the repository: ${ROLES.join(', ')}
                     (repeat it for more commenters); a /docs comment by write, maintain or admin starts a job
  --url-file PATH    also writes the URL to this file
  --help             prints this

Mintlify: any \`mint_\` key, any project id; set the action's api-url to the URL it prints.
Previews and deployments: POST /v1/project/preview/{projectId} {"branch"}, POST /v1/project/update/{projectId},
  GET /v1/project/update-status/{statusId}; a build is queued 1 s, then builds 3 s and succeeds; a branch whose
  name contains "fail" fails, with a summary and log lines.
GitHub: set GITHUB_API_URL to the same URL (any token) for /docs comments and the content gaps issue; it also
  serves pull requests, their changed files and the Git data API (refs, commits, trees), empty until written.
Example: npm run mock-api -- --port 8787 --role octocat=write --role someone=read`

/** The options, `'help'`, or the one-line reason they are wrong. */
export function parseArgs(args: string[]): ServeOptions | 'help' | string {
  const options: ServeOptions = { port: 0, rows: 300, roles: {} }
  for (let i = 0; i < args.length; i++) {
    const name = args[i]
    if (name === '--help' || name === '-h') return 'help'
    const value = args[i + 1]
    if (name !== '--port' && name !== '--rows' && name !== '--url-file' && name !== '--role')
      return `unknown argument ${JSON.stringify(name)}; accepted: --port N, --rows N, --role LOGIN=ROLE, --url-file PATH, --help`
    if (value === undefined || value.startsWith('--')) return `${name} needs a value`
    i++
    if (name === '--url-file') {
      options.urlFile = value
      continue
    }
    if (name === '--role') {
      const m = /^([^=\s]+)=(.*)$/.exec(value)
      if (!m?.[1] || !(ROLES as readonly string[]).includes(m[2] ?? ''))
        return `--role must be LOGIN=ROLE with ROLE one of ${ROLES.join(', ')} (e.g. --role octocat=write), not ${JSON.stringify(value)}`
      options.roles[m[1]] = m[2] ?? ''
      continue
    }
    const n = Number(value)
    if (!/^\d+$/.test(value) || (name === '--port' && n > 65_535))
      return `${name} must be a whole number${name === '--port' ? ' from 0 to 65535 (0: a free port)' : ''}, not ${JSON.stringify(value)}`
    if (name === '--port') options.port = n
    else options.rows = n
  }
  return options
}

/** What it prints once listening: the URL first, then how to point the actions at it and who may comment. */
export function banner(url: string, options: Pick<ServeOptions, 'rows' | 'roles'>): string {
  const roles = Object.entries(options.roles)
  const commenters = roles.length
    ? `Commenters: ${roles.map(([login, role]) => `@${login} (${role})`).join(', ')}; a /docs comment by write, maintain or admin starts a job, anyone else's is refused. More: --role LOGIN=ROLE.`
    : 'Commenters: none has a role, so every /docs comment is refused; give one with --role LOGIN=ROLE (e.g. --role octocat=write).'
  return [
    `Mock Mintlify API (Ctrl-C stops it) on ${url}`,
    `  Mintlify: any \`mint_\` key, any project id; set the action's api-url to ${url}`,
    `  Serves agent jobs (active, active, completed, then a made-up pull request), ${options.rows} pages of visitors and views, a small content gaps site`,
    '  Previews and deployments build in 4 s (queued 1 s, building 3 s); a branch whose name contains "fail" fails',
    `  GitHub stand-in: set GITHUB_API_URL to ${url} (any token) for /docs comments and the content gaps issue`,
    `  ${commenters}`,
    '  --help lists the options',
  ].join('\n')
}

/** The `--rows` pages as views: events, so each page's total is its human plus its AI views. */
function sampleViews(i: number): VisitorRow {
  const row = sampleRow(i)
  return { ...row, total: row.human + row.ai }
}

if (import.meta.main) {
  const options = parseArgs(process.argv.slice(2))
  if (options === 'help') {
    console.log(USAGE)
    process.exit(0)
  }
  if (typeof options === 'string') {
    console.error(`mock-api: ${options}`)
    process.exit(2)
  }
  process.on('uncaughtException', (err: NodeJS.ErrnoException) => {
    console.error(
      err.code === 'EADDRINUSE' ? `mock-api: port ${options.port} is in use; pick another --port` : err.stack,
    )
    process.exit(1)
  })
  // Views: the gaps site's pages (their traffic beside the feedback), then the `--rows` pages of the visitors;
  // no `totals`, so the mock works them out from these pages.
  const site = gapsSite()
  const sitePages = site.views?.count ?? 0
  const views = {
    count: sitePages + options.rows,
    rowAt: (i: number) => (i < sitePages && site.views?.rowAt ? site.views.rowAt(i) : sampleViews(i - sitePages)),
  }
  const api = await startMockApi({
    port: options.port,
    visitors: { count: options.rows },
    ...site,
    views,
    github: { roles: options.roles },
  })
  if (options.urlFile) writeFileSync(options.urlFile, `${api.url}\n`)
  console.log(banner(api.url, options))
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void api.close().then(() => process.exit(0))
    })
}
