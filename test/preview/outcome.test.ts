import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type { DeployOutcome, DeployRequest } from '../../src/deploy/deploy.js'
import type { FailOn } from '../../src/preview/inputs.js'
import { buildTime, judge, statusOutputs } from '../../src/preview/outcome.js'

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
    expect(say(final('skipped'), new Set(['other']))).toMatchObject({ fail: true, level: 'error' })
  })

  it('still building at timeout: the link, that it keeps building, and timed-out fails by default', () => {
    const outcome: DeployOutcome = { kind: 'timeout', trigger, status: { status: 'in_progress' }, waitedMs: 900_000 }
    expect(say(outcome)).toMatchObject({
      state: 'timeout',
      emoji: '⏳',
      fail: true,
      message: `The preview of \`docs/x\` is still in_progress after 15m; it keeps building on Mintlify, and ${URL} works once it is done. The step fails because \`timeout\` is in \`fail-on\`.`,
    })
    expect(say(outcome, new Set(['failure'])).fail).toBe(false)
  })

  it('wait: false is queued, green, with where it will be', () => {
    expect(say({ kind: 'queued', trigger, status: { status: 'queued' } })).toMatchObject({
      state: 'queued',
      fail: false,
      message: `Queued the preview of \`docs/x\`; not waiting for it (wait: false). It will be at ${URL} once built.`,
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
    expect(say({ kind: 'error', error: denied }).message).not.toContain('may have been queued')
    const dropped = new NetworkError('preview', 'connection failed (ECONNRESET)')
    expect(say({ kind: 'error', error: dropped }).message).toContain(
      'The preview of `docs/x` may have been queued anyway: check the Mintlify dashboard.',
    )
    // A connection that never opened sent nothing: no preview was queued.
    const unsent = new NetworkError('preview', 'connection refused', 'unsent')
    expect(say({ kind: 'error', error: unsent }).message).not.toContain('may have been queued')
    const reading = new ApiError('status', 503, 'down')
    expect(say({ kind: 'error', error: reading, trigger, status: { status: 'in_progress' } }).message).toContain(
      `The preview of \`docs/x\` was queued and may still be building: ${URL}.`,
    )
    expect(say({ kind: 'error', error: new ApiError('preview', 429, 'slow') }).next).toBe(
      'Re-run this workflow in a minute.',
    )
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
  })
})

describe('bookkeeping', () => {
  it('build time from the API’s own times, else the time waited', () => {
    expect(buildTime({ createdAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(120_000)
    expect(buildTime({ createdAt: 'soon', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(5)
    expect(buildTime({ createdAt: '2026-01-01T00:03:00Z', endedAt: '2026-01-01T00:02:00Z' }, 5)).toBe(5)
  })

  it('a status sets status and, when the API names it, commit-sha', () => {
    expect(statusOutputs({ status: 'in_progress' })).toEqual({ status: 'in_progress' })
    expect(statusOutputs({ status: 'success', commit: { sha: 'abc' } })).toEqual({
      status: 'success',
      'commit-sha': 'abc',
    })
  })
})
