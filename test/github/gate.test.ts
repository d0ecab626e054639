import { describe, expect, it } from 'vitest'
import { type CommentEvent, classifyEvent } from '../../src/github/event.js'
import { gateCommenter, permissionCheckFailed } from '../../src/github/gate.js'
import { BOT, fakeGitHub, PERSON } from '../helpers/fakes.js'

const comment = (user: { login: string; type: string }) =>
  classifyEvent(
    'issue_comment',
    { action: 'created', comment: { id: 1, body: '/preview', user }, issue: { number: 12, pull_request: {} } },
    (t) => t,
  ) as CommentEvent

describe('the commenter gate', () => {
  it('a bot is turned away before any request', async () => {
    const { calls, github } = fakeGitHub()
    expect(await gateCommenter(comment(BOT), github)).toEqual({
      kind: 'skip',
      reason: '@github-actions[bot] is a bot; comments by bots do not trigger a run.',
    })
    expect(calls).toEqual([])
  })

  it('a writer goes on; someone with read permission, or none, is turned away', async () => {
    const writer = fakeGitHub({ role: async () => 'maintain' })
    expect(await gateCommenter(comment(PERSON), writer.github)).toMatchObject({
      kind: 'allowed',
      reason: '@writer has maintain permission.',
    })
    const reader = fakeGitHub({ role: async () => 'read' })
    expect(await gateCommenter(comment(PERSON), reader.github)).toMatchObject({ kind: 'skip' })
    const stranger = fakeGitHub({ role: async () => undefined })
    expect(await gateCommenter(comment(PERSON), stranger.github)).toMatchObject({
      kind: 'skip',
      reason: expect.stringContaining('@writer has no permission on the repository'),
    })
  })

  it('a permission check that fails refuses: never a run on doubt', async () => {
    const failing = fakeGitHub({
      role: async () => {
        throw new Error("Checking @writer's permission failed: no answer within 10s")
      },
    })
    const gate = await gateCommenter(comment(PERSON), failing.github)
    expect(gate.kind).toBe('refuse')
    expect(permissionCheckFailed((gate as { error: Error }).error, 'No preview was asked for')).toBe(
      "No preview was asked for: Checking @writer's permission failed: no answer within 10s. Re-run the workflow; if this happens again, check that `github-token` may read the repository (the workflow token can) and that the GitHub API answers.",
    )
  })
})
