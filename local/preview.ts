/**
 * `npm run demo:preview`: pull request #12 of acme/app opens with a new guide, and the bundled preview action runs
 * as the runner would run it for that `pull_request` event, against the local mock API (Mintlify's deploy family and
 * its GitHub stand-in). The mock's build stays `queued` for a second, then builds for two: the pull request's one
 * comment is printed as a reader sees it when it is posted (queued: no link yet) and after its edit (ready: the link
 * and the changed pages), with the requests the run made and its log and outputs as the Actions UI shows them.
 */
import { asRead } from './conversation.ts'
import type { MockPull } from './mock/github.ts'
import { type MockApi, startMockApi } from './mock-api.ts'
import { type RunResult, runAction } from './run-action.ts'
import { stepText } from './runner-view.ts'

const PULL = 12
const HEAD = 'docs/webhooks'

/** The pull request: a new guide, an edited page, the navigation and an image (neither of them a page). */
const PULL_REQUEST: MockPull = {
  head: HEAD,
  base: 'main',
  title: 'Document webhooks',
  files: [
    { filename: 'guides/webhooks.mdx', status: 'added', additions: 120 },
    { filename: 'quickstart.mdx', status: 'modified', additions: 4, deletions: 1 },
    { filename: 'docs.json', status: 'modified', additions: 1 },
    { filename: 'images/webhooks.png', status: 'added' },
  ],
}

/** The mock API for the demo: the pull request in the stand-in, a build of a second queued and two building. */
export function startPreviewMock(): Promise<MockApi> {
  return startMockApi({
    github: { roles: {}, pulls: { [PULL]: PULL_REQUEST } },
    deploy: { queuedMs: 1000, buildMs: 2000 },
  })
}

/** One run for the pull request's `opened` event (also what `npm run screenshots` pictures). */
export function runPreviewDemo(api: MockApi): Promise<RunResult> {
  return runAction({
    action: 'preview',
    inputs: {
      'api-key': 'mint_local_demo_key',
      'project-id': 'demo-project',
      'api-url': api.url,
      // A status read every half second: the end of the three-second build is seen within it.
      'poll-interval': '500ms',
      'github-token': 'ghs_local_demo_token',
    },
    event: {
      name: 'pull_request',
      payload: {
        action: 'opened',
        number: PULL,
        pull_request: {
          number: PULL,
          title: PULL_REQUEST.title,
          html_url: `https://github.com/acme/app/pull/${PULL}`,
          head: { ref: HEAD, repo: { full_name: 'acme/app' } },
          base: { ref: 'main', repo: { full_name: 'acme/app' } },
        },
        repository: { full_name: 'acme/app' },
      },
      githubApiUrl: api.url,
    },
  })
}

/** The comment's text at each step, oldest first: as posted, then after each edit (the requests that wrote it). */
export function commentVersions(api: MockApi): string[] {
  return api.requests
    .filter(
      (q) =>
        (q.method === 'POST' && q.path.endsWith(`/issues/${PULL}/comments`)) ||
        (q.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(q.path)),
    )
    .map((q) => String((JSON.parse(q.body) as { body?: unknown }).body ?? ''))
}

/** Requests in order, repeated status reads folded into one line. */
function requestLines(requests: MockApi['requests']): string[] {
  const lines: Array<{ text: string; times: number }> = []
  for (const q of requests) {
    const text = `${q.method} ${q.path}`
    const last = lines.at(-1)
    if (last?.text === text) last.times++
    else lines.push({ text, times: 1 })
  }
  return lines.map((l) => (l.times > 1 ? `${l.text}   (x${l.times})` : l.text))
}

const indent = (text: string) => text.replace(/^(?=.)/gm, '    ')

export async function main(): Promise<number> {
  const api = await startPreviewMock()
  try {
    console.log(`Local Mintlify API and GitHub stand-in on ${api.url}.`)
    console.log(
      `Pull request #${PULL} of acme/app, "${PULL_REQUEST.title}", opens from ${HEAD}; the preview action runs.\n`,
    )
    const r = await runPreviewDemo(api)
    console.log(stepText(r))
    console.log('--- requests ---')
    for (const line of requestLines(api.requests)) console.log(`  ${line}`)
    const versions = commentVersions(api)
    const names = ['posted when the build was queued', 'edited when the build was done']
    for (const [i, body] of versions.entries())
      console.log(
        `\n--- the comment on #${PULL}, ${names[i] ?? 'edited again'}, as a reader sees it ---\n${indent(asRead(body))}`,
      )
    console.log(`\ncomments on #${PULL}: ${api.github.comments?.[PULL]?.length ?? 0}`)
    return r.code ?? 1
  } finally {
    await api.close()
  }
}

if (import.meta.main) process.exitCode = await main()
