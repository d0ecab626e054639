/**
 * The agent job action as the runner runs it: `node dist/index.js` in its own process, hyphenated
 * INPUT_* variables, real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, against the local mock API.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type MockApi, seedComment, startMockApi } from '../../local/mock-api.ts'
import type { RunOptions } from '../../local/run-action.ts'
import { markersIn } from '../../src/agent/github/marker.js'
import { KEY, runAgent } from '../helpers/e2e.js'
import { NO_POSIX_SIGNALS, POSIX_SIGNALS } from '../helpers/scripts.ts'
import { closedPortUrl, UNRESOLVABLE_URL } from '../helpers/server.js'
import { skipped } from '../helpers/skip-reasons.ts'

let api: MockApi

beforeEach(async () => {
  api = await startMockApi()
})
afterEach(async () => {
  await api.close()
})

const run = (inputs: Record<string, string> = {}, options: RunOptions = {}) => runAgent(api, inputs, options)

/** The log as a user sees it without step debugging. */
const visibleLines = (stdout: string) => stdout.replace(/^::debug::.*$/gm, '')

const calls = (method: string, fragment = '') =>
  api.requests.filter((r) => r.method === method && r.path.includes(fragment)).length
const creates = () => api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/job')).length

describe('outcomes', () => {
  it('completed with a PR: success, every output, a notice with the link and a summary', async () => {
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.outputs).toEqual({
      'job-id': 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/101',
      'pr-number': '101',
      model: 'claude-sonnet-4-5',
      'source-repository': 'https://github.com/acme/docs',
      'source-ref': 'main',
      'timed-out': 'false',
      'follow-up': 'false',
    })
    expect(r.stdout).toContain('::notice::Job job_1 completed: https://github.com/acme/docs/pull/101')
    expect(r.summary).toContain('✅ Mintlify agent: Pull request opened')
    // The raw summary reads as it renders: a Markdown link to the pull request, once; no entities.
    expect(r.summary).toContain(
      '\n\nJob `job_1` completed: [acme/docs#101](https://github.com/acme/docs/pull/101)\n\n| | |\n|---|---|\n| Job id |',
    )
    expect(r.summary.split('https://github.com/acme/docs/pull/101')).toHaveLength(2)
    expect(r.summary).not.toMatch(/&#95;|&#96;|&#39;|<a href|<code>/)
    expect(r.summary).toContain('| Job id | `job_1` |')
    expect(r.summary).toMatch(/Time waited \| (?:under 0\.1s|\d\.\ds) \|/)
    expect(r.summary).toContain('```text\nDocument the flag\n```')
    expect(creates()).toBe(1)
    expect(calls('GET')).toBe(3)
    const create = api.requests[0]
    expect(create?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(JSON.parse(create?.body ?? '')).toEqual({ prompt: 'Document the flag' })
  })

  it('completed without a PR: success with a notice, or failure with fail-on no-pr', async () => {
    api.script.prLink = null
    const ok = await run()
    expect(ok.code).toBe(0)
    expect(ok.outputs).toMatchObject({ status: 'completed', prLink: '', 'pr-number': '' })
    // Not "no files changed": organizations that publish straight to their deploy branch get no pull request.
    const why =
      'opened no pull request: the agent changed nothing, or your organization publishes agent changes straight to its deploy branch'
    expect(ok.stdout).toContain(`::notice::Job job_1 completed and ${why}`)
    expect(ok.summary).toContain('✅ Mintlify agent: Completed, no pull request')
    expect(ok.summary).toContain('(Mintlify-hosted sites, or the "Push to main" review setting).')
    expect(ok.stdout).not.toContain('fail-on')
    const strict = await run({ 'fail-on': 'failed,timeout,no-pr' })
    expect(strict.code).toBe(1)
    expect(strict.stdout).toContain(`::error::Job job_2 completed and ${why}`)
    // What made the step red is said where the red step is read: the failure line and the summary.
    expect(strict.stdout).toMatch(/^::error::Job job_2 .* The step fails because no-pr is in fail-on\.$/m)
    expect(strict.summary).toContain('The step fails because `no-pr` is in `fail-on`.')
  })

  it('archived: success with a warning, or failure with fail-on archived', async () => {
    api.script.statuses = ['archived']
    const ok = await run()
    expect(ok.code).toBe(0)
    expect(ok.outputs.status).toBe('archived')
    expect(ok.stdout).toMatch(/::warning::Job job_1 was archived/)
    const strict = await run({ 'fail-on': 'archived' })
    expect(strict.code).toBe(1)
    expect(strict.stdout).toMatch(/::error::Job job_2 was archived/)
  })

  it('failed: the step fails, unless failed is left out of fail-on (the error is still logged)', async () => {
    api.script.statuses = ['active', 'failed']
    const failing = await run()
    expect(failing.code).toBe(1)
    expect(failing.outputs).toMatchObject({ status: 'failed', 'job-id': 'job_1' })
    expect(failing.stdout).toContain('::error::Job job_1 failed on Mintlify.')
    expect(failing.summary).toContain('❌ Mintlify agent: Failed')
    // The summary ends its sentence with the author's next step: where to see why, and how to get a new job.
    const next = 'Open the job in the Mintlify dashboard to see why; run this again to start a new job.'
    expect(failing.summary).toContain(
      `\n\nJob \`job_1\` failed on Mintlify. The step fails because \`failed\` is in \`fail-on\`. ${next}\n\n`,
    )
    const lenient = await run({ 'fail-on': '' })
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toContain(`::error::Job job_2 failed on Mintlify. ${next}`)
    expect(lenient.summary).toContain(`\n\nJob \`job_2\` failed on Mintlify. ${next}\n\n`)
  })

  it('still active at timeout: fails with timed-out=true and says the job keeps running', async () => {
    api.script.statuses = ['active']
    const r = await run({ timeout: '300ms' })
    expect(r.code).toBe(1)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', status: 'active', 'timed-out': 'true' })
    expect(r.stdout).toMatch(/::error::Job job_1 is still active after 0\.3s; it keeps running on Mintlify/)
    expect(r.summary).toContain('keeps running on Mintlify')
    const lenient = await run({ timeout: '300ms', 'fail-on': 'failed' })
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toMatch(/::warning::Job job_2 is still active/)
  })

  it('summary: false writes no summary', async () => {
    const r = await run({ summary: 'false' })
    expect(r.code).toBe(0)
    expect(r.summary).toBe('')
  })
})

describe('modes', () => {
  it('wait: false returns right after creation with status active and no poll, saying so in one log line', async () => {
    const r = await run({ wait: 'false' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', status: 'active', prLink: '', 'timed-out': 'false' })
    expect(api.requests).toHaveLength(1)
    expect(r.summary).toContain('Agent job started')
    expect(visibleLines(r.stdout).match(/^.*job_1.*$/gm)).toEqual([
      'Created agent job job_1; not waiting for it (wait: false).',
    ])
    // A follow-up left running: one line too.
    api.seedJob({ id: 'job_old', status: 'completed' })
    const sent = await run({ wait: 'false', 'job-id': 'job_old', prompt: 'Also the changelog' })
    expect(sent.code).toBe(0)
    expect(visibleLines(sent.stdout).match(/^.*job_old.*$/gm)).toEqual([
      'Sent a follow-up message to job job_old; not waiting for it (wait: false).',
    ])
  })

  it('a one-character prompt is counted as one character', async () => {
    const r = await run({ prompt: 'x' })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('<summary>Prompt (1 character)</summary>')
  })

  it('an error before any wait has no Time waited row', async () => {
    const r = await run({ 'job-id': 'job_gone', prompt: '' })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Reading the agent job failed: HTTP 404')
    expect(r.summary).toContain('| Job id | `job_gone` |')
    expect(r.summary).not.toContain('Time waited')
  })

  it('a prompt with accents, CJK and emoji reaches the API whole, Content-Length counting its bytes', async () => {
    const prompt = 'Résumé the naïve café page: 文档の更新 🚀👩‍💻'
    const r = await run({ prompt })
    expect(r.code).toBe(0)
    const create = api.requests[0]
    expect(JSON.parse(create?.body ?? '')).toEqual({ prompt })
    // Bytes of the body the action sends (more than its characters here), not of what arrived.
    const sent = JSON.stringify({ prompt })
    expect(Buffer.byteLength(sent)).toBeGreaterThan(sent.length)
    expect(create?.headers['content-length']).toBe(String(Buffer.byteLength(sent)))
  })

  it('prompt-file sends the file content as the prompt', async () => {
    const r = await run(
      { prompt: '', 'prompt-file': 'prompts/refresh.md' },
      { files: { 'prompts/refresh.md': 'Refresh the API reference\nfor v2.\n' } },
    )
    expect(r.code).toBe(0)
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual({ prompt: 'Refresh the API reference\nfor v2.\n' })
  })

  it('job-id with a prompt sends a follow-up message and waits for the job', async () => {
    api.seedJob({ id: 'job_old', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })
    const r = await run({ 'job-id': 'job_old', prompt: 'Also update the changelog' })
    expect(r.code).toBe(0)
    expect(creates()).toBe(0)
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/v2/agent/proj_1/job/job_old/message' })
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual({ prompt: 'Also update the changelog' })
    expect(r.outputs).toMatchObject({ 'job-id': 'job_old', status: 'completed', 'follow-up': 'true' })
  })

  it('job-id alone only waits for and reports that job', async () => {
    api.seedJob({ id: 'job_x' }, ['active', 'completed'])
    const r = await run({ 'job-id': 'job_x', prompt: '' })
    expect(r.code).toBe(0)
    expect(api.requests.every((q) => q.method === 'GET' && q.path === '/v2/agent/proj_1/job/job_x')).toBe(true)
    expect(api.requests).toHaveLength(2)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_x', status: 'completed', 'pr-number': '100' })
    expect(r.summary).not.toContain('Prompt (')
  })

  it('job-id alone polls at once, without waiting poll-interval first', async () => {
    api.seedJob({ id: 'job_done', status: 'completed' }, ['completed'])
    // With a minute between polls, only an immediate first poll ends the step before the 10 s guard.
    const r = await run({ 'job-id': 'job_done', prompt: '', 'poll-interval': '60s' }, { killAfterMs: 10_000 })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ 'job-id': 'job_done', status: 'completed' })
    expect(api.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v2/agent/proj_1/job/job_done'])
  })

  it('a create answer that is already terminal is not polled', async () => {
    api.script.createStatus = 'completed'
    const r = await run()
    expect(r.code).toBe(0)
    expect(api.requests).toHaveLength(1)
    expect(r.outputs).toMatchObject({ status: 'completed', 'pr-number': '101' })
  })

  it('an unknown status is waited through', async () => {
    api.script.statuses = ['queued', 'completed']
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Job job_1: queued (not a known status; still waiting)')
    expect(r.outputs.status).toBe('completed')
  })
})

describe('API trouble', () => {
  it('429 with Retry-After on a poll: waits as asked, then goes on', async () => {
    api.fault({ method: 'GET', status: 429, json: { error: 'Rate limit exceeded' }, headers: { 'Retry-After': '0.3' } })
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      'Poll failed: HTTP 429 (Rate limit exceeded). Waiting 0.3s as the API asked (Retry-After 0.3s)',
    )
    expect(creates()).toBe(1)
  })

  it('503 with Retry-After on a poll: waits as asked, then goes on', async () => {
    api.fault({ method: 'GET', status: 503, json: { error: 'Maintenance' }, headers: { 'Retry-After': '0.2' } })
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Waiting 0.2s as the API asked')
  })

  it('a burst of 5xx on polls is survived', async () => {
    api.fault({ method: 'GET', status: 500, json: { error: 'Internal error' }, times: 3 })
    const r = await run()
    expect(r.code).toBe(0)
    expect(r.stdout.match(/Poll failed: HTTP 500/g)).toHaveLength(3)
    expect(r.outputs.status).toBe('completed')
  })

  it('an HTML 502 on a poll is retried; on create it fails the step after one request', async () => {
    api.fault({ method: 'GET', status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' })
    const polled = await run()
    expect(polled.code).toBe(0)
    expect(polled.stdout).toContain('Poll failed: HTTP 502 (the answer is not JSON (text/html))')

    api.requests.length = 0
    api.fault({ method: 'POST', status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' })
    const created = await run()
    expect(created.code).toBe(1)
    expect(creates()).toBe(1)
    expect(created.stdout).toContain(
      '::error::Creating the agent job failed: HTTP 502 (the answer is not JSON (text/html))',
    )
    expect(visibleLines(created.stdout)).not.toContain('<h1>')
  })

  it('a non-JSON 200 fails with a hint to check api-url', async () => {
    api.fault({ method: 'GET', status: 200, body: '<!doctype html><title>Docs</title>' })
    const r = await run()
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(
      /::error::Reading the agent job failed: HTTP 200 \(the answer is not JSON \(text\/html\)\)\. Check api-url/,
    )
    expect(r.outputs['job-id']).toBe('job_1') // set before the failure
  })

  it('401 names the status, the API text and what to check, without a stack trace', async () => {
    api.fault({ method: 'POST', status: 401, json: { error: 'Invalid API key' } })
    const r = await run()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      '::error::Creating the agent job failed: HTTP 401 (Invalid API key). Check api-key: it is invalid or has expired (new keys expire after 90 days).',
    )
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /)
    // The summary says the same with code spans, not entities.
    expect(r.summary).toContain(
      'Creating the agent job failed: HTTP 401 (Invalid API key). Check `api-key`: it is invalid or has expired',
    )
    expect(r.summary).not.toMatch(/&#95;|&#96;|&#39;|&#\d+;/)
    expect(r.outputs).toEqual({ 'follow-up': 'false' }) // no job, and no follow-up message
  })

  it('404 on create points at project-id', async () => {
    await api.close()
    api = await startMockApi({ projects: ['other'] })
    const r = await run()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('HTTP 404 (Project not found). Check project-id')
  })

  it('a 429 on create fails at once: the create is never sent twice', async () => {
    api.fault({
      method: 'POST',
      status: 429,
      json: { error: 'Rate limit exceeded' },
      headers: { 'Retry-After': '0.1' },
    })
    const r = await run()
    expect(r.code).toBe(1)
    expect(creates()).toBe(1)
    // The limit once (the API's text already says it was reached), and the wait the answer gave.
    expect(r.stdout).toContain(
      '::error::Creating the agent job failed: HTTP 429 (Rate limit exceeded). Agent jobs allow 100 per project per hour. The API asked to wait 0.1s: re-run after that.',
    )
  })

  it('a create cut off mid-way fails the step after one request, and may have created the job', async () => {
    api.fault({ method: 'POST', action: 'reset' })
    const r = await run()
    expect(r.code).toBe(1)
    expect(creates()).toBe(1)
    // The request went out before the connection dropped: the caution stays.
    expect(r.stdout).toContain(
      "::error::Creating the agent job failed: connection reset. Check api-url and the runner's network and proxy settings. The job may have been created anyway: check the Mintlify dashboard before running this again.",
    )
    expect(r.stdout).not.toContain('ECONNRESET')
  })

  it.each([
    ['a closed port', closedPortUrl, 'connection refused'],
    ['a host that does not resolve', async () => UNRESOLVABLE_URL, 'host not found'],
  ])('api-url on %s: nothing was sent, so no job was created; said in words', async (_, url, words) => {
    const r = await run({ 'api-url': await url() })
    expect(r.code).toBe(1)
    const said = `Creating the agent job failed: ${words}. Check \`api-url\` and the runner's network and proxy settings. Nothing was sent, so no job was created: run this again once that is fixed.`
    expect(r.stdout).toContain(`::error::${said.replaceAll('`', '')}`)
    expect(r.summary).toContain(`\n\n${said}\n\n`)
    for (const surface of [r.stdout, r.summary]) {
      expect(surface).not.toContain('may have been created')
      expect(surface).not.toMatch(/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/)
    }
    expect(r.outputs['job-id'] ?? '').toBe('')
  })

  it('job-id with a prompt, api-url on a closed port: the message was not sent', async () => {
    const r = await run({ 'job-id': 'job_old', prompt: 'Also the changelog', 'api-url': await closedPortUrl() })
    expect(r.code).toBe(1)
    expect(r.summary).toContain(
      "\n\nSending the follow-up message failed: connection refused. Check `api-url` and the runner's network and proxy settings. Nothing was sent, so the job did not get the message: run this again once that is fixed.\n\n",
    )
    expect(r.summary).not.toContain('may have reached')
    expect(r.outputs['follow-up']).toBe('false')
  })

  it('never shows the key, even when the API echoes it back in an error body', async () => {
    api.fault({
      method: 'POST',
      status: 401,
      body: (req) => JSON.stringify({ error: `Invalid key ${req.headers.authorization}` }),
    })
    const r = await run() // run() asserts the key is absent
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('Invalid key Bearer ***')
  })
})

describe('cancellation', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it.skipIf(!POSIX_SIGNALS)(
      `${signal} while waiting: outputs set, summary written, exit within a second${skipped(NO_POSIX_SIGNALS)}`,
      async () => {
        api.script.statuses = ['active']
        let sentAt = 0
        const r = await run(
          { 'poll-interval': '60s' },
          {
            onStdout: (text, child) => {
              if (!sentAt && text.includes('Waiting for job')) {
                sentAt = Date.now()
                child.kill(signal)
              }
            },
          },
        )
        const elapsed = Date.now() - sentAt
        expect(sentAt).toBeGreaterThan(0)
        expect(elapsed).toBeLessThan(1000)
        expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130)
        expect(r.outputs).toMatchObject({ 'job-id': 'job_1', status: 'active' })
        expect(r.summary).toContain('🛑 Mintlify agent: Cancelled')
        expect(r.summary).toContain('job `job_1` keeps running on Mintlify')
      },
    )
  }
})

describe('a runner that kills the step', () => {
  it('finds job-id in GITHUB_OUTPUT as soon as the job exists, killed right after the create answer', async () => {
    api.script.statuses = ['active']
    let killed = false
    const r = await run(
      { 'poll-interval': '60s' },
      {
        onStdout: (text, child) => {
          if (!killed && text.includes('Created agent job')) {
            killed = true
            child.kill('SIGKILL')
          }
        },
      },
    )
    expect(killed).toBe(true)
    expect(r.signal).toBe('SIGKILL')
    expect(r.outputs).toMatchObject({ 'job-id': 'job_1', status: 'active' })
  })
})

describe('durations as people write them', () => {
  it.each([
    [{ timeout: '1h30m' }, 'for up to 1h 30m ('],
    [{ timeout: '2m 30s' }, 'for up to 2m 30s ('],
  ])('%j: taken, and the log says the wait', async (inputs, said) => {
    const r = await run(inputs)
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('completed')
    expect(r.stdout).toContain(`Waiting for job job_1 ${said}`)
  })
})

describe('bad input fails before any request', () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['api-key missing', { 'api-key': '' }, /Input api-key: it is required but empty/],
    [
      'api-key not a Mintlify key',
      { 'api-key': 'sk_live_abcdef' },
      /Input api-key: the value does not look like a Mintlify API key\. Accepted: a Mintlify admin API key/,
    ],
    ['assistant key', { 'api-key': 'mint_dsc_abcdef' }, /Input api-key: this is an assistant key \(mint_dsc_\.\.\.\)/],
    ['index key', { 'api-key': 'mint_us_abcdef' }, /Input api-key: this is an index key/],
    ['project-id missing', { 'project-id': '' }, /Input project-id: it is required but empty/],
    ['no prompt', { prompt: '' }, /Input prompt: no prompt was given\. Accepted: prompt or prompt-file/],
    ['prompt and prompt-file', { 'prompt-file': 'x.md' }, /Input prompt: both prompt and prompt-file are set/],
    ['prompt-file missing', { prompt: '', 'prompt-file': 'nope.md' }, /Input prompt-file: "nope\.md": no such file/],
    [
      'timeout unreadable',
      { timeout: 'soon' },
      /Input timeout: "soon" is not a duration\. Accepted: a positive duration such as 90s/,
    ],
    ['timeout zero', { timeout: '0' }, /Input timeout: "0" is too short/],
    [
      'poll-interval unreadable',
      { 'poll-interval': '5 minutes' },
      /Input poll-interval: "5 minutes" is not a duration/,
    ],
    [
      'fail-on unknown',
      { 'fail-on': 'failed,sometimes' },
      /Input fail-on: "sometimes" is not a known value\. Accepted: a comma list of failed, archived, timeout, no-pr/,
    ],
    [
      'api-url http',
      { 'api-url': 'http://api.mintlify.com' },
      /Input api-url: "http:\/\/api\.mintlify\.com" does not use https/,
    ],
    ['api-url not a URL', { 'api-url': 'api.mintlify.com' }, /Input api-url: "api\.mintlify\.com" is not a URL/],
    [
      'api-url http on a look-alike of localhost',
      { 'api-url': 'http://localhost.example.com' },
      /Input api-url: "http:\/\/localhost\.example\.com" does not use https/,
    ],
    [
      'api-url http on a look-alike of 127.0.0.1',
      { 'api-url': 'http://127.0.0.1.example.com:8080' },
      /Input api-url: "http:\/\/127\.0\.0\.1\.example\.com:8080" does not use https/,
    ],
    ['poll-interval zero', { 'poll-interval': '0' }, /Input poll-interval: "0" is too short/],
    [
      'job-id longer than 1,024 characters',
      { 'job-id': 'j'.repeat(1025) },
      /Input job-id: the value is longer than 1,024 characters\. Accepted: the id of an agent job/,
    ],
    ['wait not a boolean', { wait: 'yes' }, /Input wait: "yes" is not a boolean\. Accepted: true or false/],
    ['summary not a boolean', { summary: 'maybe' }, /Input summary: "maybe" is not a boolean/],
    [
      'comment unknown',
      { comment: 'sometimes' },
      /Input comment: "sometimes" is not one of the choices\. Accepted: auto, always, never/,
    ],
  ]
  it.each(cases)('%s', async (_name, inputs, message) => {
    const r = await run(inputs)
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(new RegExp(`::error::${message.source}`))
    expect(api.requests).toHaveLength(0)
    expect(r.outputs).toEqual({})
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /)
  })

  it('an empty prompt-file is refused', async () => {
    const r = await run({ prompt: '', 'prompt-file': 'empty.md' }, { files: { 'empty.md': '  \n' } })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('::error::Input prompt-file: "empty.md" is empty')
    expect(api.requests).toHaveLength(0)
  })
})

