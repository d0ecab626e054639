/**
 * The preview action's wiring (src/preview/main.ts), run in-process against the local mock API and its GitHub
 * stand-in: what the end-to-end tests show on the bundle (test/e2e/preview*.e2e.test.ts), here where mutation testing
 * reaches it. Interface section 4: the outputs, the summary, the pull request's one comment (posted when queued,
 * edited when done), failure, timeout, an undocumented status, wait: false, 403, 401, 429, production, a writer's
 * `/preview` (a fork's too: its tree with `.github/` from the base), a closed pull request's clean-up, and the comments
 * turned away. Builds read one scripted status per read: no run waits for the mock's timeline.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  branchFiles,
  type DeployScript,
  type MockApi,
  type MockPull,
  seedComment,
  seedCommit,
  startMockApi,
} from '../../local/mock-api.ts'
import type { RunOptions } from '../../local/run-action.ts'
import { run } from '../../src/preview/main.js'
import { KEY, TOKEN } from '../helpers/e2e.js'
import { type InProcessResult, removeRuns, runInProcess } from '../helpers/in-process.js'
import { commentEvent, pullEvent } from '../helpers/preview-events.ts'

const URL = 'https://acme-docs-x.mintlify.app'
const SHA = 'feed'.padEnd(40, '0')
const MARKER = '<!-- mintlify-preview -->'
const BRANCH = 'mintlify-preview/pr-12'
const WRITER = { login: 'writer', type: 'User' }
const PULL_URL = 'https://github.com/acme/app/pull/12'

// One server for the file, forgotten between tests (test/helpers/in-process.ts says why).
let api: MockApi
beforeAll(async () => {
  api = await startMockApi()
})
afterAll(async () => {
  await api.close()
  removeRuns()
})

/** Builds answer `s_1` with `URL`, then read `in_progress`, then `success`; `change` alters that for one test. */
function script(change: Partial<DeployScript> = {}) {
  const fresh: DeployScript = {
    queuedMs: 1000,
    buildMs: 3000,
    previews: true,
    deploymentBranch: 'main',
    repository: 'acme/app',
    statusId: 's_1',
    previewUrl: URL,
    statuses: ['in_progress', 'success'],
    ...change,
  }
  for (const key of Object.keys(api.deploy)) delete api.deploy[key as keyof DeployScript]
  Object.assign(api.deploy, fresh)
}

/** `acme/app` #12 open from `docs/x` (`pull` changes it), `writer` a writer, `reader` a reader. */
function github(pull: Partial<MockPull> = {}, roles: Record<string, string> = {}) {
  api.reset({
    roles: { writer: 'write', reader: 'read', ...roles },
    pulls: { 12: { head: 'docs/x', base: 'main', ...pull } },
  })
}

beforeEach(() => {
  github()
  script()
  api.builds.clear()
})

/** A run of the preview action with `inputs`, on `event` when given. */
function preview(inputs: Record<string, string> = {}, event?: RunOptions['event'], env: Record<string, string> = {}) {
  return runInProcess(
    run,
    {
      action: 'preview',
      inputs: { 'project-id': 'proj_1', 'api-url': api.url, 'github-token': TOKEN, 'poll-interval': '20ms', ...inputs },
      event: event && { githubApiUrl: api.url, ...event },
      env,
    },
    [KEY, TOKEN],
  )
}

/** Pull request #12's own event: opened (unless `action` says) in `acme/app` (unless `from` says), head `sha`. */
const pull = (action = 'opened', from = 'acme/app', name = 'pull_request', sha = SHA) =>
  pullEvent({ action, from, name, sha })
/** A comment on #12 by a writer unless `user` says. */
const comment = (body: string, user = WRITER) => commentEvent(body, user)

const triggers = () =>
  api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/v1/')).map((q) => `${q.path} ${q.body}`)
const deployRequests = () => api.requests.filter((q) => q.path.startsWith('/v1/'))
const githubRequests = () =>
  api.requests
    .filter((q) => q.path.startsWith('/repos/') || q.path === '/graphql')
    .map((q) => `${q.method} ${q.path.split('?')[0]}`)
