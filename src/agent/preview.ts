/**
 * Previews of the agent's work (`preview: true`): once a job completes with a pull request, a Mintlify preview of
 * the branch it worked on (`source.ref`), triggered and waited for through the shared deploy part within what is
 * left of `timeout`. What came of it is told after the job's outcome, which it never changes: a preview that could
 * not be asked for, failed, or was still building at `timeout` is a warning, and fails the step only with `preview`
 * in `fail-on`. `judgePreview` and `withPreview` are pure; `previewJob` is the one request-making part.
 */
import { ApiError, mayHaveGoneThrough, NetworkError } from '../api/errors.js'
import type { AgentJob } from '../api/types.js'
import { formatDuration } from '../clock.js'
import { type DeployDeps, type DeployOptions, type DeployOutcome, deploy, deploymentName } from '../deploy/deploy.js'
import { finalKind } from '../deploy/status.js'
import type { Outputs } from '../runner/outputs.js'
import { cancelledVerdict } from '../runner/verdict.js'
import { clip, oneLine } from '../text.js'
import { type AgentVerdict, type FailOn, failedBy, type Outcome, type PreviewLine } from './outcome.js'

/** What the preview of a job came to: none possible (the job names no branch), or the deployment's outcome. */
export type JobPreview = { kind: 'no-branch' } | { kind: 'deployed'; branch: string; outcome: DeployOutcome }

/** The job a run's outcome asks a preview of: one that completed with a pull request; any other asks for none. */
export function jobToPreview(outcome: Outcome): AgentJob | undefined {
  const job = outcome.kind === 'finished' ? outcome.job : undefined
  return job?.status === 'completed' && job.prLink ? job : undefined
}

/** The outputs of a run that asks for no preview, or before one is queued. */
export const NO_PREVIEW_OUTPUTS = { 'preview-url': '', 'preview-status': '' }

/**
 * Triggers the preview of the job's branch once and waits for it until `deadline`; `preview-url` and
 * `preview-status` follow it as it goes (`timeout` when it was still building then). Never throws.
 */
export async function previewJob(
  job: AgentJob,
  o: Omit<DeployOptions, 'request'>,
  deps: Omit<DeployDeps, 'onQueued' | 'onStatus'> & { outputs: Outputs },
): Promise<JobPreview> {
  const branch = job.source?.ref
  if (!branch) return { kind: 'no-branch' }
  const { outputs } = deps
  const outcome = await deploy(
    { ...o, request: { kind: 'preview', branch } },
    {
      ...deps,
      onQueued: (queued) => outputs.setAll({ 'preview-url': queued.previewUrl ?? '', 'preview-status': 'queued' }),
      // A read without a status says nothing new: the last one seen stays.
      onStatus: (status) => status.status && outputs.set('preview-status', status.status),
    },
  )
  if (outcome.kind === 'timeout') outputs.set('preview-status', 'timeout')
  return { kind: 'deployed', branch, outcome }
}

/**
 * The API's reason for a failed build, as the sentence shows it: one line, cut. Its summary is a sentence or two
 * (the mock's is 73 characters); 300 keeps a log line and a reply paragraph readable.
 */
export const REASON_SHOWN = 300

