import { Cancelled } from '../runner/cancel.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'
import type { ExportResult } from './export.js'

/** What an export came to. Every path ends in exactly one of these. */
export type ExportOutcome =
  | { kind: 'exported'; result: ExportResult; file: string }
  | { kind: 'failed'; error: unknown }

/** Maps an outcome to what the user is told. Pure: the reporting happens in one place elsewhere. */
export function exportVerdict(outcome: ExportOutcome): Verdict {
  if (outcome.kind === 'failed') {
    const { error } = outcome
    return error instanceof Cancelled
      ? cancelledVerdict(error.signal, `Cancelled (${error.signal}); no file was written.`)
      : errorVerdict(error as Error)
  }
  const { result, file } = outcome
  return {
    title: result.complete ? 'exported' : 'exported in part',
    emoji: '📊',
    message: `Wrote ${result.rows} rows to ${file} (${result.complete ? 'every page read' : 'not every page read'}; ${result.requests} requests).`,
    level: 'notice',
    fail: false,
  }
}

/** The export's outputs as the interface names them: the API's own totals, never sums of rows. */
export function exportOutputs(result: ExportResult, file: string): Record<string, string> {
  return {
    human: String(result.totals.human),
    ai: String(result.totals.ai),
    total: String(result.totals.total),
    rows: String(result.rows),
    file,
    complete: String(result.complete),
  }
}
