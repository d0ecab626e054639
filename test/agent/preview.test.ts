import { describe, expect, it } from 'vitest'
import { resultComment } from '../../src/agent/github/comments.js'
import { type FailOn, judge } from '../../src/agent/outcome.js'
import {
  type JobPreview,
  jobToPreview,
  judgePreview,
  previewJob,
  REASON_SHOWN,
  withPreview,
} from '../../src/agent/preview.js'
import { agentSummary, previewText } from '../../src/agent/summary.js'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type { DeploymentStatus, DeploymentTrigger } from '../../src/api/types.js'
import type { DeployApi, DeployOutcome } from '../../src/deploy/deploy.js'
import { createRedactor } from '../../src/log.js'
import { Outputs } from '../../src/runner/outputs.js'
import { FakeClock, memoryLog } from '../helpers/fakes.js'

const PR = 'https://github.com/acme/docs/pull/7'
const URL = 'https://acme-docs-x.mintlify.app'
const QUEUED: DeploymentTrigger = { statusId: 's_1', previewUrl: URL }
const completed = { id: 'j', status: 'completed', prLink: PR, source: { ref: 'docs/x' } }
const deployed = (outcome: DeployOutcome): JobPreview => ({ kind: 'deployed', branch: 'docs/x', outcome })
const final = (status: DeploymentStatus): JobPreview =>
  deployed({ kind: 'final', trigger: QUEUED, status, waitedMs: 90_000 })
const none = new Set<FailOn>(['failed', 'timeout'])
const strict = new Set<FailOn>(['failed', 'timeout', 'preview'])

describe('jobToPreview: only a job completed with a pull request asks for a preview', () => {
  it.each([
    ['completed with a pull request', { kind: 'finished', job: completed }, true],
    ['completed without', { kind: 'finished', job: { ...completed, prLink: null } }, false],
    ['archived with a pull request', { kind: 'finished', job: { ...completed, status: 'archived' } }, false],
    ['failed', { kind: 'finished', job: { ...completed, status: 'failed' } }, false],
    ['left running (wait: false)', { kind: 'started', job: completed, how: 'created' }, false],
    ['still active at timeout', { kind: 'timeout', job: { ...completed, status: 'active' } }, false],
    ['an error', { kind: 'error', error: new Error('x'), job: completed }, false],
  ] as const)('%s', (_name, outcome, asks) => {
    expect(jobToPreview(outcome) !== undefined).toBe(asks)
  })
})

describe('previewJob', () => {
  function fakeApi(statuses: DeploymentStatus[], trigger: DeploymentTrigger | Error = QUEUED) {
    const calls: string[] = []
    const api: DeployApi = {
      triggerPreview: async (projectId, branch) => {
        calls.push(`preview ${projectId} ${branch}`)
        if (trigger instanceof Error) throw trigger
        return trigger
      },
      triggerDeployment: async () => {
        throw new Error('not this one')
      },
      getDeploymentStatus: async (id) => {
        calls.push(`status ${id}`)
        return (statuses.length > 1 ? statuses.shift() : statuses[0]) as DeploymentStatus
      },
    }
    return { api, calls }
  }
  const outputsSeen = () => {
    const written: string[] = []
    return { written, outputs: new Outputs((name, value) => written.push(`${name}=${value}`), createRedactor([])) }
  }

  it('previews source.ref, the outputs following it: queued with the URL, each status, the last one staying', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi([{ status: 'in_progress' }, {}, { status: 'success' }])
    const { outputs, written } = outputsSeen()
    const o = { projectId: 'p', wait: true, pollIntervalMs: 5000, deadline: clock.now() + 60_000 }
    const preview = await previewJob(completed, o, { api, clock, log: memoryLog(), outputs })
    expect(preview).toMatchObject({ kind: 'deployed', branch: 'docs/x', outcome: { kind: 'final' } })
    expect(calls).toEqual(['preview p docs/x', 'status s_1', 'status s_1', 'status s_1'])
    // A read without a status leaves the last one seen.
    expect(written).toEqual([
      `preview-url=${URL}`,
      'preview-status=queued',
      'preview-status=in_progress',
      'preview-status=success',
    ])
  })

  it('still building at the deadline: preview-status timeout, no read after it', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi([{ status: 'in_progress' }])
    const { outputs, written } = outputsSeen()
    const o = { projectId: 'p', wait: true, pollIntervalMs: 5000, deadline: clock.now() + 12_000 }
    const preview = await previewJob(completed, o, { api, clock, log: memoryLog(), outputs })
    expect(preview).toMatchObject({ outcome: { kind: 'timeout' } })
    expect(written.at(-1)).toBe('preview-status=timeout')
    expect(clock.now()).toBe(12_000)
    expect(calls).toHaveLength(4) // the trigger, reads at 5 s and 10 s, the last one at the deadline
  })

  it('a job without source.ref: nothing is sent, no output changes', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi([])
    const { outputs, written } = outputsSeen()
    const o = { projectId: 'p', wait: true, pollIntervalMs: 5000, deadline: 60_000 }
    for (const source of [undefined, { ref: null }, { ref: '' }])
      expect(await previewJob({ ...completed, source }, o, { api, clock, log: memoryLog(), outputs })).toEqual({
        kind: 'no-branch',
      })
    expect(calls).toEqual([])
    expect(written).toEqual([])
  })
})

