import * as path from 'node:path'
import { checkRange, type Period, previousPeriod, resolveDate } from '../analytics/dates.js'
import { METRICS, type Metric } from '../api/types.js'
import {
  DEFAULT_API_URL,
  InputError,
  type InputSource,
  parseApiKey,
  parseApiUrl,
  parseBoolean,
  parseChoice,
  parseInteger,
  parseProjectId,
} from '../inputs.js'

export const FORMATS = ['json', 'csv', 'jsonl'] as const
export type Format = (typeof FORMATS)[number]
export const MAX_LIMIT = 250
export const COMPARE_MODES = ['none', 'previous-period'] as const

export interface VisitorsConfig {
  apiKey: string
  projectId: string
  apiUrl: string
  dateFrom?: string
  dateTo?: string
  limit: number
  offset: number
  /** 0: all rows. */
  maxRows: number
  format: Format
  metric: Metric
  /** With `compare: previous-period`: the period read first and joined with the export's rows. */
  previous?: Period
  /** Absolute path of the file to write. */
  output: string
  summary: boolean
  summaryRows: number
}

/** Every input of the visitors export, checked before any request is made. */
export function parseVisitorsInputs(input: InputSource, workspace: string, now: Date): VisitorsConfig {
  const apiKey = parseApiKey(input('api-key'))
  const projectId = parseProjectId(input('project-id'))
  const apiUrl = parseApiUrl(input('api-url'), DEFAULT_API_URL)
  const dateFrom = resolveDate('date-from', input('date-from'), now)
  const dateTo = resolveDate('date-to', input('date-to'), now)
  checkRange(dateFrom, dateTo)
  const format = parseChoice('format', input('format'), FORMATS, 'json')
  const metric = parseChoice('metric', input('metric'), METRICS, 'visitors')
  const offset = parseInteger('offset', input('offset'), { fallback: 0, min: 0 })
  let previous: Period | undefined
  if (parseChoice('compare', input('compare'), COMPARE_MODES, 'none') === 'previous-period') {
    if (dateFrom === undefined || dateTo === undefined)
      throw new InputError(
        'compare',
        '`previous-period` needs both `date-from` and `date-to`',
        'both dates set, or `none`',
      )
    // The previous period is read whole: rows skipped from the current one could not be joined.
    if (offset !== 0)
      throw new InputError('offset', `${offset} with \`compare\``, '0 when `compare` is `previous-period`')
    previous = previousPeriod(dateFrom, dateTo)
  }
  return {
    apiKey,
    projectId,
    apiUrl,
    dateFrom,
    dateTo,
    limit: parseInteger('limit', input('limit'), { fallback: MAX_LIMIT, min: 1, max: MAX_LIMIT }),
    offset,
    maxRows: parseInteger('max-rows', input('max-rows'), { fallback: 0, min: 0 }),
    format,
    metric,
    previous,
    output: path.resolve(workspace, input('output') || `mintlify-${metric}.${format}`),
    summary: parseBoolean('summary', input('summary'), true),
    // Bounded so the summary stays far below the runner's 1 MiB limit.
    summaryRows: parseInteger('summary-rows', input('summary-rows'), { fallback: 20, min: 0, max: 1000 }),
  }
}
