import { describe, expect, it } from 'vitest'
import { describeSchedule, nextDelay, waitForJob } from '../../src/agent/polling.js'
import { ApiError, NetworkError } from '../../src/api/errors.js'
import { cutOffByDeadline, MIN_POLL_LIMIT_MS } from '../../src/api/poll.js'
import type { AgentJob } from '../../src/api/types.js'
import { formatDuration } from '../../src/clock.js'
import { Cancelled } from '../../src/runner/cancel.js'
import { FakeClock, memoryLog } from '../helpers/fakes.js'

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

/** A server that never answers, as the client reports it: the request gives up after min(30 s, limitMs). */
function hangingServer(clock: FakeClock) {
  const limits: number[] = []
  const fetch = async (limitMs: number): Promise<AgentJob> => {
    limits.push(limitMs)
    const waited = Math.min(30_000, limitMs)
    clock.advance(waited)
    throw new NetworkError('get', `no answer within ${formatDuration(waited)}`, 'timeout')
  }
  return { fetch, limits }
}

function options(
  clock: FakeClock,
  fetch: (limitMs: number) => Promise<AgentJob>,
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

/** The waits nextDelay gives, one after the other, when each poll answers at once. */
function schedule(initialMs: number, untilMs: number): number[] {
  const waits: number[] = []
  let d: number | undefined
  for (let t = 0; t < untilMs; t += d) {
    d = nextDelay(d, initialMs, t)
    waits.push(d)
  }
  return waits
}

describe('poll schedule', () => {
  it('stays at poll-interval for the first two minutes, then grows to 10 s', () => {
    const waits = schedule(5000, 10 * 60_000)
    expect(waits.slice(0, 24)).toEqual(Array(24).fill(5000)) // polls at 5, 10, ... 120 s
    expect(waits.slice(24)).toEqual(Array(48).fill(10_000)) // 130 ... 600 s
  })

  it('grows by doubling from a short poll-interval, never above 10 s', () => {
    const waits = schedule(1000, 3 * 60_000)
    expect(waits.slice(0, 120)).toEqual(Array(120).fill(1000))
    expect(waits.slice(120, 126)).toEqual([2000, 4000, 8000, 10_000, 10_000, 10_000])
  })

  it('keeps a poll-interval above 10 s throughout', () => {
    expect(new Set(schedule(12_000, 10 * 60_000))).toEqual(new Set([12_000]))
    expect(new Set(schedule(60_000, 60 * 60_000))).toEqual(new Set([60_000]))
  })

  it('says the schedule in words for the log', () => {
    expect(describeSchedule(5000)).toBe('every 5.0s for 2m, then up to every 10s')
    expect(describeSchedule(60_000)).toBe('every 1m')
    expect(describeSchedule(20)).toBe('more than ten times a second for 2m, then up to every 10s')
  })
})

describe('waitForJob', () => {
  it('a ten-minute job takes at most 75 polls (72) and is seen within 10 s of its end', async () => {
    for (const end of [10 * 60_000, 10 * 60_000 + 1]) {
      const clock = new FakeClock()
      const job = jobEndingAt(clock, end)
      const result = await waitForJob(active, options(clock, job.fetch))
      expect(result).toMatchObject({ kind: 'terminal', polls: job.calls.length })
      expect(job.calls.length).toBeLessThanOrEqual(75)
      expect(clock.now() - end).toBeLessThanOrEqual(10_000)
    }
  })

  it('polls every poll-interval while the job is under two minutes old, then every 10 s', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 10 * 60_000)
    await waitForJob(active, options(clock, job.fetch))
    expect(job.calls.filter((t) => t <= 120_000)).toEqual(Array.from({ length: 24 }, (_, i) => (i + 1) * 5000))
    expect(job.calls.filter((t) => t > 120_000)).toEqual(Array.from({ length: 48 }, (_, i) => 130_000 + i * 10_000))
  })

  it('sees the end within 10 s at any job length, within poll-interval in the first two minutes', async () => {
    // Irregular lengths from 20 s to 30 min, plus the worst cases: just after a poll, and around the two minutes.
    const lengths = Array.from({ length: 60 }, (_, i) => Math.round(20_000 * 90 ** (i / 59)))
    lengths.push(115_001, 119_999, 120_000, 120_001, 125_001, 600_001, 1_799_999)
    for (const end of lengths) {
      const clock = new FakeClock()
      const job = jobEndingAt(clock, end)
      await waitForJob(active, options(clock, job.fetch))
      const lag = clock.now() - end
      expect(lag, `job of ${end} ms`).toBeLessThanOrEqual(end <= 120_000 ? 5000 : 10_000)
      expect(lag, `job of ${end} ms`).toBeGreaterThanOrEqual(0)
    }
  })

  it('sees a 30-second job end within 5 s and every wait stays within the cap', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 30_000)
    await waitForJob(active, options(clock, job.fetch))
    expect(clock.now() - 30_000).toBeLessThanOrEqual(5000)
    expect(Math.max(...clock.sleeps)).toBeLessThanOrEqual(10_000)
  })

  it('keeps a poll-interval above 10 s for every wait', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 5 * 60_000)
    await waitForJob(active, options(clock, job.fetch, { initial: 60_000 }))
    expect(clock.sleeps).toEqual([60_000, 60_000, 60_000, 60_000, 60_000])
  })

  it('times out with the last job seen, polling one last time at the deadline', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, Number.POSITIVE_INFINITY)
    const result = await waitForJob(active, options(clock, job.fetch, { timeoutMs: 60_000 }))
    expect(result).toMatchObject({ kind: 'timeout', job: { status: 'active' } })
    expect(clock.now()).toBe(60_000)
    expect(job.calls.at(-1)).toBe(60_000)
  })

  it('retries 5xx and dropped connections on the same schedule and reports the job once it answers', async () => {
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
    expect(clock.sleeps).toEqual([5000, 5000, 5000, 5000])
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

  it('honours Retry-After after the first two minutes too, then goes back to the schedule', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 220_000)
    const fetch = async (): Promise<AgentJob> => {
      if (clock.now() === 150_000) throw new ApiError('get', 429, 'Too many requests', 45_000)
      return job.fetch()
    }
    await waitForJob(active, options(clock, fetch))
    expect(clock.sleeps.slice(24)).toEqual([10_000, 10_000, 10_000, 45_000, 10_000, 10_000, 10_000])
    expect(clock.now()).toBe(225_000)
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

  it('gives each poll the time left until the deadline, and the poll at the deadline one second', async () => {
    const clock = new FakeClock()
    const starts: number[] = []
    const limits: number[] = []
    const fetch = async (limitMs: number): Promise<AgentJob> => {
      starts.push(clock.now())
      limits.push(limitMs)
      return active
    }
    await waitForJob(active, options(clock, fetch, { timeoutMs: 62_500 }))
    expect(starts.at(-1)).toBe(62_500)
    expect(limits).toEqual(starts.map((t) => Math.max(1000, 62_500 - t)))
    expect(limits.slice(-3)).toEqual([7500, 2500, 1000])
  })

  it('a poll that hangs into the deadline ends the wait there, as a timeout with the job as last seen', async () => {
    const clock = new FakeClock()
    const hang = hangingServer(clock)
    const fetch = async (limitMs: number): Promise<AgentJob> => (clock.now() >= 55_000 ? hang.fetch(limitMs) : active)
    const o = options(clock, fetch, { timeoutMs: 60_000 })
    const result = await waitForJob(active, o)
    expect(result).toMatchObject({ kind: 'timeout', job: { status: 'active' }, polls: 11 })
    expect(result.kind === 'timeout' && result.lastError).toBeUndefined()
    expect(hang.limits).toEqual([5000])
    expect(clock.now()).toBe(60_000)
    expect(o.log.text('info')).toContain(
      'The poll at the deadline was given up (no answer within 5.0s); reporting the job as last seen.',
    )
  })

  it('the poll made at the deadline may hang for one second at most', async () => {
    const clock = new FakeClock()
    const hang = hangingServer(clock)
    const fetch = async (limitMs: number): Promise<AgentJob> => (clock.now() >= 60_000 ? hang.fetch(limitMs) : active)
    const result = await waitForJob(active, options(clock, fetch, { timeoutMs: 60_000 }))
    expect(result).toMatchObject({ kind: 'timeout', job: { status: 'active' } })
    expect(result.kind === 'timeout' && result.lastError).toBeUndefined()
    expect(clock.now()).toBe(61_000)
  })

  it('a server that never answers: the wait ends at the deadline, reporting the trouble that lasted', async () => {
    const clock = new FakeClock()
    const hang = hangingServer(clock)
    const result = await waitForJob(active, options(clock, hang.fetch, { timeoutMs: 120_000 }))
    // Polls at 5, 40 and 75 s each give up after the client's own 30 s; the one at 110 s is cut off at 120 s.
    expect(hang.limits).toEqual([115_000, 80_000, 45_000, 10_000])
    expect(clock.now()).toBe(120_000)
    expect(result).toMatchObject({ kind: 'timeout', polls: 4, lastError: { reason: 'no answer within 30s' } })

    const short = new FakeClock()
    const once = hangingServer(short)
    const cut = await waitForJob(active, options(short, once.fetch, { timeoutMs: 20_000 }))
    expect(short.now()).toBe(20_000)
    expect(cut).toMatchObject({ kind: 'timeout', job: { status: 'active' }, polls: 1 })
    expect(cut.kind === 'timeout' && cut.lastError).toBeUndefined()
  })

  it('a poll that hits its own 30 s limit well before the deadline is retried, not the end', async () => {
    const clock = new FakeClock()
    const hang = hangingServer(clock)
    let calls = 0
    const fetch = async (limitMs: number): Promise<AgentJob> =>
      ++calls === 1 ? hang.fetch(limitMs) : { id: 'j1', status: 'completed' }
    const o = options(clock, fetch)
    const result = await waitForJob(active, o)
    expect(result).toMatchObject({ kind: 'terminal', polls: 2 })
    expect(clock.now()).toBe(40_000)
    expect(o.log.text('info')).toContain('Poll failed: no answer within 30s. Waiting 5.0s before trying again.')
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
    expect(stuck.now()).toBe(30_000) // polls every 5 s: the first one at or past the settle time ends it
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

  it('polls at once when asked (job-id alone), then every poll-interval', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, 20_000)
    await waitForJob({ id: 'j1' }, { ...options(clock, job.fetch), immediate: true })
    expect(job.calls).toEqual([0, 5000, 10_000, 15_000, 20_000])
    expect(clock.sleeps).toEqual([0, 5000, 5000, 5000, 5000])
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

  it('a loop that ignores its deadline fails fast on the fake clock instead of spinning', async () => {
    const clock = new FakeClock()
    const job = jobEndingAt(clock, Number.POSITIVE_INFINITY)
    const unbounded = { ...options(clock, job.fetch), deadline: Number.POSITIVE_INFINITY }
    await expect(waitForJob(active, unbounded)).rejects.toThrow(/a loop that ignores its deadline\?/)
    const spinning = new FakeClock()
    const spin = async () => {
      for (;;) await spinning.sleep(0)
    }
    await expect(spin()).rejects.toThrow(/100001 sleeps/)
  })
})

describe('waitForJob: its edges', () => {
  it('says the schedule in words from 0.1 s on, and "more than ten times a second" below', () => {
    expect(describeSchedule(100)).toBe('every 0.1s for 2m, then up to every 10s')
    expect(describeSchedule(99)).toBe('more than ten times a second for 2m, then up to every 10s')
  })

  it('a poll given up with less than a second left was cut off by the deadline; with a second or more, it was not', () => {
    const timedOut = new NetworkError('get', 'no answer within 30s', 'timeout')
    expect(cutOffByDeadline(timedOut, 10_000, 10_000 - MIN_POLL_LIMIT_MS + 1)).toBe(true)
    expect(cutOffByDeadline(timedOut, 10_000, 10_000 - MIN_POLL_LIMIT_MS)).toBe(false)
    expect(cutOffByDeadline(new NetworkError('get', 'connection failed (ECONNRESET)'), 10_000, 10_000)).toBe(false)
    expect(cutOffByDeadline(new ApiError('get', 503, 'down'), 10_000, 10_000)).toBe(false)
  })

  it('logs each status as it changes, with the time since the wait began; the next poll at debug level', async () => {
    const clock = new FakeClock()
    const states: AgentJob[] = [{ id: 'j1' }, { id: 'j1', status: 'queued' }, { id: 'j1', status: 'completed' }]
    const o = options(clock, async () => states.shift() ?? active)
    const result = await waitForJob({ id: 'j1', status: 'active' }, o)
    expect(result).toMatchObject({ kind: 'terminal', polls: 3 })
    expect(o.log.lines.filter((l) => l.level === 'info').map((l) => l.message)).toEqual([
      'Job j1: no status in the answer, still waiting after 5.0s.',
      'Job j1: queued (not a known status; still waiting) after 10s.',
      'Job j1: completed after 15s.',
    ])
    expect(o.log.text('debug')).toBe('Next poll in 5.0s\nNext poll in 5.0s\nNext poll in 5.0s')
  })

  it('a Retry-After of exactly the time left is waited for, and the poll made at the deadline', async () => {
    const clock = new FakeClock()
    const answers = [
      async () => {
        throw new ApiError('get', 429, 'Too many requests', 55_000)
      },
      async () => ({ id: 'j1', status: 'completed' }),
    ]
    const o = options(clock, () => (answers.shift() ?? (async () => active))(), { timeoutMs: 60_000 })
    const result = await waitForJob(active, o)
    expect(result).toMatchObject({ kind: 'terminal', polls: 2 })
    expect(clock.sleeps).toEqual([5000, 55_000])
    expect(o.log.text('info')).toContain('after 1m.')
  })

  it('trouble counts against the job once three polls in a row failed, not two', async () => {
    const failing = (times: number) => {
      const clock = new FakeClock()
      let calls = 0
      const fetch = async (): Promise<AgentJob> => {
        calls++
        // The last polls before the deadline fail; the earlier ones answer.
        if (clock.now() > 60_000 - times * 5000) throw new ApiError('get', 503, 'down')
        return active
      }
      return waitForJob(active, { ...options(clock, fetch, { timeoutMs: 60_000 }), initialDelayMs: 5000 }).then(
        (r) => ({
          r,
          calls,
        }),
      )
    }
    const three = await failing(3)
    expect(three.r.kind === 'timeout' && three.r.lastError?.message).toContain('HTTP 503')
    const two = await failing(2)
    expect(two.r.kind === 'timeout' && two.r.lastError).toBeUndefined()
  })
})
