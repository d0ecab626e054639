/**
 * The preview and deploy action as the runner runs it (`preview/action.yml` → dist/preview/index.js), against a small
 * stand-in for the three deploy endpoints and the few GitHub calls it makes, written here until the local mock API
 * serves the deploy family: the requests it sends (exactly one trigger), its outputs, summary, log and pull request
 * comment, for the rules of interface section 4 that need no fork. Every run is also checked by the e2e helper: the
 * key masked first, no piece of the key or the token on any surface, no Markdown backtick in an annotation.
 */
import { existsSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, type RunOptions, type RunResult } from '../../local/run-action.ts'
import { KEY, runPreview, TOKEN } from '../helpers/e2e.js'
import { closeServers, json, serve } from '../helpers/server.js'

const BUILT = existsSync(path.join(ROOT, 'dist/preview/index.js')) && existsSync(path.join(ROOT, 'preview/action.yml'))
afterEach(closeServers)

const URL = 'https://acme-docs-x.mintlify.app'
const SHA = 'feed'.padEnd(40, '0')
const BOT = { login: 'github-actions[bot]', type: 'Bot' }
const PERSON = { login: 'writer', type: 'User' }
const MARKER = '<!-- mintlify-preview -->'

type Answer = { status: number; body: unknown; headers?: Record<string, string> }
interface Comment {
  id: number
  body: string
  user: { login: string; type: string }
  created_at: string
  html_url: string
}
interface Script {
  /** Answers to the trigger, in turn; the last one repeats. */
  triggers?: Answer[]
  /** Answers to the status reads, in turn; the last one repeats. */
  statuses?: Answer[]
  /** The pull request's conversation (issue comments). */
  comments?: Comment[]
  files?: Array<{ filename: string; status: string }>
  /** `GET /repos/acme/app/pulls/12`. */
  pull?: unknown
  role?: string
}

const ok = (body: unknown): Answer => ({ status: 200, body })
const queued: Answer = { status: 202, body: { statusId: 's_1', previewUrl: URL } }
const success: Answer = ok({ status: 'success', commit: { sha: SHA, message: 'Docs: the flag' } })

/** The stand-in: Mintlify's deploy endpoints and GitHub's, every request kept with its body. */
async function standIn(script: Script = {}) {
  const triggers = [...(script.triggers ?? [queued])]
  const statuses = [...(script.statuses ?? [ok({ status: 'in_progress' }), success])]
  const comments = [...(script.comments ?? [])]
  const requests: Array<{ method: string; path: string; body: string }> = []
  const next = (list: Answer[]) => (list.length > 1 ? list.shift() : list[0]) as Answer
  let id = 1000
  const server = await serve((req, res, url, body) => {
    const method = req.method ?? ''
    requests.push({ method, path: url, body })
    const send = (a: Answer) => json(res, a.status, a.body, a.headers)
    if (/^\/v1\/project\/(preview|update)\/[^/]+$/.test(url) && method === 'POST') return send(next(triggers))
    if (url.startsWith('/v1/project/update-status/')) return send(next(statuses))
    if (url.startsWith('/repos/acme/app/issues/12/comments') && method === 'GET')
      return json(res, 200, url.includes('page=1') || !url.includes('page=') ? comments : [])
    if (url === '/repos/acme/app/issues/12/comments' && method === 'POST') {
      const c = {
        id: ++id,
        body: JSON.parse(body).body,
        user: BOT,
        created_at: new Date().toISOString(),
        html_url: `https://github.com/acme/app/pull/12#issuecomment-${id}`,
      }
      comments.push(c)
      return json(res, 201, c)
    }
    const edit = /^\/repos\/acme\/app\/issues\/comments\/(\d+)$/.exec(url)
    if (edit && method === 'PATCH') {
      const c = comments.find((x) => x.id === Number(edit[1]))
      if (!c) return json(res, 404, { message: 'Not Found' })
      c.body = JSON.parse(body).body
      return json(res, 200, c)
    }
    if (url === '/graphql') return json(res, 200, { data: { viewer: { login: BOT.login } } })
    if (url.startsWith('/repos/acme/app/pulls/12/files')) return json(res, 200, script.files ?? [])
    if (url === '/repos/acme/app/pulls/12') return json(res, 200, script.pull ?? {})
    if (url.startsWith('/repos/acme/app/collaborators/'))
      return json(res, 200, { permission: script.role ?? 'write', role_name: script.role ?? 'write' })
    if (url.includes('/reactions')) return json(res, 201, { id: 1, content: 'eyes' })
    json(res, 404, { message: `no route for ${method} ${url}` })
  })
  const deploy = () => requests.filter((r) => r.path.startsWith('/v1/'))
  const triggersSent = () => deploy().filter((r) => r.method === 'POST')
  const github = () => requests.filter((r) => !r.path.startsWith('/v1/'))
  return { url: server.url, requests, comments, deploy, triggersSent, github }
}

