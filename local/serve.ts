/**
 * `npm run mock-api [-- --port 8787] [--rows 300] [--url-file mock-url.txt]`: the local Mintlify-compatible
 * API of local/mock-api.ts, up until it is stopped (Ctrl-C, SIGTERM). Point an action's `api-url` at it; any
 * key starting with `mint_` is accepted. Agent jobs go active, active, completed (one step per poll) and open a
 * made-up pull request; the visitors endpoint serves `--rows` pages (300 by default: two requests at
 * `limit: 250`) for any date range, the views endpoint the same pages after the content gaps site's. The content gaps action's endpoints (searches, assistant, feedback, and
 * views for the reported pages) serve a small made-up site (local/mock-api.ts `gapsSite`): a few searches
 * with no click, unanswered questions in two categories, reported pages with their traffic; and under
 * `/repos/{owner}/{repo}/` a GitHub stand-in keeps the issue of `issue: update` (point `GITHUB_API_URL` at
 * this URL). Without `--port` it takes a free port.
 *
 * The first line it prints ends with the URL; `--url-file` also writes the URL alone to a file. CI starts it
 * in the background and runs the three actions against it (.github/workflows/ci.yml, job `actions`).
 */
import { writeFileSync } from 'node:fs'
import { gapsSite, sampleRow, startMockApi } from './mock-api.ts'

/** The options, or the one-line reason they are wrong. */
export function parseArgs(args: string[]): { port: number; rows: number; urlFile?: string } | string {
  const options: { port: number; rows: number; urlFile?: string } = { port: 0, rows: 300 }
  for (let i = 0; i < args.length; i++) {
    const name = args[i]
    const value = args[i + 1]
    if (name !== '--port' && name !== '--rows' && name !== '--url-file')
      return `unknown argument ${JSON.stringify(name)}; accepted: --port N, --rows N, --url-file PATH (the content gaps endpoints and GitHub issues serve a fixed small site)`
    if (value === undefined || value.startsWith('--')) return `${name} needs a value`
    i++
    if (name === '--url-file') {
      options.urlFile = value
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

if (import.meta.main) {
  const options = parseArgs(process.argv.slice(2))
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
  // Views: the gaps site's pages (their traffic beside the feedback), then the `--rows` pages of the visitors.
  const site = gapsSite()
  const sitePages = site.views?.count ?? 0
  const views = {
    count: sitePages + options.rows,
    rowAt: (i: number) => (i < sitePages && site.views?.rowAt ? site.views.rowAt(i) : sampleRow(i - sitePages)),
  }
  const api = await startMockApi({ port: options.port, visitors: { count: options.rows }, ...site, views })
  if (options.urlFile) writeFileSync(options.urlFile, `${api.url}\n`)
  console.log(
    `Mock Mintlify API (any key starting with mint_ is accepted; agent jobs, visitors and views, content gaps data, GitHub issues; Ctrl-C stops it) on ${api.url}`,
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void api.close().then(() => process.exit(0))
    })
}
