/**
 * The content gaps reading at a size no single run reaches (the organization's 100 requests an hour cap
 * `max-requests`): run by `npm run bench` in a process of its own, with bench/usage-hook.mjs measuring its peak RSS.
 * It composes what src/gaps/main.ts composes (the real API client against the mock API, the reader, the three
 * collectors, every file) without the request ceiling.
 *   node --import bench/usage-hook.mjs bench/gaps-reader.ts <api-url> <workspace>
 */
import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'
import { FakeClock } from '../local/fake-clock.ts'

// What the action loads at start, so that this process starts where the action does (about 65 MiB RSS); and
// nothing the action does not load (local/run-action.ts would bring the YAML parser: 30 MiB more).
await import('@actions/core')
const ROOT = path.resolve(import.meta.dirname, '..')

const lib = (file: string) => pathToFileURL(path.join(ROOT, 'lib', file)).href
const { MintlifyClient } = (await import(lib('api/client.js'))) as typeof import('../src/api/client.js')
const { readGaps } = (await import(lib('gaps/read.js'))) as typeof import('../src/gaps/read.js')
const { ZeroClickSearches } = (await import(lib('gaps/searches.js'))) as typeof import('../src/gaps/searches.js')
const { UnansweredQuestions } = (await import(lib('gaps/assistant.js'))) as typeof import('../src/gaps/assistant.js')
const { ReportedPages } = (await import(lib('gaps/feedback.js'))) as typeof import('../src/gaps/feedback.js')
const { writeDataFile } = (await import(lib('gaps/data-file.js'))) as typeof import('../src/gaps/data-file.js')
const { worklist, issueBody } = (await import(lib('gaps/worklist.js'))) as typeof import('../src/gaps/worklist.js')
const { agentPrompt } = (await import(lib('gaps/prompt.js'))) as typeof import('../src/gaps/prompt.js')

const [apiUrl = '', workspace = ''] = process.argv.slice(2)
const silent = { info() {}, notice() {}, warning() {}, error() {}, debug() {} }
const client = new MintlifyClient({ baseUrl: apiUrl, apiKey: 'mint_bench_key', userAgent: 'bench' })
const collectors = {
  searches: new ZeroClickSearches(2),
  assistant: new UnansweredQuestions({ file: path.join(workspace, 'gaps.json.questions') }),
  feedback: new ReportedPages(),
}
const sections = new Set(['searches', 'assistant', 'feedback'] as const)
const dates = { dateFrom: '2026-01-01', dateTo: '2026-01-08' }
const read = await readGaps(
  { sections, ...dates, feedbackStatus: 'pending,in_progress', maxRequests: Number.POSITIVE_INFINITY },
  collectors,
  {
    source: {
      searches: (q) => client.getSearches('bench', q),
      assistant: (q) => client.getAssistant('bench', q),
      feedback: (q) => client.getFeedback('bench', q),
      views: (q) => client.getAnalytics('views', 'bench', q),
    },
    clock: new FakeClock(),
    log: silent,
  },
)
client.dispose()
const found = {
  ...dates,
  sections,
  read,
  searches: collectors.searches.found(),
  totalSearches: collectors.searches.totalSearches,
  unanswered: collectors.assistant.found(20),
  allQuestions: (category: string) => collectors.assistant.all(category),
  unansweredCount: collectors.assistant.count,
  pages: collectors.feedback.found(),
  maxItems: 20,
}
writeDataFile(path.join(workspace, 'gaps.json'), found, new Date().toISOString())
writeFileSync(path.join(workspace, 'gaps.md'), worklist(found))
writeFileSync(path.join(workspace, 'gaps-prompt.md'), agentPrompt(found))
issueBody(found, '', { today: new Date().toISOString().slice(0, 10) })
collectors.assistant.close()
console.log(
  JSON.stringify({
    requests: read.requests,
    complete: read.complete,
    unanswered: found.unansweredCount,
    pages: found.pages.length,
  }),
)
