import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type { DeploymentStatus, DeploymentTrigger } from '../../src/api/types.js'
import { type DeployApi, type DeployOptions, deploy } from '../../src/deploy/deploy.js'
import { Cancelled } from '../../src/runner/cancel.js'
import { FakeClock, memoryLog } from '../helpers/fakes.js'

const QUEUED: DeploymentTrigger = { statusId: 's_1', previewUrl: 'https://acme-feat.mintlify.app' }

/**
 * The deploy endpoints on a fake clock: the trigger answers with `triggers` in turn (an error is thrown), the status
 * with `statuses` in turn (the last one repeated). Every call is noted with the clock time it was made at.
 */
function fakeApi(
  clock: FakeClock,
  o: { triggers?: Array<DeploymentTrigger | Error>; statuses?: Array<DeploymentStatus | Error> },
) {
  const calls: string[] = []
  /** The time limit each status read was given. */
  const limits: Array<number | undefined> = []
  const triggers = [...(o.triggers ?? [QUEUED])]
  const statuses = [...(o.statuses ?? [{ status: 'success' }])]
  const answer = async (what: string) => {
    calls.push(`${clock.now()} ${what}`)
    const next = triggers.length > 1 ? triggers.shift() : triggers[0]
    if (next instanceof Error) throw next
    return next as DeploymentTrigger
  }
  const api: DeployApi = {
    triggerPreview: (projectId, branch) => answer(`preview ${projectId} ${branch}`),
    triggerDeployment: (projectId) => answer(`deploy ${projectId}`),
    getDeploymentStatus: async (statusId, limit) => {
      calls.push(`${clock.now()} status ${statusId}`)
      limits.push(limit?.timeoutMs)
      const next = statuses.length > 1 ? statuses.shift() : statuses[0]
      if (next instanceof Error) throw next
      return next as DeploymentStatus
    },
  }
  return { api, calls, limits }
}

function options(clock: FakeClock, extra: Partial<DeployOptions> = {}): DeployOptions {
  return {
    projectId: 'p',
    request: { kind: 'preview', branch: 'feat' },
    wait: true,
    pollIntervalMs: 10_000,
    deadline: clock.now() + 15 * 60_000,
    ...extra,
  }
}

const limited = (retryAfterMs?: number) => new ApiError('preview', 429, 'Too many requests', retryAfterMs)

