import { systemClock } from '../clock.js'
import { closeAction, openAction, openApi, setOutput } from '../runner/action.js'
import { Cancelled } from '../runner/cancel.js'
import { Outputs } from '../runner/outputs.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'
import { type ExportResult, exportVisitors } from './export.js'
import { parseVisitorsInputs, type VisitorsConfig } from './inputs.js'
import { CHART_ROWS, visitorsSummary } from './summary.js'
import { TopRows } from './top-rows.js'
import { openWriter, type RowWriter } from './writers.js'

/** The visitors export: inputs → every page → a file, outputs, summary and one reported result. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const { log, redact } = ctx
  const now = new Date()

  let config: VisitorsConfig
  let writer: RowWriter
  try {
    config = parseVisitorsInputs(ctx.input, env.GITHUB_WORKSPACE || process.cwd(), now)
    // Opened before any request, so an unwritable `output` is bad input, not a wasted export.
    writer = openWriter(config.format, config.output, {
      dateFrom: config.dateFrom,
      dateTo: config.dateTo,
      exportedAt: now.toISOString(),
    })
  } catch (err) {
    return closeAction(ctx, errorVerdict(err as Error))
  }

  const api = openApi(ctx, config)
  const top = new TopRows(Math.max(config.summaryRows, CHART_ROWS))
  const { projectId, dateFrom, dateTo, limit } = config
  let result: ExportResult | undefined
  let file: string | undefined
  let verdict: Verdict
  try {
    result = await exportVisitors(
      { offset: config.offset, maxRows: config.maxRows },
      {
        fetchPage: (offset) => api.client.getVisitors(projectId, { dateFrom, dateTo, limit, offset }),
        writer,
        top,
        clock: systemClock,
        log,
        signal: api.signal,
      },
    )
    file = writer.finish(result.complete)
    new Outputs(setOutput, redact).setAll({
      human: String(result.totals.human),
      ai: String(result.totals.ai),
      total: String(result.totals.total),
      rows: String(result.rows),
      file,
      complete: String(result.complete),
    })
    verdict = {
      title: result.complete ? 'exported' : 'exported in part',
      emoji: '📊',
      message: `Wrote ${result.rows} rows to ${file} (${result.complete ? 'every page read' : 'not every page read'}; ${result.requests} requests).`,
      level: 'notice',
      fail: false,
    }
  } catch (err) {
    writer.discard()
    verdict =
      err instanceof Cancelled
        ? cancelledVerdict(err.signal, `Cancelled (${err.signal}); no file was written.`)
        : errorVerdict(err as Error)
  }
  api.close()

  const summary = config.summary
    ? visitorsSummary({
        verdict,
        dateFrom,
        dateTo,
        totals: result?.totals,
        rows: result?.rows,
        complete: result?.complete,
        file,
        top: result ? top.sorted() : [],
        tableRows: config.summaryRows,
      })
    : undefined
  await closeAction(ctx, verdict, summary)
}
