/**
 * The one comment a pull request gets, marked `<!-- mintlify-preview -->` and written by the token's own account:
 * posted when the build is queued, edited when it ends, and on every later run edited again, never a second one.
 */
import type { DeploymentStatus } from '../api/types.js'
import type { DeployRequest } from '../deploy/deploy.js'
import { bestEffort, type GitHubApi, type PostedComment } from '../github/client.js'
import { COMMENT_LIMIT, clampBody, newestOwn, someMarked, type ThreadComment } from '../github/comments.js'
import type { Target } from '../github/event.js'
import type { Log, Redact } from '../log.js'
import { code, link, md, message } from '../markdown.js'
import { builtLine, outcomeBlocks, verdictLine } from './blocks.js'
import type { PreviewVerdict } from './outcome.js'
import type { PageList } from './pages.js'

export const PREVIEW_MARKER = '<!-- mintlify-preview -->'

/**
 * A comment this action wrote ends with its marker, alone on the last line after a blank one: a marker anywhere
 * else (quoted, inline) is someone's text passed on, and not ours.
 */
const CLOSING_MARKER = /(?:^|\n\n)<!-- mintlify-preview -->\s*$/

export function isPreviewComment(comment: Pick<ThreadComment, 'body'>): boolean {
  return CLOSING_MARKER.test(comment.body)
}

function runLink(runUrl: string | undefined): string {
  return runUrl ? link(runUrl, 'Workflow run') : ''
}

/** While the build runs: no link yet, since it would not work before the build is done. */
export function buildingText(
  request: DeployRequest,
  commitSha: string | undefined,
  runUrl?: string,
  forkSha?: string,
): string {
  const what = request.kind === 'preview' ? `Building the preview of ${code(request.branch)}` : 'Deploying the site'
  const lines = [
    `⏳ **${what}.**`,
    '',
    message('This comment is updated when the build is done; the link works from then on.'),
  ]
  const commit = builtLine(undefined, commitSha, forkSha)
  if (commit) lines.push('', commit)
  if (runUrl) lines.push('', runLink(runUrl))
  return lines.join('\n')
}

export interface FinalComment {
  verdict: PreviewVerdict
  request: DeployRequest
  previewUrl?: string
  status?: DeploymentStatus
  pages: PageList
  /** The pull request's head commit, when the API names no commit. */
  commitSha?: string
  /** A fork's preview: the fork's commit previewed. */
  forkSha?: string
  runUrl?: string
}

/**
 * Once it is over: the answer first (✅ the link, ❌ why, ⏳ still building with the link), then why it failed, the
 * changed pages (links once the preview is live), the commit built, the run, and the next step.
 */
export function finalText(c: FinalComment): string {
  const lines = [`${c.verdict.emoji} **${md(c.verdict.title)}**`, '', verdictLine(c.verdict, c.previewUrl)]
  for (const block of [
    ...outcomeBlocks(c.verdict, c.status, c.pages, c.previewUrl),
    builtLine(c.status, c.commitSha, c.forkSha),
    runLink(c.runUrl),
  ])
    if (block) lines.push('', block)
  lines.push('', `**Next:** ${message(c.verdict.next)}`)
  return lines.join('\n')
}

/** A fork's pull request: nothing was sent; a maintainer can ask. */
export function forkText(phrase: string, runUrl?: string): string {
  const lines = [
    '👋 **No preview was built: this pull request comes from a fork.**',
    '',
    message(
      `Mintlify cannot build a fork's branch. A maintainer can comment \`${phrase}\` on this pull request to preview it once they have read the change.`,
    ),
  ]
  if (runUrl) lines.push('', runLink(runUrl))
  return lines.join('\n')
}

/** A closed pull request: the preview stays in the dashboard; `deleted`: the fork preview branch removed. */
export function closedText(deleted: string | undefined, runUrl?: string): string {
  const lines = [
    '🗂️ **This pull request is closed.**',
    '',
    message(
      `${deleted ? `The branch \`${deleted}\` that previewed it was deleted. ` : ''}The preview itself stays in the Mintlify dashboard until someone deletes it there.`,
    ),
  ]
  if (runUrl) lines.push('', runLink(runUrl))
  return lines.join('\n')
}

/**
 * The pull request's one comment. Until it is known, every write first reads the conversation for the newest
 * comment of the action's own account that closes with the marker (the account asked only when some comment
 * holds it), and edits that one; only when there is none is one posted. A conversation that cannot be read posts
 * nothing (never a second comment on doubt): like any refusal, it is a warning, never the step's failure.
 */
export class PreviewComment {
  private kept: PostedComment | undefined

  constructor(
    private readonly github: () => Promise<GitHubApi>,
    private readonly pull: Target,
    private readonly log: Log,
    private readonly redact: Redact,
  ) {}

  /**
   * Writes `text` (posted or edited; with `post: false` only edited, when there is one); returns the comment's
   * URL, or undefined when there is none or GitHub refused.
   */
  async write(text: string, { post = true } = {}): Promise<string | undefined> {
    const body = `${clampBody(this.redact(text), COMMENT_LIMIT - 100)}\n\n${PREVIEW_MARKER}`
    return bestEffort('Could not update the preview comment', this.pull, this.log, async () => {
      const gh = await this.github()
      this.kept ??= await this.find(gh)
      if (this.kept) {
        await gh.editComment(this.kept, body)
        return this.kept.url
      }
      if (!post) return undefined
      this.kept = await gh.comment(this.pull, body)
      return this.kept.url
    })
  }

  private async find(gh: GitHubApi): Promise<PostedComment | undefined> {
    // Issue comments only: the action never writes a review comment.
    const thread = await gh.conversation({ number: this.pull.number, isPullRequest: false })
    const account = someMarked(thread, isPreviewComment) ? await gh.account() : undefined
    const ours = newestOwn(thread, account, isPreviewComment)
    return ours && { id: ours.id, url: ours.url, review: false }
  }
}