const gitRequests = () => api.requests.filter((q) => q.path.includes('/git/'))
const comments = () => api.github.comments?.[12] ?? []
const lines = (r: InProcessResult) => r.stdout.split('\n')
const errorLine = (r: InProcessResult) => lines(r).find((l) => l.startsWith('::error::')) ?? ''
const builtSha = (statusId = 's_1') => api.builds.get(statusId)?.commit.sha ?? ''

describe('a preview of a branch', () => {
  it('previews the branch given, waits to success, and sets every output; no GitHub call', async () => {
    const r = await preview({ branch: 'docs/given' })
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"docs/given"}'])
    expect(deployRequests().map((q) => `${q.method} ${q.path}`)).toEqual([
      'POST /v1/project/preview/proj_1',
      'GET /v1/project/update-status/s_1',
      'GET /v1/project/update-status/s_1',
    ])
    const sha = builtSha()
    expect(r.outputs).toEqual({
      branch: 'docs/given',
      'timed-out': 'false',
      pages: '2',
      'comment-url': '',
      status: 'success',
      'status-id': 's_1',
      'preview-url': URL,
      'commit-sha': sha,
    })
    expect(lines(r)).toContain('Previewing branch docs/given.')
    expect(lines(r)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^::notice::Preview ready: ${URL} \\(docs/given at ${sha.slice(0, 7)}, built in [^)]+\\)\\.$`),
      ),
    )
    expect(r.summary).toMatch(new RegExp(`^### ✅ Mintlify: Preview ready\\n\\nLive at <${URL}>`))
    expect(r.summary).toContain(`[/guides/webhooks](${URL}/guides/webhooks)`)
    expect(r.summary).toContain('`s_1`')
    expect(r.summary).toMatch(/\| Time waited \| [^|\s][^|]*\|/)
    expect(githubRequests()).toEqual([])
  })

  it('without a branch or a pull request, previews the branch the workflow runs on', async () => {
    const r = await preview({}, undefined, { GITHUB_REF_NAME: 'release/2', GITHUB_REF_TYPE: 'branch' })
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"release/2"}'])
    expect(lines(r)).toContain('Previewing branch release/2 (the branch this workflow runs on).')
  })

  it('bad input fails before any request, naming the input; summary: false writes none', async () => {
    const bad = await preview({ deployment: 'production', branch: 'main' })
    expect(bad.code).toBe(1)
    expect(errorLine(bad)).toBe(
      '::error::Input branch: "main" with deployment: production, which deploys the site from its configured deployment branch. Accepted: empty with deployment: production; a branch to preview with deployment: preview.',
    )
    expect(api.requests).toEqual([])
    expect(bad.summary).toBe('')
    const quiet = await preview({ branch: 'docs/x', summary: 'false' })
    expect(quiet.code).toBe(0)
    expect(quiet.outputs.status).toBe('success')
    expect(quiet.summary).toBe('')
  })

  it('production: no body, no branch, the deployment’s own outputs', async () => {
    script({ statusId: 's_9' })
    const r = await preview({ deployment: 'production' })
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/update/proj_1 '])
    expect(r.outputs).toMatchObject({ branch: '', 'preview-url': '', status: 'success', 'status-id': 's_9' })
    expect(r.stdout).not.toContain('Previewing branch')
    expect(r.summary).toMatch(/^### 🚀 Mintlify: Deployed/)
  })

  it('failure: the API’s summary and the last log lines, and the step fails unless fail-on leaves it out', async () => {
    const logs = Array.from({ length: 30 }, (_, i) => `build step ${i}`)
    script({ statuses: ['failure'], extra: { summary: 'MDX error in guides/setup.mdx', logs } })
    const r = await preview({ branch: 'docs/x' })
    expect(r.code).toBe(1)
    expect(triggers()).toHaveLength(1)
    expect(r.outputs.status).toBe('failure')
    expect(errorLine(r)).toBe(
      '::error::The preview of docs/x failed: MDX error in guides/setup.mdx. The step fails because failure is in fail-on.',
    )
    expect(r.summary).toContain('**The build’s log** (the last 20 of 30):')
    expect(r.summary).toContain('build step 29')

    const lenient = await preview({ branch: 'docs/x', 'fail-on': '' })
    expect(lenient.code).toBe(0)
    expect(lines(lenient)).toContain('::warning::The preview of docs/x failed: MDX error in guides/setup.mdx.')
  })

  it('a final status the API does not document is reported, failing only with other in fail-on', async () => {
    script({ statuses: ['skipped'] })
    const r = await preview({ branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(lines(r)).toContain(
      '::warning::The preview of docs/x ended with status skipped, which the API does not document.',
    )
    const strict = await preview({ branch: 'docs/x', 'fail-on': 'other' })
    expect(strict.code).toBe(1)
  })

  it('still building at timeout: the link, timed-out, and the step fails', async () => {
    script({ statuses: ['in_progress'] })
    const r = await preview({ branch: 'docs/x', timeout: '300ms', 'poll-interval': '50ms' })
    expect(r.code).toBe(1)
    expect(triggers()).toHaveLength(1)
    expect(r.outputs).toMatchObject({ 'timed-out': 'true', status: 'in_progress', 'preview-url': URL })
    expect(errorLine(r)).toContain(`it keeps building on Mintlify, and ${URL} works once it is done.`)
    expect(r.summary).toMatch(/\| Time waited \| [^|\s][^|]*\|/)
  })

  it('a status read refused after the trigger: the error, the outputs known so far, and no pages', async () => {
    api.fault({ method: 'GET', path: '/v1/project/update-status/', status: 401, json: { error: 'Invalid API key' } })
    const r = await preview({ branch: 'docs/x' })
    expect(r.code).toBe(1)
    expect(triggers()).toHaveLength(1)
    expect(errorLine(r)).toContain('HTTP 401 (Invalid API key)')
    expect(r.outputs).toMatchObject({ status: 'queued', 'status-id': 's_1', 'preview-url': URL, pages: '0' })
  })

  it('wait: false returns once queued, with one request and the queued outputs', async () => {
    const r = await preview({ branch: 'docs/x', wait: 'false' })
    expect(r.code).toBe(0)
    expect(api.requests).toHaveLength(1)
    expect(r.outputs).toMatchObject({
      status: 'queued',
      'status-id': 's_1',
      'preview-url': URL,
      'timed-out': 'false',
      pages: '0',
      branch: 'docs/x',
    })
  })

  it('429: the trigger is sent again after Retry-After; without one, a wait past timeout fails naming the limit', async () => {
    const limited = { method: 'POST', path: '/v1/project/preview/', status: 429, json: { error: 'Too many requests' } }
    api.fault({ ...limited, headers: { 'retry-after': '0.1' } })
    const r = await preview({ branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(triggers()).toHaveLength(2)
    expect(api.builds.size).toBe(1)
    expect(r.stdout).toContain(
      'Triggering the preview failed: HTTP 429 (Too many requests). Waiting 0.1s as the API asked',
    )

    github()
    api.builds.clear()
    api.fault({ ...limited, times: 5 })
    const out = await preview({ branch: 'docs/x', timeout: '2s' })
    expect(out.code).toBe(1)
    expect(triggers()).toHaveLength(1)
    expect(api.builds.size).toBe(0)
    expect(errorLine(out)).toContain('previews allow 5 requests a minute per organization')
  })

  it('403 on a preview names the plan; 401 on a pull request names the key, and GitHub is asked nothing', async () => {
    script({ previews: false })
    const denied = await preview({ branch: 'docs/x' })
    expect(denied.code).toBe(1)
    expect(errorLine(denied)).toMatch(
      /^::error::Triggering the preview failed: HTTP 403 \([^)]*\)\. Check the Mintlify plan: previews need a Pro or Enterprise plan\./,
    )
    expect(denied.outputs).toMatchObject({ branch: 'docs/x', 'timed-out': 'false', pages: '0', 'comment-url': '' })

    github()
    script()
    api.fault({ method: 'POST', path: '/v1/project/preview/', status: 401, json: { error: 'Invalid API key' } })
    const expired = await preview({}, pull())
    expect(expired.code).toBe(1)
    expect(triggers()).toHaveLength(1)
    expect(errorLine(expired)).toContain('HTTP 401 (Invalid API key). Check api-key: it is invalid or has expired')
    expect(githubRequests()).toEqual([])
    expect(comments()).toEqual([])
  })
})

describe('a pull request', () => {
  const FILES: MockPull['files'] = [
    { filename: 'docs/guides/setup.mdx', status: 'modified' },
    { filename: 'docs/index.mdx', status: 'added' },
    { filename: 'docs/docs.json', status: 'modified' },
    { filename: 'docs/old.mdx', status: 'removed' },
  ]

  it('its head branch; one comment posted when queued and edited when done, linking its pages', async () => {
    github({ files: FILES })
    const r = await preview({ 'docs-root': 'docs' }, pull())
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"docs/x"}'])
    expect(lines(r)).toContain('Previewing branch docs/x (the head of pull request #12).')
    const posts = api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))
    expect(posts).toHaveLength(1)
    const building = JSON.parse(posts[0]?.body ?? '{}').body as string
    expect(building).toMatch(/^⏳ \*\*Building the preview of `docs\/x`\.\*\*/)
    expect(building).toContain(SHA.slice(0, 7))
    expect(building).toContain('/actions/runs/4242')
    const order = api.requests.map((q) => `${q.method} ${q.path.split('?')[0]}`)
    expect(order.indexOf('POST /repos/acme/app/issues/12/comments')).toBeLessThan(
      order.indexOf('GET /v1/project/update-status/s_1'),
    )
    expect(order.lastIndexOf('PATCH /repos/acme/app/issues/comments/1001')).toBeGreaterThan(
      order.lastIndexOf('GET /v1/project/update-status/s_1'),
    )
    expect(comments()).toHaveLength(1)
    const body = comments()[0]?.body ?? ''
    expect(body).toMatch(/^✅ \*\*Preview ready\*\*\n\nLive at </)
    expect(body).toContain(`- [/guides/setup](${URL}/guides/setup)\n- [/](${URL})`)
    expect(body).toContain('/actions/runs/4242')
    expect(body.endsWith(`\n\n${MARKER}`)).toBe(true)
    const url = comments()[0]?.html_url ?? 'missing'
    expect(r.outputs).toMatchObject({ pages: '2', 'comment-url': url, branch: 'docs/x', status: 'success' })
    expect(r.summary).toContain(`](${url})`)
    expect(githubRequests()).toContain('GET /repos/acme/app/pulls/12/files')
  })

  it('comment: never posts nothing, and still links the pull request’s pages', async () => {
    github({ files: FILES })
    const r = await preview({ 'docs-root': 'docs', comment: 'never' }, pull())
    expect(r.code).toBe(0)
    expect(comments()).toEqual([])
    expect(githubRequests()).toEqual(['GET /repos/acme/app/pulls/12/files'])
    expect(r.outputs).toMatchObject({ pages: '2', 'comment-url': '' })
  })

  it('changed files GitHub will not list: a warning and no pages, the preview all the same', async () => {
    api.fault({ path: '/pulls/12/files', status: 500, times: 5, json: { message: 'Server Error' } })
    const r = await preview({}, pull())
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ status: 'success', pages: '0' })
    expect(lines(r)).toContainEqual(expect.stringMatching(/^::warning::Could not read the changed files/))
    expect(comments()).toHaveLength(1)
  })

  it('a last edit GitHub refuses: a warning; comment-url stays the comment posted', async () => {
    api.fault({ method: 'PATCH', path: '/issues/comments/', status: 403, json: { message: 'Resource not accessible' } })
    const r = await preview({}, pull())
    expect(r.code).toBe(0)
    expect(lines(r)).toContainEqual(expect.stringMatching(/^::warning::Could not update the preview comment/))
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toMatch(/^⏳ /)
    expect(r.outputs['comment-url']).toBe(comments()[0]?.html_url)
  })

  it('a re-run edits the comment it wrote before, found by its own marker', async () => {
    seedComment(api.github, 12, {
      id: 6,
      body: `✅ Old.\n\n${MARKER}`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      created_at: '2026-01-01T00:00:00Z',
    })
    const r = await preview({}, pull('synchronize'))
    expect(r.code).toBe(0)
    expect(api.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))).toEqual([])
    expect(api.requests.filter((q) => q.method === 'PATCH').map((q) => q.path)).toEqual([
      '/repos/acme/app/issues/comments/6',
      '/repos/acme/app/issues/comments/6',
    ])
    expect(r.outputs['comment-url']).toBe(`${PULL_URL}#issuecomment-6`)
  })

  it('production on a pull request: the comment says the site is deploying, then deployed', async () => {
    const r = await preview({ deployment: 'production' }, pull())
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/update/proj_1 '])
    const posted = JSON.parse(
      api.requests.find((q) => q.method === 'POST' && q.path.endsWith('/comments'))?.body ?? '{}',
    )
    expect(posted.body).toMatch(/^⏳ \*\*Deploying the site\.\*\*/)
    expect(comments()[0]?.body).toMatch(/^🚀 \*\*Deployed\*\*/)
    expect(r.outputs.branch).toBe('')
  })
})