describe('judgePreview', () => {
  it('ready: the link and the branch', () => {
    expect(judgePreview(final({ status: 'success' }), 60_000)).toEqual({
      emoji: '✅',
      text: `Preview ready: ${URL} (\`docs/x\`).`,
      replyText: `Preview ready: ${URL} (\`docs/x\`).`,
      problem: false,
      url: URL,
    })
  })

  it('failed: the API’s own reason, on one line and cut', () => {
    const told = judgePreview(final({ status: 'failure', summary: 'Build failed:\nbad nav' }), 1)
    expect(told).toMatchObject({
      emoji: '❌',
      problem: true,
      text: 'The preview of `docs/x` failed: Build failed: bad nav.',
    })
    const long = judgePreview(final({ status: 'failure', summary: 'y'.repeat(5000) }), 1).text
    expect(long.length).toBeLessThan(REASON_SHOWN + 60)
    expect(judgePreview(final({ status: 'FAILURE' }), 1).text).toBe(
      'The preview of `docs/x` failed: the API gave no reason.',
    )
  })

  it('a final status the API does not document: reported as sent, not ready', () => {
    expect(judgePreview(final({ status: 'skipped' }), 1)).toMatchObject({
      emoji: '⚠️',
      problem: true,
      text: 'The preview of `docs/x` ended with status `skipped`, which the API does not document.',
    })
  })

  it('still building at timeout: the link, which works once built', () => {
    const told = judgePreview(
      deployed({ kind: 'timeout', trigger: QUEUED, status: { status: 'in_progress' }, waitedMs: 1 }),
      30 * 60_000,
    )
    expect(told).toMatchObject({ emoji: '⏳', problem: true, url: URL })
    expect(told.text).toBe(
      `The preview of \`docs/x\` is still in_progress after \`timeout\` (30m); it keeps building on Mintlify, and ${URL} works once it is built.`,
    )
    const noUrl = judgePreview(
      deployed({ kind: 'timeout', trigger: { statusId: 's' }, status: {}, waitedMs: 1 }),
      60_000,
    )
    expect(noUrl.text).toBe(
      'The preview of `docs/x` is still queued after `timeout` (1m); it keeps building on Mintlify.',
    )
  })

  it('wait: false: queued, not a problem', () => {
    expect(judgePreview(deployed({ kind: 'queued', trigger: QUEUED, status: { status: 'queued' } }), 1)).toMatchObject({
      emoji: '🚀',
      problem: false,
      text: `Preview of \`docs/x\` queued, not waited for (wait: false), and ${URL} works once it is built.`,
    })
  })

  it('an error: the whole message for the log and summary, what failed for the reply', () => {
    const plan = new ApiError('preview', 403, 'Preview deployments are not available on your current plan')
    const told = judgePreview(deployed({ kind: 'error', error: plan }), 1)
    expect(told.problem).toBe(true)
    expect(told.text).toBe(`No preview: ${plan.message}`)
    expect(told.text).toContain('Check the Mintlify plan')
    expect(told.replyText).toBe(
      'No preview: Triggering the preview failed: HTTP 403 (Preview deployments are not available on your current plan).',
    )
    // A trigger without a clear answer may have been taken; one queued may still be building.
    const unclear = judgePreview(deployed({ kind: 'error', error: new NetworkError('preview', 'connection reset') }), 1)
    expect(unclear.replyText).toBe(
      'No preview: Triggering the preview failed: connection reset. It may have been queued anyway: check the Mintlify dashboard.',
    )
    // A connection that never opened sent nothing: no preview was queued.
    const unsent = new NetworkError('preview', 'connection refused', 'unsent')
    expect(judgePreview(deployed({ kind: 'error', error: unsent }), 1).replyText).toBe(
      'No preview: Triggering the preview failed: connection refused.',
    )
    const reads = new ApiError('status', 500, 'oops')
    const going = judgePreview(deployed({ kind: 'error', error: reads, trigger: QUEUED }), 1)
    expect(going.replyText).toBe(
      `No preview: Reading the deployment status failed: HTTP 500 (oops). It was queued and may still be building, and ${URL} works once it is built.`,
    )
    expect(judgePreview(deployed({ kind: 'error', error: new Error('odd') }), 1).replyText).toBe('No preview: odd')
  })

  it('no branch to preview', () => {
    expect(judgePreview({ kind: 'no-branch' }, 1)).toMatchObject({
      emoji: '⚠️',
      problem: true,
      text: 'No preview: the job names no branch (`source.ref`), so there was nothing to preview.',
    })
  })

  it('cancelled: carries the signal', () => {
    const told = judgePreview(deployed({ kind: 'cancelled', signal: 'SIGINT', trigger: QUEUED }), 1)
    expect(told).toMatchObject({ signal: 'SIGINT', problem: false })
    expect(told.text).toBe(
      `Cancelled (SIGINT) while waiting for the preview of \`docs/x\`; it keeps building on Mintlify, and ${URL} works once it is built.`,
    )
    expect(judgePreview(deployed({ kind: 'cancelled', signal: 'SIGTERM' }), 1).text).toBe(
      'Cancelled (SIGTERM) before the preview of `docs/x` was queued; it may have been queued anyway.',
    )
  })
})

