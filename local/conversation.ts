/**
 * `npm run demo:conversation`: a two-request conversation on issue 12 of acme/app, against the local mock
 * API (Mintlify and its GitHub stand-in). A writer comments `/docs ...`, the bundled action runs as the
 * runner would run it for that `issue_comment` event; then the writer asks for more, and the action runs
 * again. The thread is printed as a reader sees it (hidden markers shown as `[hidden: ...]`), with the
 * Mintlify requests both runs made: a job created, then a follow-up message to that same job. Each run's
 * log is printed as the Actions UI shows it (local/runner-view.ts).
 */
import { counted } from '../src/format.ts'
import { type MockApi, type MockComment, seedComment, startMockApi } from './mock-api.ts'
import { type RunResult, runAction } from './run-action.ts'
import { decodeEntities, runnerView } from './runner-view.ts'

const WRITER = { login: 'writer', type: 'User' }
const ISSUE = { number: 12, title: 'Add a --dry-run flag', html_url: 'https://github.com/acme/app/issues/12' }
const REQUESTS = ['/docs document the new --dry-run flag', '/docs also mention it in the changelog']

/** The writer's comment goes into the thread first, as on GitHub; the event that runs the action names it. */
function ask(api: MockApi, body: string): Promise<RunResult> {
  const comment = seedComment(api.github, ISSUE.number, { body, user: WRITER })
  return runAction({
    inputs: {
      'api-key': 'mint_local_demo_key',
      'project-id': 'demo-project',
      'api-url': api.url,
      'poll-interval': '300ms',
      'github-token': 'ghs_local_demo_token',
      prompt: '',
    },
    event: {
      name: 'issue_comment',
      payload: {
        action: 'created',
        comment: { id: comment.id, body, user: WRITER, html_url: `${ISSUE.html_url}#issuecomment-${comment.id}` },
        issue: ISSUE,
        repository: { full_name: 'acme/app' },
        sender: WRITER,
      },
      githubApiUrl: api.url,
    },
  })
}

/**
 * A comment body the way GitHub shows it, near enough for a terminal: links as `text <url>`, `<code>` as
 * backticks, entities decoded, and each HTML comment (hidden from readers) on one line as `[hidden: ...]`.
 */
export function asRead(body: string): string {
  const text = body
    .replace(/<!--([\s\S]*?)(?:-->|$)/g, (_, inner: string) => `[hidden: ${inner.replace(/\s+/g, ' ').trim()}]`)
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_, url: string, text: string) =>
      text === url ? `<${url}>` : `${text} <${url}>`,
    )
    .replace(/<\/?code>/g, '`')
    .replace(/<br\s*\/?>/g, '\n')
  return decodeEntities(text).replace(/\u200b/g, '')
}

/** How often the action edited each of its comments (PATCH requests seen by the stand-in). */
function edits(api: MockApi, comment: MockComment): number {
  return api.requests.filter((q) => q.method === 'PATCH' && q.path.endsWith(`/comments/${comment.id}`)).length
}

/** Mintlify requests in order, repeated polls folded into one line. */
function mintlifyRequests(requests: MockApi['requests']): string[] {
  const lines: Array<{ text: string; times: number }> = []
  for (const q of requests) {
    if (!q.path.startsWith('/v')) continue
    const text = `${q.method} ${q.path}`
    const last = lines.at(-1)
    if (last?.text === text) last.times++
    else lines.push({ text, times: 1 })
  }
  return lines.map((l) => (l.times > 1 ? `${l.text}   (x${l.times})` : l.text))
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim()
const indent = (text: string, by = '    ') => text.replace(/^(?=.)/gm, by)

/** A GitHub stand-in where @writer may start runs. */
export const CONVERSATION_GITHUB = { github: { roles: { writer: 'write' } } } as const

/**
 * The writer's requests, one run each, in turn (`before` and `after` each run, to show it); the runs and the
 * issue's thread, oldest comment first. Also what `npm run screenshots` pictures.
 */
export async function playConversation(
  api: MockApi,
  show: { before?(i: number, request: string): void; after?(r: RunResult): void } = {},
): Promise<{ runs: RunResult[]; thread: MockComment[] }> {
  const runs: RunResult[] = []
  for (const [i, request] of REQUESTS.entries()) {
    show.before?.(i, request)
    const r = await ask(api, request)
    show.after?.(r)
    runs.push(r)
  }
  const thread = [...(api.github.comments?.[ISSUE.number] ?? [])].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  )
  return { runs, thread }
}

