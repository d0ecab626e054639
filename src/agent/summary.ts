import type { AgentJob } from '../api/types.js'
import { formatDuration } from '../clock.js'
import { counted, number } from '../format.js'
import {
  code,
  codeBlock,
  fieldTable,
  htmlText,
  isHttpsUrl,
  link,
  md,
  message,
  pullRequestLink,
  truncate,
} from '../markdown.js'
import type { Verdict } from '../runner/verdict.js'
import type { AgentVerdict, PreviewLine } from './outcome.js'

export const PROMPT_SHOWN_CHARS = 4000
/** A prompt line longer than this is wrapped in the summary, so that it does not scroll sideways. */
export const PROMPT_LINE_CHARS = 100

export interface AgentSummaryInput {
  verdict: AgentVerdict
  job?: AgentJob
  prompt?: string
  waitedMs?: number
  /** The job this run sent its request to as a follow-up, when it did. */
  followUpTo?: string
}

/**
 * The verdict's message as Markdown (job ids as code), with the job's pull request as a Markdown link where
 * the message names it. Returns whether it did, so that the pull request is shown once. `forReply`: without
 * the advice to the workflow's author, for a reply that gives the commenter's own next step.
 */
export function verdictText(
  verdict: Verdict & Pick<AgentVerdict, 'text' | 'replyText' | 'preview'>,
  job: AgentJob | undefined,
  forReply = false,
): { text: string; linksPull: boolean } {
  const pr = job?.prLink
  const links = pr ? { [pr]: pullRequestLink(pr) } : {}
  const said = (forReply ? verdict.replyText : undefined) ?? verdict.text ?? verdict.message
  const preview = verdict.preview ? `\n\n${previewText(verdict.preview, forReply)}` : ''
  return { text: message(said, links) + preview, linksPull: !!pr && said.includes(pr) }
}

/** The preview's paragraph: its URL linked only where it is `https` (else code, which nothing links). */
export function previewText(preview: PreviewLine, forReply = false): string {
  const { url } = preview
  const links = url ? { [url]: isHttpsUrl(url) ? link(url) : code(url) } : {}
  return `${preview.emoji} ${message(forReply ? preview.replyText : preview.text, links)}`
}

/** The sentence that says a run's request went to an existing job: the same in the summary and the reply. */
export function followUpLine(jobId: string, where = ''): string {
  return message(`This request was a follow-up to job \`${jobId}\`${where}.`)
}

/** `2026-11-24T04:51:07.123Z` → `2026-11-24 04:51 UTC`; anything that is not such a timestamp, as it is (escaped). */
export function utcMinute(value: string): string {
  const at = /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : undefined
  if (!at || Number.isNaN(at.getTime())) return md(value)
  const iso = at.toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
}

/**
 * Lines longer than `width` broken for display: after the last space that leaves the line at least half
 * full, or else at `width` (never inside a surrogate pair). Only line breaks are added.
 */
export function wrapLines(text: string, width: number): { text: string; wrapped: boolean } {
  let wrapped = false
  const lines = text.split('\n').flatMap((line) => {
    const out: string[] = []
    let rest = line
    while (rest.length > width) {
      wrapped = true
      const space = rest.lastIndexOf(' ', width - 1)
      let end = space >= width / 2 ? space + 1 : width
      const last = rest.charCodeAt(end - 1)
      if (last >= 0xd800 && last <= 0xdbff) end--
      out.push(rest.slice(0, end))
      rest = rest.slice(end)
    }
    out.push(rest)
    return out
  })
  return { text: lines.join('\n'), wrapped }
}

/** The prompt, collapsed: cut at `PROMPT_SHOWN_CHARS` (saying how much is not shown), long lines wrapped (saying so). */
function promptBlock(prompt: string): string {
  const { text: kept, cut } = truncate(prompt, PROMPT_SHOWN_CHARS)
  const { text: shown, wrapped } = wrapLines(kept, PROMPT_LINE_CHARS)
  const heading = `Prompt (${counted(prompt.length, 'character', 'characters')}${wrapped ? '; long lines wrapped for display' : ''})`
  const note = cut > 0 ? `\n\n_… ${number(cut)} more characters not shown._` : ''
  return `<details><summary>${htmlText(heading)}</summary>\n\n${codeBlock(shown)}${note}\n\n</details>`
}

/** The job summary of the agent job action, as Markdown that reads the same raw and rendered. Pure. */
export function agentSummary({ verdict, job, prompt, waitedMs, followUpTo }: AgentSummaryInput): string {
  const { text, linksPull } = verdictText(verdict, job)
  const parts = [`### ${verdict.emoji} Mintlify agent: ${md(verdict.title)}`, '', text]
  if (followUpTo) parts.push('', followUpLine(followUpTo))
  if (job) {
    parts.push(
      '',
      fieldTable([
        ['Status', job.status && !verdict.saysStatus ? md(job.status) : ''],
        ['Pull request', job.prLink && !linksPull ? pullRequestLink(job.prLink) : ''],
        ['Job id', code(job.id)],
        ['Model', job.model ? md(job.model) : ''],
        ['Source repository', job.source?.repository ? link(job.source.repository) : ''],
        ['Source ref', job.source?.ref ? code(job.source.ref) : ''],
        ['Created at', job.createdAt ? utcMinute(job.createdAt) : ''],
        ['Time waited', waitedMs !== undefined ? md(formatDuration(waitedMs)) : ''],
      ]),
    )
  }
  if (prompt) parts.push('', promptBlock(prompt))
  return `${parts.join('\n')}\n`
}
