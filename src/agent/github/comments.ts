import type { AgentJob } from '../../api/types.js'
import { code, link, md, pullRequestLink } from '../../markdown.js'
import type { Verdict } from '../../runner/verdict.js'
import { verdictText } from '../summary.js'

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT = 65_536

/** Keeps a body under GitHub's limit, saying so when it had to cut. */
export function clampBody(body: string, limit = COMMENT_LIMIT): string {
  if (body.length <= limit) return body
  const note = '\n\n… (cut to fit GitHub’s comment limit)'
  return body.slice(0, limit - note.length) + note
}

function runLine(runUrl: string | undefined): string {
  return runUrl ? `\n\n${link(runUrl, 'Workflow run')}` : ''
}

/** The reply with a run's outcome, naming the pull request once. Every value from the API is escaped, mentions included. */
export function resultComment(verdict: Verdict, job: AgentJob | undefined, runUrl: string | undefined): string {
  const { text, linksPull } = verdictText(verdict, job)
  const lines = [`${verdict.emoji} **Mintlify agent: ${md(verdict.title)}**`, '', text]
  if (job?.prLink && !linksPull) lines.push('', `Pull request: ${pullRequestLink(job.prLink)}`)
  if (job) lines.push('', `Job ${code(job.id)}${job.status ? `, status ${code(job.status)}` : ''}.`)
  return clampBody(lines.join('\n') + runLine(runUrl))
}

export function usageComment(phrase: string, runUrl: string | undefined): string {
  return clampBody(
    `👋 Tell the Mintlify agent what to do after ${code(phrase)}, for example:\n\n` +
      `${code(`${phrase} document the new --dry-run flag`)}${runLine(runUrl)}`,
  )
}