/** What the preview came to, in words, and whether it is the `preview` outcome of `fail-on` (not ready). */
export interface PreviewTold extends PreviewLine {
  /** Not ready: never asked for, failed, ended otherwise, or still building at `timeout`. */
  problem: boolean
  /** Cancelled while waiting for it. */
  signal?: NodeJS.Signals
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Maps a preview's outcome to its sentence. `timeoutMs`: the run's `timeout`, which a preview still building outlasted. */
export function judgePreview(preview: JobPreview, timeoutMs: number): PreviewTold {
  if (preview.kind === 'no-branch') {
    const text = 'No preview: the job names no branch (`source.ref`), so there was nothing to preview.'
    return { emoji: '⚠️', text, replyText: text, problem: true }
  }
  const { outcome, branch } = preview
  const name = deploymentName({ kind: 'preview', branch })
  const url = outcome.trigger?.previewUrl
  const told = (emoji: string, problem: boolean, text: string, replyText = text): PreviewTold => ({
    emoji,
    text,
    replyText,
    problem,
    ...(url ? { url } : {}),
  })
  switch (outcome.kind) {
    case 'queued':
      return told(
        '🚀',
        false,
        `Preview of \`${branch}\` queued, not waited for (wait: false)${at(url, 'works once it is built')}.`,
      )
    case 'timeout':
      return told(
        '⏳',
        true,
        `${capital(name)} is still ${outcome.status.status ?? 'queued'} after \`timeout\` (${formatDuration(timeoutMs)}); it keeps building on Mintlify${at(url, 'works once it is built')}.`,
      )
    case 'cancelled':
      return {
        ...told(
          '🛑',
          false,
          outcome.trigger
            ? `Cancelled (${outcome.signal}) while waiting for ${name}; it keeps building on Mintlify${at(url, 'works once it is built')}.`
            : `Cancelled (${outcome.signal}) before ${name} was queued; it may have been queued anyway.`,
        ),
        signal: outcome.signal,
      }
    case 'error': {
      const going = outcome.trigger
        ? ` It was queued and may still be building${at(url, 'works once it is built')}.`
        : mayHaveGoneThrough(outcome.error)
          ? ' It may have been queued anyway: check the Mintlify dashboard.'
          : ''
      const { error } = outcome
      // The reply says what failed; what to check (the key, the plan) is for the workflow's author.
      const failed = error instanceof ApiError || error instanceof NetworkError ? error.failed : error.message
      return told('⚠️', true, `No preview: ${error.message}${going}`, `No preview: ${failed}${going}`)
    }
    case 'final': {
      const sent = outcome.status.status ?? ''
      const kind = finalKind(sent)
      if (kind === 'success') return told('✅', false, `Preview ready${url ? `: ${url}` : ''} (\`${branch}\`).`)
      if (kind === 'failure') {
        const why = outcome.status.summary
          ? clip(oneLine(outcome.status.summary), REASON_SHOWN)
          : 'the API gave no reason'
        return told('❌', true, `${capital(name)} failed: ${why}.`)
      }
      return told('⚠️', true, `${capital(name)} ended with status \`${sent}\`, which the API does not document.`)
    }
  }
}

/** `, and <url> works once it is built`: what a preview still on its way leaves to look at, when its URL is known. */
function at(url: string | undefined, when: string): string {
  return url ? `, and ${url} ${when}` : ''
}

/**
 * The job's verdict with the preview told after it. The job's outcome stands: a preview that is not ready turns a
 * notice into a warning, and fails the step only with `preview` in `fail-on` (then saying so). The log line gets
 * both sentences; the summary and the reply show the preview's as a paragraph of its own. Cancelled while waiting
 * for the preview, the run ends as cancelled (the job's outcome still told).
 */
export function withPreview(verdict: AgentVerdict, told: PreviewTold, failOn: ReadonlySet<FailOn>): AgentVerdict {
  const fail = told.problem && failOn.has('preview')
  const text = `${told.text}${failedBy(fail, 'preview')}`
  const merged = {
    ...verdict,
    message: `${sentence(verdict.message)} ${text}`,
    preview: { emoji: told.emoji, text, replyText: told.replyText, ...(told.url ? { url: told.url } : {}) },
  }
  if (told.signal) {
    const { message: _, ...cancelled } = cancelledVerdict(told.signal, '')
    return { ...merged, ...cancelled, saysStatus: false }
  }
  if (fail) return { ...merged, level: 'error', fail: true }
  return told.problem ? { ...merged, level: 'warning' } : merged
}

/** Ends a sentence that ends with a URL (`Job j completed: https://...`) so that another can follow it. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}
