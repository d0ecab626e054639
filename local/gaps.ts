/**
 * `npm run demo:gaps`: the content gaps action against the local mock API, which serves a small made-up docs
 * site (local/mock/gaps-site.ts `gapsSite`: searches with no click, unanswered questions in two categories, reported
 * pages with their traffic), with `issue: update` against the mock's GitHub stand-in. The bundled action runs as
 * the runner would, for a weekly `schedule` event of acme/app; the requests it made, its log, outputs and
 * summary (as the Actions UI shows them, local/runner-view.ts) and the worklist file are printed. Then a
 * teammate ticks the first item of the issue and the next week's run keeps the same issue, that item still
 * ticked.
 */
import { readFileSync } from 'node:fs'
import { gapsSite, type MockApi, startMockApi } from './mock-api.ts'
import { type RunResult, runAction } from './run-action.ts'
import { stepText } from './runner-view.ts'

const WINDOW = { 'date-from': '2026-01-08', 'date-to': '2026-01-15' }

/** One weekly run keeping the issue (also what `npm run screenshots` pictures). */
export function runGapsDemo(api: MockApi): Promise<RunResult> {
  return runAction({
    action: 'gaps',
    inputs: {
      'api-key': 'mint_local_demo_key',
      'project-id': 'demo-project',
      'api-url': api.url,
      ...WINDOW,
      'min-hits': '5',
      issue: 'update',
      'github-token': 'ghs_local_demo_token',
    },
    event: { name: 'schedule', payload: { schedule: '0 8 * * 1' }, githubApiUrl: api.url },
  })
}

export async function main(): Promise<number> {
  const api = await startMockApi({ ...gapsSite(), github: { roles: {} } })
  try {
    console.log(`Local Mintlify API and GitHub stand-in on ${api.url}; running dist/gaps/index.js...\n`)
    const r = await runGapsDemo(api)
    console.log('--- requests ---')
    for (const q of api.requests) console.log(`  ${q.method} ${q.path}`)
    console.log(`\n${stepText(r)}`)
    if (r.outputs.worklist) console.log(`--- ${r.outputs.worklist} ---\n${readFileSync(r.outputs.worklist, 'utf8')}`)
    if (r.code !== 0) return r.code ?? 1

    const issue = api.github.issues?.[0]
    if (!issue?.body) return 1
    issue.body = issue.body.replace('- [ ]', '- [x]')
    console.log(
      `--- a teammate ticks the first item of ${r.outputs['issue-url']}; a week later the action runs again ---`,
    )
    const seen = api.requests.length
    const again = await runGapsDemo(api)
    for (const q of api.requests.slice(seen)) if (q.path.startsWith('/repos/')) console.log(`  ${q.method} ${q.path}`)
    console.log(`issue-url=${again.outputs['issue-url']}; issues in the repository: ${api.github.issues?.length}`)
    console.log(`--- the issue's body ---\n${api.github.issues?.[0]?.body ?? ''}`)
    return again.code ?? 1
  } finally {
    await api.close()
  }
}

if (import.meta.main) process.exitCode = await main()
