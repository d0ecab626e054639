/**
 * What a run of the preview action comes to, in words: the verdict (the log line, the step's result), its headline,
 * and the next step. Pure: the reporting happens in one place (runner/action.ts).
 */
import { ApiError, mayHaveGoneThrough } from '../api/errors.js'
import type { DeploymentStatus } from '../api/types.js'
import { formatDuration } from '../clock.js'
import { type DeployOutcome, type DeployRequest, deploymentName } from '../deploy/deploy.js'
import { finalKind } from '../deploy/status.js'
import type { Ending } from '../runner/action.js'
import { cancelledVerdict, errorVerdict, type Verdict } from '../runner/verdict.js'
import { clip, oneLine } from '../text.js'
import type { FailOn } from './inputs.js'

/** Where a deployment stands once the run ends: what the summary and the comment show follows from it. */
export type PreviewState = 'queued' | 'timeout' | 'success' | 'failure' | 'other' | 'cancelled' | 'error'

/** The verdict, where the deployment stands, and what the run leaves the reader to do (the last line). */
export interface PreviewVerdict extends Verdict {
  state: PreviewState
  next: string
  /**
   * The sentence under the heading of the summary and the comment, when `message` would repeat the heading: the
   * heading says the outcome, this the link and the next fact. Without it, `message` stands there.
   */
  detail?: string
}

/** The API's reason, as one line of the log; the summary and the comment show more when it is longer. */
export const REASON_SHOWN = 300

/** Why the step is red when an outcome that is no error fails it: `fail-on` named it. */
function failedBy(fail: boolean, outcome: FailOn): string {
  return fail ? ` The step fails because \`${outcome}\` is in \`fail-on\`.` : ''
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** How long the build took: from the API's own times when both read, else the time this run waited. */
export function buildTime(status: DeploymentStatus, waitedMs: number | undefined): number | undefined {
  // Stryker disable next-line StringLiteral: Date.parse reads '' and any other text that is no date alike, as NaN
  const from = Date.parse(status.createdAt ?? '')
  // Stryker disable next-line StringLiteral: as above
  const to = Date.parse(status.endedAt ?? '')
  return Number.isNaN(from) || Number.isNaN(to) || to < from ? waitedMs : to - from
}

/** Maps a deployment's outcome and `fail-on` to what the user is told. */
export function judge(
  outcome: DeployOutcome,
  request: DeployRequest,
  failOn: ReadonlySet<FailOn>,
  timeoutMs: number,
): PreviewVerdict {
  const preview = request.kind === 'preview'
  const name = deploymentName(request)
  const url = preview ? outcome.trigger?.previewUrl : undefined
  const at = url ? `: ${url}` : ''
  switch (outcome.kind) {
    case 'queued':
      return {
        state: 'queued',
        title: preview ? 'Preview queued' : 'Deployment queued',
        emoji: '🚀',
        message: `Queued ${name}; not waiting for it (wait: false).${url ? ` It will be at ${url} once built.` : ''}`,
        level: 'info',
        fail: false,
        next: preview
          ? 'Open the link in a minute or two, once the build is done.'
          : 'See the Mintlify dashboard for the deployment.',
      }
    case 'timeout': {
      const fail = failOn.has('timeout')
      return {
        state: 'timeout',
        title: 'Still building at timeout',
        emoji: '⏳',
        message: `${capital(name)} is still ${outcome.status.status ?? 'queued'} after ${formatDuration(timeoutMs)}; it keeps building on Mintlify${url ? `, and ${url} works once it is done` : ''}.${failedBy(fail, 'timeout')}`,
        level: fail ? 'error' : 'warning',
        fail,
        next: `${url ? 'Open the link in a few minutes, or re-run' : 'Re-run'} this workflow to build and wait again (raise \`timeout\` if builds take this long).`,
      }
    }
    case 'final':
      return judgeFinal(outcome.status, request, failOn, buildTime(outcome.status, outcome.waitedMs), url)
    case 'cancelled': {
      const message = outcome.trigger
        ? `Cancelled (${outcome.signal}) while waiting; ${name} keeps building on Mintlify${at}.`
        : `Cancelled (${outcome.signal}) before ${name} was queued; it may have been queued anyway: check the Mintlify dashboard.`
      return {
        ...cancelledVerdict(outcome.signal, message),
        state: 'cancelled',
        next: 'Re-run this workflow to build and wait again.',
      }
    }
    case 'error': {
      const { error, trigger } = outcome
      const maybe =
        !trigger && mayHaveGoneThrough(error)
          ? ` ${capital(name)} may have been queued anyway: check the Mintlify dashboard.`
          : ''
      const going = trigger ? ` ${capital(name)} was queued and may still be building${at}.` : ''
      const verdict = errorVerdict(error)
      return { ...verdict, state: 'error', message: `${verdict.message}${maybe}${going}`, next: errorStep(error) }
    }
  }
}

function errorStep(error: Error): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return 'Fix what the message above names (the key, its scope, or the plan), then re-run this workflow.'
  if (error instanceof ApiError && error.status === 429) return 'Re-run this workflow in a minute.'
  return 'Re-run this workflow; if it fails the same way, the message above says what to check.'
}

