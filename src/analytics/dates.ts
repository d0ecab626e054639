import { InputError, quote } from '../inputs.js'

const ACCEPTED = '`YYYY-MM-DD`, an ISO 8601 date-time, `today`, or `-Nd` (N days before today, UTC)'
const DAY_MS = 86_400_000

/** `date-from` / `date-to` as the API takes them; relative forms become UTC dates. Undefined when empty. */
export function resolveDate(name: string, value: string, now: Date): string | undefined {
  if (value === '') return undefined
  const lower = value.toLowerCase()
  if (lower === 'today') return isoDay(now.getTime())
  const relative = /^-(\d{1,5})d$/.exec(lower)
  if (relative) return isoDay(now.getTime() - Number(relative[1]) * DAY_MS)
  const m = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value)
  if (!m?.[1] || Number.isNaN(Date.parse(value))) throw new InputError(name, `${quote(value)} is not a date`, ACCEPTED)
  // Date.parse rolls 2024-02-30 over to March; a real calendar date survives the round trip.
  if (isoDay(Date.parse(m[1])) !== m[1]) throw new InputError(name, `${quote(value)} is not a calendar date`, ACCEPTED)
  return value
}

/** `dateTo` is exclusive, so a range is empty unless it ends after it starts. */
export function checkRange(dateFrom: string | undefined, dateTo: string | undefined): void {
  if (dateFrom === undefined || dateTo === undefined) return
  if (Date.parse(dateTo) <= Date.parse(dateFrom))
    throw new InputError(
      'date-to',
      `${quote(dateTo)} is not after date-from ${quote(dateFrom)} (date-to is exclusive)`,
      'a date after `date-from`',
    )
}

/** A whole day, `YYYY-MM-DD` (what `date-from` and `date-to` resolve to unless given as date-times). */
export const isDay = (date: string | undefined): date is string => /^\d{4}-\d{2}-\d{2}$/.test(date ?? '')

/**
 * A date range as both analytics actions word it (log, summary, worklist, prompt). Whole days name their last
 * day, as a reader counts them (`date-to` is exclusive): `2026-01-01 to 2026-01-07`, or `2026-01-07` alone. Any
 * other range says where it stops: `from 2026-01-01T12:00:00Z up to, not including, 2026-01-02`; `from 2026-01-01
 * up to now`; `up to, not including, 2026-01-08`; neither date: the API's default date range.
 */
export function rangeText(dateFrom: string | undefined, dateTo: string | undefined): string {
  if (isDay(dateFrom) && isDay(dateTo)) {
    const last = isoDay(Date.parse(dateTo) - DAY_MS)
    return last === dateFrom ? dateFrom : `${dateFrom} to ${last}`
  }
  if (!dateFrom && !dateTo) return "the API's default date range"
  const to = dateTo ? `up to, not including, ${dateTo}` : 'up to now'
  return dateFrom ? `from ${dateFrom} ${to}` : to
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The period compared against: as long as the export's, ending where it begins. */
export interface Period {
  dateFrom: string
  dateTo: string
}

/**
 * The previous period of `dateFrom`..`dateTo`: the same length, ending at `dateFrom` (the same text, so the two
 * windows meet exactly). Its start takes the form `date-from` was given in: a date stays a date when the
 * length is whole days; otherwise an ISO 8601 date-time in UTC.
 */
export function previousPeriod(dateFrom: string, dateTo: string): Period {
  const from = Date.parse(dateFrom)
  const start = from - (Date.parse(dateTo) - from)
  const asDay = isDay(dateFrom) && (from - start) % DAY_MS === 0
  return { dateFrom: asDay ? isoDay(start) : new Date(start).toISOString(), dateTo: dateFrom }
}
