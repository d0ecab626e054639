import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type { DeployOutcome, DeployRequest } from '../../src/deploy/deploy.js'
import type { FailOn } from '../../src/preview/inputs.js'
import { buildTime, judge, skipped, statusOutputs } from '../../src/preview/outcome.js'

const URL = 'https://acme-docs-x.mintlify.app'
const trigger = { statusId: 's_1', previewUrl: URL }
const preview: DeployRequest = { kind: 'preview', branch: 'docs/x' }
const production: DeployRequest = { kind: 'production' }
const DEFAULT = new Set<FailOn>(['failure', 'timeout'])
const final = (status: string, extra = {}): DeployOutcome => ({
  kind: 'final',
  trigger,
  status: { status, ...extra },
  waitedMs: 95_000,
})
const say = (outcome: DeployOutcome, failOn = DEFAULT, request: DeployRequest = preview) =>
  judge(outcome, request, failOn, 15 * 60_000)

describe('what a preview comes to', () => {
  it('success leads with the link, the branch and how long it took; green', () => {
    expect(say(final('success'))).toMatchObject({
      state: 'success',
      title: 'Preview ready',
      emoji: '✅',
      message: `Preview ready: ${URL} (\`docs/x\`, built in 1m 35s).`,
      detail: `Live at ${URL} (\`docs/x\`, built in 1m 35s).`,
      level: 'notice',
      fail: false,
      next: 'Review the changed pages in the preview.',
    })
    const timed = final('success', { createdAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:01:30Z' })
    expect(say(timed).message).toContain('built in 1m 30s')
    const atCommit = say(final('success', { commit: { sha: 'abcdef0123456789' } }))
    expect(atCommit.message).toBe(`Preview ready: ${URL} (\`docs/x\` at \`abcdef0\`, built in 1m 35s).`)
    // Under the heading the commit has a line of its own: the sentence does not name it again.
    expect(atCommit.detail).toBe(`Live at ${URL} (\`docs/x\`, built in 1m 35s).`)
    expect(say({ ...final('success'), trigger: { statusId: 's_1' } }).detail).toBe(
      'Built `docs/x` in 1m 35s; the API gave no link to it.',
    )
  })

  it('a production deployment says Deployed', () => {
    expect(say({ ...final('success'), trigger: { statusId: 's_2' } }, DEFAULT, production)).toMatchObject({
      title: 'Deployed',
      emoji: '🚀',
      message: 'Deployed the site (built in 1m 35s).',
      detail: 'The site is live (built in 1m 35s).',
    })
    const built = { ...final('success', { commit: { sha: 'abcdef0123' } }), trigger: { statusId: 's_2' } }
    expect(say(built, DEFAULT, production).message).toBe('Deployed the site (at `abcdef0`, built in 1m 35s).')
    expect(say(built, DEFAULT, production).next).toBe('Check the live site.')
    expect(say({ ...final('failure'), trigger: { statusId: 's_2' } }, DEFAULT, production)).toMatchObject({
      title: 'Deployment failed',
      message: expect.stringMatching(/^The deployment failed: /),
    })
  })

  it('failure gives the API’s reason and fails the step only with failure in fail-on', () => {
    const failed = final('failure', { summary: 'MDX error in\nguides/setup.mdx' })
    expect(say(failed)).toMatchObject({
      state: 'failure',
      title: 'Preview failed',
      level: 'error',
      fail: true,
      message:
        'The preview of `docs/x` failed: MDX error in guides/setup.mdx. The step fails because `failure` is in `fail-on`.',
      next: 'Fix the build error shown and push again.',
    })
    expect(say(failed, new Set())).toMatchObject({
      level: 'warning',
      fail: false,
      message: 'The preview of `docs/x` failed: MDX error in guides/setup.mdx.',
    })
    expect(say(final('failure')).message).toContain('failed: the API gave no reason.')
  })

  it('a final status the API does not document is reported as sent, failing only with other', () => {
    expect(say(final('skipped'))).toMatchObject({
      state: 'other',
      fail: false,
      level: 'warning',
      message: 'The preview of `docs/x` ended with status `skipped`, which the API does not document.',
    })
    expect(say(final('skipped'))).toMatchObject({
      title: 'Ended skipped',
      emoji: '⚠️',
      next: 'See the Mintlify dashboard for why.',
    })
    expect(say(final('skipped'), new Set(['other']))).toMatchObject({
      fail: true,
      level: 'error',
      message:
        'The preview of `docs/x` ended with status `skipped`, which the API does not document. The step fails because `other` is in `fail-on`.',
    })
    // An answer the client let through without a status: reported as the empty status it is.
    expect(say({ kind: 'final', trigger, status: {}, waitedMs: 1 }).message).toBe(
      'The preview of `docs/x` ended with status ``, which the API does not document.',
    )
  })

  it('still building at timeout: the link, that it keeps building, and timed-out fails by default', () => {
    const outcome: DeployOutcome = { kind: 'timeout', trigger, status: { status: 'in_progress' }, waitedMs: 900_000 }
    expect(say(outcome)).toMatchObject({
      state: 'timeout',
      emoji: '⏳',
      fail: true,
      message: `The preview of \`docs/x\` is still in_progress after 15m; it keeps building on Mintlify, and ${URL} works once it is done. The step fails because \`timeout\` is in \`fail-on\`.`,
    })
    expect(say(outcome)).toMatchObject({
      title: 'Still building at timeout',
      level: 'error',
      next: 'Open the link in a few minutes, or re-run this workflow to build and wait again (raise `timeout` if builds take this long).',
    })
    expect(say(outcome, new Set(['failure']))).toMatchObject({ fail: false, level: 'warning' })
    // A status answer without a status: it was queued, and is still.
    expect(say({ ...outcome, status: {} }).message).toMatch(/^The preview of `docs\/x` is still queued after 15m;/)
  })

  it('wait: false is queued, green, with where it will be', () => {
    expect(say({ kind: 'queued', trigger, status: { status: 'queued' } })).toMatchObject({
      state: 'queued',
      title: 'Preview queued',
      emoji: '🚀',
      level: 'info',
      fail: false,
      message: `Queued the preview of \`docs/x\`; not waiting for it (wait: false). It will be at ${URL} once built.`,
      next: 'Open the link in a minute or two, once the build is done.',
    })
    const site = { kind: 'queued', trigger: { statusId: 's_2' }, status: { status: 'queued' } } as const
    expect(say(site, DEFAULT, production)).toMatchObject({
      title: 'Deployment queued',
      message: 'Queued the deployment; not waiting for it (wait: false).',
      next: 'See the Mintlify dashboard for the deployment.',
    })
  })

  it('a production deployment never names a preview URL, even one the API sent', () => {
    const site = { kind: 'cancelled', signal: 'SIGTERM', trigger, status: {} } as const
    expect(say(site, DEFAULT, production).message).toBe(
      'Cancelled (SIGTERM) while waiting; the deployment keeps building on Mintlify.',
    )
    const outcome: DeployOutcome = { kind: 'timeout', trigger, status: { status: 'queued' }, waitedMs: 900_000 }
    expect(say(outcome, DEFAULT, production)).toMatchObject({
      title: 'Still building at timeout',
      message:
        'The deployment is still queued after 15m; it keeps building on Mintlify. The step fails because `timeout` is in `fail-on`.',
      next: 'Re-run this workflow to build and wait again (raise `timeout` if builds take this long).',
    })
  })

  it('an error says what failed and what to check; a trigger without a clear answer may have been queued', () => {
    const denied = new ApiError('preview', 403, 'Preview deployments are not available on your current plan')
    expect(say({ kind: 'error', error: denied })).toMatchObject({
      state: 'error',
      fail: true,
      message: expect.stringMatching(
        /^Triggering the preview failed: HTTP 403 \(Preview deployments are not available on your current plan\)\. Check the Mintlify plan/,
      ),
      next: 'Fix what the message above names (the key, its scope, or the plan), then re-run this workflow.',
    })
    expect(say({ kind: 'error', error: denied }).message).toBe(denied.message)
    const dropped = new NetworkError('preview', 'connection failed (ECONNRESET)')
    expect(say({ kind: 'error', error: dropped }).message).toContain(
      'The preview of `docs/x` may have been queued anyway: check the Mintlify dashboard.',
    )
    // A connection that never opened sent nothing: no preview was queued.
    const unsent = new NetworkError('preview', 'connection refused', 'unsent')
    expect(say({ kind: 'error', error: unsent }).message).not.toContain('may have been queued')
    const reading = new ApiError('status', 503, 'down')
    expect(say({ kind: 'error', error: reading, trigger, status: { status: 'in_progress' } }).message).toBe(
      `${reading.message} The preview of \`docs/x\` was queued and may still be building: ${URL}.`,
    )
    const site = { kind: 'error', error: reading, trigger, status: {} } as const
    expect(say(site, DEFAULT, production).message).toBe(
      `${reading.message} The deployment was queued and may still be building.`,
    )
    expect(say({ kind: 'error', error: new ApiError('preview', 429, 'slow') }).next).toBe(
      'Re-run this workflow in a minute.',
    )
  })

  it('the next step after an error: fix the key or plan (401, 403), wait a minute (429), else re-run', () => {
    const next = (error: Error) => say({ kind: 'error', error }).next
    const fix = 'Fix what the message above names (the key, its scope, or the plan), then re-run this workflow.'
    expect(next(new ApiError('preview', 401, 'Unauthorized'))).toBe(fix)
    expect(next(new ApiError('preview', 403, 'Forbidden'))).toBe(fix)
    const again = 'Re-run this workflow; if it fails the same way, the message above says what to check.'
    expect(next(new ApiError('preview', 502, 'Bad gateway'))).toBe(again)
    expect(next(new NetworkError('preview', 'connection failed (ECONNRESET)'))).toBe(again)
    expect(next(Object.assign(new Error('odd'), { status: 429 }))).toBe(again)
  })

  it('cancelled: before it was queued it may have been; after, it keeps building', () => {
    expect(say({ kind: 'cancelled', signal: 'SIGTERM' })).toMatchObject({
      state: 'cancelled',
      exitCode: 143,
      message:
        'Cancelled (SIGTERM) before the preview of `docs/x` was queued; it may have been queued anyway: check the Mintlify dashboard.',
    })
    expect(say({ kind: 'cancelled', signal: 'SIGINT', trigger, status: {} }).message).toBe(
      `Cancelled (SIGINT) while waiting; the preview of \`docs/x\` keeps building on Mintlify: ${URL}.`,
    )
    expect(say({ kind: 'cancelled', signal: 'SIGTERM' }).next).toBe('Re-run this workflow to build and wait again.')
  })
})

describe('bookkeeping', () => {
  it('build time from the API’s own times, else the time waited', () => {
    expect(buildTime({ createdAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(120_000)
    expect(buildTime({ createdAt: 'soon', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(5)
    expect(buildTime({ createdAt: '2026-01-01T00:03:00Z', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(5)
    expect(buildTime({ createdAt: '2026-01-01T00:02:00Z', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(0)
  })

  it('a status sets status and, when the API names it, commit-sha', () => {
    expect(statusOutputs({ status: 'in_progress' })).toEqual({ status: 'in_progress' })
    expect(statusOutputs({})).toEqual({ status: '' })
    expect(statusOutputs({ status: 'success', commit: { sha: 'abc' } })).toEqual({
      status: 'success',
      'commit-sha': 'abc',
    })
  })
})

describe('a run that sends nothing', () => {
  it('is skipped: green, its reason as the message, and the status output says so', () => {
    expect(skipped('This pull request comes from a fork.', 'notice')).toEqual({
      verdict: {
        title: 'Skipped',
        emoji: '⏭️',
        message: 'This pull request comes from a fork.',
        level: 'notice',
        fail: false,
      },
      outputs: { status: 'skipped' },
    })
  })
})
