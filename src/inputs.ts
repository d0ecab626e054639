/**
 * The input layer shared by both actions: reading `INPUT_*` variables and turning raw strings into
 * checked values. Parsers are pure and throw `InputError`, which names the input, what is wrong and
 * what is accepted; nothing here makes a request.
 */

import { number } from './format.js'

export class InputError extends Error {
  constructor(
    readonly input: string,
    readonly problem: string,
    readonly accepted: string,
  ) {
    super(`Input \`${input}\`: ${problem}. Accepted: ${accepted}.`)
    this.name = 'InputError'
  }
}

/** Returns an input's value, trimmed; `''` when unset. `isSet` tells an input set to `''` from one not passed. */
export interface InputSource {
  (name: string): string
  isSet(name: string): boolean
}

/** Reads inputs the way the runner passes them: `INPUT_` + the name upper-cased, hyphens kept. */
export function envInputs(env: NodeJS.ProcessEnv): InputSource {
  const key = (name: string) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
  return Object.assign((name: string) => (env[key(name)] ?? '').trim(), {
    isSet: (name: string) => env[key(name)] !== undefined,
  })
}

/** Shows a user's value in a message without letting a long or multi-line value flood the log. */
export function quote(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ')
  return JSON.stringify(oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine)
}

export function required(name: string, value: string, accepted: string): string {
  if (value === '') throw new InputError(name, 'it is required but empty', accepted)
  return value
}

const API_KEY_ACCEPTED = 'a Mintlify admin API key (starts with `mint_`), passed from a repository secret'

/** Checks the key's shape without ever putting the key itself into a message. */
export function parseApiKey(value: string): string {
  const name = 'api-key'
  required(name, value, API_KEY_ACCEPTED)
  if (/\s/.test(value)) throw new InputError(name, 'the key contains whitespace', API_KEY_ACCEPTED)
  if (value.startsWith('mint_dsc_'))
    throw new InputError(
      name,
      'this is an assistant key (`mint_dsc_...`), which these endpoints refuse',
      API_KEY_ACCEPTED,
    )
  if (value.startsWith('mint_us_'))
    throw new InputError(name, 'this is an index key (`mint_us_...`), which these endpoints refuse', API_KEY_ACCEPTED)
  if (!value.startsWith('mint_'))
    throw new InputError(name, 'the value does not look like a Mintlify API key', API_KEY_ACCEPTED)
  return value
}

export function parseProjectId(value: string): string {
  const accepted = 'the project id from the API keys page of the Mintlify dashboard'
  required('project-id', value, accepted)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\s\u0000-\u001f]/.test(value))
    throw new InputError('project-id', `${quote(value)} contains whitespace`, accepted)
  return value
}

export function parseBoolean(name: string, value: string, fallback: boolean): boolean {
  if (value === '') return fallback
  const lower = value.toLowerCase()
  if (lower === 'true') return true
  if (lower === 'false') return false
  throw new InputError(name, `${quote(value)} is not a boolean`, '`true` or `false`')
}

export function parseChoice<T extends string>(name: string, value: string, choices: readonly T[], fallback: T): T {
  if (value === '') return fallback
  const lower = value.toLowerCase()
  const match = choices.find((c) => c === lower)
  if (match === undefined) throw new InputError(name, `${quote(value)} is not one of the choices`, listOf(choices))
  return match
}

/**
 * A comma (or newline) separated list of choices; empty means none, unless `atLeastOne`, which refuses it.
 * Duplicates collapse.
 */
export function parseChoiceList<T extends string>(
  name: string,
  value: string,
  choices: readonly T[],
  atLeastOne = false,
): Set<T> {
  const accepted = `a comma list of ${listOf(choices)}${atLeastOne ? ', at least one' : ', or empty'}`
  const result = new Set<T>()
  for (const raw of value.split(/[,\n]/)) {
    const item = raw.trim().toLowerCase()
    if (item === '') continue
    const match = choices.find((c) => c === item)
    if (match === undefined) throw new InputError(name, `${quote(raw.trim())} is not a known value`, accepted)
    result.add(match)
  }
  if (atLeastOne && result.size === 0) throw new InputError(name, 'it names none', accepted)
  return result
}

