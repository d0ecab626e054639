/**
 * What a run of the preview action does, decided before any request to Mintlify from the inputs, the event and the
 * runner's variables. Pure.
 */
import type { DeployRequest } from '../deploy/deploy.js'
import type { GitHubEvent, Target } from '../github/event.js'
import { InputError } from '../inputs.js'
import type { PreviewConfig } from './inputs.js'

/** Where the branch previewed came from, as the log and the summary say it. */
export type BranchSource = 'input' | 'pull request' | 'workflow' | 'fork'

export type Plan =
  /** A deployment to trigger; `pull`: the pull request the run belongs to (its comment, its changed pages). */
  | {
      kind: 'deploy'
      request: DeployRequest
      pull?: Target
      from?: BranchSource
      /** A fork's preview: the fork's commit its branch holds (the head when a writer asked). */
      forkSha?: string
    }
  /**
   * A fork's pull request: Mintlify cannot build a fork's branch. On its own events nothing is sent (a maintainer
   * can ask); on a writer's comment, its files are copied to a branch of this repository first (fork.ts).
   */
  | { kind: 'fork'; pull: Target }
  /** A closed pull request: nothing to preview. */
  | { kind: 'closed'; pull: Target }

/** The pull request of an event about one (`pull_request`, `pull_request_target`, a review...), with its head. */
export function eventPull(event: GitHubEvent): (Target & { closed: boolean }) | undefined {
  if (event.kind !== 'target' || !event.target.isPullRequest || event.target.head === undefined) return undefined
  return { ...event.target, closed: event.action === 'closed' }
}

const BRANCH_ACCEPTED = 'a branch to preview, or a run on a pull request or a branch'

/**
 * The deployment to ask for. A closed pull request previews nothing (its clean-up), whatever the `branch` input; only
 * `production` deploys on one (the deploy-after-merge workflow). A fork's open pull request sends nothing, whatever
 * `deployment` and `branch` say (a writer's comment previews it through fork.ts). Else the branch: the `branch` input,
 * else the pull request's head branch (`pull`: the event's, or a triggering comment's), else the branch the workflow
 * runs on (GITHUB_REF_NAME). `production` takes none.
 */
export function planRun(
  config: Pick<PreviewConfig, 'deployment' | 'branch'>,
  pull: (Target & { closed?: boolean }) | undefined,
  env: { GITHUB_REF_NAME?: string; GITHUB_REF_TYPE?: string },
): Plan {
  if (pull?.closed && config.deployment !== 'production') return { kind: 'closed', pull }
  if (pull?.fork && !pull.closed) return { kind: 'fork', pull }
  const at = pull ? { pull } : {}
  if (config.deployment === 'production') return { kind: 'deploy', request: { kind: 'production' }, ...at }
  if (config.branch !== undefined)
    return { kind: 'deploy', request: { kind: 'preview', branch: config.branch }, from: 'input', ...at }
  if (pull) {
    if (!pull.head)
      throw new InputError(
        'branch',
        `it is empty, and the head branch of pull request #${pull.number} is unknown`,
        BRANCH_ACCEPTED,
      )
    return { kind: 'deploy', request: { kind: 'preview', branch: pull.head }, from: 'pull request', pull }
  }
  const ref = env.GITHUB_REF_NAME ?? ''
  if (env.GITHUB_REF_TYPE === 'tag')
    throw new InputError('branch', `it is empty, and the run is on tag \`${ref}\`, not a branch`, BRANCH_ACCEPTED)
  if (ref === '')
    throw new InputError(
      'branch',
      'it is empty, and the run has no pull request and no branch (GITHUB_REF_NAME)',
      BRANCH_ACCEPTED,
    )
  return { kind: 'deploy', request: { kind: 'preview', branch: ref }, from: 'workflow' }
}
