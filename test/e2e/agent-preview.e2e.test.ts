/**
 * Previews of the agent's work (`preview: true`), on the bundle against the local API (its deploy family and GitHub
 * stand-in): a job that completes with a pull request gets one preview of `source.ref`, told in the outputs, the
 * log, the summary and the reply; a preview that fails, cannot be asked for or is still building at `timeout` is a
 * warning beside the job's outcome, which stands, unless `preview` is in `fail-on`; the whole run stays within
 * `timeout`. Builds here reveal one status per read (`api.deploy.statuses`), so no test waits a build's seconds.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type MockApi, NO_PREVIEWS, startMockApi } from '../../local/mock-api.ts'
import type { RunOptions, RunResult } from '../../local/run-action.ts'
import { issueComment, KEY, runAgent, TOKEN } from '../helpers/e2e.js'
import { NO_POSIX_SIGNALS, POSIX_SIGNALS } from '../helpers/scripts.ts'
import { skipped } from '../helpers/skip-reasons.ts'

/** The branch the agent worked on, and the preview the mock gives it (one URL per branch). */
const REF = 'mintlify/docs-dry-run-4f2a'
const URL = 'https://acme-mintlify-docs-dry-run-4f2a.mintlify.app'
const PR = 'https://github.com/acme/docs/pull/101'
const WHY = 'Build failed: docs.json lists a page that does not exist (guides/missing)'

let api: MockApi
beforeEach(async () => {
  api = await startMockApi({ github: { roles: { writer: 'write' } } })
  api.script.extra = { source: { repository: 'https://github.com/acme/docs', ref: REF } }
  api.deploy.statuses = ['queued', 'in_progress', 'success']
})
afterEach(async () => {
  await api.close()
})

const run = (inputs: Record<string, string> = {}, options: RunOptions = {}) =>
  runAgent(api, { preview: 'true', ...inputs }, options)

/** The preview triggers sent, and the status reads. */
const triggers = () => api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/v1/project/preview/'))
const reads = () => api.requests.filter((q) => q.path.startsWith('/v1/project/update-status/'))
const deployRequests = () => api.requests.filter((q) => q.path.startsWith('/v1/project/'))
/** A writer's `/docs` request on issue 12. */
const docsRequest = () => issueComment(api.github, '/docs document the --dry-run flag')
const botReplies = () => (api.github.comments?.[12] ?? []).filter((c) => c.user.type === 'Bot')
const annotation = (r: RunResult, level: string) => r.stdout.split('\n').filter((l) => l.startsWith(`::${level}::`))

