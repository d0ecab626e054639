import type { AgentJob } from '../api/types.js'

/** The agent job's outputs as the interface names them. */
export function jobOutputs(job: AgentJob): Record<string, string> {
  const prLink = job.prLink ?? ''
  return {
    'job-id': job.id,
    status: job.status ?? '',
    prLink,
    'pr-number': prNumber(prLink),
    model: job.model ?? '',
    'source-repository': job.source?.repository ?? '',
    'source-ref': job.source?.ref ?? '',
  }
}

/** `.../pull/123` or `.../merge_requests/45` → the number; anything else → `''`. */
export function prNumber(link: string): string {
  return /\/(?:pull|pulls|merge_requests)\/(\d+)\/?(?:[?#].*)?$/.exec(link)?.[1] ?? ''
}
