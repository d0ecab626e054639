import type { AgentJob } from '../api/types.js'
import { formatDuration } from '../clock.js'
import { code, collapsedText, fieldTable, link, md, message, pullRequestLink } from '../markdown.js'
import type { Verdict } from '../runner/verdict.js'

export const PROMPT_SHOWN_CHARS = 4000

export interface AgentSummaryInput {
  verdict: Verdict
  job?: AgentJob
  prompt?: string
  waitedMs?: number
}

/**
 * The verdict's message as Markdown, with the job's pull request as a Markdown link where the message names
 * it. Returns whether it did, so that the pull request is shown once.
 */
export function verdictText(verdict: Verdict, job: AgentJob | undefined): { text: string; linksPull: boolean } {
  const pr = job?.prLink
  const links = pr ? { [pr]: pullRequestLink(pr) } : {}
  return { text: message(verdict.message, links), linksPull: !!pr && verdict.message.includes(pr) }
}

/** The job summary of the agent job action, as Markdown that reads the same raw and rendered. Pure. */
export function agentSummary({ verdict, job, prompt, waitedMs }: AgentSummaryInput): string {
  const { text, linksPull } = verdictText(verdict, job)
  const parts = [`### ${verdict.emoji} Mintlify agent: ${md(verdict.title)}`, '', text]
  if (job) {
    parts.push(
      '',
      fieldTable([
        ['Status', job.status ? md(job.status) : ''],
        ['Pull request', job.prLink && !linksPull ? pullRequestLink(job.prLink) : ''],
        ['Job id', code(job.id)],
        ['Model', job.model ? md(job.model) : ''],
        ['Source repository', job.source?.repository ? link(job.source.repository) : ''],
        ['Source ref', job.source?.ref ? code(job.source.ref) : ''],
        ['Created at', job.createdAt ? md(job.createdAt) : ''],
        ['Time waited', waitedMs !== undefined ? md(formatDuration(waitedMs)) : ''],
      ]),
    )
  }
  if (prompt) {
    parts.push('', collapsedText(`Prompt (${prompt.length} characters)`, prompt, PROMPT_SHOWN_CHARS))
  }
  return `${parts.join('\n')}\n`
}