/** Runs the two requests, prints the thread and the Mintlify requests; exit code 1 when a run failed. */
export async function main(): Promise<number> {
  const api = await startMockApi(CONVERSATION_GITHUB)
  try {
    console.log(`Local Mintlify API and GitHub stand-in on ${api.url}.`)
    console.log(`Issue #${ISSUE.number} of acme/app, "${ISSUE.title}"; @writer has write permission.\n`)
    const firstRequest: number[] = [] // where each run's requests start in api.requests
    const { runs, thread } = await playConversation(api, {
      before(i, request) {
        console.log(`--- run ${i + 1}: @writer comments "${request}" ---`)
        firstRequest.push(api.requests.length)
      },
      after(r) {
        const view = runnerView(r)
        console.log(indent(view.log, '  '))
        const o = view.outputs
        console.log(
          `  exit ${r.code}; status=${o.status ?? ''} job-id=${o['job-id'] ?? ''} follow-up=${o['follow-up'] ?? ''} comment-url=${o['comment-url'] ?? ''}\n`,
        )
      },
    })
    const failed = runs.some((r) => r.code !== 0)

    console.log(`--- the thread of issue #${ISSUE.number}, as a reader sees it ---\n`)
    // The action's comments here, in order, match its POSTs here, in order: the first text of each.
    const firstTexts = api.requests
      .filter((q) => q.method === 'POST' && q.path.endsWith(`/issues/${ISSUE.number}/comments`))
      .map((q) => String((JSON.parse(q.body) as { body?: unknown }).body ?? ''))
    let posted = 0
    for (const c of thread) {
      const n = edits(api, c)
      const first = c.user.type === 'Bot' ? firstTexts[posted++] : undefined
      console.log(`@${c.user.login}:${n ? ` (edited ${counted(n, 'time', 'times')})` : ''}`)
      if (n && first !== undefined) console.log(`${indent(`[first posted as: ${oneLine(asRead(first))}]`)}`)
      console.log(`${indent(asRead(c.body))}\n`)
    }
    const elsewhere = Object.keys(api.github.comments ?? {}).filter((n) => Number(n) !== ISSUE.number)
    for (const n of elsewhere)
      console.log(`(and ${counted(api.github.comments?.[Number(n)]?.length ?? 0, 'comment', 'comments')} on #${n})`)

    console.log('--- Mintlify requests ---')
    for (const [i, from] of firstRequest.entries()) {
      console.log(`  run ${i + 1}:`)
      for (const line of mintlifyRequests(api.requests.slice(from, firstRequest[i + 1]))) console.log(`    ${line}`)
    }
    const creates = api.requests.filter((q) => q.method === 'POST' && /\/job$/.test(q.path)).length
    const messages = api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/message')).length
    console.log(
      `\n${counted(creates, 'job', 'jobs')} created, ${counted(messages, 'follow-up message', 'follow-up messages')} sent.` +
        (creates === 1 && messages === 1
          ? ' The second request went to the first job.'
          : ' (A conversation shows one job and one follow-up once the action continues conversations.)'),
    )
    if (failed) console.log('\nA run failed: see its log lines above.')
    return failed ? 1 : 0
  } finally {
    await api.close()
  }
}

if (import.meta.main) process.exitCode = await main()
