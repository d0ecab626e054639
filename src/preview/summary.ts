import type { DeploymentStatus } from '../api/types.js'
import { formatDuration } from '../clock.js'
import type { DeployRequest } from '../deploy/deploy.js'
import type { Target } from '../github/event.js'
import { code, fieldTable, isHttpsUrl, link, md, message } from '../markdown.js'
import { builtLine, outcomeBlocks, shownLine, verdictLine } from './blocks.js'
import type { PreviewVerdict } from './outcome.js'
import type { PageList } from './pages.js'

export interface PreviewSummaryInput {
  verdict: PreviewVerdict
  /** Undefined when the run ended before it knew what to deploy (bad input, a comment turned away). */
  request?: DeployRequest
  statusId?: string
  previewUrl?: string
  status?: DeploymentStatus
  pages?: PageList
  pull?: Target
  commitSha?: string
  /** A fork's preview: the fork's commit previewed. */
  forkSha?: string
  waitedMs?: number
  /** The comment kept on the pull request, when there is one. */
  commentUrl?: string
}

/**
 * The job summary: the answer first (the link, why it failed, or still building), then the changed pages, the
 * failure's log lines, the bookkeeping, and the next step. Outside text is escaped and bounded (blocks.ts), so the
 * summary stays far under the runner's 1 MiB.
 */
export function previewSummary(s: PreviewSummaryInput): string {
  const { verdict, request } = s
  const parts = [`### ${verdict.emoji} Mintlify: ${md(verdict.title)}`, '', verdictLine(verdict, s.previewUrl)]
  if (request) {
    const blocks = [
      ...outcomeBlocks(verdict, s.status, s.pages ?? { shown: [], more: 0 }, s.previewUrl),
      builtLine(s.status, s.commitSha, s.forkSha),
    ]
    for (const block of blocks) if (block) parts.push('', block)
    parts.push(
      '',
      fieldTable([
        ['Status', s.status?.status ? code(s.status.status) : ''],
        ['Deployment', request.kind === 'preview' ? 'preview' : 'production'],
        ['Branch', request.kind === 'preview' ? code(request.branch) : ''],
        // Shown once: the answer's line names it when the preview is ready, queued or still building.
        ['Preview URL', s.previewUrl && !shownLine(verdict).includes(s.previewUrl) ? shownUrl(s.previewUrl) : ''],
        ['Pull request', s.pull?.url ? link(s.pull.url, `#${s.pull.number}`) : ''],
        ['Comment', s.commentUrl ? link(s.commentUrl, 'on the pull request') : ''],
        ['Status id', s.statusId ? code(s.statusId) : ''],
        ['Time waited', s.waitedMs !== undefined ? md(formatDuration(s.waitedMs)) : ''],
      ]),
    )
  }
  parts.push('', `**Next:** ${message(verdict.next)}`)
  return `${parts.join('\n')}\n`
}

/** A preview's URL: a link when it is `https`, else text. */
function shownUrl(url: string): string {
  return isHttpsUrl(url) ? link(url) : md(url)
}