describe('a /preview comment', () => {
  it('by a writer: 👀, its pull request read once, its head previewed, the comment kept', async () => {
    github({ head: 'docs/asked', sha: SHA })
    const r = await preview({}, comment('/preview please'))
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"docs/asked"}'])
    expect(githubRequests()).toEqual(
      expect.arrayContaining([
        'GET /repos/acme/app/collaborators/writer/permission',
        'POST /repos/acme/app/issues/comments/77/reactions',
        'GET /repos/acme/app/pulls/12',
      ]),
    )
    expect(githubRequests().filter((q) => q === 'GET /repos/acme/app/pulls/12')).toHaveLength(1)
    const reaction = api.requests.find((q) => q.path.endsWith('/reactions'))
    expect(JSON.parse(reaction?.body ?? '{}')).toEqual({ content: 'eyes' })
    expect(r.stdout).toMatch(/writer has write permission/)
    expect(lines(r)).toContain('Previewing branch docs/asked (the head of pull request #12).')
    expect(comments()).toHaveLength(1)
    expect(r.outputs['comment-url']).toBe(comments()[0]?.html_url)
  })

  it('branch set: the comment previews its own pull request all the same, and the log says branch is ignored', async () => {
    github({ head: 'docs/asked', sha: SHA })
    const r = await preview({ branch: 'docs/other' }, comment('/preview please'))
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"docs/asked"}'])
    expect(lines(r)).toContain(
      'branch: docs/other is ignored: a comment triggered this run, so it previews its own pull request, #12.',
    )
    // Without branch, nothing is said about it.
    const plain = await preview({}, comment('/preview please'))
    expect(plain.code).toBe(0)
    expect(plain.stdout).not.toContain('is ignored')
  })

  it('branch set, on a closed pull request: nothing previewed, and nothing said about branch', async () => {
    github({ state: 'closed' })
    const r = await preview({ branch: 'docs/other' }, comment('/preview please'))
    expect(r.code).toBe(0)
    expect(deployRequests()).toEqual([])
    expect(r.stdout).not.toContain('is ignored')
    expect(lines(r)).toContain(
      'Pull request #12 is closed; nothing to preview. A preview already built stays in the Mintlify dashboard until deleted there. Reopen it and comment /preview again to preview it.',
    )
  })

  it('a review comment is reacted to where review comments are', async () => {
    const r = await preview(
      {},
      {
        name: 'pull_request_review_comment',
        payload: {
          action: 'created',
          comment: { id: 77, body: '/preview', user: WRITER },
          pull_request: {
            number: 12,
            title: 'Docs: the flag',
            html_url: PULL_URL,
            head: { ref: 'docs/x', sha: SHA, repo: { full_name: 'acme/app' } },
            base: { ref: 'main', repo: { full_name: 'acme/app' } },
          },
        },
      },
    )
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"docs/x"}'])
    expect(githubRequests()).toContain('POST /repos/acme/app/pulls/comments/77/reactions')
    expect(githubRequests()).not.toContain('POST /repos/acme/app/issues/comments/77/reactions')
  })

  it('a reaction GitHub refuses is a warning; the preview goes on', async () => {
    api.fault({ path: '/reactions', status: 403, json: { message: 'Resource not accessible' } })
    const r = await preview({}, comment('/preview'))
    expect(r.code).toBe(0)
    expect(lines(r)).toContainEqual(expect.stringMatching(/^::warning::Could not react to the comment/))
    expect(triggers()).toHaveLength(1)
  })

  it('someone without write permission, or a bot, is turned away before any request to Mintlify', async () => {
    for (const user of [
      { login: 'reader', type: 'User' },
      { login: 'github-actions[bot]', type: 'Bot' },
    ]) {
      const r = await preview({}, comment('/preview', user))
      expect(r.code).toBe(0)
      expect(r.outputs).toEqual({ status: 'skipped' })
      expect(lines(r).some((l) => l.startsWith('::notice::'))).toBe(true)
    }
    expect(deployRequests()).toEqual([])
    expect(gitRequests()).toEqual([])
    expect(api.requests.filter((q) => q.path.endsWith('/reactions'))).toEqual([])
  })

  it('a permission check that fails is an error, and nothing is asked for', async () => {
    api.fault({ path: '/collaborators/', status: 500, times: 5, json: { message: 'Server Error' } })
    const r = await preview({}, comment('/preview'))
    expect(r.code).toBe(1)
    expect(errorLine(r)).toMatch(
      /^::error::No preview was asked for: Checking @writer's permission failed: HTTP 500 \(Server Error\)\. /,
    )
    expect(deployRequests()).toEqual([])
    expect(api.requests.filter((q) => q.path.endsWith('/reactions'))).toEqual([])
  })

  it('deployment: production on a comment trigger is bad input, before any request', async () => {
    const r = await preview({ deployment: 'production' }, comment('/preview'))
    expect(r.code).toBe(1)
    expect(errorLine(r)).toMatch(/^::error::Input deployment: /)
    expect(api.requests).toEqual([])
  })

  it('an empty github-token with a comment trigger is bad input, before any request', async () => {
    const r = await preview({ 'github-token': '' }, comment('/preview'))
    expect(r.code).toBe(1)
    expect(errorLine(r)).toBe(
      '::error::Input github-token: it is empty, and a comment triggered this run. Accepted: the workflow token (the default).',
    )
    expect(api.requests).toEqual([])
  })

  it('a comment not starting with the phrase ends quietly, before the inputs are read', async () => {
    const r = await preview({ timeout: 'soon' }, comment('Looks good; /preview later'))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(lines(r)).toContain('The comment does not start with /preview; nothing to do.')
    expect(r.stdout).not.toContain('::notice::')
    expect(api.requests).toEqual([])
  })

  it('an edited comment is not a new request', async () => {
    const r = await preview({}, commentEvent('/preview', WRITER, { action: 'edited' }))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(r.stdout).not.toContain('::notice::')
    expect(api.requests).toEqual([])
  })

  it('a comment on an issue, not a pull request: a notice, and nothing sent', async () => {
    const r = await preview({}, commentEvent('/preview', WRITER, { onIssue: true }))
    expect(r.code).toBe(0)
    expect(lines(r)).toContain('::notice::The comment is on issue #12, not a pull request; nothing to preview.')
    expect(api.requests).toEqual([])
  })

  it('trigger-phrase sets the phrase: the default no longer triggers', async () => {
    const other = await preview({ 'trigger-phrase': '/docs-preview' }, comment('/preview'))
    expect(lines(other)).toContain('The comment does not start with /docs-preview; nothing to do.')
    expect(api.requests).toEqual([])
    const r = await preview({ 'trigger-phrase': '/docs-preview' }, comment('/docs-preview'))
    expect(r.code).toBe(0)
    expect(triggers()).toEqual(['/v1/project/preview/proj_1 {"branch":"docs/x"}'])
  })
})

