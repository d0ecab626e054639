/**
 * `npm run demo:loop`: examples/weekly-gaps.yml, the loop, played for four Mondays against the local mock API and
 * its GitHub stand-in, on the bundles as the runner runs them. Each week the content gaps action keeps issue #1 of
 * acme/app (`issue: update`, the example's window `-7d` to `today`), then the agent takes the gaps prompt into that
 * issue's conversation (`conversation: <issue-number>`, `preview: true`, `max-requests: 3`, so that week 4 reaches
 * it). Printed each week: the issue as a reader sees it (hidden lines left out), the agent's newest reply there
 * (hidden markers shown as `[hidden: ...]`), and what was sent to the agent.
 *
 * - week 1: a new job, its pull request (acme/docs#101) and a preview;
 * - week 2: readers searched something new and stopped searching something else: the issue says what is new and what
 *   is no longer found, and the prompt goes to the same job as a follow-up;
 * - week 3: a reviewer merged #101 in between (`mergePull`), so the prompt starts a new job;
 * - week 4: the issue has sent its 3 requests: nothing is sent, and the reply says the limit was reached.
 *
 * The weeks: the gaps issue dates its memory by the run's own clock, so each week's two steps run with their
 * process's clock started at that Monday, 06:00 UTC (local/clock-at.ts, a preload given through `NODE_OPTIONS`);
 * nothing in src/ knows of it. The site's searches change between weeks here (`searchesOfWeek`), its questions and
 * reported pages stay. Each run's folder is removed as the demo exits (local/run-action.ts `removeRuns`).
 */
import { counted } from '../src/format.ts'
import { clockAtEnv } from './clock-at.ts'
import { asRead } from './conversation.ts'
import { gapsSite, inWindow, type MockApi, mergePull, type SearchRow, startMockApi } from './mock-api.ts'
import { type RunResult, runAction } from './run-action.ts'

/** The limit of the demo's conversation: three weeks of requests, so week 4 reaches it. The example says 8. */
export const MAX_REQUESTS = 3
const MONDAYS = ['2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02'] as const
const PROJECT = 'demo-project'
/** The branch each new job works on (`source.ref`), which its pull request and its preview are of. */
const BRANCHES = ['mintlify/docs-gaps-jan-12', 'mintlify/docs-gaps-jan-26']

/** One week of the loop, as the demo shows it. */
export interface Week {
  /** 1 to 4. */
  n: number
  monday: string
  gaps: RunResult
  /** Undefined when the gaps found nothing (the example's `if:`). */
  agent?: RunResult
  /** The issue's body as a reader sees it: hidden lines left out. */
  issue: string
  /** The agent's newest reply on the issue, as a reader sees it, hidden markers shown. */
  reply: string
  /** The requests sent to the agent this week (creates and follow-up messages). */
  sent: string[]
}

/**
 * The site's searches of week `n`: gapsSite's, and then week 2 `sso saml` down to one search a week (under the
 * default `min-hits`, 2: no longer found) and a new `retry policy`; from week 3, readers click on the `webhooks`
 * results (documented by the merged pull request: no longer found) and search `audit log` (new).
 */
export function searchesOfWeek(n: number): SearchRow[] {
  const searches = gapsSite().searches
  const rows = Array.from({ length: searches?.count ?? 0 }, (_, i) => searches?.rowAt?.(i) as SearchRow)
  const search = (searchQuery: string, hits: number): SearchRow => ({
    searchQuery,
    hits,
    ctr: 0,
    topClickedPage: null,
    lastSearchedAt: '2026-01-13T10:00:00.000Z',
  })
  if (n < 2) return rows
  const week2 = [...rows.map((r) => (r.searchQuery === 'sso saml' ? { ...r, hits: 1 } : r)), search('retry policy', 12)]
  if (n < 3) return week2
  return [
    ...week2.map((r) => (r.searchQuery === 'webhooks' ? { ...r, ctr: 0.45, topClickedPage: '/webhooks' } : r)),
    search('audit log', 8),
  ]
}

/** Serves `rows` as the mock's searches from now on, each dated inside the window asked for. */
function serveSearches(api: MockApi, rows: SearchRow[]): void {
  api.searches.count = rows.length
  api.searches.rowAt = (i, window) => {
    const row = rows[i] as SearchRow
    return { ...row, lastSearchedAt: inWindow(row.lastSearchedAt, window) }
  }
}

