import type { Period } from '../analytics/dates.js'
import type { Metric, VisitorCounts } from '../api/types.js'
import { counted, number } from '../format.js'
import { Cancelled } from '../runner/cancel.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'
import { totalAnswer } from './answer.js'
import { type Trends, totalChange } from './compare.js'
import type { ExportResult } from './export.js'

/** With `compare`: the previous period's totals, what reading it cost, and what changed. */
export interface Compared {
  totals: VisitorCounts
  requests: number
  trends: Trends
}

/** What an export came to. Every path ends in exactly one of these. */
export type ExportOutcome =
  /** `file` is absolute (the `file` output); `shown` is how the log and the summary name it. */
  | { kind: 'exported'; result: ExportResult; file: string; shown: string; compared?: Compared }
  | { kind: 'failed'; error: unknown }

/** Every row written to the file: the export's, and with `compare` the vanished pages appended after them. */
export function rowsWritten(result: ExportResult, compared?: Compared): number {
  return result.rows + (compared?.trends.vanished ?? 0)
}

/** What the export tells: `message` leads with the answer; `wrote` is the rest, the summary's closing line. */
export interface ExportVerdict extends Verdict {
  wrote?: string
}

/**
 * Maps an outcome to what the user is told: the one line on the run page leads with the answer, then what was
 * written and what it cost (`13,900 unique visitors, +9.9% on the previous 7 days; wrote 300 rows to ...`). Pure:
 * the reporting happens in one place elsewhere.
 */
export function exportVerdict(
  outcome: ExportOutcome,
  asked: { metric: Metric; previous?: Period } = { metric: 'visitors' },
): ExportVerdict {
  if (outcome.kind === 'failed') {
    const { error } = outcome
    return error instanceof Cancelled
      ? cancelledVerdict(error.signal, `Cancelled (${error.signal}); no file was written.`)
      : errorVerdict(error as Error)
  }
  const { result, shown, compared } = outcome
  const rows = rowsWritten(result, compared)
  const requests = result.requests + (compared?.requests ?? 0)
  const read = result.complete
    ? 'every page read'
    : result.stop === 'max-rows'
      ? `stopped at \`max-rows\` (${number(result.rows)}); 0 reads every page` // a stop there wrote exactly that many
      : 'not every page read'
  const written = `${counted(rows, 'row', 'rows')} to \`${shown}\` (${read}; ${counted(requests, 'request', 'requests')})`
  const answer = totalAnswer({ ...asked, totals: result.totals, before: compared?.totals })
  return {
    title: result.complete ? 'exported' : 'exported in part',
    emoji: '📊',
    message: `${answer}; wrote ${written}.`,
    wrote: `Wrote ${written}.`,
    level: 'notice',
    fail: false,
  }
}

/**
 * The export's outputs as the interface names them: the API's own totals, never sums of rows; with
 * `compare`, the previous period's totals and the change of `total` in percent. `rows` counts every row
 * written, the vanished pages included.
 */
export function exportOutputs(result: ExportResult, file: string, compared?: Compared): Record<string, string> {
  const outputs: Record<string, string> = {
    human: String(result.totals.human),
    ai: String(result.totals.ai),
    total: String(result.totals.total),
    rows: String(rowsWritten(result, compared)),
    file,
    complete: String(result.complete),
  }
  if (!compared) return outputs
  return {
    ...outputs,
    'previous-human': String(compared.totals.human),
    'previous-ai': String(compared.totals.ai),
    'previous-total': String(compared.totals.total),
    'total-change': totalChange(result.totals.total, compared.totals.total),
  }
}
