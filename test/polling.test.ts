import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../src/api/errors.js'
import type { AgentJob } from '../src/api/types.js'
import { Cancelled } from '../src/cancel.js'
import { nextDelay, waitForJob } from '../src/polling.js'
import { FakeClock, memoryLog } from './fakes.js'

const active: AgentJob = { id: 'j1', status: 'active' }

/** A job that turns `final` once the clock reaches `doneAt`; counts GETs. */
function jobEndingAt(clock: FakeClock, doneAtMs: number, final: Partial<AgentJob> = { status: 'completed' }) {
  const calls: number[] = []
  const fetch = async (): Promise<AgentJob> => {
    calls.push(clock.now())
    return clock.now() >= doneAtMs ? { ...active, ...final } : active
  }
  return { fetch, calls }
}

function options(
  clock: FakeClock,
  fetch: () => Promise<AgentJob>,
  extra: { timeoutMs?: number; initial?: number } = {},
) {
  return {
    fetch,
    initialDelayMs: extra.initial ?? 5000,
    deadline: clock.now() + (extra.timeoutMs ?? 30 * 60_000),
    clock,
    log: memoryLog(),
  }
}

describe('backoff', () => {
  it('doubles from poll-interval to a 30 s cap', () => {
    const seq: number[] = []
    let d: number | undefined
    for (let i = 0; i < 6; i++) {
      d = nextDelay(d, 5000)
      seq.push(d)
    }
    expect(seq).toEqual([5000, 10_000, 20_000, 30_000, 30_000, 30_000])
  })

  it('keeps a poll-interval above 30 s as the cap', () => {
    expect(nextDelay(undefined, 60_000)).toBe(60_000)
    expect(nextDelay(60_000, 60_000)).toBe(60_000)
  })
})

