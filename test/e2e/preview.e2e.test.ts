/**
 * The preview and deploy action as the runner runs it (`preview/action.yml` → dist/preview/index.js), against the local
 * mock API (local/mock/deploy.ts for the three deploy endpoints, local/mock/github.ts for the pull request, its files,
 * comments and permissions): the requests it sends (exactly one trigger, asserted in every run), its outputs, summary,
 * log and pull request comment, for the rules of interface section 4 that need no fork's branch. Every run is also
 * checked by the e2e helper: the key masked first, no piece of the key or the token on any surface, no Markdown
 * backtick in an annotation, never a second deployment queued.
 *
 * Builds here read one scripted status per read (`statuses`), not the mock's few-second timeline: tests never wait
 * real seconds.
 */
import { existsSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type DeployScript,
  type GitHubData,
  type MockApi,
  type MockComment,
  type MockPull,
  NO_PREVIEWS,
  seedComment,
  startMockApi,
  TOKEN_USER,
} from '../../local/mock-api.ts'
import { ROOT, type RunResult } from '../../local/run-action.ts'
import { KEY, runPreview, TOKEN } from '../helpers/e2e.js'
import { commentEvent, pullEvent } from '../helpers/preview-events.js'
import { expectNoSecret } from '../helpers/secrets.js'

const BUILT = existsSync(path.join(ROOT, 'dist/preview/index.js')) && existsSync(path.join(ROOT, 'preview/action.yml'))

const URL = 'https://acme-docs-x.mintlify.app'
const SHA = 'feed'.padEnd(40, '0')
const PERSON = { login: 'writer', type: 'User' }
const MARKER = '<!-- mintlify-preview -->'

const apis: MockApi[] = []
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()))
})

/**
 * The mock API with `acme/app` #12 open from `docs/x`, `writer` a writer, and builds that answer `s_1` with `URL`, then
 * read `in_progress`, then `success`; `deploy` and `github` change that.
 */
async function mock(
  deploy: Partial<DeployScript> = {},
  github: Partial<GitHubData> & { pull?: Partial<MockPull> } = {},
) {
  const { pull, ...data } = github
  const api = await startMockApi({
    deploy: { statusId: 's_1', previewUrl: URL, statuses: ['in_progress', 'success'], ...deploy },
    github: { roles: { writer: 'write' }, pulls: { 12: { head: 'docs/x', base: 'main', ...pull } }, ...data },
  })
  apis.push(api)
  const on = (v1: boolean) => () => api.requests.filter((q) => q.path.startsWith('/v1/') === v1)
  return Object.assign(api, {
    deployRequests: on(true),
    githubRequests: on(false),
    comments: () => api.github.comments?.[12] ?? [],
  })
}

const reqs = (list: Array<{ method: string; path: string; body: string }>) =>
  list.map(({ method, path, body }) => ({ method, path, body }))

/** The commit the mock built (`commit-sha`): the branch's head as the mock makes it up. */
const builtSha = (api: MockApi, statusId = 's_1') => api.builds.get(statusId)?.commit.sha ?? ''

/** A pull request event of `acme/app` #12, its head `docs/x` in `from`. */
const lines = (r: RunResult) => r.stdout.split('\n')
const failure = (r: RunResult) => lines(r).find((l) => l.startsWith('::error::')) ?? ''

