/**
 * `npm start`: runs the agent job action end to end against the local mock API. No key, no network:
 * the bundle in dist/ creates a job, polls it until it completes. Its log, outputs and summary are
 * printed as the Actions UI shows them (local/runner-view.ts): annotations as `Notice: ...`, masked
 * values as `***`, commands acted on rather than shown.
 */
import { startMockApi } from './mock-api.ts'
import { runAction } from './run-action.ts'
import { runnerView } from './runner-view.ts'

const api = await startMockApi()
try {
  console.log(`Local Mintlify API on ${api.url}; running dist/index.js against it...\n`)
  const result = await runAction({
    inputs: {
      'api-key': 'mint_local_demo_key',
      'project-id': 'demo-project',
      prompt: 'Document the new --dry-run flag of the CLI.',
      'api-url': api.url,
      'poll-interval': '300ms',
    },
  })
  const view = runnerView(result)
  console.log('--- action log, as the Actions UI shows it ---')
  console.log(view.log)
  console.log(`\n--- exit code: ${result.code} ---\n\n--- outputs ---`)
  for (const [name, value] of Object.entries(view.outputs)) console.log(`${name}=${value}`)
  console.log('\n--- job summary, as the Actions UI shows it (Markdown kept, HTML as text) ---')
  console.log(view.summary)
  process.exitCode = result.code ?? 1
} finally {
  await api.close()
}
