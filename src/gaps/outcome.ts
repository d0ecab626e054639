import { rangeText } from '../analytics/dates.js'
import { counted, number } from '../format.js'
import { Cancelled } from '../runner/cancel.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'
import { countsOf, type Found } from './found.js'
import { UndecidedIssue } from './issue.js'
import { sinceCounts } from './since.js'

/** Where the files went: absolute paths (the outputs) and as the log and summary name them. */
export interface Written {
  data: string
  worklist: string
  /** Undefined when nothing was found (no prompt is written then). */
  prompt?: string
}

/**
 * The step's outputs as the interface names them. `issue-url`, `issue-number`, `new` and `gone` are empty unless
 * the issue was kept (`issue: update`, and GitHub did not refuse).
 */
export function gapsOutputs(
  found: Found,
  files: Written,
  issue?: { url: string; number: number },
): Record<string, string> {
  const c = countsOf(found)
  const since = issue && found.since ? sinceCounts(found.since) : undefined
  return {
    searches: String(c.searches),
    unanswered: String(c.unanswered),
    pages: String(c.pages),
    items: String(c.items),
    complete: String(found.read.complete),
    requests: String(found.read.requests),
    file: files.data,
    worklist: files.worklist,
    'prompt-file': files.prompt ?? '',
    'issue-url': issue?.url ?? '',
    'issue-number': issue ? String(issue.number) : '',
    new: since ? String(since.new) : '',
    gone: since ? String(since.gone) : '',
  }
}

/** What a run that read its sections comes to: the answer first, the cost after it. */
export function foundVerdict(found: Found): Verdict {
  const c = countsOf(found)
  const requests = counted(found.read.requests, 'request', 'requests')
  const window = rangeText(found.dateFrom, found.dateTo)
  const counts = [
    counted(c.searches, 'search with no click', 'searches with no click'),
    counted(c.unanswered, 'unanswered question', 'unanswered questions'),
    counted(c.pages, 'reported page', 'reported pages'),
  ].join(', ')
  if (!found.read.complete)
    return {
      title: 'read in part',
      emoji: '🔎',
      // Never "no gaps": what was not read may hold them.
      message: `Read in part, ${window}: ${counts} in what was read (not every section was read to its end, see the warning above; ${requests}).`,
      level: 'warning',
      fail: false,
    }
  return {
    title: c.items === 0 ? 'no gaps found' : `${number(c.items)} found`,
    emoji: '🔎',
    message:
      c.items === 0
        ? `No gaps found, ${window} (every section read; ${requests}).`
        : `Found ${counted(c.items, 'gap', 'gaps')}, ${window}: ${counts} (${requests}).`,
    level: 'notice',
    fail: false,
  }
}

/** Reading failed or was cancelled: nothing was written. */
export function failedVerdict(error: unknown): Verdict {
  return error instanceof Cancelled
    ? cancelledVerdict(error.signal, `Cancelled (${error.signal}); no file was written.`)
    : errorVerdict(error as Error)
}

/**
 * What lets the action keep its issue after GitHub refused it, as a clause (`give the workflow ...`); undefined
 * for an issue it could not tell was its own, whose message says what to do.
 */
export function issueFix(error: Error): string | undefined {
  if (error instanceof UndecidedIssue) return undefined
  const status = (error as { status?: number }).status
  return status === 403 || status === 404 || status === 401
    ? 'give the workflow `permissions: issues: write` (and make sure `github-token` may write issues)'
    : 'check that issues are enabled in the repository and that the workflow has `permissions: issues: write`'
}

/** GitHub refused the issue: the step fails, after the files, outputs and summary were written. */
export function issueVerdict(error: Error): Verdict {
  const fix = issueFix(error)
  return {
    title: 'issue not updated',
    emoji: '❌',
    message: `${error.message}.${fix ? ` ${fix.charAt(0).toUpperCase()}${fix.slice(1)}.` : ''} The files, outputs and summary were written.`,
    level: 'error',
    fail: true,
  }
}