describe('a job completed with a pull request', () => {
  it('gets one preview of source.ref, waited for; the outputs, the log and the summary give the link once live', async () => {
    const r = await run()
    expect(r.code).toBe(0)
    expect(triggers()).toHaveLength(1)
    expect(triggers()[0]?.path).toBe('/v1/project/preview/proj_1')
    expect(JSON.parse(triggers()[0]?.body ?? '')).toEqual({ branch: REF })
    expect(triggers()[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(reads()).toHaveLength(3)
    // The trigger only once the job was seen completed.
    const order = api.requests.map((q) => `${q.method} ${q.path}`)
    expect(order.indexOf('POST /v1/project/preview/proj_1')).toBeGreaterThan(
      order.lastIndexOf('GET /v2/agent/proj_1/job/job_1'),
    )
    expect(r.outputs).toMatchObject({
      status: 'completed',
      prLink: PR,
      'source-ref': REF,
      'timed-out': 'false',
      'preview-url': URL,
      'preview-status': 'success',
    })
    expect(annotation(r, 'notice')).toEqual([`::notice::Job job_1 completed: ${PR}. Preview ready: ${URL} (${REF}).`])
    expect(r.summary).toContain('### ✅ Mintlify agent: Pull request opened')
    expect(r.summary).toContain(
      `Job \`job_1\` completed: [acme/docs#101](${PR})\n\n✅ Preview ready: <${URL}> (\`${REF}\`).\n\n| | |`,
    )
  })

  it('without preview: true, no preview is asked for and no preview output is set', async () => {
    const r = await runAgent(api)
    expect(r.code).toBe(0)
    expect(deployRequests()).toEqual([])
    expect(r.outputs).not.toHaveProperty('preview-status')
    expect(r.summary).not.toContain('Preview')
  })

  it('a /docs request: the reply gives the link once the preview is live, never before', async () => {
    const r = await run({}, { event: docsRequest() })
    expect(r.code).toBe(0)
    const replies = botReplies()
    expect(replies).toHaveLength(1)
    const reply = replies[0]?.body ?? ''
    expect(reply).toContain(
      `Job \`job_1\` completed: [acme/docs#101](${PR})\n\n✅ Preview ready: <${URL}> (\`${REF}\`).`,
    )
    // Every earlier state of the reply (working, the job named) went without the link: it came once live.
    const isWrite = (q: { method: string; path: string }) =>
      (q.method === 'POST' && q.path === '/repos/acme/app/issues/12/comments') ||
      (q.method === 'PATCH' && q.path === `/repos/acme/app/issues/comments/${replies[0]?.id}`)
    const bodies = api.requests.filter(isWrite).map((q) => JSON.parse(q.body).body as string)
    expect(bodies.length).toBeGreaterThan(1)
    expect(bodies.slice(0, -1).filter((b) => b.includes(URL))).toEqual([])
    expect(bodies.at(-1)).toBe(reply)
    expect(api.requests.findLastIndex(isWrite)).toBeGreaterThan(
      api.requests.findLastIndex((q) => q.path.startsWith('/v1/project/update-status/')),
    )
  })
})

describe('a preview that is not ready is a warning; the job’s outcome stands unless preview is in fail-on', () => {
  it('failed: the API’s reason in the log and the summary', async () => {
    api.deploy.statuses = ['queued', 'in_progress', 'failure']
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({
      status: 'completed',
      prLink: PR,
      'timed-out': 'false',
      'preview-url': URL,
      'preview-status': 'failure',
    })
    expect(annotation(r, 'warning')).toEqual([
      `::warning::Job job_1 completed: ${PR}. The preview of ${REF} failed: ${WHY}.`,
    ])
    expect(r.summary).toContain('### ✅ Mintlify agent: Pull request opened')
    expect(r.summary).toContain(`\n\n❌ The preview of \`${REF}\` failed: ${WHY}.\n\n`)
    expect(r.summary).not.toContain('fail-on')

    const strict = await run({ 'fail-on': 'failed,timeout,preview' })
    expect(strict.code).toBe(1)
    expect(strict.outputs).toMatchObject({ status: 'completed', prLink: 'https://github.com/acme/docs/pull/102' })
    expect(annotation(strict, 'error')).toEqual([
      `::error::Job job_2 completed: https://github.com/acme/docs/pull/102. The preview of ${REF} failed: ${WHY}. The step fails because preview is in fail-on.`,
    ])
    expect(strict.summary).toContain(
      `❌ The preview of \`${REF}\` failed: ${WHY}. The step fails because \`preview\` is in \`fail-on\`.`,
    )
  })

  it('still building at timeout: the link, which works once built; timed-out stays false; within timeout', async () => {
    // The job takes at least 25 waits of 20 ms, however fast the machine: the preview has at most what is left.
    api.script.statuses = [...Array<string>(25).fill('active'), 'completed']
    api.deploy.statuses = ['queued', 'in_progress']
    const began = Date.now()
    const r = await run({ timeout: '3s' })
    const took = Date.now() - began
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({
      status: 'completed',
      prLink: PR,
      'timed-out': 'false',
      'preview-url': URL,
      'preview-status': 'timeout',
    })
    const waited = /Waiting for the preview of .* for up to (under 0\.1s|(\d+\.\d)s) /.exec(r.stdout)
    expect(waited).not.toBeNull()
    expect(Number(waited?.[2] ?? 0) * 1000).toBeLessThanOrEqual(2500)
    // Node's start and the last read at the deadline aside, the run ends with its timeout.
    expect(took).toBeLessThan(5000)
    expect(annotation(r, 'warning')).toEqual([
      `::warning::Job job_1 completed: ${PR}. The preview of ${REF} is still in_progress after timeout (3.0s); it keeps building on Mintlify, and ${URL} works once it is built.`,
    ])
    expect(r.summary).toContain(
      `⏳ The preview of \`${REF}\` is still in_progress after \`timeout\` (3.0s); it keeps building on Mintlify, and <${URL}> works once it is built.`,
    )
    expect(r.stdout).not.toMatch(/^::error::/m)

    api.script.statuses = ['active', 'completed']
    const strict = await run({ timeout: '1s', 'fail-on': 'preview' })
    expect(strict.code).toBe(1)
    expect(strict.outputs).toMatchObject({ 'timed-out': 'false', 'preview-status': 'timeout' })
    expect(annotation(strict, 'error')[0]).toMatch(
      /still in_progress after timeout .* because preview is in fail-on\.$/,
    )
  })

  it('a plan without previews (403): a warning naming the plan, no preview outputs; one trigger', async () => {
    api.deploy.previews = false
    const r = await run()
    expect(r.code).toBe(0)
    expect(triggers()).toHaveLength(1)
    expect(reads()).toEqual([])
    expect(r.outputs).toMatchObject({ status: 'completed', prLink: PR, 'preview-url': '', 'preview-status': '' })
    const [warning = ''] = annotation(r, 'warning')
    expect(warning).toContain(
      `::warning::Job job_1 completed: ${PR}. No preview: Triggering the preview failed: HTTP 403 (${NO_PREVIEWS}). Check the Mintlify plan: previews need a Pro or Enterprise plan.`,
    )
    expect(r.summary).toContain(`⚠️ No preview: Triggering the preview failed: HTTP 403 (${NO_PREVIEWS}).`)

    const strict = await run({ 'fail-on': 'preview' })
    expect(strict.code).toBe(1)
    expect(annotation(strict, 'error')[0]).toMatch(/HTTP 403 .* The step fails because preview is in fail-on\.$/)
  })

  it('a key without write (403): the same warning, and the job’s pull request stands', async () => {
    api.fault({ path: '/v1/project/preview/', status: 403, json: { error: 'Insufficient scope: write required' } })
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ status: 'completed', prLink: PR, 'preview-status': '' })
    expect(annotation(r, 'warning')[0]).toContain(
      'No preview: Triggering the preview failed: HTTP 403 (Insufficient scope: write required).',
    )
    expect(annotation(r, 'warning')[0]).toContain('api-key: it may lack the write scope')
  })

  it('no source.ref: nothing to preview, said as a warning, and no request for it', async () => {
    api.script.extra = { source: { repository: 'https://github.com/acme/docs', ref: null } }
    const r = await run()
    expect(r.code).toBe(0)
    expect(deployRequests()).toEqual([])
    expect(r.outputs).toMatchObject({ status: 'completed', prLink: PR, 'preview-url': '', 'preview-status': '' })
    expect(annotation(r, 'warning')).toEqual([
      `::warning::Job job_1 completed: ${PR}. No preview: the job names no branch (source.ref), so there was nothing to preview.`,
    ])
    const strict = await run({ 'fail-on': 'preview' })
    expect(strict.code).toBe(1)
    expect(annotation(strict, 'error')[0]).toMatch(/names no branch .* The step fails because preview is in fail-on\.$/)
  })
})

