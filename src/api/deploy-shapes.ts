/**
 * Checks of the deploy answers (a trigger, a deployment's status), in the manner of shapes.ts: every field is
 * optional, as the provider says, and a field of another type is a problem in one line naming it (`commit.sha is 7,
 * not a string`). The fields the actions use are checked and kept, each cut to a bound; the others (screenshots,
 * which can be long data URLs) are left out unread, never fatal.
 */
import { clip } from '../text.js'
import { bad, describe, FIELD_MAX, isRecord, jobIdProblem, ok, optionalString, type Shaped } from './shapes.js'
import type { DeploymentStatus, DeploymentTrigger, FilesChanged } from './types.js'

/**
 * The last lines of a build's log kept, and the longest line, in characters: the summary and the comment show
 * fewer (src/preview/), and 50 lines of 1,000 characters keep one status far under a comment's 65,536.
 */
export const LOG_LINES_KEPT = 50
export const LOG_LINE_MAX = 1000
/** The API's summary of a deployment, in characters: a sentence or two in practice. */
export const SUMMARY_MAX = 2000
/** Paths kept of each list of changed files: GitHub shows at most 3,000 files of a pull request. */
export const FILES_KEPT = 3000

const what = (value: unknown) => (value === undefined ? 'missing' : describe(value))

/** The answer to a trigger: `statusId` is needed to follow it; `previewUrl` comes with a preview. */
export function toDeploymentTrigger(value: unknown): Shaped<DeploymentTrigger> {
  if (!isRecord(value)) return bad(`the answer is ${describe(value)}, not a JSON object`)
  if (typeof value.statusId !== 'string') return bad(`\`statusId\` is ${what(value.statusId)}, not a string`)
  // Sent back as one path segment: the same rules as a job id.
  const problem = jobIdProblem(value.statusId)
  if (problem) return bad(`\`statusId\` ${problem}`)
  const previewUrl = optionalString(value, 'previewUrl', 'previewUrl', FIELD_MAX.url)
  if (!previewUrl.ok) return previewUrl
  return ok(
    previewUrl.value ? { statusId: value.statusId, previewUrl: previewUrl.value } : { statusId: value.statusId },
  )
}

/**
 * An optional list of strings: each item checked, at most `kept` of them (the first, or with `last` the last), each
 * cut to `max` characters.
 */
function stringList(
  record: Record<string, unknown>,
  key: string,
  name: string,
  o: { kept: number; max: number; last?: boolean },
): Shaped<string[] | undefined> {
  const list = record[key]
  if (list === undefined || list === null) return ok(undefined)
  if (!Array.isArray(list)) return bad(`\`${name}\` is ${describe(list)}, not a list`)
  const wrong = list.findIndex((item: unknown) => typeof item !== 'string')
  if (wrong >= 0) return bad(`\`${name}[${wrong}]\` is ${describe(list[wrong])}, not a string`)
  const chosen: string[] = o.last ? list.slice(-o.kept) : list.slice(0, o.kept)
  return ok(chosen.map((item) => clip(item, o.max)))
}

/** Optional string fields of `record`, copied into `into` under the same key when present. */
function strings<K extends string>(
  record: Record<string, unknown>,
  keys: ReadonlyArray<readonly [key: K, max: number]>,
  prefix: string,
  into: Partial<Record<K, string>>,
): string | undefined {
  for (const [key, max] of keys) {
    const field = optionalString(record, key, `${prefix}${key}`, max)
    if (!field.ok) return field.problem
    if (field.value !== undefined) into[key] = field.value
  }
  return undefined
}

/** An optional object field: absent or null is undefined; another type is a problem. */
function optionalRecord(
  record: Record<string, unknown>,
  key: string,
  name: string,
): Shaped<Record<string, unknown> | undefined> {
  const v = record[key]
  if (v === undefined || v === null) return ok(undefined)
  return isRecord(v) ? ok(v) : bad(`\`${name}\` is ${describe(v)}, not an object`)
}

function filesChanged(record: Record<string, unknown>): Shaped<FilesChanged | undefined> {
  const files = optionalRecord(record, 'filesChanged', 'commit.filesChanged')
  if (!files.ok || files.value === undefined) return files as Shaped<undefined>
  const out: FilesChanged = {}
  for (const key of ['added', 'modified', 'removed'] as const) {
    const list = stringList(files.value, key, `commit.filesChanged.${key}`, { kept: FILES_KEPT, max: FIELD_MAX.url })
    if (!list.ok) return list
    if (list.value) out[key] = list.value
  }
  return ok(out)
}

function commitOf(value: Record<string, unknown>): Shaped<DeploymentStatus['commit']> {
  const commit = optionalRecord(value, 'commit', 'commit')
  if (!commit.ok || commit.value === undefined) return commit as Shaped<undefined>
  const out: NonNullable<DeploymentStatus['commit']> = {}
  const problem = strings(
    commit.value,
    [
      ['sha', FIELD_MAX.text],
      ['ref', FIELD_MAX.text],
      ['message', SUMMARY_MAX],
    ],
    'commit.',
    out,
  )
  if (problem) return bad(problem)
  const files = filesChanged(commit.value)
  if (!files.ok) return files
  if (files.value) out.filesChanged = files.value
  return ok(out)
}

/** A deployment's status: every documented field optional, the used ones checked and kept. */
export function toDeploymentStatus(value: unknown): Shaped<DeploymentStatus> {
  if (!isRecord(value)) return bad(`the answer is ${describe(value)}, not a JSON object`)
  const status: DeploymentStatus = {}
  const id = optionalString(value, '_id', '_id', FIELD_MAX.id)
  if (!id.ok) return id
  if (id.value !== undefined) status.id = id.value
  const problem = strings(
    value,
    [
      ['projectId', FIELD_MAX.id],
      ['createdAt', FIELD_MAX.text],
      ['endedAt', FIELD_MAX.text],
      ['status', FIELD_MAX.status],
      ['summary', SUMMARY_MAX],
      ['subdomain', FIELD_MAX.text],
      ['source', FIELD_MAX.text],
    ],
    '',
    status,
  )
  if (problem) return bad(problem)
  const logs = stringList(value, 'logs', 'logs', { kept: LOG_LINES_KEPT, max: LOG_LINE_MAX, last: true })
  if (!logs.ok) return logs
  if (logs.value) status.logs = logs.value
  const commit = commitOf(value)
  if (!commit.ok) return commit
  if (commit.value) status.commit = commit.value
  if (value.author === null) status.author = null
  else {
    const author = optionalRecord(value, 'author', 'author')
    if (!author.ok) return author
    if (author.value) {
      const out: { name?: string } = {}
      const wrong = strings(author.value, [['name', FIELD_MAX.text]], 'author.', out)
      if (wrong) return bad(wrong)
      status.author = out
    }
  }
  return ok(status)
}
