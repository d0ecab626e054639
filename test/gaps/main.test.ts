/**
 * The content gaps action's wiring (src/gaps/main.ts), run in-process against the local mock API and its GitHub
 * stand-in: what the end-to-end tests show on the bundle, here where mutation testing reaches it.
 */
import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Fault, type MockApi, type MockApiOptions, startMockApi } from '../../local/mock-api.ts'
import { run } from '../../src/gaps/main.js'
import { KEY, TOKEN } from '../helpers/e2e.js'
import { removeRuns, runInProcess } from '../helpers/in-process.js'
import { tempDir } from '../helpers/temp.js'

const WINDOW = { 'date-from': '2026-01-01', 'date-to': '2026-01-08' }
/** One unanswered question, one reported page with its views, and a search that led to no click. */
const SMALL: MockApiOptions = {
  searches: {
    count: 1,
    rowAt: () => ({ searchQuery: 'webhooks', hits: 5, ctr: 0, topClickedPage: null, lastSearchedAt: null }),
  },
  assistant: { count: 1 },
  feedback: { count: 1 },
  views: { count: 1 },
}

let api: MockApi | undefined
afterAll(async () => {
  await api?.close()
  removeRuns()
})

/** A run with `inputs` against a fresh mock API serving `options` (and answering `fault` first, if given). */
async function gaps(
  options: MockApiOptions,
  inputs: Record<string, string> = {},
  files: Record<string, string> = {},
  fault?: Fault,
  env: Record<string, string> = {},
) {
  await api?.close()
  api = await startMockApi(options)
  if (fault) api.fault(fault)
  return runInProcess(
    run,
    {
      action: 'gaps',
      inputs: { 'project-id': 'proj_1', 'api-url': api.url, 'github-token': TOKEN, ...WINDOW, ...inputs },
      env: { GITHUB_REPOSITORY: 'acme/app', GITHUB_API_URL: api.url, ...env },
      files,
    },
    [KEY, TOKEN],
  )
}
const sections = () =>
  (api?.requests ?? []).filter((q) => q.path.startsWith('/v1/')).map((q) => q.path.split('?')[0]?.split('/').pop())
const github = () => (api?.requests ?? []).filter((q) => q.path.startsWith('/repos/'))

