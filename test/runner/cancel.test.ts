/** The runner's signals: a run cancelled by SIGINT or SIGTERM stops its requests, and ends within the second. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { abortOnTermination, Cancelled } from '../../src/runner/cancel.js'

afterEach(() => {
  vi.clearAllTimers()
  vi.useRealTimers()
})

/** Starts listening as a run does; `signal` calls the handler the run added, as the runner's signal would. */
function listening(hardExitMs?: number) {
  vi.useFakeTimers()
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
  const before = { SIGINT: process.listeners('SIGINT').length, SIGTERM: process.listeners('SIGTERM').length }
  const controller = new AbortController()
  const stop = abortOnTermination(controller, hardExitMs)
  const added = (name: 'SIGINT' | 'SIGTERM') => process.listeners(name).slice(before[name])
  const signal = (name: 'SIGINT' | 'SIGTERM') => {
    for (const handler of added(name)) (handler as (s: NodeJS.Signals) => void)(name)
  }
  return { controller, stop, exit, before, added, signal }
}

describe('abortOnTermination', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    '%s aborts with a Cancelled reason naming it, then exits with %i if the run has not ended by 900 ms',
    (name, code) => {
      const run = listening()
      run.signal(name)
      expect(run.controller.signal.aborted).toBe(true)
      const reason = run.controller.signal.reason as Cancelled
      expect(reason).toBeInstanceOf(Cancelled)
      expect(reason).toMatchObject({ name: 'Cancelled', signal: name, message: `Cancelled by ${name}` })
      vi.advanceTimersByTime(899)
      expect(run.exit).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(run.exit).toHaveBeenCalledExactlyOnceWith(code)
      run.stop()
    },
  )

  it('a second signal changes nothing: the first reason stays, and one exit is scheduled', () => {
    const run = listening(50)
    run.signal('SIGINT')
    run.signal('SIGTERM')
    expect((run.controller.signal.reason as Cancelled).signal).toBe('SIGINT')
    vi.advanceTimersByTime(1000)
    expect(run.exit).toHaveBeenCalledExactlyOnceWith(130)
    run.stop()
  })

  it('listens to both signals until stopped, then to neither', () => {
    const run = listening()
    expect(run.added('SIGINT')).toHaveLength(1)
    expect(run.added('SIGTERM')).toHaveLength(1)
    run.stop()
    expect(run.added('SIGINT')).toHaveLength(0)
    expect(run.added('SIGTERM')).toHaveLength(0)
  })
})
