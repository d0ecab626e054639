/**
 * local/run-action.ts: every run of a bundle works in an `action-run-*` folder of the system temp directory, and
 * the folder goes once its results are read (after each test, test/helpers/setup.ts; a script's as it exits, which
 * test/helpers/scripts.ts checks on every demo), unless `KEEP_ACTION_RUNS` asks to keep it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type MockApi, startMockApi } from '../../local/mock-api.ts'
import { KEEP_RUNS, removeRuns } from '../../local/run-action.ts'
import { runAgent } from '../helpers/e2e.js'

let api: MockApi
beforeAll(async () => {
  api = await startMockApi()
})
afterAll(async () => {
  await api.close()
})

describe('the folder of a run', () => {
  let earlier = ''

  it('is in the temp directory while the test that ran it reads it', async () => {
    const r = await runAgent(api)
    expect(r.code).toBe(0)
    expect(path.dirname(r.workspace)).toBe(tmpdir())
    expect(path.basename(r.workspace)).toMatch(/^action-run-/)
    expect(readFileSync(path.join(r.workspace, '.github-step-summary'), 'utf8')).toBe(r.summary)
    earlier = r.workspace
  })

  it('is gone once that test has ended', () => {
    expect(earlier).not.toBe('')
    expect(existsSync(earlier)).toBe(false)
  })

  it('goes with removeRuns, which names each folder once', async () => {
    const [a, b] = [await runAgent(api), await runAgent(api)]
    expect(removeRuns().sort()).toEqual([a.workspace, b.workspace].sort())
    expect([existsSync(a.workspace), existsSync(b.workspace)]).toEqual([false, false])
    expect(removeRuns()).toEqual([])
  })

  it(`stays with ${KEEP_RUNS}=1 (and goes with ${KEEP_RUNS}=0)`, async () => {
    vi.stubEnv(KEEP_RUNS, '1')
    const r = await runAgent(api)
    expect(removeRuns()).toEqual([])
    expect(existsSync(r.workspace)).toBe(true)
    vi.stubEnv(KEEP_RUNS, '0')
    expect(removeRuns()).toEqual([r.workspace])
    expect(existsSync(r.workspace)).toBe(false)
  })
})
