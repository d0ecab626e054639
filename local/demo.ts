/**
 * `npm start`: runs the agent job action end to end against the local mock API. No key, no network:
 * the bundle in dist/ creates a job, polls it until it completes. Its log, outputs and summary are
 * printed as the Actions UI shows them (local/runner-view.ts): annotations as `Notice: ...`, masked
 * values as `***`, commands acted on rather than shown.
 */
import { type MockApi, startMockApi } from './mock-api.ts'
import { type RunResult, runAction } from './run-action.ts'
import { stepText } from './runner-view.ts'

/** One agent job, created and polled until it completes (also what `npm run screenshots` pictures). */
export function runAgentDemo(api: MockApi): Promise<RunResult> {
  return runAction({
    inputs: {
      'api-key': 'mint_local_demo_key',
      'project-id': 'demo-project',
      prompt: 'Document the new --dry-run flag of the CLI.',
      'api-url': api.url,
      'poll-interval': '300ms',
    },
  })
}

if (import.meta.main) {
  const api = await startMockApi()
  try {
    console.log(`Local Mintlify API on ${api.url}; running dist/index.js against it...\n`)
    const result = await runAgentDemo(api)
    console.log(stepText(result))
    process.exitCode = result.code ?? 1
  } finally {
    await api.close()
  }
}
