/**
 * Running any bundle as the runner does (local/run-action.ts) against the local mock API, with the
 * secrets every end-to-end test uses, and on every run the check that matters most: the key is masked
 * first thing, and no piece of the key or the token shows on any surface.
 */
import { readdirSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { expect } from 'vitest'
import { type GitHubData, type MockApi, type SeenRequest, seedComment } from '../../local/mock-api.ts'
import { type RunOptions, type RunResult, runAction } from '../../local/run-action.ts'
import { expectNoSecret, withoutMasks } from './secrets.js'

// Random-looking like real secrets: the redactor removes any 8 characters of them, words included.
export const KEY = 'mint_Zq8vX2pLr7Tn4Wb9Yc1Hd6Kf3Mg5Js0'
export const TOKEN = 'ghs_Rk4tW9yB2nQ7xL1cV8mZ3pD6hF5jG0sA'

/** What a user can see of a run: its log (masks aside), stderr, outputs and summary. */
export function visibleSurfaces(r: RunResult): Record<string, string> {
  return { log: withoutMasks(r.stdout), stderr: r.stderr, outputs: JSON.stringify(r.outputs), summary: r.summary }
}

function checkSecrets(r: RunResult, inputs: Record<string, string>): RunResult {
  // The key is masked before any other line (a run given another key masks that one).
  if (inputs['api-key'] === undefined) expect(r.stdout.split('\n')[0]).toBe(`::add-mask::${KEY}`)
  expectNoSecret(visibleSurfaces(r), [KEY, TOKEN])
  return r
}

/**
 * Annotations (and the failed step, which is one) are plain text: GitHub shows a Markdown backtick there as it
 * is. Every run of every end-to-end suite is checked, so a new message that would show one fails some test.
 */
export function annotationsWithBackticks(stdout: string): string[] {
  return stdout.split('\n').filter((line) => /^::(?:error|warning|notice)\b/.test(line) && line.includes('`'))
}

/**
 * Ends a run (SIGTERM) at its first "before trying again": what a failed request said is read from that line
 * without waiting out the backoff (1 s, then 2, 4, 8...).
 */
export const stopAtFirstRetry: NonNullable<RunOptions['onStdout']> = (text, child) => {
  if (text.includes('before trying again')) child.kill('SIGTERM')
}

/**
 * The agent job action. A run with an event gets the mock as its GitHub API and, unless told otherwise, no
 * `prompt` (a comment brings it); without one, the prompt is `Document the flag`.
 */
export function runAgent(api: Pick<MockApi, 'url'>, inputs: Record<string, string> = {}, options: RunOptions = {}) {
  const defaults = { prompt: options.event ? '' : 'Document the flag', 'poll-interval': '20ms', 'github-token': TOKEN }
  return run(
    api,
    { ...defaults, ...inputs },
    { ...options, event: options.event && { githubApiUrl: api.url, ...options.event } },
  )
}

/**
 * A new comment on issue 12 of `acme/app` (or pull request 12, `onPull`) by a writer (or `user`), added to the mock's thread first
 * as GitHub would have it: the `issue_comment` event that brings it.
 */
export function issueComment(
  github: GitHubData,
  body: string,
  opts: { onPull?: boolean; user?: { login: string; type: string }; action?: string } = {},
) {
  const user = opts.user ?? { login: 'writer', type: 'User' }
  const c = seedComment(github, 12, { body, user })
  return {
    name: 'issue_comment',
    payload: {
      action: opts.action ?? 'created',
      comment: { id: c.id, body, user },
      issue: {
        number: 12,
        title: 'Add a --dry-run flag',
        html_url: 'https://github.com/acme/app/issues/12',
        ...(opts.onPull ? { pull_request: {} } : {}),
      },
    },
  }
}

/** Pull request 12 of `acme/app`, as a `pull_request` event's payload names it (head `feature/x`). */
export const PULL_12 = {
  number: 12,
  title: 'Add a --dry-run flag',
  html_url: 'https://github.com/acme/app/pull/12',
  head: { ref: 'feature/x' },
  base: { ref: 'main' },
}

/** The visitors export action. */
export function runVisitors(api: MockApi, inputs: Record<string, string> = {}, options: RunOptions = {}) {
  return run(api, inputs, { ...options, action: 'visitors' })
}

/**
 * The content gaps action. `github-token` is TOKEN; with `issue: update` the run is in `acme/app` with the mock
 * as its GitHub API (`GITHUB_REPOSITORY`, `GITHUB_API_URL`). Beyond the checks of every run: no file the run
 * left in the workspace (data file, worklist, prompt, anything else) holds a piece of the key or the token.
 */
export async function runGaps(api: MockApi, inputs: Record<string, string> = {}, options: RunOptions = {}) {
  const github: Record<string, string> =
    inputs.issue === 'update' ? { GITHUB_REPOSITORY: 'acme/app', GITHUB_API_URL: api.url } : {}
  const r = await run(
    api,
    { 'github-token': TOKEN, ...inputs },
    { ...options, action: 'gaps', env: { ...github, ...options.env } },
  )
  expectNoSecret(workspaceFiles(r.workspace), [KEY, TOKEN])
  return r
}

/** The deploy triggers among `requests`: `POST /v1/project/preview/{id}` and `POST /v1/project/update/{id}`. */
export function deployTriggers(requests: SeenRequest[]): SeenRequest[] {
  return requests.filter((q) => q.method === 'POST' && /^\/v1\/project\/(?:preview|update)\/[^/?]+$/.test(q.path))
}

/**
 * The preview and deploy action. `github-token` is TOKEN and `poll-interval` 20 ms; a run with an event gets `api` as
 * its GitHub API too. `triggers` (the trigger requests this run sent, from `api.requests`) is checked on every run:
 * the API queued at most one deployment (a 429 is refused, not queued, so only it may be sent again), so no run ever
 * starts a second build; each test asserts how many it expects.
 */
export async function runPreview(
  api: Pick<MockApi, 'url' | 'requests' | 'builds'>,
  inputs: Record<string, string> = {},
  options: RunOptions = {},
): Promise<RunResult & { triggers: SeenRequest[] }> {
  const sent = api.requests.length
  const built = api.builds.size
  const r = await run(
    api,
    { 'poll-interval': '20ms', 'github-token': TOKEN, ...inputs },
    { ...options, action: 'preview', event: options.event && { githubApiUrl: api.url, ...options.event } },
  )
  expect(api.builds.size - built, 'deployments queued by one run').toBeLessThanOrEqual(1)
  return { ...r, triggers: deployTriggers(api.requests.slice(sent)) }
}

/** Every file under `dir`, by path relative to it, as text. */
export function workspaceFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name)
      files[path.relative(dir, full)] = readFileSync(full, 'utf8')
    }
  return files
}

async function run(api: Pick<MockApi, 'url'>, inputs: Record<string, string>, options: RunOptions): Promise<RunResult> {
  const r = await runAction({
    ...options,
    inputs: { 'api-key': KEY, 'project-id': 'proj_1', 'api-url': api.url, ...inputs },
  })
  expect(annotationsWithBackticks(r.stdout), 'annotations show Markdown backticks literally').toEqual([])
  return checkSecrets(r, inputs)
}