describe('no preview asked for', () => {
  it('a job that opened no pull request', async () => {
    api.script.prLink = null
    const r = await run({ 'fail-on': 'preview' })
    expect(r.code).toBe(0)
    expect(deployRequests()).toEqual([])
    expect(r.outputs).toMatchObject({ status: 'completed', prLink: '', 'preview-url': '', 'preview-status': '' })
    expect(r.summary).not.toContain('preview')
  })

  it('a job that failed, or is still active at timeout', async () => {
    api.script.statuses = ['failed']
    const failed = await run()
    expect(failed.code).toBe(1)
    api.script.statuses = ['active']
    const active = await run({ timeout: '200ms', 'fail-on': '' })
    expect(active.outputs).toMatchObject({ 'timed-out': 'true', 'preview-status': '' })
    expect(deployRequests()).toEqual([])
  })
})

describe('what the API sends is untrusted', () => {
  it('a hostile reason leaks no secret and mentions no one, starts no HTML and no workflow command', async () => {
    const evil = `@octocat <img src=x onerror=alert(1)> ${KEY} ${TOKEN}\n::set-output name=status::hacked`
    api.deploy.statuses = ['failure']
    api.deploy.extra = { summary: `${evil} ${'x'.repeat(2000)}` }
    const r = await run({}, { event: docsRequest() })
    expect(r.code).toBe(0)
    expect(r.stdout).not.toMatch(/^::set-output/m)
    const reply = botReplies()[0]?.body ?? ''
    for (const text of [reply, r.summary]) {
      expect(text).toContain('failed: @\u200boctocat &lt;img')
      expect(text).not.toMatch(/@(?!\u200b)octocat/)
      expect(text).not.toContain('<img')
      expect(text).not.toContain(KEY)
      // Cut: the reason is one line of at most 300 characters.
      expect(text).not.toContain('x'.repeat(300))
    }
  })

  it('a previewUrl that is not https is shown, never linked', async () => {
    api.deploy.previewUrl = 'http://acme.example/preview'
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.outputs['preview-url']).toBe('http://acme.example/preview')
    expect(r.summary).toContain('✅ Preview ready: `http://acme.example/preview`')
    expect(r.summary).not.toContain('<http://acme.example/preview>')
    expect(r.summary).not.toContain('](http://acme.example/preview')
  })
})

