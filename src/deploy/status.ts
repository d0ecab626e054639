/**
 * The final-status rule of a deployment. The API's enum is `queued`, `in_progress`, `success`, `failure`, but the
 * dashboard also shows updates as "skipped": so every status other than the two of a deployment on its way is final,
 * and is reported as sent. Pure.
 */

/** A deployment still on its way; compared case-insensitively. */
export const RUNNING_STATUSES = ['queued', 'in_progress'] as const

/** How a final status counts for `fail-on`: the two the API documents, and `other` for any status it does not. */
export type FinalKind = 'success' | 'failure' | 'other'

/** Whether `status` ends the wait. No status at all (a field left out) says nothing yet: not final. */
export function isFinal(status: string | undefined): status is string {
  if (status === undefined) return false
  return !(RUNNING_STATUSES as readonly string[]).includes(status.toLowerCase())
}

/** `success`, `failure`, or `other` for a final status with no documented meaning (`skipped`, or anything new). */
export function finalKind(status: string): FinalKind {
  const lower = status.toLowerCase()
  return lower === 'success' || lower === 'failure' ? lower : 'other'
}
