import { describe, expect, it } from 'vitest'
import {
  cappedReply,
  conversationJob,
  markerOf,
  markersIn,
  markersOf,
  replyTo,
  sentRequests,
} from '../../../src/agent/github/marker.js'
import { BOT, PERSON, threadComment } from '../../helpers/fakes.js'

const bot = BOT
/** The account the action writes as: the stand-in's bot. */
const ME = BOT.login
const person = PERSON
/** Another automation of the repository, one that quotes comments. */
const quoter = { login: 'quote-bot[bot]', type: 'Bot' }
const comment = threadComment

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

  it('any id the API may give reads back exactly, and the marker stays one hidden comment on one line', () => {
    const ids = [
      'job 1',
      'a/b',
      'a?b#c',
      '100%',
      'jöb-日本-🚀',
      '.',
      '..',
      'x-->y',
      '--!>',
      'a\nb\r\u2028c',
      'j'.repeat(1024),
    ]
    for (const id of ids) {
      const marker = markerOf(id, 7)
      expect(marker).toMatch(/^<!-- mintlify-agent job=[A-Za-z0-9%._~!*'()-]+ request=7 -->$/)
      expect(marker.indexOf('>')).toBe(marker.length - 1)
      expect(markersOf(`Done.\n\n${marker}`)).toEqual([{ jobId: id, requestId: 7 }])
    }
  })

  it('names the request it answers, with or without the job', () => {
    expect(markerOf('job_1', 1234)).toBe('<!-- mintlify-agent job=job_1 request=1234 -->')
    expect(markerOf(undefined, 1234)).toBe('<!-- mintlify-agent request=1234 -->')
    expect(markerOf(undefined)).toBe('<!-- mintlify-agent -->')
    expect(markersOf(`Working on it.\n\n${markerOf('job_1', 1234)}`)).toEqual([{ jobId: 'job_1', requestId: 1234 }])
    expect(markersOf(`Working on it.\n\n${markerOf(undefined, 56)}\n`)).toEqual([{ requestId: 56 }])
    expect(markersIn(markerOf(undefined, 56))).toEqual([])
  })

  it('a marker naming nothing, a request that is not a number, or a malformed job id names nothing', () => {
    expect(markersOf('<!-- mintlify-agent -->')).toEqual([])
    expect(markersOf('<!-- mintlify-agent request=abc -->')).toEqual([])
    expect(markersOf('<!-- mintlify-agent job=%E0%A4%A request=5 -->')).toEqual([])
  })

  it('ignores what is not a marker of ours', () => {
    expect(
      markersIn('<!-- mintlify-agent job= -->, <!-- other job=x -->, <!-- mintlify-agent job=%E0%A4%A -->'),
    ).toEqual([])
  })
})

describe('the marker of a run that `conversation` named, and of a capped reply', () => {
  it('names the workflow run instead of a comment, and reads back', () => {
    expect(markerOf('job_1', { runId: '9876543210' })).toBe('<!-- mintlify-agent job=job_1 run=9876543210 -->')
    expect(markersOf(`Done.\n\n${markerOf('job_1', { runId: '42' })}`)).toEqual([{ jobId: 'job_1', runId: '42' }])
    expect(markersOf(markerOf(undefined, { runId: '42' }))).toEqual([{ runId: '42' }])
  })

  it('a capped reply names the request and no job, and ends with `capped`', () => {
    expect(markerOf(undefined, { runId: '42' }, true)).toBe('<!-- mintlify-agent run=42 capped -->')
    expect(markerOf(undefined, 77, true)).toBe('<!-- mintlify-agent request=77 capped -->')
    expect(markersOf(`Limit.\n\n${markerOf(undefined, 77, true)}`)).toEqual([{ requestId: 77, capped: true }])
    expect(markersIn(markerOf(undefined, 77, true))).toEqual([])
  })

  it('a reply whose create may have gone through names the request and no job, and ends with `maybe-job`', () => {
    expect(markerOf(undefined, 77, false, true)).toBe('<!-- mintlify-agent request=77 maybe-job -->')
    expect(markerOf(undefined, { runId: '42' }, false, true)).toBe('<!-- mintlify-agent run=42 maybe-job -->')
    expect(markerOf('job_1', 77, false, true)).toBe('<!-- mintlify-agent job=job_1 request=77 -->') // a job known
    expect(markersOf(`Error.\n\n${markerOf(undefined, 77, false, true)}`)).toEqual([{ requestId: 77, maybeJob: true }])
    expect(markersIn(markerOf(undefined, 77, false, true))).toEqual([])
    expect(replyTo([comment(markerOf(undefined, 77, false, true))], 77, ME)?.maybeJob).toBe(true)
  })

  it('markers already posted read as before', () => {
    expect(markersOf('Done.\n\n<!-- mintlify-agent job=job_1 request=5 -->')).toEqual([
      { jobId: 'job_1', requestId: 5 },
    ])
    expect(markersOf('Done.\n\n<!-- mintlify-agent job=job_1 -->')).toEqual([{ jobId: 'job_1' }])
    expect(markersOf('<!-- mintlify-agent request=5 -->')).toEqual([{ requestId: 5 }])
  })

  it('a run id that is not a number, or `capped` alone, names nothing', () => {
    expect(markersOf('<!-- mintlify-agent run=abc -->')).toEqual([])
    expect(markersOf('<!-- mintlify-agent capped -->')).toEqual([])
  })

  it("a run's reply is found by its run id, not by a comment id that happens to be the same number", () => {
    const byComment = comment(markerOf('job_c', 42))
    const byRun = comment(markerOf('job_r', { runId: '42' }))
    expect(replyTo([byComment, byRun], { runId: '42' }, ME)).toEqual({ comment: byRun, jobId: 'job_r' })
    expect(replyTo([byRun, byComment], 42, ME)).toEqual({ comment: byComment, jobId: 'job_c' })
    expect(replyTo([byComment], { runId: '42' }, ME)).toBeUndefined()
  })
})