/** A pull request event of `acme/app` #12, its head `docs/x` in `from`. */
function pullEvent(action = 'opened', from = 'acme/app'): RunOptions['event'] {
  return {
    name: 'pull_request',
    payload: {
      action,
      number: 12,
      pull_request: {
        number: 12,
        title: 'Docs: the flag',
        html_url: 'https://github.com/acme/app/pull/12',
        head: { ref: 'docs/x', sha: SHA, repo: { full_name: from } },
        base: { ref: 'main', repo: { full_name: 'acme/app' } },
      },
    },
  }
}

function commentEvent(body: string, user = PERSON): RunOptions['event'] {
  return {
    name: 'issue_comment',
    payload: {
      action: 'created',
      comment: { id: 77, body, user },
      issue: { number: 12, title: 'Docs: the flag', html_url: 'https://github.com/acme/app/pull/12', pull_request: {} },
    },
  }
}

const lines = (r: RunResult) => r.stdout.split('\n')
const failure = (r: RunResult) => lines(r).find((l) => l.startsWith('::error::')) ?? ''

describe.skipIf(!BUILT)('preview action on the bundle', () => {
  it('previews the branch given, waits to success, and sets every output; one trigger, then reads', async () => {
    const api = await standIn()
    const r = await runPreview(api, { branch: 'docs/given' })
    expect(r.code).toBe(0)
    expect(api.triggersSent()).toEqual([
      { method: 'POST', path: '/v1/project/preview/proj_1', body: '{"branch":"docs/given"}' },
    ])
    expect(
      api
        .deploy()
        .slice(1)
        .map((q) => `${q.method} ${q.path}`),
    ).toEqual(['GET /v1/project/update-status/s_1', 'GET /v1/project/update-status/s_1'])
    expect(r.outputs).toEqual({
      branch: 'docs/given',
      'timed-out': 'false',
      pages: '0',
      'comment-url': '',
      status: 'success',
      'status-id': 's_1',
      'preview-url': URL,
      'commit-sha': SHA,
    })
    expect(lines(r)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^::notice::Preview ready: ${URL} \\(docs/given at feed000, built in [^)]+\\)\\.$`),
      ),
    )
    expect(r.summary).toMatch(new RegExp(`^### ✅ Mintlify: Preview ready\\n\\nPreview ready: <${URL}>`))
    expect(api.github()).toEqual([])
  })

  it('without a branch or a pull request, previews the branch the workflow runs on', async () => {
    const api = await standIn()
    const r = await runPreview(api, {}, { env: { GITHUB_REF_NAME: 'release/2', GITHUB_REF_TYPE: 'branch' } })
    expect(r.code).toBe(0)
    expect(api.triggersSent()[0]?.body).toBe('{"branch":"release/2"}')
    expect(r.stdout).toContain('Previewing branch release/2 (the branch this workflow runs on).')
  })

  it('on a pull request: its head branch, one comment posted when queued and edited when done, linking its pages', async () => {
    const api = await standIn({
      files: [
        { filename: 'docs/guides/setup.mdx', status: 'modified' },
        { filename: 'docs/index.mdx', status: 'added' },
        { filename: 'docs/docs.json', status: 'modified' },
        { filename: 'docs/old.mdx', status: 'removed' },
      ],
    })
    const r = await runPreview(api, { 'docs-root': 'docs' }, { event: pullEvent() })
    expect(r.code).toBe(0)
    expect(api.triggersSent()[0]?.body).toBe('{"branch":"docs/x"}')
    const posts = api.github().filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))
    expect(posts).toHaveLength(1)
    expect(JSON.parse(posts[0]?.body ?? '{}').body).toMatch(/^⏳ \*\*Building the preview of `docs\/x`\.\*\*/)
    expect(JSON.parse(posts[0]?.body ?? '{}').body).not.toContain(URL)
    // The comment was posted before the first status read, and edited once after the last.
    const order = api.requests.map((q) => `${q.method} ${q.path.split('?')[0]}`)
    expect(order.indexOf('POST /repos/acme/app/issues/12/comments')).toBeLessThan(
      order.indexOf('GET /v1/project/update-status/s_1'),
    )
    expect(api.comments).toHaveLength(1)
    const body = api.comments[0]?.body ?? ''
    expect(body).toMatch(/^✅ \*\*Preview ready\*\*\n\nPreview ready: </)
    expect(body).toContain(`- [/guides/setup](${URL}/guides/setup)\n- [/](${URL})`)
    expect(body.endsWith(`\n\n${MARKER}`)).toBe(true)
    expect(r.outputs).toMatchObject({ pages: '2', 'comment-url': api.comments[0]?.html_url, branch: 'docs/x' })
  })

  it('a re-run edits the comment it wrote before, found by its own marker; a person’s marked comment is left alone', async () => {
    const seeded = (id: number, body: string, user: Comment['user']): Comment => ({
      id,
      body,
      user,
      created_at: '2026-01-01T00:00:00Z',
      html_url: `https://github.com/acme/app/pull/12#issuecomment-${id}`,
    })
    const api = await standIn({
      comments: [seeded(5, `Pasted.\n\n${MARKER}`, PERSON), seeded(6, `✅ Old.\n\n${MARKER}`, BOT)],
    })
    const r = await runPreview(api, {}, { event: pullEvent('synchronize') })
    expect(r.code).toBe(0)
    expect(api.github().filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))).toEqual([])
    expect(
      api
        .github()
        .filter((q) => q.method === 'PATCH')
        .map((q) => q.path),
    ).toEqual(['/repos/acme/app/issues/comments/6', '/repos/acme/app/issues/comments/6'])
    expect(api.comments.find((c) => c.id === 5)?.body).toBe(`Pasted.\n\n${MARKER}`)
    expect(r.outputs['comment-url']).toBe('https://github.com/acme/app/pull/12#issuecomment-6')
  })

  it('a /preview comment by a writer previews its pull request’s head; by someone without write, nothing is sent', async () => {
    const pull = {
      head: { ref: 'docs/asked', sha: SHA, repo: { full_name: 'acme/app' } },
      base: { ref: 'main', repo: { full_name: 'acme/app' } },
    }
    const api = await standIn({ pull })
    const r = await runPreview(api, {}, { event: commentEvent('/preview please') })
    expect(r.code).toBe(0)
    expect(api.triggersSent()[0]?.body).toBe('{"branch":"docs/asked"}')
    expect(api.github().map((q) => `${q.method} ${q.path.split('?')[0]}`)).toEqual(
      expect.arrayContaining([
        'GET /repos/acme/app/collaborators/writer/permission',
        'POST /repos/acme/app/issues/comments/77/reactions',
        'GET /repos/acme/app/pulls/12',
      ]),
    )

    const reader = await standIn({ pull, role: 'read' })
    const refused = await runPreview(reader, {}, { event: commentEvent('/preview') })
    expect(refused.code).toBe(0)
    expect(refused.outputs.status).toBe('skipped')
    expect(reader.deploy()).toEqual([])
    expect(refused.stdout).toContain('only users with write, maintain or admin permission')

    const unrelated = await standIn()
    const quiet = await runPreview(unrelated, {}, { event: commentEvent('Looks good') })
    expect(quiet.outputs.status).toBe('skipped')
    expect(unrelated.requests).toEqual([])
  })

  it('a fork’s pull request sends nothing to Mintlify, and the comment says how a maintainer asks', async () => {
    const api = await standIn()
    const r = await runPreview(api, {}, { event: pullEvent('opened', 'someone/app') })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(api.deploy()).toEqual([])
    expect(api.comments[0]?.body).toContain('A maintainer can comment `/preview` on this pull request to preview it')
  })

  it('production: no body, no branch; a branch with it is bad input before any request', async () => {
    const api = await standIn({ triggers: [{ status: 202, body: { statusId: 's_9' } }] })
    const r = await runPreview(api, { deployment: 'production' })
    expect(r.code).toBe(0)
    expect(api.triggersSent()).toEqual([{ method: 'POST', path: '/v1/project/update/proj_1', body: '' }])
    expect(r.outputs).toMatchObject({ branch: '', 'preview-url': '', status: 'success', 'status-id': 's_9' })
    expect(r.summary).toMatch(/^### 🚀 Mintlify: Deployed/)

    const none = await standIn()
    const bad = await runPreview(none, { deployment: 'production', branch: 'main' })
    expect(bad.code).toBe(1)
    expect(failure(bad)).toBe(
      '::error::Input branch: "main" with deployment: production, which deploys the site from its configured deployment branch. Accepted: empty with deployment: production; a branch to preview with deployment: preview.',
    )
    expect(none.requests).toEqual([])
  })

  it('failure: the API’s summary and the last log lines, and the step fails unless fail-on leaves it out', async () => {
    const logs = Array.from({ length: 30 }, (_, i) => `build step ${i}`)
    const failed = ok({ status: 'failure', summary: 'MDX error in guides/setup.mdx', logs })
    const api = await standIn({ statuses: [failed] })
    const r = await runPreview(api, { branch: 'docs/x' })
    expect(r.code).toBe(1)
    expect(failure(r)).toBe(
      '::error::The preview of docs/x failed: MDX error in guides/setup.mdx. The step fails because failure is in fail-on.',
    )
    expect(r.summary).toContain('**The build’s log** (the last 20 of 30):')
    expect(r.summary).toContain('build step 29')
    expect(r.summary).not.toContain('build step 9\n')

    const lenient = await runPreview(await standIn({ statuses: [failed] }), { branch: 'docs/x', 'fail-on': '' })
    expect(lenient.code).toBe(0)
    expect(lines(lenient)).toContain('::warning::The preview of docs/x failed: MDX error in guides/setup.mdx.')
  })

  it('a final status the API does not document is reported as sent, failing only with other in fail-on', async () => {
    const skippedStatus = [ok({ status: 'skipped' })]
    const r = await runPreview(await standIn({ statuses: skippedStatus }), { branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(lines(r)).toContain(
      '::warning::The preview of docs/x ended with status skipped, which the API does not document.',
    )
    const strict = await runPreview(await standIn({ statuses: skippedStatus }), {
      branch: 'docs/x',
      'fail-on': 'other',
    })
    expect(strict.code).toBe(1)
  })

  it('still building at timeout: the link, timed-out, and the step fails', async () => {
    const api = await standIn({ statuses: [ok({ status: 'in_progress' })] })
    const r = await runPreview(api, { branch: 'docs/x', timeout: '400ms', 'poll-interval': '50ms' })
    expect(r.code).toBe(1)
    expect(r.outputs).toMatchObject({ 'timed-out': 'true', status: 'in_progress', 'preview-url': URL })
    expect(failure(r)).toContain(`it keeps building on Mintlify, and ${URL} works once it is done.`)
  })

  it('wait: false returns once queued, with one request', async () => {
    const api = await standIn()
    const r = await runPreview(api, { branch: 'docs/x', wait: 'false' })
    expect(r.code).toBe(0)
    expect(api.requests).toHaveLength(1)
    expect(r.outputs).toMatchObject({ status: 'queued', 'status-id': 's_1', 'preview-url': URL })
  })

  it('429: the trigger is sent again after Retry-After; without one, a wait past timeout fails naming the limit', async () => {
    const limited = { status: 429, body: { error: 'Too many requests' }, headers: { 'retry-after': '0.2' } }
    const api = await standIn({ triggers: [limited, queued] })
    const r = await runPreview(api, { branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(api.triggersSent()).toHaveLength(2)
    expect(r.stdout).toContain(
      'Triggering the preview failed: HTTP 429 (Too many requests). Waiting 0.2s as the API asked',
    )

    const bare = await standIn({ triggers: [{ status: 429, body: { error: 'Too many requests' } }] })
    const out = await runPreview(bare, { branch: 'docs/x', timeout: '2s' })
    expect(out.code).toBe(1)
    expect(bare.triggersSent()).toHaveLength(1)
    expect(failure(out)).toContain('previews allow 5 requests a minute per organization')
  })

  it('a status read refused with 429 and no Retry-After backs off, then reads again', async () => {
    const api = await standIn({ statuses: [{ status: 429, body: { error: 'slow down' } }, success] })
    const r = await runPreview(api, { branch: 'docs/x' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Poll failed: HTTP 429 (slow down). Waiting')
  })

  it('403 on a preview names the plan; 401 names the key; both fail the step', async () => {
    const plan = await standIn({
      triggers: [{ status: 403, body: { error: 'Preview deployments are not available on your current plan' } }],
    })
    const denied = await runPreview(plan, { branch: 'docs/x' })
    expect(denied.code).toBe(1)
    expect(failure(denied)).toMatch(
      /^::error::Triggering the preview failed: HTTP 403 \(Preview deployments are not available on your current plan\)\. Check the Mintlify plan: previews need a Pro or Enterprise plan\./,
    )
    // On a pull request: nothing was queued, so GitHub is not asked for anything (no comment, no files).
    const key = await standIn({ triggers: [{ status: 401, body: { error: 'Invalid API key' } }] })
    const expired = await runPreview(key, {}, { event: pullEvent() })
    expect(expired.code).toBe(1)
    expect(failure(expired)).toContain('HTTP 401 (Invalid API key). Check api-key: it is invalid or has expired')
    expect(key.github()).toEqual([])
  })

  it('a previewUrl that is not https is never linked', async () => {
    const api = await standIn({
      triggers: [{ status: 202, body: { statusId: 's_1', previewUrl: 'http://acme.example' } }],
    })
    const r = await runPreview(api, {}, { event: pullEvent() })
    expect(r.code).toBe(0)
    for (const text of [r.summary, api.comments[0]?.body ?? '']) {
      expect(text).not.toContain('](http://acme.example')
      expect(text).not.toContain('<http://acme.example>')
    }
  })

  it('hostile text in the status leaks no secret and injects no mention, HTML or workflow command', async () => {
    const evil = `@octocat <img src=x onerror=alert(1)> ${KEY} ${TOKEN}\n::set-output name=status::hacked\n::stop-commands::x`
    const api = await standIn({
      statuses: [
        ok({
          status: 'failure',
          summary: evil,
          logs: [evil, '```', `::error::${KEY}`],
          commit: { sha: SHA, message: evil },
          author: { name: evil },
        }),
      ],
    })
    const r = await runPreview(api, {}, { event: pullEvent() })
    expect(r.code).toBe(1)
    expect(lines(r).filter((l) => /^::(set-output|stop-commands|set-env|add-path)/.test(l))).toEqual([])
    expect(r.outputs.status).toBe('failure')
    const body = api.comments[0]?.body ?? ''
    const outsideCode = body.replace(/`{3,}text\n[\s\S]*?\n`{3,}/g, '').replace(/`[^`\n]*`/g, '')
    for (const text of [outsideCode, r.summary.replace(/`{3,}text\n[\s\S]*?\n`{3,}/g, '')]) {
      expect(text).not.toMatch(/@(?!\u200b)octocat/)
      expect(text).not.toContain('<img')
    }
  })
})
