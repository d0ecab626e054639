/**
 * Checks every value the API sends before the action uses it. Each check returns the value, or the
 * problem in one line naming the field (`visitors[12].total is "12", not a number`), which the client turns
 * into an ApiError. Strings arrive here already redacted; here they are cut to a bound, so no later layer
 * (log, outputs, summary, comment) can be flooded by one field.
 */

import { number } from '../format.js'
import { clip } from '../text.js'
import { type AgentJob, type Metric, TERMINAL_STATUSES, type VisitorCounts, type VisitorsPage } from './types.js'

export type Shaped<T> = { ok: true; value: T } | { ok: false; problem: string }

export const ok = <T>(value: T): Shaped<T> => ({ ok: true, value })
export const bad = <T>(problem: string): Shaped<T> => ({ ok: false, problem })

/** Bounds for API strings, in characters: far above any real value, far below what would flood a summary. */
export const FIELD_MAX = { id: 1024, status: 64, url: 2048, text: 256 } as const

/** `a number`, `"abc"`, `an object`...: what a wrong value was, briefly. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return JSON.stringify(clip(value, 20))
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'number') return String(value)
  return `a ${typeof value}`
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Why a job id cannot be used, or undefined when it can. The API types an id as any string: any non-empty
 * one up to FIELD_MAX.id characters is used as it is (white space, `/`, `-->` included). The client sends it
 * as one percent-encoded path segment, and every place that shows it escapes it. Refused: `.` and `..`, which
 * no encoding keeps a server from reading as a step up the path (RFC 3986 lets `%2E` be decoded first, and
 * proxies and servers do), so a request for such a job could reach another endpoint; and a lone surrogate
 * (JSON can carry one, UTF-8 cannot), since no request could name such a job.
 */
export function jobIdProblem(id: string): string | undefined {
  if (id === '') return 'is empty'
  if (id === '.' || id === '..') return `is "${id}", which a server may read as a path step`
  if (id.length > FIELD_MAX.id) return `is longer than ${number(FIELD_MAX.id)} characters`
  if (!id.isWellFormed()) return 'holds a lone UTF-16 surrogate, which no URL can carry'
  return undefined
}

/** An optional string field: absent or null is undefined; another type is a problem. */
export function optionalString(
  record: Record<string, unknown>,
  key: string,
  name: string,
  max: number,
): Shaped<string | undefined> {
  const v = record[key]
  if (v === undefined || v === null) return ok(undefined)
  if (typeof v !== 'string') return bad(`\`${name}\` is ${describe(v)}, not a string`)
  return ok(clip(v, max))
}

/** Known statuses compared case-insensitively; any other is kept (cut) and treated as not yet terminal. */
function normalStatus(status: string): string {
  const lower = status.toLowerCase()
  return lower === 'active' || (TERMINAL_STATUSES as readonly string[]).includes(lower)
    ? lower
    : clip(status, FIELD_MAX.status)
}

/**
 * An AgentJob. `requestedId`: the job asked for (a read or a follow-up), whose id is ours; a create answer
 * must bring a usable id of its own.
 */
