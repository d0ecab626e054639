import { systemClock } from '../clock.js'
import { type ActionContext, closeAction, type Ending, openAction, openApi, openOutputs } from '../runner/action.js'
import { errorVerdict } from '../runner/verdict.js'
import { shownPath, workspaceOf } from '../runner/workspace.js'
import { joiningWriter, readPrevious, Trends } from './compare.js'
import { exportVisitors } from './export.js'
import { parseVisitorsInputs, type VisitorsConfig } from './inputs.js'
import { type Compared, type ExportOutcome, exportOutputs, exportVerdict, rowsWritten } from './outcome.js'
import { CHART_ROWS, TRENDS_SHOWN, visitorsSummary } from './summary.js'
import { TopRows } from './top-rows.js'
import { openWriter, type RowWriter } from './writers.js'

/**
 * The visitors export: prepare (inputs, the file) → every page → ending (outputs, summary, one reported
 * verdict). A run ends in exactly one place: the `closeAction` below.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const now = new Date()
  const start = prepare(ctx, env, now)
  await closeAction(ctx, 'ending' in start ? start.ending : await exportAll(ctx, start))
}

interface Ready {
  config: VisitorsConfig
  writer: RowWriter
  workspace: string
}

/** Inputs, and the file opened before any request, so an unwritable `output` is bad input, not a wasted export. */
function prepare(ctx: ActionContext, env: NodeJS.ProcessEnv, now: Date): Ready | { ending: Ending } {
  try {
    const workspace = workspaceOf(env)
    const config = parseVisitorsInputs(ctx.input, workspace, now)
    const writer = openWriter(config.format, config.output, {
      metric: config.metric,
      previous: config.previous,
      dateFrom: config.dateFrom,
      dateTo: config.dateTo,
      exportedAt: now.toISOString(),
    })
    return { config, writer, workspace }
  } catch (err) {
    return { ending: { verdict: errorVerdict(err as Error) } }
  }
}

/** Every page into the file, then how the run ends. A failed or cancelled export leaves no file behind. */
async function exportAll(ctx: ActionContext, { config, writer, workspace }: Ready): Promise<Ending> {
  const api = openApi(ctx, config)
  const top = new TopRows(Math.max(config.summaryRows, CHART_ROWS))
  const { projectId, dateFrom, dateTo, limit } = config
  const pages = (period: { dateFrom?: string; dateTo?: string }) => (offset: number) =>
    api.client.getAnalytics(config.metric, projectId, { ...period, limit, offset })
  const deps = { clock: systemClock, log: ctx.log, signal: api.signal }
  let outcome: ExportOutcome
  try {
    // With `compare`, the previous period first (whole, from offset 0), then the export joined with it.
    let compared: Compared | undefined
    let rows = writer
    if (config.previous) {
      const previous = await readPrevious(pages(config.previous), deps)
      compared = { totals: previous.totals, requests: previous.requests, trends: new Trends(TRENDS_SHOWN) }
      rows = joiningWriter(writer, previous, compared.trends)
    }
    const result = await exportVisitors(
      { offset: config.offset, maxRows: config.maxRows },
      { ...deps, fetchPage: pages({ dateFrom, dateTo }), writer: rows, top },
    )
    const file = rows.finish(result.complete)
    openOutputs(ctx).setAll(exportOutputs(result, file, compared)) // as soon as known
    outcome = { kind: 'exported', result, file, shown: shownPath(file, workspace), compared }
  } catch (error) {
    writer.discard()
    outcome = { kind: 'failed', error }
  }
  api.close()

  const verdict = exportVerdict(outcome, config)
  const exported = outcome.kind === 'exported' ? outcome : undefined
  return {
    verdict,
    summary: config.summary
      ? visitorsSummary({
          verdict,
          metric: config.metric,
          dateFrom,
          dateTo,
          totals: exported?.result.totals,
          rows: exported && rowsWritten(exported.result, exported.compared),
          complete: exported?.result.complete,
          file: exported?.shown,
          top: exported ? top.sorted() : [],
          compared: exported?.compared,
          previous: config.previous,
          tableRows: config.summaryRows,
        })
      : undefined,
  }
}