describe('waitForJob', () => {
  it('a ten-minute job takes at most about 30 polls and is seen within 30 s of its end', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 10 * 60_000)
    const result = await waitForJob(active, options(clock, job.fetch))
    expect(result.kind).toBe('terminal')
    expect(job.calls.length).toBeLessThanOrEqual(30)
    expect(clock.now() - 10 * 60_000).toBeLessThanOrEqual(30_000)
  })

  it('sees a 30-second job end within 5 s and every wait stays within the cap', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 30_000)
    await waitForJob(active, options(clock, job.fetch))
    expect(clock.now() - 30_000).toBeLessThanOrEqual(5000)
    expect(Math.max(...clock.sleeps)).toBeLessThanOrEqual(30_000)
  })

  it('times out with the last job seen, polling one last time at the deadline', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, Number.POSITIVE_INFINITY)
    const result = await waitForJob(active, options(clock, job.fetch, { timeoutMs: 60_000 }))
    expect(result).toMatchObject({ kind: 'timeout', job: { status: 'active' } })
    expect(clock.now()).toBe(60_000)
    expect(job.calls.at(-1)).toBe(60_000)
  })

  it('retries 5xx and dropped connections with growing waits and reports the job once it answers', async () => {
    const clock = new FakeClock()
    const failures = [
      new ApiError('get', 502, 'the answer is not JSON (text/html)'),
      new NetworkError('get', 'connection failed (ECONNRESET)'),
      new ApiError('get', 500, 'boom'),
    ]
    const fetch = async (): Promise<AgentJob> => {
      const failure = failures.shift()
      if (failure) throw failure
      return { id: 'j1', status: 'completed', prLink: 'https://github.com/o/r/pull/1' }
    }
    const o = options(clock, fetch)
    const result = await waitForJob(active, o)
    expect(result).toMatchObject({ kind: 'terminal', job: { status: 'completed' }, polls: 4 })
    expect(clock.sleeps).toEqual([5000, 10_000, 20_000, 30_000])
    expect(o.log.text('info')).toContain('Poll failed: HTTP 502')
    expect(o.log.text('info')).toContain('Poll failed: connection failed (ECONNRESET)')
  })

  it('honours Retry-After on a 429 when it asks for more than the backoff', async () => {
    const clock = new FakeClock()
    let calls = 0
    const fetch = async (): Promise<AgentJob> => {
      calls++
      if (calls === 1) throw new ApiError('get', 429, 'Too many requests', 45_000)
      return { id: 'j1', status: 'completed' }
    }
    const o = options(clock, fetch)
    await waitForJob(active, o)
    expect(clock.sleeps).toEqual([5000, 45_000])
    expect(o.log.text()).toContain('Retry-After 45s')
  })

  it('honours Retry-After on a 503', async () => {
    const clock = new FakeClock()
    let calls = 0
    const fetch = async (): Promise<AgentJob> => {
      if (++calls === 1) throw new ApiError('get', 503, 'maintenance', 12_000)
      return { id: 'j1', status: 'failed' }
    }
    await waitForJob(active, options(clock, fetch))
    expect(clock.sleeps).toEqual([5000, 12_000])
  })

  it('a Retry-After past the deadline: no further poll, and the timeout decides', async () => {
    const clock = new FakeClock()
    let calls = 0
    const fetch = async (): Promise<AgentJob> => {
      calls++
      throw new ApiError('get', 429, 'Too many requests', 3_600_000)
    }
    const o = options(clock, fetch, { timeoutMs: 60_000 })
    const result = await waitForJob(active, o)
    expect(result).toMatchObject({ kind: 'timeout', job: { status: 'active' } })
    expect(result.kind === 'timeout' && result.lastError).toBeUndefined()
    expect(calls).toBe(1)
    expect(clock.sleeps).toEqual([5000, 55_000])
    expect(o.log.text()).toContain('The API asks for more than the time left, so no further poll.')
  })

  it('one failed poll at the deadline is a timeout, not an error', async () => {
    const clock = new FakeClock()
    const fetch = async (): Promise<AgentJob> => {
      if (clock.now() >= 60_000) throw new ApiError('get', 503, 'blip')
      return active
    }
    const o = options(clock, fetch, { timeoutMs: 60_000 })
    const result = await waitForJob(active, o)
    expect(result.kind === 'timeout' && result.lastError).toBeUndefined()
    expect(o.log.text()).toContain('The last poll failed (HTTP 503 (blip)); reporting the job as last seen.')
  })

  it('after a follow-up, an old terminal state counts only once the job was seen active, or after the settle time', async () => {
    const clock = new FakeClock()
    const statuses = ['completed', 'active', 'completed']
    const fetch = async (): Promise<AgentJob> => ({ id: 'j1', status: statuses.shift() ?? 'completed' })
    const done = { id: 'j1', status: 'completed' }
    const seen = await waitForJob(done, { ...options(clock, fetch), terminalAfter: 30_000 })
    expect(seen).toMatchObject({ kind: 'terminal', polls: 3 })

    const stuck = new FakeClock()
    const still = async (): Promise<AgentJob> => done
    const settled = await waitForJob(done, { ...options(stuck, still), terminalAfter: 30_000 })
    expect(settled.kind).toBe('terminal')
    expect(stuck.now()).toBe(35_000) // polls at 5, 15, 35 s: the first one past the settle time ends it
  })

  it('ends with the last error when failures last until the deadline', async () => {
    const clock = new FakeClock()
    const fetch = async (): Promise<AgentJob> => {
      throw new ApiError('get', 503, 'down')
    }
    const result = await waitForJob(active, options(clock, fetch, { timeoutMs: 120_000 }))
    expect(result).toMatchObject({ kind: 'timeout', lastError: { status: 503 } })
  })

  it('throws at once on an error that waiting cannot fix', async () => {
    const clock = new FakeClock()
    const fetch = async (): Promise<AgentJob> => {
      throw new ApiError('get', 404, 'Agent job not found')
    }
    await expect(waitForJob(active, options(clock, fetch))).rejects.toMatchObject({ status: 404 })
    expect(clock.sleeps).toEqual([5000])
  })

  it('treats an unknown status as not terminal and keeps polling', async () => {
    const clock = new FakeClock()
    const statuses = ['queued', 'queued', 'completed']
    const fetch = async (): Promise<AgentJob> => ({ id: 'j1', status: statuses.shift() ?? 'completed' })
    const o = options(clock, fetch)
    const result = await waitForJob(active, o)
    expect(result).toMatchObject({ kind: 'terminal', polls: 3 })
    expect(o.log.text('info')).toContain('queued (not a known status; still waiting)')
  })

  it('logs each status change and about one line a minute while active, not one per poll', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 10 * 60_000)
    const o = options(clock, job.fetch)
    await waitForJob(active, o)
    const info = o.log.lines.filter((l) => l.level === 'info').map((l) => l.message)
    expect(info.filter((m) => m.includes('still active'))).toHaveLength(9)
    expect(info.at(-1)).toMatch(/^Job j1: completed after 10m/)
    expect(info.length).toBeLessThan(job.calls.length)
    expect(o.log.lines.filter((l) => l.level === 'debug').length).toBeGreaterThanOrEqual(job.calls.length)
  })

  it('polls at once when asked (job-id alone), then backs off', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 20_000)
    await waitForJob({ id: 'j1' }, { ...options(clock, job.fetch), immediate: true })
    expect(job.calls[0]).toBe(0)
    expect(clock.sleeps.slice(0, 3)).toEqual([0, 5000, 10_000])
  })

  it('stops on cancellation with the signal reason', async () => {
    const clock = new FakeClock()
    const controller = new AbortController()
    const fetch = async (): Promise<AgentJob> => {
      controller.abort(new Cancelled('SIGTERM'))
      return active
    }
    await expect(waitForJob(active, { ...options(clock, fetch), signal: controller.signal })).rejects.toBeInstanceOf(
      Cancelled,
    )
  })
})
