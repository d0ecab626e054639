/**
 * Runs a bundled action the way the GitHub runner does: a fresh `node` process, inputs as `INPUT_*`
 * variables (upper-cased, hyphens kept) with action.yml's defaults filled in, and existing
 * `GITHUB_OUTPUT` / `GITHUB_STEP_SUMMARY` files that are read back afterwards.
 *
 * Each run works in a fresh `action-run-*` folder of the system temp directory, which its caller reads after the
 * run; `removeRuns()` removes them all (the tests after each test, test/helpers/setup.ts; any other process as it
 * exits), unless `KEEP_ACTION_RUNS=1` asks to keep them for a look.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { readAction } from './action-yml.ts'

export const ROOT = path.resolve(import.meta.dirname, '..')

export interface RunOptions {
  /** Directory holding action.yml, relative to the repository root. */
  action?: string
  inputs?: Record<string, string>
  env?: Record<string, string>
  /** Files to create in the workspace first, by relative path. */
  files?: Record<string, string>
  /** The workflow event: written to GITHUB_EVENT_PATH, with GITHUB_EVENT_NAME, a repository and a run id. */
  event?: { name: string; payload: unknown; githubApiUrl?: string }
  /** Called once the process is started (to signal it, for instance). */
  onStart?: (child: ChildProcess) => void
  /** Called with each chunk of stdout as it arrives. */
  onStdout?: (text: string, child: ChildProcess) => void
  /** Safety net so a broken action cannot hang a test run. */
  killAfterMs?: number
}

export interface RunResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  workspace: string
}

/** The defaults a runner would fill in from action.yml (`${{ ... }}` expressions become empty). */
function actionDefaults(actionDir = '.'): Record<string, string> {
  const defaults: Record<string, string> = {}
  for (const input of readAction(ROOT, actionDir).inputs)
    if (input.default !== '' || !input.required)
      defaults[input.name] = input.default.startsWith('${{') ? '' : input.default
  return defaults
}

/** The bundle that action.yml's `runs.main` names, as an absolute path. */
export function actionEntry(actionDir = '.'): string {
  const { main } = readAction(ROOT, actionDir)
  if (!main) throw new Error(`${actionDir}/action.yml has no runs.main`)
  return path.resolve(ROOT, actionDir, main)
}

/** Parses the `name<<delimiter` blocks that @actions/core writes to GITHUB_OUTPUT; the last value wins. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!m?.[1] || !m[2]) continue
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i] ?? '')
    outputs[m[1]] = value.join('\n')
  }
  return outputs
}

/** A fresh workspace, with the output and summary files the runner creates before a step. */
export interface RunnerFiles {
  workspace: string
  outputFile: string
  summaryFile: string
}

/** Set (to anything but empty or `0`) to keep every run's folder; each is removed otherwise. */
export const KEEP_RUNS = 'KEEP_ACTION_RUNS'

/** The folders of this process's runs that are still there. */
const made = new Set<string>()
let removedOnExit = false

/**
 * Removes the folder of every run this process made so far, unless `KEEP_ACTION_RUNS` is set; returns those
 * removed. Once their results are read: a test's after it (test/helpers/setup.ts), a script's as it exits.
 */
export function removeRuns(): string[] {
  const keep = process.env[KEEP_RUNS]
  if (keep && keep !== '0') return []
  const removed = [...made]
  for (const dir of removed) rmSync(dir, { recursive: true, force: true })
  made.clear()
  return removed
}

export function runnerFiles(prefix = 'action-run-'): RunnerFiles {
  const workspace = mkdtempSync(path.join(tmpdir(), prefix))
  // The first run of a process arranges for the folders to go when it exits: demos, the bench, the screenshots.
  if (!removedOnExit) process.once('exit', removeRuns)
  removedOnExit = true
  made.add(workspace)
  const files = {
    workspace,
    outputFile: path.join(workspace, '.github-output'),
    summaryFile: path.join(workspace, '.github-step-summary'),
  }
  writeFileSync(files.outputFile, '')
  writeFileSync(files.summaryFile, '')
  return files
}

/**
 * What any child process needs from ours: `PATH`, and on Windows the variables without which it cannot open a
 * socket or find a temporary folder (`SystemRoot`, `TEMP`, ...). Nothing else leaks into a run.
 */
export function baseEnv(): Record<string, string> {
  const names = ['PATH']
  if (process.platform === 'win32')
    names.push('SystemRoot', 'windir', 'ComSpec', 'PATHEXT', 'TEMP', 'TMP', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA')
  const env: Record<string, string> = {}
  for (const name of names) env[name] = process.env[name] ?? ''
  return env
}

/**
 * The environment the runner gives a step: the files above, and every input as `INPUT_` + its name
 * upper-cased (hyphens kept), action.yml's defaults filled in for the inputs not given.
 */
export function runnerEnv(
  actionDir: string,
  inputs: Record<string, string>,
  files: RunnerFiles = runnerFiles(),
): Record<string, string> {
  const env: Record<string, string> = {
    ...baseEnv(),
    GITHUB_OUTPUT: files.outputFile,
    GITHUB_STEP_SUMMARY: files.summaryFile,
    GITHUB_WORKSPACE: files.workspace,
    RUNNER_TEMP: files.workspace,
  }
  for (const [name, value] of Object.entries({ ...actionDefaults(actionDir), ...inputs }))
    env[`INPUT_${name.toUpperCase()}`] = value
  return env
}

/**
 * The step as the runner prepares it: the files asked for in the workspace, the event file, and the environment
 * (inputs, runner files, event, then `options.env`). `runAction` spawns the bundle in it; the unit tests of the
 * main modules run `run()` in it in-process (test/helpers/in-process.ts).
 */
export function prepareStep(options: RunOptions, files: RunnerFiles): Record<string, string> {
  const { workspace } = files
  for (const [name, content] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true })
    writeFileSync(path.join(workspace, name), content)
  }
  const env = runnerEnv(options.action ?? '.', options.inputs ?? {}, files)
  if (options.event) {
    const eventFile = path.join(workspace, '.github-event.json')
    writeFileSync(eventFile, JSON.stringify(options.event.payload))
    Object.assign(env, {
      GITHUB_EVENT_NAME: options.event.name,
      GITHUB_EVENT_PATH: eventFile,
      GITHUB_REPOSITORY: 'acme/app',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '4242',
      ...(options.event.githubApiUrl ? { GITHUB_API_URL: options.event.githubApiUrl } : {}),
    })
  }
  return Object.assign(env, options.env)
}

export function runAction(options: RunOptions = {}): Promise<RunResult> {
  const actionDir = options.action ?? '.'
  const files = runnerFiles()
  const { workspace, outputFile, summaryFile } = files
  const env = prepareStep(options, files)

  return new Promise((resolve, reject) => {
    const entry = actionEntry(actionDir)
    const child = spawn(process.execPath, [entry], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      options.onStdout?.(chunk, child)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const guard = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 20_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(guard)
      resolve({
        code,
        signal,
        stdout,
        stderr,
        outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
        summary: readFileSync(summaryFile, 'utf8'),
        workspace,
      })
    })
    options.onStart?.(child)
  })
}
