/**
 * A local server that plays the Mintlify API for the tests and for `npm start`, one module per API family under
 * local/mock/: the agent (local/mock/agent.ts: jobs walked through a script of statuses, one step per poll),
 * analytics (local/mock/analytics.ts: visitors, views, and the content gaps action's cursor-paged endpoints, with
 * a small made-up site in local/mock/gaps-site.ts), and a GitHub stand-in under `/repos/{owner}/{repo}/` and
 * `/graphql` (local/mock/github.ts, its Git data API in local/mock/github-git.ts), and previews and deployments (local/mock/deploy.ts: builds that take a few
 * seconds on the mock's clock, `api.deploy` scripts the rest). This file composes them on one port: it records every request
 * (`requests`), answers first with the failures a test asks for (`fault`, local/mock/http.ts), checks the Bearer
 * key the way the real API would for every Mintlify path, and hands the request to its family.
 *
 * Standalone: `node local/mock-api.ts [--port 8787]` (Node 24 runs this TypeScript as is).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { agentFamily, type JobScript, type MockJob } from './mock/agent.ts'
import {
  type AssistantData,
  analyticsFamily,
  type FeedbackData,
  type SearchesData,
  type VisitorsData,
} from './mock/analytics.ts'
import { type DeployScript, deployFamily, type MockBuild } from './mock/deploy.ts'
import { type GitHubData, githubFamily, resetGitHubData } from './mock/github.ts'
import { headCommit } from './mock/github-git.ts'
import { answerFault, type Fault, keyRefusal, type SeenRequest, type Send } from './mock/http.ts'

export type { JobScript, MockJob } from './mock/agent.ts'
export {
  type AssistantData,
  type AssistantRow,
  type CursorData,
  type FeedbackData,
  type FeedbackRow,
  inWindow,
  type SearchesData,
  type SearchRow,
  sampleFeedback,
  sampleRow,
  sampleSearch,
  sampleTurn,
  siteTotals,
  type VisitorCounts,
  type VisitorRow,
  type VisitorsData,
} from './mock/analytics.ts'
export { type DeployScript, type DeployStatus, type MockBuild, NO_PREVIEWS } from './mock/deploy.ts'
export { gapsSite } from './mock/gaps-site.ts'
export {
  type GitHubData,
  type MockComment,
  type MockIssue,
  type MockPull,
  type MockPullFile,
  mergePull,
  seedComment,
  seedIssue,
  TOKEN_USER,
} from './mock/github.ts'
export { branchFiles, type GitObject, type GitTreeEntry, type MockGit, seedCommit } from './mock/github-git.ts'
export type { Fault, SeenRequest } from './mock/http.ts'

export interface MockApiOptions {
  port?: number
  visitors?: VisitorsData
  /** The views endpoint's own data (the reported pages' traffic); the visitors data when unset. */
  views?: VisitorsData
  searches?: SearchesData
  assistant?: AssistantData
  feedback?: FeedbackData
  github?: GitHubData
  script?: Partial<JobScript>
  /** How previews and deployments build (`api.deploy`, which a test may change between runs). */
  deploy?: Partial<DeployScript>
  /** The mock's clock (a `FakeClock` of local/fake-clock.ts, say): how far along a build is. `Date.now` by default. */
  clock?: { now(): number }
  /** When set, other project ids get a 404 like the real API. */
  projects?: string[]
}

export interface MockApi {
  url: string
  visitors: VisitorsData
  /** The data of the views endpoint (the visitors data unless `views` was given). */
  views: VisitorsData
  searches: SearchesData
  assistant: AssistantData
  feedback: FeedbackData
  requests: SeenRequest[]
  jobs: Map<string, MockJob>
  script: JobScript
  /** The GitHub side's data; tests may change it before a run, and read the comments back after it. */
  github: GitHubData
  fault(fault: Fault): void
  /**
   * Forgets what earlier runs did (requests, jobs, faults, the job script) and starts the GitHub data anew from
   * `github`: for tests that keep one server for a whole file (test/helpers/in-process.ts says why).
   */
  reset(github?: GitHubData): void
  /**
   * Forgets what earlier runs did (requests, jobs, faults, the job script) and starts the GitHub data anew from
   * `github`: for tests that keep one server for a whole file (test/helpers/in-process.ts says why).
   */
  reset(github?: GitHubData): void
  /** Adds a job as if created earlier, with its own script of statuses for the next GETs. */
  seedJob(job: Partial<MockJob> & { id: string }, statuses?: string[]): void
  /** How the next previews and deployments build; each build keeps the timeline it was triggered with. */
  deploy: DeployScript
  /** Every preview and deployment triggered, by `statusId`. */
  builds: Map<string, MockBuild>
  close(): Promise<void>
}

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  const requests: SeenRequest[] = []
  const faults: Array<Fault & { left: number }> = []
  const sockets = new Set<Socket>()
  let origin = '' // set once listening: the `Link` headers' URLs are on the mock's own origin

  const agent = agentFamily(options)
  const analytics = analyticsFamily(options)
  const github = githubFamily(options.github, () => origin)
  const deploy = deployFamily({ ...options, headOf: (repo, branch) => headCommit(github.data, repo, branch) })
  // GitHub answers its own way (a token, `{message}`); every Mintlify path checks the key first.
  const unchecked = [github.rest, github.graphql]
  const mintlify = [analytics.route, agent.route, deploy.route]

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      }
      requests.push(seen)
      if (answerFault(faults, req, res, seen)) return
      const send: Send = (status, body, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(typeof body === 'string' ? body : JSON.stringify(body))
      }
      const [pathname = '', search = ''] = seen.path.split('?')
      if (unchecked.some((route) => route(seen, pathname, search, send))) return
      const refused = keyRefusal(seen)
      if (refused) return send(refused.status, { error: refused.error })
      if (!mintlify.some((route) => route(seen, pathname, search, send))) send(404, { error: 'Not found' })
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`

  return {
    url: origin,
    visitors: analytics.visitors,
    views: analytics.views,
    searches: analytics.searches,
    assistant: analytics.assistant,
    feedback: analytics.feedback,
    requests,
    jobs: agent.jobs,
    script: agent.script,
    github: github.data,
    fault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    reset: (fresh = { roles: {} }) => {
      requests.length = 0
      faults.length = 0
      agent.reset()
      resetGitHubData(github.data, fresh)
    },
    seedJob: agent.seedJob,
    deploy: deploy.script,
    builds: deploy.builds,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

if (import.meta.main) {
  const i = process.argv.indexOf('--port')
  const api = await startMockApi({ port: i > 0 ? Number(process.argv[i + 1]) : 8787 })
  console.log(
    `Mock Mintlify API (any \`mint_\` key, any project id; no data and no commenter roles: \`npm run mock-api\` has both, see its --help) on ${api.url}`,
  )
}