describe('the requests a conversation sent (`max-requests`)', () => {
  it("counts the replies of the action's own account that name a job, whichever request they answer", () => {
    const thread = [
      comment(markerOf('job_1', 501)),
      comment(markerOf('job_1', { runId: '8' })),
      comment('<!-- mintlify-agent job=job_1 request=502 -->'), // posted before this release: it counts too
    ]
    expect(sentRequests(thread, ME)).toBe(3)
  })

  it('counts a reply whose create may have gone through: an unknown count is never taken as zero', () => {
    expect(sentRequests([comment(markerOf(undefined, 503, false, true))], ME)).toBe(1)
    expect(sentRequests([comment(markerOf(undefined, { runId: '9' }, false, true))], ME)).toBe(1)
    expect(sentRequests([comment(markerOf(undefined, 503, false, true), quoter)], ME)).toBe(0)
  })

  it('not a reply that sent nothing, a capped reply, the comment on the pull request, a person’s or another bot’s', () => {
    const thread = [
      comment(markerOf(undefined, 503)),
      comment(markerOf(undefined, { runId: '9' }, true)),
      comment(markerOf('job_1')),
      comment(markerOf('job_1', 504), person),
      comment(markerOf('job_1', 505), quoter),
      comment(`Quoted: ${markerOf('job_1', 506)}`),
    ]
    expect(sentRequests(thread, ME)).toBe(0)
    expect(sentRequests([comment(markerOf('job_1', 501))], undefined)).toBe(0)
  })
})

describe('the capped reply a later capped run edits', () => {
  it('is the newest reply of ours, when it is a capped one', () => {
    const sent = comment(markerOf('job_1', 501))
    const capped = comment(markerOf(undefined, 502, true))
    expect(cappedReply([sent, capped], ME)).toBe(capped)
    expect(cappedReply([capped, comment('Thanks!'), comment(markerOf('job_1'))], ME)).toBe(capped) // not replies
  })

  it('none when a request was sent since, or the capped reply is not ours', () => {
    const capped = comment(markerOf(undefined, 502, true))
    expect(cappedReply([capped, comment(markerOf('job_1', { runId: '3' }))], ME)).toBeUndefined()
    expect(cappedReply([capped, comment(markerOf(undefined, 503))], ME)).toBeUndefined()
    expect(cappedReply([comment(markerOf(undefined, 502, true), quoter)], ME)).toBeUndefined()
    expect(cappedReply([], ME)).toBeUndefined()
  })
})