function listOf(choices: readonly string[]): string {
  return choices.map((c) => `\`${c}\``).join(', ')
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
type Unit = keyof typeof UNIT_MS

/** One number and its unit; `ms` before `m`, so `500ms` is not read as `500m` and a stray `s`. */
const PART = /(\d+(?:\.\d+)?)\s*(ms|h|m|s)\s*/giy

/**
 * `90s`, `15m`, `2h`, `500ms`, parts from the largest unit down (`1h30m`, `2m 30s`), or a bare number in
 * `bareUnit`. Returns milliseconds. `minMs` keeps a typo such as `0` from turning into a hot loop or an instant
 * timeout.
 */
export function parseDuration(
  name: string,
  value: string,
  opts: { fallbackMs: number; bareUnit: Unit; minMs: number; accepted: string },
): number {
  if (value === '') return opts.fallbackMs
  const ms = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) * UNIT_MS[opts.bareUnit] : partsMs(value)
  if (ms === undefined) throw new InputError(name, `${quote(value)} is not a duration`, opts.accepted)
  if (Math.round(ms) < opts.minMs) throw new InputError(name, `${quote(value)} is too short`, opts.accepted)
  return Math.round(ms)
}

/** The sum of `1h30m`'s parts, each unit smaller than the one before; undefined if the text is anything else. */
function partsMs(value: string): number | undefined {
  let total = 0
  let read = 0
  let previous = Number.POSITIVE_INFINITY
  for (const [part, amount, unit = ''] of value.matchAll(PART)) {
    const size = UNIT_MS[unit.toLowerCase() as Unit]
    if (size >= previous) return undefined
    previous = size
    total += Number(amount) * size
    read += part.length
  }
  return read > 0 && read === value.length ? total : undefined
}

/** The Mintlify API, for both actions unless `api-url` says otherwise. */
export const DEFAULT_API_URL = 'https://api.mintlify.com'

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/**
 * The API base URL. `https://` only, except on a loopback host, so the key never crosses a network
 * in clear text. Credentials, queries and fragments are refused: they would end up in logs or requests.
 */
export function parseApiUrl(value: string, fallback: string): string {
  const name = 'api-url'
  const accepted =
    'an `https://` URL such as https://api.mintlify.com, or `http://` on a loopback host (localhost, 127.0.0.0/8, [::1])'
  if (value === '') return fallback
  // Checked on the raw text: `https://host/?` parses to an empty query, and would still reach requests.
  if (/[?#]/.test(value)) throw new InputError(name, 'the URL has a query or fragment', accepted)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InputError(name, `${quote(value)} is not a URL`, accepted)
  }
  // Checked first so that the messages below never echo credentials.
  if (url.username || url.password) throw new InputError(name, 'the URL holds credentials', accepted)
  const loopback = LOOPBACK.test(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new InputError(name, `${quote(value)} does not use https`, accepted)
  return url.href.replace(/\/+$/, '')
}

/** A whole number within bounds; `fallback` when empty. */
export function parseInteger(
  name: string,
  value: string,
  opts: { fallback: number; min: number; max?: number },
): number {
  if (value === '') return opts.fallback
  const accepted =
    opts.max === undefined
      ? `a whole number, ${number(opts.min)} or more`
      : `a whole number from ${number(opts.min)} to ${number(opts.max)}`
  if (!/^[+-]?\d+$/.test(value)) throw new InputError(name, `${quote(value)} is not a whole number`, accepted)
  const n = Number(value)
  if (n < opts.min || (opts.max !== undefined && n > opts.max) || !Number.isSafeInteger(n))
    throw new InputError(name, `${quote(value)} is out of range`, accepted)
  return n
}

/** A comment trigger's phrase: one word, `fallback` when empty. */
export function parseTriggerPhrase(value: string, fallback: string): string {
  if (value === '') return fallback
  if (/\s/.test(value))
    throw new InputError('trigger-phrase', `${quote(value)} contains whitespace`, `one word such as \`${fallback}\``)
  return value
}

/** `timeout`: the longest wait. `90s`, `15m`, `2h`, or a bare number of minutes. */
export function parseTimeout(value: string, fallbackMs: number): number {
  return parseDuration('timeout', value, {
    fallbackMs,
    bareUnit: 'm',
    minMs: 100,
    accepted: 'a positive duration such as `90s`, `15m`, `2h`, `1h30m`, or a bare number of minutes',
  })
}

/** `poll-interval`: a bare number is seconds; `example` is the default as action.yml writes it (`5s`). */
export function parsePollInterval(value: string, fallbackMs: number, example: string): number {
  return parseDuration('poll-interval', value, {
    fallbackMs,
    bareUnit: 's',
    minMs: 10,
    accepted: `a duration such as \`${example}\`, \`1m\`, \`500ms\`, or a bare number of seconds`,
  })
}

/**
 * `fail-on`: the outcomes that fail the step. The runner always passes it (action.yml has a default), so a set but
 * empty value means "none"; unset (a run by hand) means `fallback`.
 */
export function parseFailOn<T extends string>(
  input: InputSource,
  choices: readonly T[],
  fallback: readonly T[],
): Set<T> {
  return input.isSet('fail-on') ? parseChoiceList('fail-on', input('fail-on'), choices) : new Set(fallback)
}
