/**
 * An action's `run()` from src/, in this process, in the step the runner would prepare for its bundle
 * (local/run-action.ts `prepareStep`): for the unit tests of the main modules, which mutation testing reaches (it
 * changes src/, never dist/). What the end-to-end tests see of a run, this sees too: the log, the exit code, the
 * outputs and the summary. Not for cancellation by a real signal, nor anything else that needs a process of its own.
 *
 * @actions/core keeps the summary file's path once read, and @actions/github reads GITHUB_API_URL once loaded, both
 * for the life of the test file: every run of a file writes its summary to one file (emptied before each run), and
 * a file whose runs call GitHub gives them all one API URL (`fixedPort`, for the mock API of each test).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { vi } from 'vitest'
import { parseOutputFile, prepareStep, type RunOptions, runnerFiles } from '../../local/run-action.ts'
import { KEY, workspaceFiles } from './e2e.js'
import { expectNoSecret, withoutMasks } from './secrets.js'

export interface InProcessResult {
  /** The exit code the run asked for: `process.exit(code)` when it called it, else `process.exitCode`. */
  code: number
  /** The runner's log: every line written to stdout, masks included. */
  stdout: string
  outputs: Record<string, string>
  summary: string
  /** Every file in the run's workspace, by path relative to it, as text. */
  files: Record<string, string>
}

const summaryDir = mkdtempSync(path.join(tmpdir(), 'in-process-'))
const summaryFile = path.join(summaryDir, 'step-summary')
/** The folders to remove once the test file is done (`removeRuns`, in an afterAll). */
const made: string[] = [summaryDir]

/** Runs `run` as the runner would run the action's bundle with `options`; the key is always `KEY`. */
export async function runInProcess(
  run: (env: NodeJS.ProcessEnv) => Promise<void>,
  options: RunOptions & { inputs?: Record<string, string> },
  secrets: readonly string[] = [KEY],
): Promise<InProcessResult> {
  const files = { ...runnerFiles('in-process-run-'), summaryFile }
  made.push(files.workspace)
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
  try {
    await run(env)
  } finally {
    write.mockRestore()
    exit.mockRestore()
  }
  const code = exited ?? Number(process.exitCode ?? 0)
  process.exitCode = undefined
  const result: InProcessResult = {
    code,
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
}

/** Removes every folder the runs of this test file made. */
export function removeRuns(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A loopback port free now, for a mock API started anew on it by each test of a file. */
export async function fixedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