export function toAgentJob(value: unknown, requestedId?: string): Shaped<AgentJob> {
  if (!isRecord(value)) return bad(`the answer is ${describe(value)}, not a JSON object`)
  let id = requestedId
  if (value.id !== undefined || requestedId === undefined) {
    if (typeof value.id !== 'string') return bad(`\`id\` is ${value.id === undefined ? 'missing' : describe(value.id)}`)
    const problem = jobIdProblem(value.id)
    if (problem) return bad(`\`id\` ${problem}`)
    id ??= value.id
  }
  const job: AgentJob = { id: id as string }
  const status = optionalString(value, 'status', 'status', Number.POSITIVE_INFINITY)
  if (!status.ok) return status
  if (status.value !== undefined) job.status = normalStatus(status.value)
  for (const [key, max] of [
    ['model', FIELD_MAX.text],
    ['prLink', FIELD_MAX.url],
    ['createdAt', FIELD_MAX.text],
    ['archivedAt', FIELD_MAX.text],
  ] as const) {
    const field = optionalString(value, key, key, max)
    if (!field.ok) return field
    if (field.value !== undefined) job[key] = field.value
  }
  // The API documents these as nullable: null says "none yet", and is kept as such.
  if (value.prLink === null) job.prLink = null
  if (value.archivedAt === null) job.archivedAt = null
  if (value.source !== undefined && value.source !== null) {
    if (!isRecord(value.source)) return bad(`\`source\` is ${describe(value.source)}, not an object`)
    const repository = optionalString(value.source, 'repository', 'source.repository', FIELD_MAX.url)
    if (!repository.ok) return repository
    const ref = optionalString(value.source, 'ref', 'source.ref', FIELD_MAX.text)
    if (!ref.ok) return ref
    job.source = {}
    if (repository.value !== undefined) job.source.repository = repository.value
    if (ref.value !== undefined) job.source.ref = ref.value
    else if (value.source.ref === null) job.source.ref = null
  }
  return ok(job)
}

function countsProblem(value: unknown, name: string): string | undefined {
  if (!isRecord(value)) return `\`${name}\` is ${value === undefined ? 'missing' : describe(value)}`
  for (const key of ['human', 'ai', 'total']) {
    const n = value[key]
    if (typeof n !== 'number' || !Number.isFinite(n))
      return `\`${name}.${key}\` is ${n === undefined ? 'missing' : describe(n)}, not a finite number`
  }
  return undefined
}

/**
 * A page of visitors, all or nothing: a row without a path or counts would make the export quietly wrong.
 * Rows are checked in place, not copied (a million rows pass through here); writers pick the four fields
 * they write. A path is data for the file and is written whole; the summary and log cut what they show.
 */
export function toVisitorsPage(value: unknown, metric: Metric = 'visitors'): Shaped<VisitorsPage> {
  if (!isRecord(value)) return bad(`the answer is ${describe(value)}, not a JSON object`)
  const totals = countsProblem(value.totals, 'totals')
  if (totals) return bad(totals)
  const rows = value[metric]
  if (!Array.isArray(rows))
    return bad(`\`${metric}\` is ${rows === undefined ? 'missing' : describe(rows)}, not a list`)
  for (let i = 0; i < rows.length; i++) {
    const row: unknown = rows[i]
    const name = `${metric}[${i}]`
    if (!isRecord(row)) return bad(`\`${name}\` is ${describe(row)}, not an object`)
    if (typeof row.path !== 'string')
      return bad(`\`${name}.path\` is ${row.path === undefined ? 'missing' : describe(row.path)}, not a string`)
    const counts = countsProblem(row, name)
    if (counts) return bad(counts)
  }
  if (typeof value.hasMore !== 'boolean')
    return bad(`\`hasMore\` is ${value.hasMore === undefined ? 'missing' : describe(value.hasMore)}, not true or false`)
  return ok({ totals: value.totals as VisitorCounts, rows, hasMore: value.hasMore })
}

/** How many `details` of an analytics error are shown. */
const DETAILS_SHOWN = 10
/** The API's error text as shown in messages, in characters. */
export const ERROR_TEXT_MAX = 500

/** `{"error": "...", "details": [{"message": "..."}]}` → one line, bounded; undefined when not that shape. */
export function errorText(json: unknown): string | undefined {
  if (!isRecord(json) || typeof json.error !== 'string') return undefined
  const parts = [json.error]
  if (Array.isArray(json.details)) {
    for (const d of json.details.slice(0, DETAILS_SHOWN))
      if (isRecord(d) && typeof d.message === 'string') parts.push(d.message)
    if (json.details.length > DETAILS_SHOWN) parts.push(`${number(json.details.length - DETAILS_SHOWN)} more`)
  }
  return clip(parts.join('; ').replace(/\s+/g, ' ').trim(), ERROR_TEXT_MAX)
}
