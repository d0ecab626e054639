/**
 * The agent flow's edges (src/agent/job.ts) that job.test.ts leaves open: what `wait: false` logs and reports, how
 * long a run says it waited when it never did, a job seen without a listener, and where a cancel leaves no message.
 */
import { describe, expect, it } from 'vitest'
import type { AgentConfig } from '../../src/agent/inputs.js'
import { type AgentApi, type JobRequest, runAgentJob } from '../../src/agent/job.js'
import { ApiError } from '../../src/api/errors.js'
import type { AgentJob } from '../../src/api/types.js'
import { createRedactor } from '../../src/log.js'
import { Cancelled } from '../../src/runner/cancel.js'
import { Outputs } from '../../src/runner/outputs.js'
import { agentConfig, FakeClock, fakeApi, memoryLog } from '../helpers/fakes.js'

/** A run without `onJob`, as a caller that does not follow the job would make it. */
async function flow(c: AgentConfig, a: AgentApi, request: JobRequest = { prompt: c.prompt, jobId: c.jobId }) {
  const written: Record<string, string> = {}
  const outputs = new Outputs((n, v) => {
    written[n] = v
  }, createRedactor([]))
  const log = memoryLog()
  const clock = new FakeClock()
  const run = await runAgentJob(c, request, { api: a, clock, log, outputs })
  return { ...run, written, log, clock }
}

const active = (): AgentJob => ({ id: 'j1', status: 'active' })
const done = (): AgentJob => ({ id: 'j1', status: 'completed', prLink: 'https://x/pull/2' })

describe('agent flow: edges', () => {
  it('wait: false logs no "created" or "sent" line (the verdict says it) and reports no wait', async () => {
    const created = await flow(agentConfig({ wait: false }), fakeApi({ createJob: async () => active() }))
    expect(created.outcome).toEqual({ kind: 'started', job: active(), how: 'created' })
    expect(created.waitedMs).toBeUndefined()
    expect(created.log.text()).not.toContain('Created agent job')
    const sent = await flow(
      agentConfig({ wait: false, jobId: 'j1', prompt: 'More' }),
      fakeApi({ sendMessage: async () => active() }),
    )
    expect(sent.outcome).toEqual({ kind: 'started', job: active(), how: 'messaged' })
    expect(sent.followUpTo).toBe('j1')
    expect(sent.log.text()).not.toContain('Sent a follow-up message')
  })

  it('a create answered terminal with wait: false is finished, not started, and nothing is waited for', async () => {
    const r = await flow(agentConfig({ wait: false }), fakeApi({ createJob: async () => done() }))
    expect(r.outcome).toEqual({ kind: 'finished', job: done() })
    expect(r.waitedMs).toBe(0)
    expect(r.log.text()).not.toContain('Waiting for job')
  })

  it('every state is followed without an onJob listener: the run still finishes', async () => {
    const a = fakeApi({ createJob: async () => active(), getJob: async () => done() })
    const r = await flow(agentConfig({ pollIntervalMs: 1000 }), a)
    expect(r.outcome).toEqual({ kind: 'finished', job: done() })
    expect(r.written).toMatchObject({ 'job-id': 'j1', status: 'completed' })
    expect(r.waitedMs).toBe(1000)
  })

  it('a create answered without a status is polled after the interval, not at once', async () => {
    const a = fakeApi({ createJob: async () => ({ id: 'j1' }), getJob: async () => done() })
    const r = await flow(agentConfig({ pollIntervalMs: 3000 }), a)
    expect(a.calls).toEqual(['create', 'get'])
    expect(r.clock.sleeps).toEqual([3000])
  })

  it('a create answered active is polled after the interval too', async () => {
    const a = fakeApi({ createJob: async () => active(), getJob: async () => done() })
    const r = await flow(agentConfig({ pollIntervalMs: 3000 }), a)
    expect(r.clock.sleeps).toEqual([3000])
  })

  it('an error after the job was seen keeps the time waited; a job-id its first poll did not find waited for nothing', async () => {
    const gone = async (): Promise<AgentJob> => {
      throw new ApiError('get', 404, 'gone')
    }
    const seen = await flow(
      agentConfig({ pollIntervalMs: 1000 }),
      fakeApi({ createJob: async () => active(), getJob: gone }),
    )
    expect(seen.outcome).toMatchObject({ kind: 'error', job: active() })
    expect(seen.waitedMs).toBe(1000)
    const unknown = await flow(agentConfig({ jobId: 'nope', prompt: undefined }), fakeApi({ getJob: gone }))
    expect(unknown.outcome).toMatchObject({ kind: 'error' })
    expect(unknown.waitedMs).toBeUndefined()
  })

  it('neither a prompt nor a job id: an error before any request', async () => {
    const a = fakeApi({})
    const r = await flow(agentConfig({ prompt: undefined, jobId: undefined }), a, {})
    expect(a.calls).toEqual([])
    expect(r.outcome.kind).toBe('error')
    expect((r.outcome as { error: Error }).error.message).toBe('no prompt and no job id')
  })

  it('cancelled at a create, or at a wait: no message may have reached any job (a create on its way is marked)', async () => {
    const cancel = async (): Promise<AgentJob> => {
      throw new Cancelled('SIGTERM')
    }
    const create = await flow(agentConfig(), fakeApi({ createJob: cancel }))
    // The create was on its way: its reply is marked maybe-job, so no re-run makes a second job.
    expect(create.outcome).toStrictEqual({ kind: 'cancelled', signal: 'SIGTERM', job: undefined, creating: true })
    expect(create.outcome).not.toHaveProperty('messageTo')
    const waiting = await flow(agentConfig(), fakeApi({ createJob: async () => active(), getJob: cancel }))
    expect(waiting.outcome).not.toHaveProperty('messageTo')
    const found = await flow(agentConfig({ jobId: 'j1', prompt: undefined }), fakeApi({ getJob: cancel }))
    expect(found.outcome).not.toHaveProperty('messageTo')
  })
})
