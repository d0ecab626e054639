/**
 * The export's answer in words, the same in the summary's headline and in the one line on the run page: the
 * total for the range and, with `compare`, its change on the previous period (`13,900 unique visitors, +9.9% on
 * the previous 7 days`). Pure.
 */
import { isDay, type Period } from '../analytics/dates.js'
import type { Metric, VisitorCounts } from '../api/types.js'
import { counted, number, share } from '../format.js'
import { totalChange } from './compare.js'

/** How each metric is named, and what its total means. */
export const WORDS: Record<Metric, { title: string; unit: string; total: string }> = {
  visitors: {
    title: 'unique visitors',
    unit: 'Visitors',
    total: 'Total counts each visitor once, so it is not Human + AI.',
  },
  views: { title: 'page views', unit: 'Views', total: 'Total counts every view of a page.' },
}

export interface AnswerInput {
  metric: Metric
  totals: VisitorCounts
  /** With `compare`: the previous period's totals, and its dates. */
  before?: VisitorCounts
  previous?: Period
}

/**
 * `13,900 unique visitors, +9.9% on the previous 7 days` (`emphasis` wraps the count and its noun, `**` in the
 * summary). Without `compare`, the count alone.
 */
export function totalAnswer(a: AnswerInput, emphasis = ''): string {
  const change = a.before && totalChange(a.totals.total, a.before.total)
  const against = a.before
    ? `, ${change ? signedPercent(change) : 'no change to show'} on ${previousText(a.previous)}`
    : ''
  return `${emphasis}${number(a.totals.total)} ${WORDS[a.metric].title}${emphasis}${against}`
}

/** The AI share's change in points (`+5.2 points`), or empty where either share is not a number (`–`). */
export function aiShareChange(now: VisitorCounts, before: VisitorCounts): string {
  const a = share(now.ai, now.total)
  const b = share(before.ai, before.total)
  return a.endsWith('%') && b.endsWith('%') ? pointsChange(a, b) : ''
}

/** `+5.2 points`, `-0.4 points`, `±0.0 points`: the change of a share, from the shares as shown. */
function pointsChange(now: string, before: string): string {
  const d = Math.round((Number.parseFloat(now) - Number.parseFloat(before)) * 10) / 10
  return `${d === 0 ? '±0.0' : `${d > 0 ? '+' : '-'}${Math.abs(d).toFixed(1)}`} points`
}

/** `the previous 7 days` when the period is whole days, else `the previous period`. */
function previousText(previous?: Period): string {
  if (!previous) return 'the previous period'
  const days = (Date.parse(previous.dateTo) - Date.parse(previous.dateFrom)) / 86_400_000
  return isDay(previous.dateFrom) && isDay(previous.dateTo) && Number.isInteger(days)
    ? `the previous ${counted(days, 'day', 'days')}`
    : 'the previous period'
}

/** A `totalChange` as shown: signed, thousands grouped (`+1,250.0%`). */
export function signedPercent(change: string): string {
  const [, minus, whole, fraction] = /^(-?)(\d+)\.(\d)$/.exec(change) ?? []
  // toFixed writes a change of 1e21 % or more in exponent form: shown as it is.
  if (whole === undefined) return `${change.startsWith('-') ? '' : '+'}${change}%`
  return `${minus || '+'}${number(Number(whole))}.${fraction}%`
}
