/**
 * An action's `run()` from src/, in this process, in the step the runner would prepare for its bundle
 * (local/run-action.ts `prepareStep`): for the unit tests of the main modules, which mutation testing reaches (it
 * changes src/, never dist/). What the end-to-end tests see of a run, this sees too: the log, the exit code, the
 * outputs and the summary; and every run must stop listening for the runner's signals once it ends. Not for a real
 * signal, nor anything else that needs a process of its own.
 *
 * @actions/core keeps the summary file's path once read, and @actions/github reads GITHUB_API_URL once loaded and keeps
 * its connections open, both for the life of the test file: every run of a file writes its summary to one file
 * (emptied before each run), and the runs of a file that call GitHub share one mock API (`reset()` between tests;
 * a new server on the same port would meet connections kept open to the old one).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { expect, vi } from 'vitest'
import { parseOutputFile, prepareStep, type RunOptions, runnerFiles } from '../../local/run-action.ts'
import { KEY, TOKEN, workspaceFiles } from './e2e.js'
import { expectNoSecret, withoutMasks } from './secrets.js'

export interface InProcessResult {
  /** The exit code the run asked for: `process.exit(code)` when it called it, else `process.exitCode`. */
  code: number
  /** The runner's log: every line written to stdout, masks included. */
  stdout: string
  outputs: Record<string, string>
  summary: string
  /** Every file in the run's workspace, by path relative to it, as text (the workspace itself is gone). */
  files: Record<string, string>
}

const summaryDir = mkdtempSync(path.join(tmpdir(), 'in-process-'))
const summaryFile = path.join(summaryDir, 'step-summary')

/** Runs `run` as the runner would run the action's bundle with `options`; the key is always `KEY`. */
export async function runInProcess(
  run: (env: NodeJS.ProcessEnv) => Promise<void>,
  options: RunOptions & { inputs?: Record<string, string> },
  secrets: readonly string[] = [KEY],
): Promise<InProcessResult> {
  const files = { ...runnerFiles('in-process-run-'), summaryFile }
  writeFileSync(summaryFile, '')
  const env = prepareStep({ ...options, inputs: { 'api-key': KEY, ...options.inputs } }, files)
  // @actions/core and @actions/github read the runner's variables from process.env, not from the env given.
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  let stdout = ''
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  let exited: number | undefined
  const exit = vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    exited ??= code ?? 0
  }) as never)
  // Checked after the run (test/helpers/setup.ts removes what a failed run leaves).
  const listening = process.listenerCount('SIGTERM')
  try {
    try {
      await run(env)
    } finally {
      write.mockRestore()
      exit.mockRestore()
    }
    // A run that ends stops listening for the runner's signals, and frees its connections with them (`openApi`).
    expect(process.listenerCount('SIGTERM'), 'SIGTERM listeners left by the run').toBe(listening)
    const result: InProcessResult = {
      code: exited ?? Number(process.exitCode ?? 0),
      stdout,
      outputs: parseOutputFile(readFileSync(files.outputFile, 'utf8')),
      summary: readFileSync(summaryFile, 'utf8'),
      files: workspaceFiles(files.workspace),
    }
    expectNoSecret(
      { log: withoutMasks(stdout), outputs: JSON.stringify(result.outputs), summary: result.summary },
      secrets,
    )
    return result
  } finally {
    process.exitCode = undefined
    rmSync(files.workspace, { recursive: true, force: true })
  }
}

/** Removes the summary file's folder, once the runs of the test file are done (in an afterAll). */
export function removeRuns(): void {
  rmSync(summaryDir, { recursive: true, force: true })
}

/**
 * A run of the agent action's `run` (src/agent/main.ts) against `api`, the local mock API and its GitHub stand-in:
 * `inputs` over the defaults (the mock's project, a short poll), on `event` when given. A comment brings the prompt
 * then; any other run asks the agent to document the flag unless `inputs` says otherwise.
 */
export function runAgentInProcess(
  run: (env: NodeJS.ProcessEnv) => Promise<void>,
  api: { url: string },
  inputs: Record<string, string> = {},
  event?: RunOptions['event'],
  env: Record<string, string> = {},
  files?: Record<string, string>,
): Promise<InProcessResult> {
  return runInProcess(
    run,
    {
      inputs: {
        'project-id': 'proj_1',
        'api-url': api.url,
        'github-token': TOKEN,
        'poll-interval': '20ms',
        prompt: event?.name.endsWith('comment') ? '' : 'Document the flag',
        ...inputs,
      },
      event: event && { githubApiUrl: api.url, ...event },
      env,
      files,
    },
    [KEY, TOKEN],
  )
}