/** What a reader sees of a body: hidden lines (HTML comments) left out, links and code as text. */
function visible(body: string): string {
  return asRead(body.replace(/<!--[\s\S]*?(?:-->|$)/g, ''))
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The example's two steps of one Monday, each with its process's clock at that Monday, 06:00 UTC. */
async function playWeek(api: MockApi, n: number, monday: string): Promise<Week> {
  const env = { ...clockAtEnv(`${monday}T06:00:00Z`), GITHUB_RUN_ID: String(9000 + n) }
  const event = { name: 'schedule', payload: { schedule: '0 6 * * 1' }, githubApiUrl: api.url }
  const common = { 'api-key': 'mint_local_demo_key', 'project-id': PROJECT, 'api-url': api.url }
  const token = { 'github-token': 'ghs_local_demo_token' }
  const gaps = await runAction({
    action: 'gaps',
    inputs: { ...common, ...token, 'date-from': '-7d', 'date-to': 'today', issue: 'update' },
    event,
    env,
  })
  const number = Number(gaps.outputs['issue-number'])
  const issueBody = api.github.issues?.find((i) => i.number === number)?.body ?? ''
  const from = api.requests.length
  let agent: RunResult | undefined
  if (gaps.code === 0 && Number(gaps.outputs.items) > 0)
    agent = await runAction({
      inputs: {
        ...common,
        ...token,
        'prompt-file': gaps.outputs['prompt-file'] ?? '',
        conversation: gaps.outputs['issue-number'] ?? '',
        'max-requests': String(MAX_REQUESTS),
        preview: 'true',
        'poll-interval': '100ms',
      },
      event,
      env,
    })
  const replies = (api.github.comments?.[number] ?? []).filter((c) => c.user.type === 'Bot')
  const sent = api.requests
    .slice(from)
    .filter((q) => q.method === 'POST' && /^\/v2\/agent\/[^/]+\/job(?:\/[^/]+\/message)?$/.test(q.path))
    .map((q) => `${q.method} ${q.path}`)
  return { n, monday, gaps, agent, issue: visible(issueBody), reply: asRead(replies.at(-1)?.body ?? ''), sent }
}

/**
 * The four Mondays in turn, with what happens between them (`between`, after week n, to show it): the agent's pull
 * request appears on GitHub, a reviewer merges it, the site's searches change.
 */
export async function playLoop(
  api: MockApi,
  show: { week?(week: Week): void; between?(text: string): void } = {},
): Promise<Week[]> {
  api.deploy.statuses = ['queued', 'in_progress', 'success']
  const weeks: Week[] = []
  for (const [i, monday] of MONDAYS.entries()) {
    const n = i + 1
    serveSearches(api, searchesOfWeek(n))
    const branch = BRANCHES[n < 3 ? 0 : 1] ?? ''
    api.script.extra = { source: { repository: 'https://github.com/acme/docs', ref: branch } }
    const week = await playWeek(api, n, monday)
    weeks.push(week)
    show.week?.(week)
    if (week.agent?.code !== 0) break
    // The pull request the agent opened, as GitHub has it: open, until a reviewer merges it.
    const pr = Number(/\/pull\/(\d+)$/.exec(week.agent.outputs.prLink ?? '')?.[1])
    if (pr && !api.github.pulls?.[pr]) {
      api.github.pulls = { ...api.github.pulls, [pr]: { head: branch, base: 'main' } }
      show.between?.(`acme/docs#${pr} is open for review.`)
    }
    if (n === 2) {
      mergePull(api.github, 101)
      show.between?.('A reviewer merges acme/docs#101.')
    }
  }
  return weeks
}

const indent = (text: string, by = '    ') => text.replace(/^(?=.)/gm, by)

function printWeek(w: Week): void {
  const o = w.gaps.outputs
  console.log(`\n=== Week ${w.n}: Monday ${w.monday}, 06:00 UTC ===\n`)
  console.log(
    `gaps: exit ${w.gaps.code}; items=${o.items ?? ''} new=${o.new ?? ''} gone=${o.gone ?? ''} issue-number=${o['issue-number'] ?? ''}`,
  )
  if (w.agent) {
    const a = w.agent.outputs
    console.log(
      `agent: exit ${w.agent.code}; status=${a.status ?? ''} job-id=${a['job-id'] ?? ''} follow-up=${a['follow-up'] ?? ''} prLink=${a.prLink ?? ''} preview-status=${a['preview-status'] ?? ''}`,
    )
    for (const line of w.agent.stdout.split('\n'))
      if (/^::(?:warning|error)::/.test(line)) console.log(`  ${line.replace(/^::(\w+)::/, '$1: ')}`)
  } else console.log('agent: not run (nothing found)')
  console.log(`sent to the agent: ${w.sent.length ? w.sent.join(', ') : 'nothing'}`)
  console.log(`\n--- issue #${o['issue-number'] ?? ''}, as a reader sees it ---\n${indent(w.issue)}`)
  console.log(`\n--- the agent's newest reply on it ---\n${indent(w.reply)}`)
}

/** Plays the four weeks and prints them; exit code 1 when a run failed. */
export async function main(): Promise<number> {
  const api = await startMockApi({ ...gapsSite(), github: { roles: {} } })
  try {
    console.log(`Local Mintlify API and GitHub stand-in on ${api.url}: examples/weekly-gaps.yml, four Mondays.`)
    console.log(`The agent step has max-requests: ${MAX_REQUESTS}, so that week 4 reaches it.`)
    const weeks = await playLoop(api, { week: printWeek, between: (text) => console.log(`\n--- ${text} ---`) })
    const creates = api.requests.filter((q) => q.method === 'POST' && /\/job$/.test(q.path)).length
    const messages = api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/message')).length
    console.log(
      `\nIn all: ${counted(api.github.issues?.length ?? 0, 'issue', 'issues')}, ${counted(creates, 'job', 'jobs')} created, ${counted(messages, 'follow-up message', 'follow-up messages')} sent.`,
    )
    const failed = weeks.length < MONDAYS.length || weeks.some((w) => w.gaps.code !== 0 || w.agent?.code !== 0)
    if (failed) console.log('\nA run failed: see its outputs above.')
    return failed ? 1 : 0
  } finally {
    await api.close()
  }
}

if (import.meta.main) process.exitCode = await main()
