import type { AgentJob } from '../api/types.js'
import { formatDuration } from '../clock.js'
import type { Verdict } from '../runner/verdict.js'
import { cell, code, collapsedText, escapeHtml, fieldTable, link } from '../summary.js'

export const PROMPT_SHOWN_CHARS = 4000

export interface AgentSummaryInput {
  verdict: Verdict
  job?: AgentJob
  prompt?: string
  waitedMs?: number
}

/** The job summary of the agent job action, as Markdown with escaped HTML. Pure. */
export function agentSummary({ verdict, job, prompt, waitedMs }: AgentSummaryInput): string {
  const parts = [`### ${verdict.emoji} Mintlify agent: ${escapeHtml(verdict.title)}`, '', cell(verdict.message)]
  if (job) {
    parts.push(
      '',
      fieldTable([
        ['Status', job.status ? cell(job.status) : ''],
        ['Pull request', job.prLink ? link(job.prLink) : ''],
        ['Job id', code(job.id)],
        ['Model', job.model ? cell(job.model) : ''],
        ['Source repository', job.source?.repository ? link(job.source.repository) : ''],
        ['Source ref', job.source?.ref ? code(job.source.ref) : ''],
        ['Created at', job.createdAt ? cell(job.createdAt) : ''],
        ['Time waited', waitedMs !== undefined ? cell(formatDuration(waitedMs)) : ''],
      ]),
    )
  }
  if (prompt) {
    parts.push('', collapsedText(`Prompt (${prompt.length} characters)`, prompt, PROMPT_SHOWN_CHARS))
  }
  return `${parts.join('\n')}\n`
}