describe('the summary says only what its heading does not (issue 20)', () => {
  it('no Status row, the time in UTC to the minute, a 5,319-character one-line prompt wrapped and counted with separators', async () => {
    api.script.extra = { createdAt: '2026-11-24T04:51:07.123Z' }
    const prompt = Array.from({ length: 800 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 5319)
    const r = await run({ prompt })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('### ✅ Mintlify agent: Pull request opened\n')
    expect(r.summary).not.toContain('| Status |')
    expect(r.summary).toContain('| Created at | 2026-11-24 04:51 UTC |')
    expect(r.summary).toContain('<summary>Prompt (5,319 characters; long lines wrapped for display)</summary>')
    const shown = /```text\n([\s\S]*?)\n```/.exec(r.summary)?.[1] ?? ''
    expect(shown.split('\n').length).toBeGreaterThan(30)
    expect(Math.max(...shown.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100)
    expect(shown.replaceAll('\n', '')).toBe(prompt.slice(0, 4000))
    expect(r.summary).toContain('_… 1,319 more characters not shown._')
  })

  it('a job left running (wait: false) keeps its Status row: the heading does not name it', async () => {
    const r = await run({ wait: 'false' })
    expect(r.code).toBe(0)
    expect(r.summary).toContain('### 🚀 Mintlify agent: Agent job started')
    expect(r.summary).toContain('| Status | active |')
  })

  it.each([
    ['had', 'https://github.com/acme/docs/pull/7', 'Pull request updated'],
    ['did not have', null, 'Pull request opened'],
  ])(
    'a follow-up (job-id with a prompt) to a job that %s a pull request: the summary says so',
    async (_, prLink, title) => {
      api.seedJob({ id: 'job_old', status: 'completed', prLink })
      const r = await run({ 'job-id': 'job_old', prompt: 'Also the changelog' })
      expect(r.code).toBe(0)
      expect(r.outputs).toMatchObject({ 'job-id': 'job_old', 'follow-up': 'true' })
      expect(r.summary).toContain(`### ✅ Mintlify agent: ${title}\n`)
      expect(r.summary).toContain('\n\nThis request was a follow-up to job `job_old`.\n\n| | |\n|---|---|\n')
    },
  )

  it('a new job does not say it was a follow-up', async () => {
    const r = await run()
    expect(r.summary).not.toContain('follow-up')
  })
})

describe('every job id the API may give', () => {
  const PR = 'https://github.com/acme/docs/pull/101'
  const LONG = 'j'.repeat(1024)
  const HOSTILE = '@octocat ::error::x ##[group]y <b>*z*</b>'
  /** The id; its one path segment; in a `::notice::` line (after the runner's `%` escaping); the summary's code span. */
  const IDS: Array<[name: string, id: string, segment: string, notice: string, span: string]> = [
    ['a space', 'job 1', 'job%201', 'job 1', '`job 1`'],
    ['a slash', 'a/b', 'a%2Fb', 'a/b', '`a/b`'],
    ['a question mark', 'a?b', 'a%3Fb', 'a?b', '`a?b`'],
    ['a hash', 'a#b', 'a%23b', 'a#b', '`a#b`'],
    ['a percent sign', '100%', '100%25', '100%25', '`100%`'],
    ['non-ASCII', 'jöb-日本-🚀', 'j%C3%B6b-%E6%97%A5%E6%9C%AC-%F0%9F%9A%80', 'jöb-日本-🚀', '`jöb-日本-🚀`'],
    ['"-->"', 'x-->y', 'x--%3Ey', 'x-->y', '`x-->y`'],
    ['a line break', 'a\nb', 'a%0Ab', 'a b', '`a b`'],
    ['1,024 characters', LONG, LONG, LONG, `\`${LONG}\``],
    [
      'a mention, commands and HTML',
      HOSTILE,
      '%40octocat%20%3A%3Aerror%3A%3Ax%20%23%23%5Bgroup%5Dy%20%3Cb%3E*z*%3C%2Fb%3E',
      '@octocat ::error::x ## [group]y <b>*z*</b>',
      `\`${HOSTILE}\``,
    ],
  ]
  const shown = (id: string) => id.replace('\n', ' ')
  const paths = (method: string) => api.requests.filter((q) => q.method === method).map((q) => q.path)

  it.each(IDS)(
    'an id with %s: one encoded path segment, outputs, log and summary; passed back as job-id',
    async (...c) => {
      const [, id, segment, notice, span] = c
      api.script.id = id
      api.script.prLink = PR
      const r = await run()
      expect(r.code).toBe(0)
      expect(paths('GET')).toEqual(Array(3).fill(`/v2/agent/proj_1/job/${segment}`))
      expect(r.outputs).toMatchObject({ 'job-id': shown(id), status: 'completed', prLink: PR, 'pr-number': '101' })
      expect(r.stdout).toContain(`\n::notice::Job ${notice} completed: ${PR}\n`)
      // Nothing in the id starts a command: the run's only commands are its masks, debug lines and the notice.
      const commands = r.stdout.split('\n').filter((l) => /^\s*(::|##\[)/.test(l))
      expect(commands.filter((l) => !/^::(add-mask|debug)::/.test(l))).toEqual([
        `::notice::Job ${notice} completed: ${PR}`,
      ])
      expect(r.summary).toContain(`| Job id | ${span} |`)

      // The id passed back as job-id with a prompt names the same job (the output holds it on one line: an id with a
      // line break comes back with a space, as the README's outputs table says).
      const again = await run({ 'job-id': id, prompt: 'Also the changelog' })
      expect(again.code).toBe(0)
      expect(paths('POST').at(-1)).toBe(`/v2/agent/proj_1/job/${segment}/message`)
      expect(again.outputs).toMatchObject({ 'job-id': shown(id), 'follow-up': 'true' })
    },
  )

  it('an id that looks like markup mentions no one and starts no HTML in the summary', async () => {
    api.script.id = HOSTILE
    const r = await run()
    expect(r.code).toBe(0)
    // Shown only as code spans (in the sentence and the Job id row), where it is literal: outside them, no
    // mention and no HTML.
    expect(r.summary).toContain(`Job \`${HOSTILE}\` completed`)
    expect(r.summary).toContain(`| Job id | \`${HOSTILE}\` |`)
    const outsideCode = r.summary.replace(/`[^`\n]+`/g, '')
    expect(outsideCode).not.toContain('octocat')
    expect(outsideCode).not.toContain('<b>')
  })

  it.each(IDS)(
    'an id with %s, comment-triggered: the reply names it, its marker reads back for the next request',
    async (...c) => {
      const [, id, segment, , span] = c
      api.script.id = id
      api.github.roles.writer = 'write'
      const ask = (body: string) => {
        const comment = seedComment(api.github, 12, { body, user: { login: 'writer', type: 'User' } })
        const issue = { number: 12, title: 'Add a flag', html_url: 'https://github.com/acme/app/issues/12' }
        const payload = { action: 'created', comment: { id: comment.id, body, user: comment.user }, issue }
        return { comment, run: () => run({}, { event: { name: 'issue_comment', payload } }) }
      }
      const first = ask('/docs document the flag')
      expect((await first.run()).code).toBe(0)
      const reply = api.github.comments?.[12]?.find((x) => x.user.type === 'Bot')
      const body = reply?.body ?? ''
      // Named once, as code, in the sentence that says what happened: no status line repeating it.
      expect(body).toContain(`Job ${span} completed: [acme/docs#`)
      expect(body.split(span)).toHaveLength(2)
      expect(body).not.toContain('status `completed`')
      // One hidden comment, at the very end: no id can open or close another.
      expect(body.split('<!--')).toHaveLength(2)
      expect(body).toMatch(new RegExp(`\\n\\n<!-- mintlify-agent job=\\S+ request=${first.comment.id} -->$`))
      expect(markersIn(body)).toEqual([id])

      const next = ask('/docs also the changelog')
      const r = await next.run()
      expect(r.code).toBe(0)
      expect(r.outputs).toMatchObject({ 'job-id': shown(id), 'follow-up': 'true' })
      expect(paths('POST').filter((p) => p.startsWith('/v2/'))).toEqual([
        '/v2/agent/proj_1/job',
        `/v2/agent/proj_1/job/${segment}/message`,
      ])
    },
  )
})
