/**
 * GitHub's local runner, `@github/local-action`, runs each action's TypeScript entry (it stubs `@actions/core`,
 * so it needs the source, not the bundle) against the local mock API: its outputs table shows the outputs, the
 * key shows nowhere, and the summary lands in the file named by GITHUB_STEP_SUMMARY.
 */
import { execFile, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type MockApi, startMockApi } from '../../local/mock-api.ts'
import { ROOT } from '../../local/run-action.ts'
import { KEY } from '../helpers/e2e.js'
import { expectNoSecret } from '../helpers/secrets.js'
import { tempDir } from '../helpers/temp.ts'

const LOCAL_ACTION = path.join(ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js')

let api: MockApi
beforeEach(async () => {
  api = await startMockApi({ visitors: { count: 300 } })
})
afterEach(async () => {
  await api.close()
})

/** Runs `local-action run <action> <entry> <env file>` with these inputs; the summary file starts empty. */
async function localAction(action: string, entry: string, inputs: Record<string, string>) {
  const dir = tempDir('local-action-')
  const summary = path.join(dir, 'summary.md')
  writeFileSync(summary, '')
  const env = { 'api-key': KEY, 'project-id': 'proj_1', 'api-url': api.url, ...inputs }
  const lines = Object.entries(env).map(([name, value]) => `INPUT_${name.toUpperCase()}=${value}`)
  const envFile = path.join(dir, '.env')
  writeFileSync(envFile, [...lines, `GITHUB_WORKSPACE=${dir}`, `GITHUB_STEP_SUMMARY=${summary}`, ''].join('\n'))
  // local-action runs `npm exec tsx`; `yes` spares it a prompt where npm's config would ask. tsx keeps a cache of
  // compiled files in the temp directory (`tsx-<uid>`, 110 files a run): one of this test's own, so it goes too.
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [LOCAL_ACTION, 'run', action, entry, envFile],
    {
      cwd: ROOT,
      env: { ...process.env, npm_config_yes: 'true', TMPDIR: tempDir('local-action-tmp-') },
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  return { stdout, stderr, summary: readFileSync(summary, 'utf8'), workspace: dir }
}

/** The rows of local-action's "Action Outputs" table: output name → value. */
function outputsTable(stdout: string): Record<string, string> {
  const table = stdout.slice(stdout.indexOf('Action Outputs'))
  return Object.fromEntries([...table.matchAll(/│ \d+\s+│ '([^']+)'\s+│ '([^']*)'\s+│/g)].map((m) => [m[1], m[2]]))
}

describe('@github/local-action', () => {
  it('runs the agent job action from src/agent/main.ts: outputs shown, key hidden, summary written', async () => {
    const r = await localAction('.', 'src/agent/main.ts', { prompt: 'Document the flag', 'poll-interval': '20ms' })
    expect(outputsTable(r.stdout)).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/101',
      'timed-out': 'false',
    })
    expectNoSecret({ stdout: r.stdout, stderr: r.stderr, summary: r.summary }, [KEY])
    expect(r.summary).toContain('Mintlify agent: Pull request opened')
  }, 90_000)

  it('runs the visitors export from src/visitors/main.ts: outputs shown, key hidden, summary written', async () => {
    const r = await localAction('visitors', '../src/visitors/main.ts', { format: 'csv' })
    expect(outputsTable(r.stdout)).toMatchObject({
      complete: 'true',
      file: expect.stringMatching(/mintlify-visitors\.csv$/),
    })
    expect(Number(outputsTable(r.stdout).rows)).toBeGreaterThan(0)
    expectNoSecret({ stdout: r.stdout, stderr: r.stderr, summary: r.summary }, [KEY])
    expect(r.summary).toContain('visitors')
  }, 90_000)

  it('runs the content gaps action from src/gaps/main.ts: outputs shown, files written, key hidden, summary written', async () => {
    const r = await localAction('gaps', '../src/gaps/main.ts', {})
    const outputs = outputsTable(r.stdout)
    expect(outputs).toMatchObject({
      complete: 'true',
      file: path.join(r.workspace, 'mintlify-gaps.json'),
      worklist: path.join(r.workspace, 'mintlify-gaps.md'),
      'issue-url': '',
    })
    const counts = ['searches', 'unanswered', 'pages'].map((name) => Number(outputs[name]))
    expect(counts.every(Number.isInteger), JSON.stringify(outputs)).toBe(true)
    expect(Number(outputs.items)).toBe(counts.reduce((sum, n) => sum + n, 0))
    // One request at least for each of the three sections read by default.
    expect(Number(outputs.requests)).toBeGreaterThanOrEqual(3)
    expect(outputs['prompt-file']).toBe(
      Number(outputs.items) > 0 ? path.join(r.workspace, 'mintlify-gaps-prompt.md') : '',
    )
    const data = readFileSync(outputs.file ?? '', 'utf8')
    expect(JSON.parse(data)).toMatchObject({ complete: true, requests: Number(outputs.requests) })
    expect(readFileSync(outputs.worklist ?? '', 'utf8')).not.toBe('')
    expectNoSecret({ stdout: r.stdout, stderr: r.stderr, summary: r.summary, data }, [KEY])
    expect(r.summary).toMatch(/content gaps/i)
  }, 90_000)
})

describe('what the recipe of CONTRIBUTING.md writes in the checkout', () => {
  // Its .env files send the outputs and the summary to the checkout root (GITHUB_WORKSPACE=., summary.md).
  const written = ['.env', 'visitors/.env', 'gaps/.env', 'summary.md', 'mintlify-visitors.csv', 'mintlify-views.json']
  written.push('mintlify-gaps.json', 'mintlify-gaps.md', 'mintlify-gaps-prompt.md', 'mock-url.txt')

  it('is ignored by git', () => {
    const check = spawnSync('git', ['check-ignore', '--no-index', '--verbose', '--non-matching', ...written], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    const notIgnored = check.stdout
      .split('\n')
      .filter((line) => line.startsWith('::\t'))
      .map((line) => line.slice(3))
    expect(check.stderr).toBe('')
    expect(notIgnored).toEqual([])
    expect(check.stdout.trim().split('\n')).toHaveLength(written.length)
  })
})
