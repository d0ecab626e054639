/**
 * The events the preview action's bundle tests run on: pull request 12 of `acme/app` (branch `docs/x`), its own
 * events and a comment on it. Who wrote the comment and which repository the head is in are each test's to say.
 */
import type { RunOptions } from '../../local/run-action.ts'

export interface PullEvent {
  /** `pull_request` unless given (`pull_request_target`). */
  name?: string
  action?: string
  /** The head commit. */
  sha: string
  /** The head's repository: `acme/app`, or a fork's. */
  from?: string
}

export function pullEvent({
  name = 'pull_request',
  action = 'opened',
  sha,
  from = 'acme/app',
}: PullEvent): RunOptions['event'] {
  return {
    name,
    payload: {
      action,
      number: 12,
      pull_request: {
        number: 12,
        title: 'Docs: the flag',
        html_url: 'https://github.com/acme/app/pull/12',
        head: { ref: 'docs/x', sha, repo: { full_name: from } },
        base: { ref: 'main', repo: { full_name: 'acme/app' } },
      },
    },
  }
}

/** A comment on pull request 12 (`issue_comment`, created unless `action` says), or on issue 12 with `onIssue`. */
export function commentEvent(
  body: string,
  user: { login: string; type: string },
  { action = 'created', onIssue = false }: { action?: string; onIssue?: boolean } = {},
): RunOptions['event'] {
  return {
    name: 'issue_comment',
    payload: {
      action,
      comment: { id: 77, body, user },
      issue: {
        number: 12,
        title: 'Docs: the flag',
        html_url: onIssue ? 'https://github.com/acme/app/issues/12' : 'https://github.com/acme/app/pull/12',
        ...(onIssue ? {} : { pull_request: {} }),
      },
    },
  }
}
