import { describe, expect, it } from 'vitest'
import { pullOfRepository, TrackingReply } from '../../src/agent/conversation.js'
import type { GitHubApi, PostedComment } from '../../src/agent/github/client.js'
import { markerOf } from '../../src/agent/github/marker.js'
import { createRedactor } from '../../src/log.js'
import { memoryLog } from '../helpers/fakes.js'

const target = { number: 12, title: 'T', url: 'https://github.com/acme/app/issues/12', isPullRequest: false }

function fakeGitHub(failPost = false) {
  const calls: string[] = []
  const posted: PostedComment = { id: 5, url: 'https://github.com/acme/app/issues/12#issuecomment-5', review: false }
  const gh: Partial<GitHubApi> = {
    comment: async (_t, body) => {
      calls.push(`post ${body}`)
      if (failPost) throw Object.assign(new Error('Commenting failed: HTTP 403'), { status: 403 })
      return posted
    },
    editComment: async (_c, body) => {
      calls.push(`edit ${body}`)
    },
  }
  return { calls, github: async () => gh as GitHubApi }
}

describe('the tracking reply', () => {
  it('is posted once, then only edited; edits close together are sent as one, with the newest text', async () => {
    const { calls, github } = fakeGitHub()
    const reply = new TrackingReply(github, { target }, 77, memoryLog(), createRedactor([]))
    expect(await reply.open()).toBe('https://github.com/acme/app/issues/12#issuecomment-5')
    expect(calls[0]).toContain(markerOf(undefined, 77)) // the request is named from the first post on
    reply.explain('Sent as a follow-up.')
    reply.nameJob('job_1')
    await new Promise((resolve) => setTimeout(resolve, 0)) // the named-job edit goes out
    reply.nameJob('job_1') // already named: no second edit
    await reply.close('Done.')
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['post', 'edit', 'edit'])
    expect(calls[1]).toContain(`Sent as a follow-up.\n\n${markerOf('job_1', 77)}`)
    expect(calls[2]).toBe(`edit Done.\n\nSent as a follow-up.\n\n${markerOf('job_1', 77)}`)
    reply.nameJob('job_2')
    await reply.close('Later.')
    expect(calls.at(-1)).toBe(`edit Later.\n\nSent as a follow-up.\n\n${markerOf('job_2', 77)}`)
    expect(calls).toHaveLength(4) // the name and the outcome, sent together: one edit
  })

  it('that could not be posted is never posted again, nor edited', async () => {
    const { calls, github } = fakeGitHub(true)
    const log = memoryLog()
    const reply = new TrackingReply(github, { target }, 77, log, createRedactor([]))
    expect(await reply.open()).toBeUndefined()
    reply.nameJob('job_1')
    await reply.close('Done.')
    expect(calls.filter((c) => c.startsWith('post'))).toHaveLength(1)
    expect(calls.filter((c) => c.startsWith('edit'))).toHaveLength(0)
    expect(log.text('warning')).toContain('Could not reply: Commenting failed: HTTP 403')
  })
})

describe("the agent's own pull request", () => {
  it.each([
    ['https://github.com/acme/app/pull/31', 31],
    ['https://GitHub.com/Acme/App/pull/31/files', 31],
    ['https://github.com/acme/docs/pull/31', undefined],
    ['https://github.com/acme/app-docs/pull/31', undefined],
    ['https://github.com/acme/app/issues/31', undefined],
    ['https://evil.example/acme/app/pull/31', undefined],
  ])('%s is pull request %s of acme/app', (link, number) => {
    expect(pullOfRepository(link, 'https://github.com', 'acme/app')).toBe(number)
  })
})
