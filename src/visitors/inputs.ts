import * as path from 'node:path'
import { METRICS, type Metric } from '../api/types.js'
import {
  DEFAULT_API_URL,
  type InputSource,
  parseApiKey,
  parseApiUrl,
  parseBoolean,
  parseChoice,
  parseInteger,
  parseProjectId,
} from '../inputs.js'
import { checkRange, resolveDate } from './dates.js'

export const FORMATS = ['json', 'csv', 'jsonl'] as const
export type Format = (typeof FORMATS)[number]
export const MAX_LIMIT = 250

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
  return {
    apiKey,
    projectId,
    apiUrl,
    dateFrom,
    dateTo,
    limit: parseInteger('limit', input('limit'), { fallback: MAX_LIMIT, min: 1, max: MAX_LIMIT }),
    offset: parseInteger('offset', input('offset'), { fallback: 0, min: 0 }),
    maxRows: parseInteger('max-rows', input('max-rows'), { fallback: 0, min: 0 }),
    format,
    metric,
    output: path.resolve(workspace, input('output') || `mintlify-${metric}.${format}`),
    summary: parseBoolean('summary', input('summary'), true),
    // Bounded so the summary stays far below the runner's 1 MiB limit.
    summaryRows: parseInteger('summary-rows', input('summary-rows'), { fallback: 20, min: 0, max: 1000 }),
  }
}
