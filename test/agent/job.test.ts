/** The agent flow with a fake API and a fake clock: the cases that are slow or awkward to stage end to end. */
import { describe, expect, it } from 'vitest'
import type { AgentConfig } from '../../src/agent/inputs.js'
import { type AgentApi, FOLLOW_UP_SETTLE_MS, type JobRequest, runAgentJob } from '../../src/agent/job.js'
import { judge } from '../../src/agent/outcome.js'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import type { AgentJob } from '../../src/api/types.js'
import { createRedactor } from '../../src/log.js'
import { Cancelled } from '../../src/runner/cancel.js'
import { Outputs } from '../../src/runner/outputs.js'
import { agentConfig, FakeClock, fakeApi, memoryLog } from '../helpers/fakes.js'

async function flow(c: AgentConfig, api: AgentApi, clock = new FakeClock(), request: JobRequest = {}) {
  const written: Record<string, string> = {}
  /** Every output write, in order, as `name=value`. */
  const writes: string[] = []
  const outputs = new Outputs((n, v) => {
    written[n] = v
    writes.push(`${n}=${v}`)
  }, createRedactor([]))
  const log = memoryLog()
  const seen: AgentJob[] = []
  const deps = { api, clock, log, outputs, onJob: (job: AgentJob) => seen.push({ ...job }) }
  const run = await runAgentJob(c, { prompt: c.prompt, jobId: c.jobId, ...request }, deps)
  return { ...run, clock, log, written, writes, seen, verdict: judge(run.outcome, c.failOn, c.timeoutMs) }
}

describe('agent flow', () => {
  it('a follow-up whose answer still shows the old completed state is waited for, not reported at once', async () => {
    const old: AgentJob = { id: 'j1', status: 'completed', prLink: 'https://github.com/o/r/pull/7' }
    const fresh: AgentJob = { id: 'j1', status: 'completed', prLink: 'https://github.com/o/r/pull/8' }
    const gets = [{ ...old }, { id: 'j1', status: 'active' }, fresh]
    const api = fakeApi({ sendMessage: async () => old, getJob: async () => gets.shift() ?? fresh })
    const r = await flow(agentConfig({ jobId: 'j1', prompt: 'More' }), api)
    expect(api.calls).toEqual(['message', 'get', 'get', 'get'])
    expect(r.written.prLink).toBe('https://github.com/o/r/pull/8')
  })

  it('polls every 5 s for two minutes, then every 10 s, and says so when the wait starts', async () => {
    const clock = new FakeClock()
    const api = fakeApi({
      createJob: async () => ({ id: 'j1', status: 'active' }),
      getJob: async () => ({ id: 'j1', status: clock.now() >= 5 * 60_000 ? 'completed' : 'active' }),
    })
    const r = await flow(agentConfig(), api, clock)
    expect(r.outcome.kind).toBe('finished')
    expect(r.log.text('info')).toContain(
      'Waiting for job j1 for up to 30m (polling every 5.0s for 2m, then up to every 10s).',
    )
    expect(clock.sleeps).toEqual([...Array(24).fill(5000), ...Array(18).fill(10_000)])
    expect(r.waitedMs).toBe(5 * 60_000)
  })

  it('each poll may take only the time left: one that hangs at the deadline ends as the timeout, not an API error', async () => {
    const clock = new FakeClock()
    const asked: Array<number | undefined> = []
    const api = fakeApi({
      createJob: async () => ({ id: 'j1', status: 'active' }),
      getJob: async (_p, _j, opts) => {
        asked.push(opts?.timeoutMs)
        if (clock.now() < 55_000) return { id: 'j1', status: 'active' }
        // As the client does: give up after min(30 s, timeoutMs), as a timed-out NetworkError.
        const waited = Math.min(30_000, opts?.timeoutMs ?? 30_000)
        clock.advance(waited)
        throw new NetworkError('get', `no answer within ${waited / 1000}s`, 'timeout')
      },
    })
    const r = await flow(agentConfig({ timeoutMs: 60_000 }), api, clock)
    expect(asked).toEqual(Array.from({ length: 11 }, (_, i) => 55_000 - i * 5000))
    expect(r.outcome).toMatchObject({ kind: 'timeout', job: { id: 'j1', status: 'active' } })
    expect(r.written['timed-out']).toBe('true')
    expect(r.waitedMs).toBe(60_000)
    expect(r.verdict.message).toContain('Job j1 is still active after 1m; it keeps running on Mintlify.')
  })

  it('a create answer that is already terminal is final: no poll', async () => {
    const api = fakeApi({ createJob: async () => ({ id: 'j1', status: 'completed', prLink: 'https://x/pull/1' }) })
    const r = await flow(agentConfig(), api)
    expect(api.calls).toEqual(['create'])
    expect(r.outcome.kind).toBe('finished')
  })

  it.each([
    ['no answer', new NetworkError('create', 'no answer within 1m', 'timeout')],
    ['a dropped connection', new NetworkError('create', 'connection failed (ECONNRESET)')],
    ['a 502', new ApiError('create', 502, 'Bad gateway')],
  ])('a create cut off by %s fails once and warns the job may exist', async (_name, error) => {
    const api = fakeApi({
      createJob: async () => {
        throw error
      },
    })
    const r = await flow(agentConfig(), api)
    expect(api.calls).toEqual(['create'])
    expect(r.verdict.fail).toBe(true)
    expect(r.verdict.message).toContain(
      'The job may have been created anyway: check the Mintlify dashboard before running this again.',
    )
  })

  it('a refused create (401) does not claim a job may exist', async () => {
    const api = fakeApi({
      createJob: async () => {
        throw new ApiError('create', 401, 'Invalid API key')
      },
    })
    const r = await flow(agentConfig(), api)
    expect(r.verdict.message).not.toContain('may')
  })

  it('job-id alone and unknown: the 404 is not followed by "may still be running"', async () => {
    const api = fakeApi({
      getJob: async () => {
        throw new ApiError('get', 404, 'Agent job not found')
      },
    })
    const r = await flow(agentConfig({ jobId: 'nope', prompt: undefined }), api)
    expect(r.verdict.message).toContain('Check `job-id` and `project-id`: no such job in this project.')
    expect(r.verdict.message).not.toContain('may still be running')
  })

  it.each([
    [{ jobId: 'j1', prompt: undefined }, 'Job j1 is active; not waiting for it (wait: false).'],
    [{ jobId: 'j1', prompt: 'More' }, 'Sent a follow-up message to job j1; not waiting for it (wait: false).'],
    [{}, 'Created agent job j1; not waiting for it (wait: false).'],
  ])('wait: false says what happened (%o)', async (extra, message) => {
    const job = { id: 'j1', status: 'active' }
    const api = fakeApi({ createJob: async () => job, getJob: async () => job, sendMessage: async () => job })
    const r = await flow(agentConfig({ ...extra, wait: false }), api)
    expect(r.verdict.message).toBe(message)
  })
})

