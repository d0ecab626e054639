import { describe, expect, it } from 'vitest'
import { conversationJob, markerOf, markersIn, type ThreadComment } from '../../../src/agent/github/marker.js'

const bot = { login: 'github-actions[bot]', type: 'Bot' }
const person = { login: 'writer', type: 'User' }
let id = 0
const comment = (
  body: string,
  author = bot,
  createdAt = `2026-01-01T00:00:${String(id).padStart(2, '0')}Z`,
): ThreadComment => ({
  id: ++id,
  url: `https://github.com/acme/app/issues/12#issuecomment-${id}`,
  body,
  author,
  createdAt,
  review: false,
})

describe('the job marker', () => {
  it('names the job in a hidden HTML comment, and reads back', () => {
    expect(markerOf('job_1')).toBe('<!-- mintlify-agent job=job_1 -->')
    expect(markersIn(`Done.\n\n${markerOf('job_1')}`)).toEqual(['job_1'])
  })

  it('encodes an id that could end the comment early', () => {
    const marker = markerOf('a-->b <x>')
    expect(marker).toBe('<!-- mintlify-agent job=a--%3Eb%20%3Cx%3E -->')
    expect(marker.indexOf('-->')).toBe(marker.length - 3)
    expect(markersIn(marker)).toEqual(['a-->b <x>'])
  })

  it('ignores what is not a marker of ours', () => {
    expect(
      markersIn('<!-- mintlify-agent job= -->, <!-- other job=x -->, <!-- mintlify-agent job=%E0%A4%A -->'),
    ).toEqual([])
  })
})

describe('the job a conversation already has', () => {
  it('is the last marker of the newest bot comment', () => {
    const older = comment(markerOf('job_old'))
    const newer = comment(`${markerOf('job_a')} then ${markerOf('job_b')}`)
    expect(conversationJob([newer, older])).toEqual({ jobId: 'job_b', comment: newer })
  })

  it('ignores markers written by people, and comments without one', () => {
    const real = comment(markerOf('job_real'))
    const pasted = comment(markerOf('job_pasted'), person)
    const plain = comment('Working on it…')
    expect(conversationJob([real, pasted, plain])?.jobId).toBe('job_real')
    expect(conversationJob([pasted, plain])).toBeUndefined()
  })

  it('orders by creation time across issue and review comments, then by id', () => {
    const late = { ...comment(markerOf('job_late'), bot, '2026-02-01T00:00:00Z'), review: true }
    const early = comment(markerOf('job_early'), bot, '2026-01-01T00:00:00Z')
    expect(conversationJob([late, early])?.jobId).toBe('job_late')
    const sameTime = [
      comment(markerOf('job_x'), bot, '2026-03-01T00:00:00Z'),
      comment(markerOf('job_y'), bot, '2026-03-01T00:00:00Z'),
    ]
    expect(conversationJob(sameTime)?.jobId).toBe('job_y')
  })
})
