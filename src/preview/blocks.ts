/**
 * The Markdown the summary and the pull request comment share: the answer's line, why a build failed, the changed
 * pages, the commit built. Outside text (the API's summary and logs, a commit's message and author, paths) arrives
 * redacted (the client's door) and is cut here, then escaped (`md`, `code`, `codeBlock`): no HTML, no mention, no
 * live link but ours; `previewUrl` is linked only when it is an `https` URL (`isHttpsUrl`). Pure.
 */
import type { DeploymentStatus } from '../api/types.js'
import { counted } from '../format.js'
import { code, codeBlock, isHttpsUrl, link, md, message } from '../markdown.js'
import { clip, oneLine } from '../text.js'
import { type PreviewVerdict, REASON_SHOWN } from './outcome.js'
import { type PageList, pageUrl } from './pages.js'

/** The last lines of a failed build's log shown, and the longest line shown, in characters. */
export const LOG_LINES_SHOWN = 20
export const LOG_LINE_SHOWN = 300
/** The API's summary of a build and a commit's first line, as shown, in characters. */
export const REASON_MAX = 1000
export const COMMIT_LINE_MAX = 120

/** The sentence under the heading: the verdict's detail, else its message. */
export function shownLine(verdict: PreviewVerdict): string {
  return verdict.detail ?? verdict.message
}

/** The sentence under the heading as Markdown, the preview's URL linked where it names it (and only when https). */
export function verdictLine(verdict: PreviewVerdict, previewUrl: string | undefined): string {
  return message(shownLine(verdict), isHttpsUrl(previewUrl) ? { [previewUrl]: link(previewUrl) } : {})
}

/** Terminal colours and cursor moves that build tools write into their logs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g

/** A line of a build's log as shown: colours gone, on one line, cut. */
export function logLine(line: string): string {
  return clip(oneLine(line.replace(ANSI, '')).trimEnd(), LOG_LINE_SHOWN)
}

/**
 * Why a build failed: the API's own summary, when the answer's line had to cut it, then the last lines of its log,
 * shown as written.
 */
export function failureBlock(status: DeploymentStatus): string {
  const parts: string[] = []
  if (status.summary && oneLine(status.summary).length > REASON_SHOWN)
    parts.push(`**Why, as the API says:** ${md(clip(status.summary, REASON_MAX))}`)
  const logs = status.logs ?? []
  if (logs.length > 0) {
    const shown = logs.slice(-LOG_LINES_SHOWN).map(logLine)
    const of = logs.length > shown.length ? ` (the last ${shown.length} of ${logs.length})` : ''
    parts.push(`**The build’s log**${of}:\n\n${codeBlock(shown.join('\n'))}`)
  }
  return parts.join('\n\n')
}

/** A page as its route shows it: `/guides/setup`, `/` for the root. */
const route = (page: string) => `/${page}`

/**
 * The changed pages, each a link into the preview when its URL is `https` (else its route as text), then "and N
 * more". Empty when no page changed.
 */
export function pagesBlock(pages: PageList, previewUrl: string | undefined, live: boolean): string {
  if (pages.shown.length === 0) return ''
  const total = pages.shown.length + pages.more
  const items = pages.shown.map((page) =>
    live && isHttpsUrl(previewUrl) ? `- ${link(pageUrl(previewUrl, page), route(page))}` : `- ${code(route(page))}`,
  )
  if (pages.more > 0) items.push(`- and ${counted(pages.more, 'more page', 'more pages')}`)
  return `**Changed pages** (${counted(total, 'page', 'pages')}):\n\n${items.join('\n')}`
}

/** The commit built: its short id, its first line, its author. Empty when the API names none. */
function commitLine(status: DeploymentStatus | undefined, fallbackSha?: string): string {
  const sha = status?.commit?.sha ?? fallbackSha
  if (!sha) return ''
  const first = (status?.commit?.message ?? '').split('\n')[0] ?? ''
  const subject = first ? `: ${md(clip(first, COMMIT_LINE_MAX))}` : ''
  const author = status?.author?.name ? ` (by ${md(clip(status.author.name, 100))})` : ''
  return `Commit ${code(sha.slice(0, 12))}${subject}${author}`
}

/**
 * A fork's preview: which commit of the fork was previewed (the head when a writer asked); a later push is not.
 */
function forkLine(forkSha: string): string {
  return `From the fork: commit ${code(forkSha.slice(0, 12))}, the head when the preview was asked for. A later push is previewed only when someone asks again.`
}

/**
 * The commit built, named once: for a fork's preview, the fork's commit (the preview branch's own commit is ours,
 * and its message names the fork's commit again); else the commit the API names, or the pull request's head.
 */
export function builtLine(status: DeploymentStatus | undefined, commitSha?: string, forkSha?: string): string {
  return forkSha ? forkLine(forkSha) : commitLine(status, commitSha)
}

/**
 * What follows the answer's line: why a build failed (only then), and the changed pages, linked into the preview
 * only once it is live.
 */
export function outcomeBlocks(
  verdict: PreviewVerdict,
  status: DeploymentStatus | undefined,
  pages: PageList,
  previewUrl: string | undefined,
): string[] {
  return [
    verdict.state === 'failure' && status ? failureBlock(status) : '',
    pagesBlock(pages, previewUrl, verdict.state === 'success'),
  ]
}