describe.skipIf(!BUILT)('preview action on the bundle', () => {
  it('previews the branch given, waits to success, and sets every output; one trigger, then reads', async () => {
    const api = await mock()
    const r = await runPreview(api, { branch: 'docs/given' })
    expect(r.code).toBe(0)
    expect(reqs(r.triggers)).toEqual([
      { method: 'POST', path: '/v1/project/preview/proj_1', body: '{"branch":"docs/given"}' },
    ])
    expect(
      api
        .deployRequests()
        .slice(1)
        .map((q) => `${q.method} ${q.path}`),
    ).toEqual(['GET /v1/project/update-status/s_1', 'GET /v1/project/update-status/s_1'])
    const sha = builtSha(api)
    expect(sha).toMatch(/^[0-9a-f]{40}$/)
    expect(r.outputs).toEqual({
      branch: 'docs/given',
      'timed-out': 'false',
      // Without a pull request, the pages are the status's `commit.filesChanged` (the mock's: two .mdx and docs.json).
      pages: '2',
      'comment-url': '',
      status: 'success',
      'status-id': 's_1',
      'preview-url': URL,
      'commit-sha': sha,
    })
    expect(lines(r)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^::notice::Preview ready: ${URL} \\(docs/given at ${sha.slice(0, 7)}, built in [^)]+\\)\\.$`),
      ),
    )
    expect(r.summary).toMatch(
      new RegExp(`^### ✅ Mintlify: Preview ready\\n\\nLive at <${URL}> \\(\`docs/given\`, built in `),
    )
    expect(r.summary).toContain(`[/guides/webhooks](${URL}/guides/webhooks)`)
    expect(api.githubRequests()).toEqual([])
  })

  it('without a branch or a pull request, previews the branch the workflow runs on', async () => {
    const api = await mock()
    const r = await runPreview(api, {}, { env: { GITHUB_REF_NAME: 'release/2', GITHUB_REF_TYPE: 'branch' } })
    expect(r.code).toBe(0)
    expect(r.triggers.map((q) => q.body)).toEqual(['{"branch":"release/2"}'])
    expect(r.stdout).toContain('Previewing branch release/2 (the branch this workflow runs on).')
  })

  it('on a pull request: its head branch, one comment posted when queued and edited when done, linking its pages', async () => {
    const api = await mock(
      {},
      {
        pull: {
          files: [
            { filename: 'docs/guides/setup.mdx', status: 'modified' },
            { filename: 'docs/index.mdx', status: 'added' },
            { filename: 'docs/docs.json', status: 'modified' },
            { filename: 'docs/old.mdx', status: 'removed' },
          ],
        },
      },
    )
    const r = await runPreview(api, { 'docs-root': 'docs' }, { event: pullEvent({ sha: SHA }) })
    expect(r.code).toBe(0)
    expect(r.triggers.map((q) => q.body)).toEqual(['{"branch":"docs/x"}'])
    const posts = api.githubRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))
    expect(posts).toHaveLength(1)
    expect(JSON.parse(posts[0]?.body ?? '{}').body).toMatch(/^⏳ \*\*Building the preview of `docs\/x`\.\*\*/)
    expect(JSON.parse(posts[0]?.body ?? '{}').body).not.toContain(URL)
    // The comment was posted before the first status read, and edited once after the last.
    const order = api.requests.map((q) => `${q.method} ${q.path.split('?')[0]}`)
    expect(order.indexOf('POST /repos/acme/app/issues/12/comments')).toBeLessThan(
      order.indexOf('GET /v1/project/update-status/s_1'),
    )
    expect(order.lastIndexOf('PATCH /repos/acme/app/issues/comments/1001')).toBeGreaterThan(
      order.lastIndexOf('GET /v1/project/update-status/s_1'),
    )
    expect(api.comments()).toHaveLength(1)
    const body = api.comments()[0]?.body ?? ''
    expect(body).toMatch(/^✅ \*\*Preview ready\*\*\n\nLive at </)
    expect(body).toContain(`- [/guides/setup](${URL}/guides/setup)\n- [/](${URL})`)
    expect(body.endsWith(`\n\n${MARKER}`)).toBe(true)
    expect(r.outputs).toMatchObject({ pages: '2', 'comment-url': api.comments()[0]?.html_url, branch: 'docs/x' })
  })

  it('links the changed pages under docs-root: .md and .mdx, added, modified or renamed, ten at most and “and N more”', async () => {
    const pages = Array.from({ length: 11 }, (_, i) => ({
      filename: `docs/guides/page-${String(i + 1).padStart(2, '0')}.md`,
      status: 'added' as const,
    }))
    const api = await mock(
      {},
      {
        pull: {
          files: [
            { filename: 'docs/api/index.md', status: 'renamed', previous_filename: 'docs/api/intro.md' },
            { filename: 'blog/post.mdx', status: 'modified' },
            { filename: 'docs/notes.txt', status: 'modified' },
            { filename: 'docs/logo.png', status: 'added' },
            ...pages,
          ],
        },
      },
    )
    const r = await runPreview(api, { 'docs-root': 'docs' }, { event: pullEvent({ sha: SHA }) })
    expect(r.code).toBe(0)
    expect(r.triggers).toHaveLength(1)
    // `pages` counts the pages listed: ten.
    expect(r.outputs.pages).toBe('10')
    const body = api.comments()[0]?.body ?? ''
    const links = body.split('\n').filter((l) => l.startsWith('- ['))
    expect(links).toEqual([
      `- [/api](${URL}/api)`,
      ...pages.slice(0, 9).map((_, i) => {
        const page = `/guides/page-${String(i + 1).padStart(2, '0')}`
        return `- [${page}](${URL}${page})`
      }),
    ])
    expect(body).toMatch(/\band 2 more\b/)
    expect(body).not.toContain('blog/post')
    expect(body).not.toContain('notes')
  })

  it('a re-run edits the comment it wrote before, found by its own marker; a person’s marked comment is left alone', async () => {
    const api = await mock()
    const seeded = (id: number, body: string, user: MockComment['user']) =>
      seedComment(api.github, 12, { id, body, user, created_at: '2026-01-01T00:00:00Z' })
    seeded(5, `Pasted.\n\n${MARKER}`, PERSON)
    seeded(6, `✅ Old.\n\n${MARKER}`, { ...TOKEN_USER })
    const r = await runPreview(api, {}, { event: pullEvent({ action: 'synchronize', sha: SHA }) })
    expect(r.code).toBe(0)
    expect(r.triggers).toHaveLength(1)
    expect(api.githubRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))).toEqual([])
    expect(
      api
        .githubRequests()
        .filter((q) => q.method === 'PATCH')
        .map((q) => q.path),
    ).toEqual(['/repos/acme/app/issues/comments/6', '/repos/acme/app/issues/comments/6'])
    expect(api.comments().find((c) => c.id === 5)?.body).toBe(`Pasted.\n\n${MARKER}`)
    expect(api.comments()).toHaveLength(2)
    expect(r.outputs['comment-url']).toBe('https://github.com/acme/app/pull/12#issuecomment-6')
  })

  it('a /preview comment by a writer previews its pull request’s head, whatever `branch` says; by someone without write, nothing is sent', async () => {
    const pull = { head: 'docs/asked', sha: SHA }
    const api = await mock({}, { pull })
    const r = await runPreview(api, {}, { event: commentEvent('/preview please', PERSON) })
    expect(r.code).toBe(0)
    expect(r.triggers.map((q) => q.body)).toEqual(['{"branch":"docs/asked"}'])
    expect(api.githubRequests().map((q) => `${q.method} ${q.path.split('?')[0]}`)).toEqual(
      expect.arrayContaining([
        'GET /repos/acme/app/collaborators/writer/permission',
        'POST /repos/acme/app/issues/comments/77/reactions',
        'GET /repos/acme/app/pulls/12',
      ]),
    )

    // `branch` set for the workflow's other events: a comment still previews its own pull request, and says so.
    const set = await mock({}, { pull })
    const own = await runPreview(set, { branch: 'main' }, { event: commentEvent('/preview', PERSON) })
    expect(own.code).toBe(0)
    expect(own.triggers.map((q) => q.body)).toEqual(['{"branch":"docs/asked"}'])
    expect(own.stdout).toContain(
      'branch: main is ignored: a comment triggered this run, so it previews its own pull request, #12.',
    )

    const reader = await mock({}, { pull, roles: { writer: 'read' } })
    const refused = await runPreview(reader, {}, { event: commentEvent('/preview', PERSON) })
    expect(refused.code).toBe(0)
    expect(refused.outputs.status).toBe('skipped')
    expect(refused.triggers).toEqual([])
    expect(reader.deployRequests()).toEqual([])
    expect(refused.stdout).toContain('only users with write, maintain or admin permission')

    const unrelated = await mock()
    const quiet = await runPreview(unrelated, {}, { event: commentEvent('Looks good', PERSON) })
    expect(quiet.outputs.status).toBe('skipped')
    expect(quiet.triggers).toEqual([])
    expect(unrelated.requests).toEqual([])
  })

  it('a fork’s pull request sends nothing to Mintlify, and the comment says how a maintainer asks', async () => {
    const api = await mock({}, { pull: { repo: 'someone/app' } })
    const r = await runPreview(api, {}, { event: pullEvent({ sha: SHA, from: 'someone/app' }) })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(r.triggers).toEqual([])
    expect(api.deployRequests()).toEqual([])
    expect(api.comments()[0]?.body).toContain('A maintainer can comment `/preview` on this pull request to preview it')
  })

  it('production: no body, no branch; a branch with it is bad input before any request', async () => {
    const api = await mock({ statusId: 's_9' })
    const r = await runPreview(api, { deployment: 'production' })
    expect(r.code).toBe(0)
    expect(reqs(r.triggers)).toEqual([{ method: 'POST', path: '/v1/project/update/proj_1', body: '' }])
    expect(r.outputs).toMatchObject({ branch: '', 'preview-url': '', status: 'success', 'status-id': 's_9' })
    expect(r.summary).toMatch(/^### 🚀 Mintlify: Deployed/)

    const none = await mock()
    const bad = await runPreview(none, { deployment: 'production', branch: 'main' })
    expect(bad.code).toBe(1)
    expect(failure(bad)).toBe(
      '::error::Input branch: "main" with deployment: production, which deploys the site from its configured deployment branch. Accepted: empty with deployment: production; a branch to preview with deployment: preview.',
    )
    expect(bad.triggers).toEqual([])
    expect(none.requests).toEqual([])
  })

  it('production on a merged pull request’s closed event deploys (the deploy-after-merge workflow)', async () => {
    const api = await mock({ statusId: 's_9' })
    const event = pullEvent({ action: 'closed', sha: SHA })
    const r = await runPreview(api, { deployment: 'production' }, { event })
    expect(r.code).toBe(0)
    expect(reqs(r.triggers)).toEqual([{ method: 'POST', path: '/v1/project/update/proj_1', body: '' }])
    expect(r.outputs.status).toBe('success')
    expect(api.comments()).toHaveLength(1)
  })

  it('failure: the API’s summary and the last log lines, and the step fails unless fail-on leaves it out', async () => {
    const logs = Array.from({ length: 30 }, (_, i) => `build step ${i}`)
    const failed = { statuses: ['failure'], extra: { summary: 'MDX error in guides/setup.mdx', logs } }
    const r = await runPreview(await mock(failed), { branch: 'docs/x' })
    expect(r.code).toBe(1)
    expect(r.triggers).toHaveLength(1)
    expect(failure(r)).toBe(
      '::error::The preview of docs/x failed: MDX error in guides/setup.mdx. The step fails because failure is in fail-on.',
    )
    expect(r.summary).toContain('**The build’s log** (the last 20 of 30):')
    expect(r.summary).toContain('build step 29')
    expect(r.summary).not.toContain('build step 9\n')

    const lenient = await runPreview(await mock(failed), { branch: 'docs/x', 'fail-on': '' })
    expect(lenient.code).toBe(0)
    expect(lenient.triggers).toHaveLength(1)
    expect(lines(lenient)).toContain('::warning::The preview of docs/x failed: MDX error in guides/setup.mdx.')
  })

  it('a branch the mock fails on its own timeline: the API’s summary and its last lines', async () => {
    const api = await mock({ statuses: undefined, queuedMs: 0, buildMs: 0 })
    const r = await runPreview(api, { branch: 'docs/fail-here' })
    expect(r.code).toBe(1)
    expect(r.triggers).toHaveLength(1)
    expect(failure(r)).toContain(
      'The preview of docs/fail-here failed: Build failed: docs.json lists a page that does not exist (guides/missing).',
    )
    expect(r.summary).toContain('(the last 20 of 28)')
    expect(r.summary).toContain('Build failed with 2 errors')
  })

  it('a final status the API does not document is reported as sent, failing only with other in fail-on', async () => {
    const skipped = { statuses: ['skipped'] }
    const r = await runPreview(await mock(skipped), { branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(r.triggers).toHaveLength(1)
    expect(r.outputs.status).toBe('skipped')
    expect(lines(r)).toContain(
      '::warning::The preview of docs/x ended with status skipped, which the API does not document.',
    )
    const strict = await runPreview(await mock(skipped), { branch: 'docs/x', 'fail-on': 'other' })
    expect(strict.code).toBe(1)
    expect(strict.triggers).toHaveLength(1)
  })

  it('still building at timeout: the link, timed-out, and the step fails', async () => {
    const api = await mock({ statuses: undefined, queuedMs: 0, final: null })
    const r = await runPreview(api, { branch: 'docs/x', timeout: '400ms', 'poll-interval': '50ms' })
    expect(r.code).toBe(1)
    expect(r.triggers).toHaveLength(1)
    expect(r.outputs).toMatchObject({ 'timed-out': 'true', status: 'in_progress', 'preview-url': URL })
    expect(failure(r)).toContain(`it keeps building on Mintlify, and ${URL} works once it is done.`)
  })

  it('wait: false returns once queued, with one request', async () => {
    const api = await mock()
    const r = await runPreview(api, { branch: 'docs/x', wait: 'false' })
    expect(r.code).toBe(0)
    expect(r.triggers).toHaveLength(1)
    expect(api.requests).toHaveLength(1)
    expect(r.outputs).toMatchObject({ status: 'queued', 'status-id': 's_1', 'preview-url': URL })
  })

  it('429: the trigger is sent again after Retry-After; without one, a wait past timeout fails naming the limit', async () => {
    const limited = { method: 'POST', path: '/v1/project/preview/', status: 429, json: { error: 'Too many requests' } }
    const api = await mock()
    api.fault({ ...limited, headers: { 'retry-after': '0.2' } })
    const r = await runPreview(api, { branch: 'docs/x' })
    expect(r.code).toBe(0)
    // The refused one and the one taken: one deployment.
    expect(r.triggers).toHaveLength(2)
    expect(api.builds.size).toBe(1)
    expect(r.stdout).toContain(
      'Triggering the preview failed: HTTP 429 (Too many requests). Waiting 0.2s as the API asked',
    )

    // Without Retry-After the first wait is 10 s (RATE_LIMIT_FIRST_WAIT_MS), past this timeout: one request, no wait.
    const bare = await mock()
    bare.fault({ ...limited, times: 5 })
    const out = await runPreview(bare, { branch: 'docs/x', timeout: '2s' })
    expect(out.code).toBe(1)
    expect(out.triggers).toHaveLength(1)
    expect(bare.builds.size).toBe(0)
    expect(failure(out)).toContain('HTTP 429 (Too many requests)')
    expect(failure(out)).toContain('previews allow 5 requests a minute per organization')
  })

  it('a status read refused with 429 and no Retry-After backs off, then reads again', async () => {
    const api = await mock({ statuses: ['success'] })
    api.fault({ method: 'GET', path: '/v1/project/update-status/', status: 429, json: { error: 'slow down' } })
    const r = await runPreview(api, { branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(r.triggers).toHaveLength(1)
    expect(r.stdout).toContain('Poll failed: HTTP 429 (slow down). Waiting')
    expect(api.deployRequests().filter((q) => q.method === 'GET')).toHaveLength(2)
  })

  it('403 on a preview names the plan; 401 names the key; both fail the step', async () => {
    const plan = await mock({ previews: false })
    const denied = await runPreview(plan, { branch: 'docs/x' })
    expect(denied.code).toBe(1)
    expect(denied.triggers).toHaveLength(1)
    expect(failure(denied)).toMatch(
      new RegExp(
        `^::error::Triggering the preview failed: HTTP 403 \\(${NO_PREVIEWS}\\)\\. Check the Mintlify plan: previews need a Pro or Enterprise plan\\.`,
      ),
    )
    // On a pull request: nothing was queued, so GitHub is not asked for anything (no comment, no files).
    const key = await mock()
    key.fault({ method: 'POST', path: '/v1/project/preview/', status: 401, json: { error: 'Invalid API key' } })
    const expired = await runPreview(key, {}, { event: pullEvent({ sha: SHA }) })
    expect(expired.code).toBe(1)
    expect(expired.triggers).toHaveLength(1)
    expect(failure(expired)).toContain('HTTP 401 (Invalid API key). Check api-key: it is invalid or has expired')
    expect(key.githubRequests()).toEqual([])
  })

  it('a previewUrl that is not https is never linked', async () => {
    const api = await mock({ previewUrl: 'http://acme.example' })
    const r = await runPreview(api, {}, { event: pullEvent({ sha: SHA }) })
    expect(r.code).toBe(0)
    expect(r.triggers).toHaveLength(1)
    for (const text of [r.summary, api.comments()[0]?.body ?? '']) {
      expect(text).not.toContain('](http://acme.example')
      expect(text).not.toContain('<http://acme.example>')
    }
  })

  it('hostile text in the status leaks no secret and injects no mention, HTML or workflow command', async () => {
    const evil = `@octocat <img src=x onerror=alert(1)> ${KEY} ${TOKEN}\n::set-output name=status::hacked\n::stop-commands::x`
    const api = await mock({
      statuses: ['failure'],
      extra: {
        summary: evil,
        logs: [evil, '```', `::error::${KEY}`],
        commit: { sha: SHA, message: evil },
        author: { name: evil },
      },
    })
    const r = await runPreview(api, {}, { event: pullEvent({ sha: SHA }) })
    expect(r.code).toBe(1)
    expect(r.triggers).toHaveLength(1)
    expect(lines(r).filter((l) => /^::(set-output|stop-commands|set-env|add-path)/.test(l))).toEqual([])
    expect(r.outputs.status).toBe('failure')
    const body = api.comments()[0]?.body ?? ''
    expectNoSecret({ comment: body }, [KEY, TOKEN])
    const outsideCode = body.replace(/`{3,}text\n[\s\S]*?\n`{3,}/g, '').replace(/`[^`\n]*`/g, '')
    for (const text of [outsideCode, r.summary.replace(/`{3,}text\n[\s\S]*?\n`{3,}/g, '')]) {
      expect(text).not.toMatch(/@(?!\u200b)octocat/)
      expect(text).not.toContain('<img')
    }
  })
})
