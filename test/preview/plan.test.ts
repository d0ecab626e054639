import { describe, expect, it } from 'vitest'
import { classifyEvent, type Target } from '../../src/github/event.js'
import { eventPull, planRun } from '../../src/preview/plan.js'

const same = (t: string) => t
const SHA = 'c0ffee'.padEnd(40, '0')
const pull: Target = {
  number: 12,
  title: 't',
  url: 'https://github.com/acme/app/pull/12',
  isPullRequest: true,
  head: 'docs/x',
  headSha: SHA,
  fork: false,
}
const preview = { deployment: 'preview' as const, branch: undefined }

/** A `pull_request` payload: the head in `acme/app`, or in `from`. */
function pullEvent(action: string, from = 'acme/app', name = 'pull_request') {
  return classifyEvent(
    name,
    {
      action,
      pull_request: {
        number: 12,
        html_url: 'https://github.com/acme/app/pull/12',
        head: { ref: 'docs/x', sha: SHA, repo: { full_name: from } },
        base: { ref: 'main', repo: { full_name: 'acme/app' } },
      },
    },
    same,
  )
}

describe('the pull request a run belongs to', () => {
  it('is the event’s pull request, with its head branch, commit, and whether it is a fork’s', () => {
    expect(eventPull(pullEvent('opened'))).toMatchObject({
      number: 12,
      head: 'docs/x',
      headSha: SHA,
      fork: false,
      closed: false,
    })
    expect(eventPull(pullEvent('synchronize', 'someone/app', 'pull_request_target'))).toMatchObject({ fork: true })
    expect(eventPull(pullEvent('closed'))).toMatchObject({ closed: true })
  })

  it('is a fork’s on doubt: a head or base repository without a name counts as a fork', () => {
    const event = (head: unknown, base: unknown) =>
      classifyEvent(
        'pull_request_target',
        {
          action: 'opened',
          pull_request: {
            number: 12,
            head: { ref: 'docs/x', sha: SHA, repo: head },
            base: { ref: 'main', repo: base },
          },
        },
        same,
      )
    expect(eventPull(event({}, { full_name: 'acme/app' }))).toMatchObject({ fork: true })
    expect(eventPull(event({ full_name: '' }, { full_name: 'acme/app' }))).toMatchObject({ fork: true })
    expect(eventPull(event(undefined, { full_name: 'acme/app' }))).toMatchObject({ fork: true })
    expect(eventPull(event({ full_name: 'acme/app' }, {}))).toMatchObject({ fork: true })
    expect(eventPull(event({ full_name: 'acme/app' }, { full_name: 'Acme/App' }))).toMatchObject({ fork: false })
  })

  it('is none for a push, a schedule, or an issue', () => {
    expect(eventPull(classifyEvent('push', { ref: 'refs/heads/main' }, same))).toBeUndefined()
    expect(eventPull(classifyEvent('issues', { action: 'opened', issue: { number: 3 } }, same))).toBeUndefined()
  })
})

describe('what to deploy', () => {
  it('the branch input first, whatever the event', () => {
    expect(planRun({ deployment: 'preview', branch: 'mine' }, pull, { GITHUB_REF_NAME: 'main' })).toEqual({
      kind: 'deploy',
      request: { kind: 'preview', branch: 'mine' },
      from: 'input',
      pull,
    })
  })

  it('else the pull request’s head branch', () => {
    expect(planRun(preview, pull, { GITHUB_REF_NAME: '12/merge' })).toEqual({
      kind: 'deploy',
      request: { kind: 'preview', branch: 'docs/x' },
      from: 'pull request',
      pull,
    })
  })

  it('else the branch the workflow runs on', () => {
    expect(planRun(preview, undefined, { GITHUB_REF_NAME: 'release', GITHUB_REF_TYPE: 'branch' })).toEqual({
      kind: 'deploy',
      request: { kind: 'preview', branch: 'release' },
      from: 'workflow',
    })
  })

  it('production takes no branch, and keeps the pull request for its comment', () => {
    expect(planRun({ deployment: 'production', branch: undefined }, pull, {})).toEqual({
      kind: 'deploy',
      request: { kind: 'production' },
      pull,
    })
    expect(planRun({ deployment: 'production', branch: undefined }, undefined, {})).toEqual({
      kind: 'deploy',
      request: { kind: 'production' },
    })
  })

  it('a fork’s pull request and a closed one deploy nothing', () => {
    expect(planRun(preview, { ...pull, fork: true }, {})).toEqual({ kind: 'fork', pull: { ...pull, fork: true } })
    expect(planRun(preview, { ...pull, closed: true }, {})).toMatchObject({ kind: 'closed' })
  })

  it('a fork’s open pull request deploys nothing, whatever `deployment` or `branch` say', () => {
    const fork = { ...pull, fork: true }
    for (const config of [
      { deployment: 'production' as const, branch: undefined },
      { ...preview, branch: 'main' },
    ])
      expect(planRun(config, fork, {})).toEqual({ kind: 'fork', pull: fork })
  })

  it('a closed pull request previews nothing, even with a `branch`, a fork’s or not', () => {
    for (const closed of [
      { ...pull, closed: true },
      { ...pull, fork: true, closed: true },
    ])
      expect(planRun({ ...preview, branch: 'main' }, closed, {})).toEqual({ kind: 'closed', pull: closed })
  })

  it('production on a closed pull request deploys: the deploy-after-merge workflow', () => {
    const merged = { ...pull, closed: true }
    expect(planRun({ deployment: 'production', branch: undefined }, merged, {})).toEqual({
      kind: 'deploy',
      request: { kind: 'production' },
      pull: merged,
    })
  })

  it.each([
    [
      undefined,
      { GITHUB_REF_NAME: 'v1.0.0', GITHUB_REF_TYPE: 'tag' },
      'Input `branch`: it is empty, and the run is on tag `v1.0.0`, not a branch.',
    ],
    [undefined, {}, 'Input `branch`: it is empty, and the run has no pull request and no branch (GITHUB_REF_NAME).'],
    [
      { ...pull, head: undefined },
      {},
      'Input `branch`: it is empty, and the head branch of pull request #12 is unknown.',
    ],
  ])('no branch to preview is bad input, before any request (%#)', (at, env, message) => {
    expect(() => planRun(preview, at, env)).toThrow(message)
  })
})
