/** The step's outputs and the verdicts the gaps action reports. */
import { describe, expect, it } from 'vitest'
import { UndecidedIssue } from '../../src/gaps/issue.js'
import { failedVerdict, foundVerdict, gapsOutputs, issueVerdict } from '../../src/gaps/outcome.js'
import { issueBody } from '../../src/gaps/worklist.js'
import { Cancelled } from '../../src/runner/cancel.js'
import { found } from './fixtures.js'

const incomplete = { sections: {}, requests: 1, retries: {}, complete: false }

describe('gapsOutputs', () => {
  it('sets exactly the outputs the interface names, as strings (issue-url empty until an issue is kept)', () => {
    expect(gapsOutputs(found(), { data: '/ws/d.json', worklist: '/ws/w.md', prompt: '/ws/p.md' })).toEqual({
      searches: '1',
      unanswered: '1',
      pages: '1',
      items: '3',
      complete: 'true',
      requests: '4',
      file: '/ws/d.json',
      worklist: '/ws/w.md',
      'prompt-file': '/ws/p.md',
      'issue-url': '',
      'issue-number': '',
      new: '',
      gone: '',
    })
  })

  it('with the issue kept: its URL and number, how many items are new and how many gone', () => {
    const first = issueBody(found({ searches: [{ term: 'sso', hits: 2 }] }), '', { today: '2026-11-17' })
    const { since } = issueBody(found(), first.body, { today: '2026-11-24' })
    const files = { data: 'd', worklist: 'w' }
    expect(
      gapsOutputs(found({ since }), files, { url: 'https://github.com/acme/app/issues/7', number: 7 }),
    ).toMatchObject({
      'issue-url': 'https://github.com/acme/app/issues/7',
      'issue-number': '7',
      new: '1',
      gone: '1',
    })
    // What changed is said only of an issue that was kept.
    expect(gapsOutputs(found({ since }), files)).toMatchObject({ 'issue-number': '', new: '', gone: '' })
  })

  it('has an empty prompt-file when no prompt was written, and complete false when cut', () => {
    const out = gapsOutputs(found({ read: incomplete, searches: [], unansweredCount: 0, unanswered: [], pages: [] }), {
      data: 'd',
      worklist: 'w',
    })
    expect(out).toMatchObject({ items: '0', complete: 'false', requests: '1', 'prompt-file': '' })
  })
})

describe('verdicts', () => {
  it('complete: a notice with the counts, the window and the cost', () => {
    expect(foundVerdict(found())).toEqual({
      title: '3 found',
      emoji: '🔎',
      message:
        'Found 3 gaps, 2026-11-17 to 2026-11-23: 1 search with no click, 1 unanswered question, 1 reported page (4 requests).',
      level: 'notice',
      fail: false,
    })
    const none = foundVerdict(found({ searches: [], unanswered: [], unansweredCount: 0, pages: [] }))
    expect(none).toMatchObject({ title: 'no gaps found', level: 'notice', fail: false })
    expect(none.message).toBe('No gaps found, 2026-11-17 to 2026-11-23 (every section read; 4 requests).')
  })

  it('incomplete: a warning that says so, not a failure', () => {
    const v = foundVerdict(found({ read: incomplete, searches: [], pages: [] }))
    expect(v).toMatchObject({ title: 'read in part', level: 'warning', fail: false })
    expect(v.message).toBe(
      'Read in part, 2026-11-17 to 2026-11-23: 0 searches with no click, 1 unanswered question, 0 reported pages in what was read (not every section was read to its end, see the warning above; 1 request).',
    )
  })

  it('an issue failure fails the step, naming issues: write and that the files were written', () => {
    for (const status of [401, 403, 404, 422, undefined]) {
      const v = issueVerdict(Object.assign(new Error('Updating issue #3 failed: HTTP x'), { status }))
      expect(v).toMatchObject({ level: 'error', fail: true, title: 'issue not updated' })
      expect(v.message).toContain('issues: write')
      expect(v.message).toMatch(/^Updating issue #3 failed: HTTP x\. /)
      expect(v.message).toMatch(/The files, outputs and summary were written\.$/)
    }
    expect(issueVerdict(Object.assign(new Error('x'), { status: 403 })).message).toContain('Give the workflow')
    expect(issueVerdict(Object.assign(new Error('x'), { status: 410 })).message).toContain('issues are enabled')
  })

  it('a failed read is an error; a cancelled one is the cancellation', () => {
    expect(failedVerdict(new Error('Reading feedback failed.'))).toMatchObject({
      level: 'error',
      fail: true,
      message: 'Reading feedback failed.',
    })
    const v = failedVerdict(new Cancelled('SIGTERM'))
    expect(v).toMatchObject({ title: 'Cancelled', exitCode: 143, message: 'Cancelled (SIGTERM); no file was written.' })
  })

  it('an issue that cannot be told ours or not: the reason, without a permission hint that would mislead', () => {
    const cause = new Error('Finding the account the token writes as failed: HTTP 403 (Forbidden).')
    const v = issueVerdict(
      new UndecidedIssue({ number: 5, body: '', author: { login: 'writer', type: 'User' }, url: '' }, cause),
    )
    expect(v).toMatchObject({ fail: true, level: 'error' })
    expect(v.message).toContain('whether issue #5')
    expect(v.message).not.toContain('issues: write')
    expect(v.message).toMatch(/The files, outputs and summary were written\.$/)
  })
})