describe('content gaps, in-process', () => {
  it('reads each chosen section, writes the three files, sets the outputs, and says what it wrote', async () => {
    const r = await gaps(SMALL)
    expect(r.code).toBe(0)
    expect(sections()).toEqual(['searches', 'assistant', 'feedback', 'views'])
    expect(r.outputs).toMatchObject({ searches: '1', complete: 'true', requests: '4' })
    expect(r.outputs['issue-url'] ?? '').toBe('')
    expect(Number(r.outputs.items)).toBe(
      Number(r.outputs.searches) + Number(r.outputs.unanswered) + Number(r.outputs.pages),
    )
    expect(
      Object.keys(r.files)
        .filter((f) => f.startsWith('mintlify'))
        .sort(),
    ).toEqual(['mintlify-gaps-prompt.md', 'mintlify-gaps.json', 'mintlify-gaps.md'])
    expect(r.outputs['prompt-file']).toMatch(/mintlify-gaps-prompt\.md$/)
    expect(r.stdout).toContain('\nWrote mintlify-gaps.json, mintlify-gaps.md, mintlify-gaps-prompt.md.\n')
    expect(JSON.parse(r.files['mintlify-gaps.json'] ?? '{}')).toMatchObject({ dateFrom: '2026-01-01' })
    expect(r.files['mintlify-gaps-prompt.md']).toContain('"webhooks": 5 searches')
    expect(r.summary).toMatch(/^### 🔎 Mintlify content gaps: \d+ found\n/)
    expect(r.summary).toContain(
      '\n<sub>Wrote `mintlify-gaps.json`, `mintlify-gaps.md`, `mintlify-gaps-prompt.md`; 4 requests.</sub>\n',
    )
    expect(r.summary).toContain('| 1 | webhooks | 5 |')
    expect(github()).toEqual([])
  })

  it('nothing found: no prompt file and an empty prompt-file output; the data file and worklist all the same', async () => {
    const clicked = { searchQuery: 'quickstart', hits: 50, ctr: 0.7, topClickedPage: '/q', lastSearchedAt: null }
    const r = await gaps({ searches: { count: 1, rowAt: () => clicked } }, { sections: 'searches' })
    expect(r.code).toBe(0)
    expect(r.outputs).toMatchObject({ items: '0', 'prompt-file': '' })
    expect(
      Object.keys(r.files)
        .filter((f) => f.startsWith('mintlify'))
        .sort(),
    ).toEqual(['mintlify-gaps.json', 'mintlify-gaps.md'])
    expect(r.stdout).toContain('\nWrote mintlify-gaps.json, mintlify-gaps.md.\n')
    expect(r.summary.trim().split('\n\n').at(-1)).toBe(
      '**Next:** Nothing to do: no reader missed anything in these dates.',
    )
  })

  it.each(['output', 'worklist', 'prompt-output'])(
    'a %s whose folder cannot be made is bad input, refused before any request',
    async (input) => {
      const r = await gaps(SMALL, { [input]: 'taken/file.md' }, { taken: 'a file' })
      expect(r.code).toBe(1)
      expect(api?.requests).toEqual([])
      expect(r.stdout).toMatch(
        new RegExp(
          `::error::Input ${input}: its folder cannot be written \\(E[A-Z]+\\)\\. Accepted: a path in a folder the step may write, relative to the workspace\\.`,
        ),
      )
      expect(r.summary).toBe('')
    },
  )

  it('files go where their inputs say, folders made as needed; the data file holds every question', async () => {
    const r = await gaps(
      { assistant: { count: 30 } },
      {
        sections: 'assistant',
        'max-items': '5',
        output: 'out/data/gaps.json',
        worklist: 'out/list.md',
        'prompt-output': 'prompts/new/p.md',
      },
    )
    expect(r.code).toBe(0)
    expect(
      Object.keys(r.files)
        .filter((f) => !f.startsWith('.github'))
        .sort(),
    ).toEqual(['out/data/gaps.json', 'out/list.md', 'prompts/new/p.md'])
    const data = JSON.parse(r.files['out/data/gaps.json'] ?? '{}')
    const questions = data.unanswered.flatMap((c: { questions: unknown[] }) => c.questions)
    expect(questions).toHaveLength(Number(r.outputs.unanswered))
    expect(questions.length).toBeGreaterThan(5)
  })

  it('the questions wait beside the data file, not in the system temp folder, and are gone once it is written', async () => {
    // TMPDIR is a file: a run that kept its questions there would fail.
    const notADir = path.join(tempDir('gaps-tmpdir-'), 'file')
    writeFileSync(notADir, 'x')
    const r = await gaps(
      { assistant: { count: 6000 } },
      { sections: 'assistant', 'max-items': '2', output: 'out/gaps.json' },
      {},
      undefined,
      { TMPDIR: notADir },
    )
    expect(r.code).toBe(0)
    expect(
      Object.keys(r.files)
        .filter((f) => !f.startsWith('.github'))
        .sort(),
    ).toEqual(['mintlify-gaps-prompt.md', 'mintlify-gaps.md', 'out/gaps.json'])
    const data = JSON.parse(r.files['out/gaps.json'] ?? '{}')
    expect(data.unanswered.length).toBeGreaterThan(1)
    for (const c of data.unanswered as Array<{ count: number; questions: unknown[] }>)
      expect(c.questions).toHaveLength(c.count)
    // Enough text to outgrow the spill file's buffer (64 KiB), so the file was made.
    expect(Number(r.outputs.unanswered)).toBeGreaterThan(1500)
  })

  it('a file that cannot be written once read (a folder in its place): one clear error, and no output', async () => {
    const r = await gaps(SMALL, { output: 'out' }, { 'out/keep': 'x' })
    expect(r.code).toBe(1)
    expect(sections()).toHaveLength(4)
    expect(r.stdout).toMatch(/::error::Writing the files failed: EISDIR[^\n]*out[^\n]*\.\n/)
    expect(r.outputs).toEqual({})
    expect(r.summary).toMatch(/^### ❌ Mintlify content gaps: Error\n\nWriting the files failed: EISDIR/)
  })

  it('a read that fails: the error, a summary of the heading and the message, and no file', async () => {
    const failed = await gaps(SMALL, {}, {}, { path: '/v1/', status: 401, json: { error: 'Invalid API key' } })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/::error::Reading search terms failed: HTTP 401 \(Invalid API key\)\. Check api-key/)
    expect(failed.summary).toMatch(/^### ❌ Mintlify content gaps: Error\n\nReading search terms failed: HTTP 401/)
    expect(Object.keys(failed.files).filter((f) => f.startsWith('mintlify'))).toEqual([])
    expect(failed.outputs).toEqual({})
  })

  it('summary: false writes none, on success and on failure', async () => {
    expect((await gaps(SMALL, { summary: 'false' })).summary).toBe('')
    await api?.close()
    const failed = await gaps(SMALL, { summary: 'false' }, {}, { path: '/v1/', status: 401, json: { error: 'Bad' } })
    expect(failed.code).toBe(1)
    expect(failed.summary).toBe('')
  })
})

describe('content gaps, in-process: the issue', () => {
  // One server for these tests, forgotten between them (test/helpers/in-process.ts says why); the only GitHub calls.
  let shared: MockApi
  beforeAll(async () => {
    await api?.close()
    api = undefined
    shared = await startMockApi(SMALL)
  })
  beforeEach(() => shared.reset())
  afterAll(() => shared.close())
  const withIssue = (inputs: Record<string, string> = {}) =>
    runInProcess(
      run,
      {
        action: 'gaps',
        inputs: {
          'project-id': 'proj_1',
          'api-url': shared.url,
          'github-token': TOKEN,
          issue: 'update',
          ...WINDOW,
          ...inputs,
        },
        env: { GITHUB_REPOSITORY: 'acme/app', GITHUB_API_URL: shared.url },
      },
      [KEY, TOKEN],
    )

  it('issue: update opens the issue, then edits it; issue-url and the log name it', async () => {
    const r = await withIssue({ 'issue-title': 'Docs gaps' })
    expect(r.code).toBe(0)
    const issue = shared.github.issues?.[0]
    expect(issue).toMatchObject({ number: 1, title: 'Docs gaps', state: 'open' })
    expect(issue?.body).toContain('<!-- mintlify-gaps -->')
    const url = r.outputs['issue-url'] ?? ''
    expect(url).toMatch(/\/acme\/app\/issues\/1$/)
    expect(r.stdout).toContain(`\nIssue #1 opened: ${url}\n`)
    expect(r.summary).toContain(`[Issue #1](${url}) opened.`)
    // A second run in the same repository edits it.
    const again = await withIssue()
    expect(again.code).toBe(0)
    expect(shared.github.issues).toHaveLength(1)
    expect(again.stdout).toContain(`\nIssue #1 updated: ${url}\n`)
  })

  it('the issue remembers today for each item listed; the data file and summary say since the last run', async () => {
    const r = await withIssue()
    expect(r.code).toBe(0)
    const data = JSON.parse(r.files['mintlify-gaps.json'] ?? '{}')
    const today = String(data.generatedAt).slice(0, 10)
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(data.sinceLastRun).toMatchObject({ issue: 1, date: today, counts: { new: 3, listedBefore: 0, gone: 0 } })
    const memory = (shared.github.issues?.[0]?.body ?? '')
      .split('\n')
      .find((l) => l.startsWith('<!-- mintlify-gaps-memory'))
    const listed = Object.values(JSON.parse(memory?.match(/\{.*\}/)?.[0] ?? '{}').listed ?? {})
    expect(listed).toEqual([
      [today, 1],
      [today, 1],
      [today, 1],
    ])
    expect(r.summary).toContain('Since the last run: 3 new, 0 listed before; no longer found: 0.')
  })

  it('an issue GitHub refuses fails the step, after the files, outputs and summary, naming issues: write', async () => {
    shared.fault({
      path: '/repos/acme/app/issues',
      status: 403,
      times: 10,
      json: { message: 'Resource not accessible' },
    })
    const r = await withIssue()
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(
      /::error::.*HTTP 403.*permissions: issues: write.*The files, outputs and summary were written\./,
    )
    expect(r.outputs).toMatchObject({ items: '3' })
    expect(r.outputs['issue-url'] ?? '').toBe('')
    expect(r.files['mintlify-gaps.json']).toBeDefined()
    expect(r.summary).toContain('### ❌ Mintlify content gaps: issue not updated')
    expect(shared.github.issues ?? []).toEqual([])
  })
})