describe('deploy', () => {
  it('triggers once, then reads the status every poll-interval until it is final', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi(clock, {
      statuses: [{ status: 'queued' }, { status: 'in_progress' }, { status: 'in_progress' }, { status: 'success' }],
    })
    const log = memoryLog()
    const outcome = await deploy(options(clock), { api, clock, log })
    expect(outcome).toMatchObject({ kind: 'final', trigger: QUEUED, status: { status: 'success' }, waitedMs: 40_000 })
    expect(calls).toEqual([
      '0 preview p feat',
      '10000 status s_1',
      '20000 status s_1',
      '30000 status s_1',
      '40000 status s_1',
    ])
    expect(log.text('info')).toContain('Queued the preview of `feat` (status id s_1): https://acme-feat.mintlify.app.')
    expect(log.text('info')).toContain('The preview of `feat`: in_progress after 20s.')
    expect(log.text('info')).toContain('The preview of `feat`: success after 40s.')
  })

  it('a production deployment triggers the site, without a branch', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi(clock, { triggers: [{ statusId: 's_9' }] })
    const outcome = await deploy(options(clock, { request: { kind: 'production' } }), { api, clock, log: memoryLog() })
    expect(outcome).toMatchObject({ kind: 'final', trigger: { statusId: 's_9' } })
    expect(calls[0]).toBe('0 deploy p')
  })

  it('a status the API does not document (skipped) is final, as sent', async () => {
    const clock = new FakeClock()
    const { api } = fakeApi(clock, { statuses: [{ status: 'in_progress' }, { status: 'skipped' }] })
    const outcome = await deploy(options(clock), { api, clock, log: memoryLog() })
    expect(outcome).toMatchObject({ kind: 'final', status: { status: 'skipped' } })
  })

  it('wait: false ends once queued, with no status read', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi(clock, {})
    const outcome = await deploy(options(clock, { wait: false }), { api, clock, log: memoryLog() })
    expect(outcome).toEqual({ kind: 'queued', trigger: QUEUED, status: { status: 'queued' } })
    expect(calls).toEqual(['0 preview p feat'])
  })

  it('tells the caller it is queued before any wait, and every status read', async () => {
    const clock = new FakeClock()
    const { api } = fakeApi(clock, {
      statuses: [{ status: 'in_progress' }, { status: 'failure', summary: 'Build failed' }],
    })
    const events: string[] = []
    await deploy(options(clock), {
      api,
      clock,
      log: memoryLog(),
      onQueued: async (t) => {
        events.push(`queued ${t.statusId} at ${clock.now()}`)
      },
      onStatus: (s) => events.push(`${s.status} at ${clock.now()}`),
    })
    expect(events).toEqual(['queued s_1 at 0', 'in_progress at 10000', 'failure at 20000'])
  })

  it('still building at the deadline: a timeout with the last status, the last read made at the deadline', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi(clock, { statuses: [{ status: 'in_progress' }] })
    const outcome = await deploy(options(clock, { deadline: 25_000 }), { api, clock, log: memoryLog() })
    expect(outcome).toMatchObject({ kind: 'timeout', status: { status: 'in_progress' }, waitedMs: 25_000 })
    expect(calls.at(-1)).toBe('25000 status s_1')
  })

  it('a trigger refused with 429 is sent again after its Retry-After, and counts against the deadline', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi(clock, { triggers: [limited(12_000), QUEUED] })
    const log = memoryLog()
    const outcome = await deploy(options(clock), { api, clock, log })
    expect(outcome.kind).toBe('final')
    expect(calls.slice(0, 3)).toEqual(['0 preview p feat', '12000 preview p feat', '22000 status s_1'])
    expect(log.text('info')).toContain(
      'Triggering the preview failed: HTTP 429 (Too many requests). Waiting 12s as the API asked (Retry-After 12s) before trying again.',
    )
  })

  it('a trigger refused with 429 and no Retry-After backs off: 10 s, 20 s, 40 s, then a minute at most', async () => {
    const clock = new FakeClock()
    const refusals = Array.from({ length: 5 }, () => limited())
    const { api } = fakeApi(clock, { triggers: [...refusals, QUEUED] })
    const outcome = await deploy(options(clock, { wait: false }), { api, clock, log: memoryLog() })
    expect(outcome.kind).toBe('queued')
    expect(clock.sleeps).toEqual([10_000, 20_000, 40_000, 60_000, 60_000])
  })

  it('a rate limit that outlasts the deadline is the error, with no wait past it', async () => {
    const clock = new FakeClock()
    const { api, calls } = fakeApi(clock, { triggers: [limited(120_000)] })
    const outcome = await deploy(options(clock, { deadline: 60_000 }), { api, clock, log: memoryLog() })
    expect(outcome).toMatchObject({ kind: 'error', error: { status: 429 } })
    expect(outcome).not.toHaveProperty('trigger')
    expect(calls).toHaveLength(1)
    expect(clock.now()).toBe(0)
  })

  it('a trigger that may have been taken (5xx, no answer) is never sent again', async () => {
    for (const error of [
      new ApiError('preview', 502, 'Bad gateway'),
      new NetworkError('preview', 'connection failed (ECONNRESET)'),
    ]) {
      const clock = new FakeClock()
      const { api, calls } = fakeApi(clock, { triggers: [error, QUEUED] })
      const outcome = await deploy(options(clock), { api, clock, log: memoryLog() })
      expect(outcome).toEqual({ kind: 'error', error })
      expect(calls).toHaveLength(1)
    }
  })

  it('401 and 403 on the trigger are errors at once', async () => {
    for (const status of [401, 403]) {
      const clock = new FakeClock()
      const { api, calls } = fakeApi(clock, { triggers: [new ApiError('preview', status, 'No')] })
      const outcome = await deploy(options(clock), { api, clock, log: memoryLog() })
      expect(outcome).toMatchObject({ kind: 'error', error: { status } })
      expect(calls).toHaveLength(1)
    }
  })

  it('a status read refused with 429 and no Retry-After backs off from poll-interval, then goes back to it', async () => {
    const clock = new FakeClock()
    const slow = new ApiError('status', 429, 'Too many requests')
    const { api } = fakeApi(clock, {
      statuses: [{ status: 'queued' }, slow, slow, slow, { status: 'in_progress' }, { status: 'success' }],
    })
    const outcome = await deploy(options(clock), { api, clock, log: memoryLog() })
    expect(outcome.kind).toBe('final')
    expect(clock.sleeps).toEqual([10_000, 10_000, 20_000, 40_000, 60_000, 10_000])
  })

  it('a status read that fails with 5xx is read again at poll-interval; with Retry-After, after it', async () => {
    const clock = new FakeClock()
    const { api } = fakeApi(clock, {
      statuses: [new ApiError('status', 503, 'down', 30_000), new ApiError('status', 502, 'x'), { status: 'success' }],
    })
    const outcome = await deploy(options(clock), { api, clock, log: memoryLog() })
    expect(outcome.kind).toBe('final')
    expect(clock.sleeps).toEqual([10_000, 30_000, 10_000])
  })

  it('trouble that lasts until the deadline is the error, with the deployment as last seen', async () => {
    const clock = new FakeClock()
    const down = new ApiError('status', 503, 'down')
    const { api } = fakeApi(clock, { statuses: [down] })
    const outcome = await deploy(options(clock, { deadline: 60_000 }), { api, clock, log: memoryLog() })
    expect(outcome).toMatchObject({ kind: 'error', error: down, trigger: QUEUED, status: { status: 'queued' } })
  })

  it('an error reading the status that waiting cannot fix ends the wait with it', async () => {
    const clock = new FakeClock()
    const gone = new ApiError('status', 404, 'Not found')
    const { api } = fakeApi(clock, { statuses: [{ status: 'in_progress' }, gone] })
    const outcome = await deploy(options(clock), { api, clock, log: memoryLog() })
    expect(outcome).toMatchObject({ kind: 'error', error: gone, trigger: QUEUED, status: { status: 'in_progress' } })
  })

  it('cancelled while waiting: the deployment as last seen, and the signal', async () => {
    const clock = new FakeClock()
    const controller = new AbortController()
    const { api } = fakeApi(clock, { statuses: [{ status: 'in_progress' }] })
    const outcome = await deploy(options(clock), {
      api,
      clock,
      log: memoryLog(),
      signal: controller.signal,
      onStatus: () => controller.abort(new Cancelled('SIGTERM')),
    })
    expect(outcome).toEqual({
      kind: 'cancelled',
      signal: 'SIGTERM',
      trigger: QUEUED,
      status: { status: 'in_progress' },
    })
  })

  it('the log names what is deployed, how long it waits and how often it reads, timed from the trigger', async () => {
    const clock = new FakeClock()
    clock.time = 1_000_000
    const { api } = fakeApi(clock, {
      triggers: [limited(5000), { statusId: 's_9' }],
      statuses: [{ status: 'in_progress' }, { status: 'success' }],
    })
    const log = memoryLog()
    const request = { kind: 'production' } as const
    const outcome = await deploy(options(clock, { request, deadline: clock.now() + 5000 + 5 * 60_000 }), {
      api,
      clock,
      log,
    })
    expect(outcome).toMatchObject({ kind: 'final', trigger: { statusId: 's_9' }, waitedMs: 20_000 })
    expect(log.lines.filter((l) => l.level === 'info').map((l) => l.message)).toEqual([
      'Triggering the deployment failed: HTTP 429 (Too many requests). Waiting 5.0s as the API asked (Retry-After 5.0s) before trying again.',
      'Queued the deployment (status id s_9).',
      'Waiting for the deployment for up to 5m (reading its status every 10s).',
      'The deployment: in_progress after 10s.',
      'The deployment: success after 20s.',
    ])
  })

  it('logs a status only when it changes, an answer without one as such, and about once a minute otherwise', async () => {
    const clock = new FakeClock()
    const { api } = fakeApi(clock, {
      statuses: [
        ...Array.from({ length: 7 }, () => ({})),
        ...Array.from({ length: 7 }, () => ({ status: 'in_progress' })),
        { status: 'success' },
      ],
    })
    const log = memoryLog()
    await deploy(options(clock), { api, clock, log })
    expect(log.lines.filter((l) => l.level === 'info').map((l) => l.message)).toEqual([
      'Queued the preview of `feat` (status id s_1): https://acme-feat.mintlify.app.',
      'Waiting for the preview of `feat` for up to 15m (reading its status every 10s).',
      'The preview of `feat`: no status in the answer, still waiting after 10s.',
      'The preview of `feat` is still pending after 1m 10s.',
      'The preview of `feat`: in_progress after 1m 20s.',
      'The preview of `feat` is still in_progress after 2m 20s.',
      'The preview of `feat`: success after 2m 30s.',
    ])
  })

  it('each status read is given only the time left until the deadline (at least a second)', async () => {
    const clock = new FakeClock()
    const { api, limits } = fakeApi(clock, { statuses: [{ status: 'in_progress' }] })
    await deploy(options(clock, { deadline: 25_000 }), { api, clock, log: memoryLog() })
    expect(limits).toEqual([15_000, 5000, 1000])
  })
})
