/**
 * `npm start`: runs the agent job action end to end against the local mock API. No key, no network:
 * the bundle in dist/ creates a job, polls it until it completes, and the outputs and the summary
 * it wrote are printed here.
 */
import { startMockApi } from './mock-api.ts'
import { runAction } from './run-action.ts'

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
  console.log('--- action log (::debug:: lines hidden, as the runner hides them) ---')
  process.stdout.write(result.stdout.replace(/^::debug::.*\n/gm, ''))
  process.stdout.write(result.stderr)
  console.log(`\n--- exit code: ${result.code} ---\n\n--- outputs ---`)
  for (const [name, value] of Object.entries(result.outputs)) console.log(`${name}=${value}`)
  console.log('\n--- job summary (Markdown) ---')
  console.log(result.summary)
  process.exitCode = result.code ?? 1
} finally {
  await api.close()
}