describe('agent flow: each kind of request', () => {
  const active = (id = 'j1'): AgentJob => ({ id, status: 'active' })

  it('a create: says so, polls after the first interval, and reports each state read', async () => {
    const states = [active(), { id: 'j1', status: 'completed', prLink: 'https://x/pull/2' }]
    const api = fakeApi({ createJob: async () => active(), getJob: async () => states.shift() ?? active() })
    const r = await flow(agentConfig({ pollIntervalMs: 2000 }), api)
    expect(r.log.text('info')).toContain('Created agent job j1.')
    expect(r.clock.sleeps[0]).toBe(2000)
    expect(r.outcome).toEqual({ kind: 'finished', job: { id: 'j1', status: 'completed', prLink: 'https://x/pull/2' } })
    expect(r.followUpTo).toBeUndefined()
    expect(r.seen.map((j) => j.status)).toEqual(['active', 'active', 'completed'])
    expect(r.writes.slice(0, 2)).toEqual(['follow-up=false', 'job-id=j1'])
    expect(r.written).toMatchObject({
      'timed-out': 'false',
      'follow-up': 'false',
      status: 'completed',
      'pr-number': '2',
    })
    expect(r.waitedMs).toBe(4000)
  })

  it('job-id alone: polls at once (its state is not known yet), and reports a run started again as such', async () => {
    const api = fakeApi({ getJob: async () => ({ id: 'j1', status: 'completed', prLink: null }) })
    const r = await flow(agentConfig({ jobId: 'j1', prompt: undefined }), api, new FakeClock(), { resumed: true })
    expect(api.calls).toEqual(['get'])
    expect(r.clock.sleeps).toEqual([0]) // no wait before the first poll
    expect(r.outcome).toEqual({ kind: 'finished', job: { id: 'j1', status: 'completed', prLink: null }, resumed: true })
    expect(r.writes.slice(0, 3)).toEqual(['follow-up=false', 'job-id=j1', 'timed-out=false'])
  })

  it('job-id alone with wait: false: one read, a job done is finished, one still active started', async () => {
    const done = fakeApi({ getJob: async () => ({ id: 'j1', status: 'failed' }) })
    const finished = await flow(agentConfig({ jobId: 'j1', prompt: undefined, wait: false }), done, new FakeClock(), {
      resumed: true,
    })
    expect(finished.outcome).toEqual({ kind: 'finished', job: { id: 'j1', status: 'failed' }, resumed: true })
    expect(finished.written).toMatchObject({ 'job-id': 'j1', status: 'failed', 'timed-out': 'false' })
    const running = await flow(
      agentConfig({ jobId: 'j1', prompt: undefined, wait: false }),
      fakeApi({ getJob: async () => active() }),
    )
    expect(running.outcome).toEqual({ kind: 'started', job: active(), how: 'found' })
    expect(running.waitedMs).toBeUndefined()
  })

  it('a follow-up: says so, is a follow-up once taken, keeps the pull request from before the message', async () => {
    const before = { id: 'j1', status: 'completed', prLink: 'https://x/pull/7' }
    const after = { id: 'j1', status: 'completed', prLink: 'https://x/pull/7' }
    const gets = [active(), after]
    const api = fakeApi({ sendMessage: async () => before, getJob: async () => gets.shift() ?? after })
    const r = await flow(agentConfig({ jobId: 'j1', prompt: 'More' }), api)
    expect(r.log.text('info')).toContain('Sent a follow-up message to job j1.')
    expect(r.followUpTo).toBe('j1')
    expect(r.written).toMatchObject({ 'follow-up': 'true', 'timed-out': 'false' })
    expect(r.outcome).toEqual({ kind: 'finished', job: after, prBefore: 'https://x/pull/7' })
    // Read before the message (a conversation's job), the pull request then is the one from before.
    const known = await flow(
      agentConfig({ jobId: 'j1', prompt: 'More' }),
      fakeApi({ sendMessage: async () => before, getJob: async () => after }),
      new FakeClock(),
      { prBefore: null },
    )
    expect(known.outcome).toMatchObject({ kind: 'finished', prBefore: null })
  })

  it("a follow-up's answer that still shows the old state is believed only after the settle time", async () => {
    const old = { id: 'j1', status: 'completed', prLink: null }
    const api = fakeApi({ sendMessage: async () => old, getJob: async () => old })
    const r = await flow(agentConfig({ jobId: 'j1', prompt: 'More' }), api)
    expect(r.outcome.kind).toBe('finished')
    expect(r.waitedMs).toBeGreaterThanOrEqual(FOLLOW_UP_SETTLE_MS)
  })

  it('a deadline given (a follow-up that waited for its job first) ends the wait there', async () => {
    const clock = new FakeClock()
    clock.time = 1000
    const api = fakeApi({ sendMessage: async () => active(), getJob: async () => active() })
    const r = await flow(agentConfig({ jobId: 'j1', prompt: 'More' }), api, clock, { deadline: 21_000 })
    expect(r.outcome).toMatchObject({ kind: 'timeout', job: active() })
    expect(clock.now()).toBe(21_000)
    expect(r.waitedMs).toBe(20_000)
    expect(r.written['timed-out']).toBe('true')
  })

  it('errors that last until the timeout end as an API error with the job, not as a timeout', async () => {
    const api = fakeApi({
      createJob: async () => active(),
      getJob: async () => {
        throw new ApiError('get', 503, 'down')
      },
    })
    const r = await flow(agentConfig({ timeoutMs: 60_000 }), api)
    expect(r.outcome).toMatchObject({ kind: 'error', job: active() })
    expect((r.outcome as { error: Error }).error.message).toContain('HTTP 503')
    expect(r.written['timed-out']).toBe('true')
  })

  it('an error after the job was seen keeps the job', async () => {
    const api = fakeApi({
      createJob: async () => active(),
      getJob: async () => {
        throw new ApiError('get', 404, 'gone')
      },
    })
    const r = await flow(agentConfig(), api)
    expect(r.outcome).toMatchObject({ kind: 'error', job: active() })
  })

  it('cancelled: while a message or a create is on its way it may have gone through; at a wait, not', async () => {
    const cancel = async (): Promise<AgentJob> => {
      throw new Cancelled('SIGTERM')
    }
    const message = await flow(agentConfig({ jobId: 'j1', prompt: 'More' }), fakeApi({ sendMessage: cancel }))
    expect(message.outcome).toEqual({ kind: 'cancelled', signal: 'SIGTERM', job: undefined, messageTo: 'j1' })
    const create = await flow(agentConfig(), fakeApi({ createJob: cancel }))
    expect(create.outcome).toEqual({ kind: 'cancelled', signal: 'SIGTERM', job: undefined, creating: true })
    const waiting = await flow(agentConfig(), fakeApi({ createJob: async () => active(), getJob: cancel }))
    expect(waiting.outcome).toMatchObject({ kind: 'cancelled', signal: 'SIGTERM', job: active() })
    expect(waiting.outcome).not.toHaveProperty('messageTo')
    expect(waiting.outcome).not.toHaveProperty('creating')
    const resumed = await flow(agentConfig({ jobId: 'j1', prompt: undefined }), fakeApi({ getJob: cancel }))
    expect(resumed.outcome).not.toHaveProperty('messageTo')
    expect(resumed.outcome).not.toHaveProperty('creating')
    // Taken, then cancelled while waiting: the message was sent, the job known.
    const taken = await flow(
      agentConfig({ jobId: 'j1', prompt: 'More' }),
      fakeApi({ sendMessage: async () => active(), getJob: cancel }),
    )
    expect(taken.outcome).toMatchObject({ kind: 'cancelled', job: active() })
    expect(taken.outcome).not.toHaveProperty('messageTo')
    expect(taken.followUpTo).toBe('j1')
  })
})