describe('withPreview: the job’s outcome stands', () => {
  const job = judge({ kind: 'finished', job: completed }, none, 1)

  it('ready: the notice stays, the log line tells both', () => {
    const v = withPreview(job, judgePreview(final({ status: 'success' }), 1), strict)
    expect(v).toMatchObject({ title: 'Pull request opened', emoji: '✅', level: 'notice', fail: false })
    expect(v.message).toBe(`Job j completed: ${PR}. Preview ready: ${URL} (\`docs/x\`).`)
    expect(v.text).toBe(job.text)
    expect(v.preview).toEqual({
      emoji: '✅',
      text: `Preview ready: ${URL} (\`docs/x\`).`,
      replyText: `Preview ready: ${URL} (\`docs/x\`).`,
      url: URL,
    })
  })

  it('not ready: a warning, green; red only with preview in fail-on, saying so where the author reads it', () => {
    const failed = judgePreview(final({ status: 'failure', summary: 'bad nav' }), 1)
    const lenient = withPreview(job, failed, none)
    expect(lenient).toMatchObject({ title: 'Pull request opened', level: 'warning', fail: false })
    expect(lenient.message).not.toContain('fail-on')
    const red = withPreview(job, failed, strict)
    expect(red).toMatchObject({ title: 'Pull request opened', level: 'error', fail: true })
    const why = 'The step fails because `preview` is in `fail-on`.'
    expect(red.message).toBe(`Job j completed: ${PR}. The preview of \`docs/x\` failed: bad nav. ${why}`)
    expect(red.preview?.text).toBe(`The preview of \`docs/x\` failed: bad nav. ${why}`)
    expect(red.preview?.replyText).toBe('The preview of `docs/x` failed: bad nav.')
    // Nothing else counts: `timeout` is about the job.
    expect(withPreview(job, judgePreview({ kind: 'no-branch' }, 1), new Set(['timeout'])).fail).toBe(false)
  })

  it('cancelled while waiting for the preview: ends as cancelled, with its exit code', () => {
    const v = withPreview(
      job,
      judgePreview(deployed({ kind: 'cancelled', signal: 'SIGTERM', trigger: QUEUED }), 1),
      strict,
    )
    expect(v).toMatchObject({ title: 'Cancelled', emoji: '🛑', exitCode: 143, fail: false, saysStatus: false })
    expect(v.message).toMatch(/^Job j completed: .*\. Cancelled \(SIGTERM\) while waiting for the preview/)
  })
})

describe('the preview’s paragraph in the summary and the reply', () => {
  it('follows the job’s sentence, its https link linked; the reply without the fail-on reason', () => {
    const v = withPreview(
      judge({ kind: 'finished', job: completed }, none, 1),
      judgePreview(final({ status: 'failure', summary: 'bad' }), 1),
      strict,
    )
    const summary = agentSummary({ verdict: v, job: completed })
    expect(summary).toContain(
      `Job \`j\` completed: [acme/docs#7](${PR})\n\n❌ The preview of \`docs/x\` failed: bad. The step fails because \`preview\` is in \`fail-on\`.\n\n| | |`,
    )
    expect(previewText({ emoji: '✅', text: `Ready: ${URL}.`, replyText: 'r', url: URL })).toBe(`✅ Ready: <${URL}>.`)
    expect(previewText({ emoji: '✅', text: 't', replyText: `Ready: ${URL}.`, url: URL }, true)).toBe(
      `✅ Ready: <${URL}>.`,
    )
  })

  it('the reply says what failed, without what to check or why the step is red, which the summary keeps', () => {
    const plan = new ApiError('preview', 403, 'Preview deployments are not available on your current plan')
    const v = withPreview(
      judge({ kind: 'finished', job: completed }, none, 1),
      judgePreview(deployed({ kind: 'error', error: plan }), 1),
      strict,
    )
    const reply = resultComment({ verdict: v, job: completed, next: { text: '**Next:** review it.', linksRun: false } })
    expect(reply).toBe(
      `✅ **Mintlify agent: Pull request opened**\n\nJob \`j\` completed: [acme/docs#7](${PR})\n\n⚠️ No preview: Triggering the preview failed: HTTP 403 (Preview deployments are not available on your current plan).\n\n**Next:** review it.`,
    )
    const summary = agentSummary({ verdict: v, job: completed })
    expect(summary).toContain('Check the Mintlify plan: previews need a Pro or Enterprise plan.')
    expect(summary).toContain('The step fails because `preview` is in `fail-on`.')
  })

  it('a URL that is not https shows as code, which nothing links', () => {
    const url = 'http://acme.example/p'
    expect(previewText({ emoji: '✅', text: `Preview ready: ${url} (\`b\`).`, replyText: '', url })).toBe(
      '✅ Preview ready: `http://acme.example/p` (`b`).',
    )
  })
})