describe('the job a conversation already has', () => {
  it('is not known when the newest comment of ours says a job may have been created', () => {
    const older = comment(markerOf('job_old', 1))
    const unclear = comment(markerOf(undefined, 2, false, true))
    expect(conversationJob([older, unclear], ME)).toEqual({ comment: unclear })
    expect(conversationJob([unclear, older], ME)).toEqual({ comment: unclear })
    expect(conversationJob([older, comment(markerOf(undefined, 3))], ME)?.jobId).toBe('job_old') // sent nothing
  })

  it('is the closing marker of the newest comment of ours', () => {
    const older = comment(markerOf('job_old'))
    const newer = comment(`${markerOf('job_a')} then\n\n${markerOf('job_b')}`)
    expect(conversationJob([newer, older], ME)).toEqual({ jobId: 'job_b', comment: newer })
  })

  it('reads only the marker a comment closes with, on its own line after a blank one: not one quoted or inline', () => {
    // An automation that quotes comments with the same token writes as the same account as this action.
    for (const body of [
      `Thanks! You wrote:\n> see ${markerOf('job_elsewhere')}`,
      `Thanks! You wrote:\n>\n> ${markerOf('job_elsewhere')}`,
      `You wrote: ${markerOf('job_elsewhere')}`,
      `${markerOf('job_elsewhere')}\n\nand more text`,
    ]) {
      expect(markersOf(body), body).toEqual([])
      expect(conversationJob([comment(body)], ME), body).toBeUndefined()
    }
    expect(markersOf(`Done.\n\n${markerOf('job_1')}`)).toEqual([{ jobId: 'job_1' }])
  })

  it('ignores markers written by people, and comments without one', () => {
    const real = comment(markerOf('job_real'))
    const pasted = comment(markerOf('job_pasted'), person)
    const plain = comment('Working on it…')
    expect(conversationJob([real, pasted, plain], ME)?.jobId).toBe('job_real')
    expect(conversationJob([pasted, plain], ME)).toBeUndefined()
  })

  it('orders by creation time, not by id or place in the list', () => {
    const older = { ...comment(markerOf('job_older'), bot, '2026-01-01T00:00:00Z'), id: 900 }
    const newer = { ...comment(markerOf('job_newer'), bot, '2026-02-01T00:00:00Z'), id: 100 }
    expect(conversationJob([older, newer], ME)?.jobId).toBe('job_newer')
    expect(conversationJob([newer, older], ME)?.jobId).toBe('job_newer')
  })

  it('at the same time, or without a readable time, the higher id is the newer', () => {
    const high = { ...comment(markerOf('job_high'), bot, '2026-03-01T00:00:00Z'), id: 900 }
    const low = { ...comment(markerOf('job_low'), bot, '2026-03-01T00:00:00Z'), id: 100 }
    expect(conversationJob([high, low], ME)?.jobId).toBe('job_high')
    expect(conversationJob([low, high], ME)?.jobId).toBe('job_high')
    const undated = { ...high, createdAt: '' }
    expect(conversationJob([undated, { ...low, createdAt: '2099-01-01T00:00:00Z' }], ME)?.jobId).toBe('job_high')
  })

  it('orders by creation time across issue and review comments, then by id', () => {
    const late = { ...comment(markerOf('job_late'), bot, '2026-02-01T00:00:00Z'), review: true }
    const early = comment(markerOf('job_early'), bot, '2026-01-01T00:00:00Z')
    expect(conversationJob([late, early], ME)?.jobId).toBe('job_late')
    const sameTime = [
      comment(markerOf('job_x'), bot, '2026-03-01T00:00:00Z'),
      comment(markerOf('job_y'), bot, '2026-03-01T00:00:00Z'),
    ]
    expect(conversationJob(sameTime, ME)?.jobId).toBe('job_y')
  })
})

describe('the reply an earlier attempt wrote for a request', () => {
  it("is the bot's comment whose marker names the request, with the job it names", () => {
    const other = comment(markerOf('job_9', 76))
    const reply = comment(`Working.\n\n${markerOf('job_1', 77)}`)
    const later = comment(markerOf('job_2', 77))
    expect(replyTo([other, reply, later], 77, ME)).toEqual({ comment: reply, jobId: 'job_1' })
    const unnamed = comment(markerOf(undefined, 78))
    expect(replyTo([unnamed], 78, ME)).toEqual({ comment: unnamed, jobId: undefined })
    expect(replyTo([other, reply], 79, ME)).toBeUndefined()
  })

  it("is never a person's comment, whatever marker it holds", () => {
    const pasted = comment(markerOf('job_evil', 77), person)
    expect(replyTo([pasted], 77, ME)).toBeUndefined()
    const real = comment(markerOf('job_1', 77))
    expect(replyTo([pasted, real], 77, ME)).toEqual({ comment: real, jobId: 'job_1' })
  })
})

describe('whose markers count', () => {
  it("another bot's marker names no job of the conversation; the action's own older one still does", () => {
    const ours = comment(markerOf('job_ours'))
    const echoed = comment(`Quoted:\n\n${markerOf('job_elsewhere')}`, quoter)
    expect(conversationJob([ours, echoed], ME)?.jobId).toBe('job_ours')
    expect(conversationJob([echoed], ME)).toBeUndefined()
    expect(conversationJob([ours, echoed], quoter.login)?.jobId).toBe('job_elsewhere')
  })

  it("another bot's comment naming the request is not the earlier reply; the action's own is", () => {
    const echoed = comment(markerOf('job_evil', 77), quoter)
    const ours = comment(markerOf('job_1', 77))
    expect(replyTo([echoed], 77, ME)).toBeUndefined()
    expect(replyTo([echoed, ours], 77, ME)).toEqual({ comment: ours, jobId: 'job_1' })
    expect(replyTo([echoed, ours], 77, undefined)).toBeUndefined()
  })
})
