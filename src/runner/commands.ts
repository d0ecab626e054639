/**
 * The runner's workflow commands, written directly: log lines, masks, outputs and the job summary.
 * @actions/core does the same, but importing it loads its OIDC client and with it undici (~1 MB), which
 * more than doubled the action's start-up; test/runner/commands.test.ts checks that the text written
 * here is byte for byte what @actions/core writes.
 */
import { randomUUID } from 'node:crypto'
import { accessSync, appendFileSync, constants, existsSync } from 'node:fs'
import { EOL } from 'node:os'

/** As @actions/core: `%`, CR and LF are escaped in command data. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

/** `::name::message` plus the line end, as the runner parses it. */
export function command(name: string, message: string): string {
  return `::${name}::${escapeData(message)}${EOL}`
}

/** A GITHUB_OUTPUT entry: `name<<delimiter`, the value, the delimiter (a value may span lines). */
export function outputEntry(name: string, value: string, delimiter = `ghadelimiter_${randomUUID()}`): string {
  if (name.includes(delimiter) || value.includes(delimiter))
    throw new Error(`Unexpected input: the output ${name} holds the delimiter`)
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`
}

export function writeCommand(name: string, message: string): void {
  process.stdout.write(command(name, message))
}

export function writeLine(message: string): void {
  process.stdout.write(message + EOL)
}

export function setOutput(name: string, value: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_OUTPUT
  if (!file) {
    // Runners without file commands (very old ones, or a plain shell): the deprecated command.
    process.stdout.write(`${EOL}::set-output name=${escapeProperty(name)}::${escapeData(value)}${EOL}`)
    return
  }
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`)
  appendFileSync(file, outputEntry(name, value), { encoding: 'utf8' })
}

export function appendSummary(text: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_STEP_SUMMARY
  if (!file) throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY')
  try {
    accessSync(file, constants.R_OK | constants.W_OK)
  } catch {
    throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`)
  }
  appendFileSync(file, text, { encoding: 'utf8' })
}