function judgeFinal(
  status: DeploymentStatus,
  request: DeployRequest,
  failOn: ReadonlySet<FailOn>,
  builtMs: number | undefined,
  url: string | undefined,
): PreviewVerdict {
  const preview = request.kind === 'preview'
  const name = deploymentName(request)
  const sent = status.status ?? ''
  const kind = finalKind(sent)
  const took = builtMs === undefined ? '' : `built in ${formatDuration(builtMs)}`
  if (kind === 'success') {
    // The log line names what was built: the branch and, when the API says, the commit. Under a heading that
    // already says the outcome, the sentence leads with the link; the commit has its own line there.
    const commit = status.commit?.sha ? ` at \`${status.commit.sha.slice(0, 7)}\`` : ''
    const where = preview
      ? `${url ? `: ${url}` : ''} (\`${request.branch}\`${commit}${took ? `, ${took}` : ''})`
      : took || commit
        ? ` (${[commit.trim(), took].filter(Boolean).join(', ')})`
        : ''
    return {
      state: 'success',
      title: preview ? 'Preview ready' : 'Deployed',
      emoji: preview ? '✅' : '🚀',
      message: `${preview ? 'Preview ready' : 'Deployed the site'}${where}.`,
      detail: preview
        ? url
          ? `Live at ${url} (\`${request.branch}\`${took ? `, ${took}` : ''}).`
          : `Built \`${request.branch}\`${builtMs === undefined ? '' : ` in ${formatDuration(builtMs)}`}; the API gave no link to it.`
        : `The site is live${took ? ` (${took})` : ''}.`,
      level: 'notice',
      fail: false,
      next: preview ? 'Review the changed pages in the preview.' : 'Check the live site.',
    }
  }
  if (kind === 'failure') {
    const fail = failOn.has('failure')
    const why = status.summary ? clip(oneLine(status.summary), REASON_SHOWN) : 'the API gave no reason'
    return {
      state: 'failure',
      title: preview ? 'Preview failed' : 'Deployment failed',
      emoji: '❌',
      message: `${capital(name)} failed: ${why}.${failedBy(fail, 'failure')}`,
      level: fail ? 'error' : 'warning',
      fail,
      next: 'Fix the build error shown and push again.',
    }
  }
  const fail = failOn.has('other')
  return {
    state: 'other',
    title: `Ended ${sent}`,
    emoji: '⚠️',
    message: `${capital(name)} ended with status \`${sent}\`, which the API does not document.${failedBy(fail, 'other')}`,
    level: fail ? 'error' : 'warning',
    fail,
    next: 'See the Mintlify dashboard for why.',
  }
}

/** A run that sends nothing (a comment that asks for nothing, a fork's or a closed pull request): `skipped`, green. */
export function skipped(reason: string, level: 'info' | 'notice'): Ending {
  return {
    verdict: { title: 'Skipped', emoji: '⏭️', message: reason, level, fail: false },
    outputs: { status: 'skipped' },
  }
}

/** The outputs a status sets, as soon as it is read. */
export function statusOutputs(status: DeploymentStatus): Record<string, string> {
  return { status: status.status ?? '', ...(status.commit?.sha ? { 'commit-sha': status.commit.sha } : {}) }
}