describe('modes', () => {
  it('wait: false on a completed job (job-id alone): the preview queued, not waited for', async () => {
    api.seedJob({ id: 'job_9', status: 'completed', prLink: PR, source: { repository: 'x', ref: REF } })
    const r = await run({ prompt: '', 'job-id': 'job_9', wait: 'false' })
    expect(r.code).toBe(0)
    expect(triggers()).toHaveLength(1)
    expect(reads()).toEqual([])
    expect(r.outputs).toMatchObject({ status: 'completed', 'preview-url': URL, 'preview-status': 'queued' })
    expect(r.summary).toContain(
      `🚀 Preview of \`${REF}\` queued, not waited for (wait: false), and <${URL}> works once it is built.`,
    )
  })

  it.skipIf(!POSIX_SIGNALS)(
    `SIGTERM while waiting for the preview: exits 143; the job’s pull request told, the preview keeps building${skipped(NO_POSIX_SIGNALS)}`,
    async () => {
      api.deploy.statuses = ['queued']
      let killed = false
      const r = await run(
        { 'poll-interval': '200ms' },
        {
          onStdout: (text, child) => {
            if (!killed && text.includes('Waiting for the preview')) {
              killed = true
              child.kill('SIGTERM')
            }
          },
        },
      )
      expect(killed).toBe(true)
      expect(r.code).toBe(143)
      expect(r.outputs).toMatchObject({ status: 'completed', prLink: PR, 'preview-status': 'queued' })
      expect(r.summary).toContain('### 🛑 Mintlify agent: Cancelled')
      expect(r.summary).toContain(
        `🛑 Cancelled (SIGTERM) while waiting for the preview of \`${REF}\`; it keeps building on Mintlify, and <${URL}> works once it is built.`,
      )
    },
  )
})