describe('a fork’s pull request', () => {
  const BASE_FILES = { '.github/workflows/ci.yml': 'base: lint only', 'docs/index.mdx': 'base index' }
  const FORK_FILES = {
    '.github/workflows/steal.yml': 'fork: print secrets',
    'docs/index.mdx': 'fork index',
    'docs.json': '{"name":"fork"}',
  }
  let forkSha: string
  beforeEach(() => {
    github({ repo: 'fork/app' }, { maintainer: 'maintain' })
    seedCommit(api.github, { repo: 'acme/app', branch: 'main', files: BASE_FILES })
    forkSha = seedCommit(api.github, { repo: 'fork/app', branch: 'docs/x', files: FORK_FILES })
  })
  const maintainer = { login: 'maintainer', type: 'User' }

  it('its own events send nothing; the one comment says how a maintainer asks', async () => {
    const r = await preview({}, pull('opened', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(lines(r)).toContain(
      '::notice::Pull request #12 comes from a fork, whose branch Mintlify cannot build: nothing was sent. A maintainer can comment /preview on it to preview it.',
    )
    expect(deployRequests()).toEqual([])
    expect(gitRequests()).toEqual([])
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain('A maintainer can comment `/preview` on this pull request to preview it')
    expect(comments()[0]?.body).toContain('/actions/runs/4242')
    expect(r.outputs).toEqual({ status: 'skipped', 'comment-url': comments()[0]?.html_url })
    const quiet = await preview({ comment: 'never' }, pull('synchronize', 'fork/app', 'pull_request', forkSha))
    expect(quiet.code).toBe(0)
    expect(quiet.outputs).toEqual({ status: 'skipped' })
    expect(comments()).toHaveLength(1)
  })

  it('its own event, the comment refused: a warning, an empty comment-url, the run still green', async () => {
    api.fault({
      method: 'POST',
      path: '/issues/12/comments',
      status: 403,
      json: { message: 'Resource not accessible' },
    })
    const r = await preview({}, pull('opened', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(lines(r)).toContainEqual(expect.stringMatching(/^::warning::Could not update the preview comment/))
    expect(r.outputs).toEqual({ status: 'skipped', 'comment-url': '' })
  })

  it('a writer’s /preview writes the branch (the fork’s tree, .github/ from the base) and previews it', async () => {
    const r = await preview({}, comment('/preview', maintainer))
    expect(r.code).toBe(0)
    const trees = gitRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/git/trees'))
    expect(trees).toHaveLength(1)
    const sent = JSON.parse(trees[0]?.body ?? '{}') as { tree: Array<{ path: string }> }
    expect(sent.tree.map((e) => e.path).sort()).toEqual(['.github', 'docs', 'docs.json'])
    expect(branchFiles(api.github, 'acme/app', BRANCH)).toEqual({
      '.github/workflows/ci.yml': 'base: lint only',
      'docs/index.mdx': 'fork index',
      'docs.json': '{"name":"fork"}',
    })
    const commit = api.github.git?.refs['acme/app']?.[BRANCH] ?? ''
    expect(lines(r)).toContain(
      `Wrote branch ${BRANCH} (commit ${commit.slice(0, 12)}): the fork's commit ${forkSha.slice(0, 12)} with .github/ from main.`,
    )
    expect(lines(r)).toContain(
      `Previewing branch ${BRANCH} (commit ${forkSha.slice(0, 12)} of the fork, the head of pull request #12).`,
    )
    expect(triggers()).toEqual([`/v1/project/preview/proj_1 {"branch":"${BRANCH}"}`])
    expect(r.outputs).toMatchObject({ branch: BRANCH, status: 'success' })
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain(`From the fork: commit \`${forkSha.slice(0, 12)}\``)
    expect(r.summary).toContain(`From the fork: commit \`${forkSha.slice(0, 12)}\``)
  })

  it('a 403 writing the branch fails the step naming contents: write, before any request to Mintlify', async () => {
    api.fault({ method: 'POST', path: '/git/trees', status: 403, json: { message: 'Resource not accessible' } })
    const r = await preview({}, comment('/preview', maintainer))
    expect(r.code).toBe(1)
    expect(errorLine(r)).toContain('HTTP 403')
    expect(errorLine(r)).toContain('needs permissions: contents: write')
    expect(deployRequests()).toEqual([])
  })

  it('someone without write permission is turned away before any write', async () => {
    const r = await preview({}, comment('/preview', { login: 'reader', type: 'User' }))
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(gitRequests()).toEqual([])
    expect(deployRequests()).toEqual([])
  })

  it('closed: deletes the branch and edits the comment: the preview stays in the dashboard', async () => {
    await preview({}, comment('/preview', maintainer))
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeDefined()
    const before = deployRequests().length
    const r = await preview({}, pull('closed', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped', 'comment-url': comments()[0]?.html_url })
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeUndefined()
    expect(deployRequests()).toHaveLength(before)
    expect(lines(r)).toContain(
      `Pull request #12 is closed; nothing to preview. Deleted the branch ${BRANCH}. A preview already built stays in the Mintlify dashboard until deleted there.`,
    )
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain(`The branch \`${BRANCH}\` that previewed it was deleted.`)
    expect(comments()[0]?.body).toContain('stays in the Mintlify dashboard until someone deletes it there')
  })

  it('closed with comment: never deletes the branch and leaves the comment as it was', async () => {
    await preview({}, comment('/preview', maintainer))
    const before = comments()[0]?.body
    const r = await preview({ comment: 'never' }, pull('closed', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeUndefined()
    expect(comments()[0]?.body).toBe(before)
    expect(r.outputs).toEqual({ status: 'skipped' })
  })

  it('closed with no branch and no comment: deletes nothing and posts nothing', async () => {
    const r = await preview({}, pull('closed', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(gitRequests().map((q) => q.method)).toEqual(['GET'])
    expect(comments()).toEqual([])
    expect(lines(r)).toContain(
      'Pull request #12 is closed; nothing to preview. A preview already built stays in the Mintlify dashboard until deleted there.',
    )
    expect(r.outputs).toEqual({ status: 'skipped', 'comment-url': '' })
  })

  it('closed, the branch not readable: a warning naming contents: write for a 403, the run still green', async () => {
    api.fault({ path: '/git/ref', status: 403, json: { message: 'Resource not accessible' } })
    const r = await preview({}, pull('closed', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(lines(r)).toContain(
      `::warning::Could not delete the preview branch ${BRANCH}: Reading branch ${BRANCH} failed: HTTP 403 (Resource not accessible). Give the workflow permissions: contents: write to delete it.`,
    )
    github({ repo: 'fork/app' })
    api.fault({ path: '/git/ref', status: 500, times: 5, json: { message: 'Server Error.' } })
    const other = await preview({}, pull('closed', 'fork/app', 'pull_request_target', forkSha))
    expect(other.code).toBe(0)
    expect(lines(other)).toContain(
      `::warning::Could not delete the preview branch ${BRANCH}: Reading branch ${BRANCH} failed: HTTP 500 (Server Error.).`,
    )
  })

  it('closed with an empty github-token: GitHub is asked nothing', async () => {
    const r = await preview({ 'github-token': '' }, pull('closed', 'fork/app', 'pull_request_target', forkSha))
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({ status: 'skipped' })
    expect(r.stdout).not.toContain('::warning::')
    expect(api.requests).toEqual([])
  })

  it('closed, with no repository known: a warning, and nothing deleted', async () => {
    const r = await preview({}, pull('closed', 'fork/app', 'pull_request_target', forkSha), {
      GITHUB_REPOSITORY: '',
    })
    expect(r.code).toBe(0)
    expect(lines(r)).toContainEqual(
      `::warning::Could not delete the preview branch ${BRANCH}: GITHUB_REPOSITORY is not set.`,
    )
    expect(gitRequests()).toEqual([])
  })

  it('closed, the branch read timing out: a warning naming the limit given (MINTLIFY_ACTION_GITHUB_TIMEOUT_MS)', async () => {
    api.fault({ path: '/git/ref', action: 'hang' })
    const r = await preview({}, pull('closed', 'fork/app', 'pull_request_target', forkSha), {
      MINTLIFY_ACTION_GITHUB_TIMEOUT_MS: '200',
    })
    expect(r.code).toBe(0)
    expect(lines(r)).toContain(
      `::warning::Could not delete the preview branch ${BRANCH}: Reading branch ${BRANCH} failed: no answer within 0.2s.`,
    )
  })
})

describe('GitHub’s time limit', () => {
  it('a pull request’s files not listed within MINTLIFY_ACTION_GITHUB_TIMEOUT_MS: a warning naming it, no pages', async () => {
    api.fault({ path: '/pulls/12/files', action: 'hang' })
    const r = await preview({}, pull(), { MINTLIFY_ACTION_GITHUB_TIMEOUT_MS: '200' })
    expect(r.code).toBe(0)
    expect(lines(r)).toContainEqual(
      expect.stringMatching(/^::warning::Could not read the changed files.*no answer within 0.2s/),
    )
    expect(r.outputs).toMatchObject({ status: 'success', pages: '0' })
  })
})
