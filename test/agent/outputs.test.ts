/** The agent job's outputs, as later steps of a workflow read them. */
import { describe, expect, it } from 'vitest'
import { jobOutputs, prNumber } from '../../src/agent/outputs.js'

describe('jobOutputs', () => {
  it('names every output the interface lists, from the job as read', () => {
    expect(
      jobOutputs({
        id: 'job_1',
        status: 'completed',
        prLink: 'https://github.com/acme/docs/pull/101',
        model: 'claude',
        source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      }),
    ).toEqual({
      'job-id': 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/101',
      'pr-number': '101',
      model: 'claude',
      'source-repository': 'https://github.com/acme/docs',
      'source-ref': 'main',
    })
  })

  it('writes an empty value for what the job does not have yet', () => {
    expect(jobOutputs({ id: 'job_2' })).toEqual({
      'job-id': 'job_2',
      status: '',
      prLink: '',
      'pr-number': '',
      model: '',
      'source-repository': '',
      'source-ref': '',
    })
  })
})

describe('prNumber', () => {
  it.each([
    ['https://github.com/acme/docs/pull/7', '7'],
    ['https://github.com/acme/docs/pull/7/', '7'],
    ['https://api.github.com/repos/acme/docs/pulls/8', '8'],
    ['https://gitlab.com/acme/docs/-/merge_requests/45?tab=diffs', '45'],
    ['https://github.com/acme/docs/pull/7#discussion', '7'],
    ['https://github.com/acme/docs/pull/7/files', ''],
    ['https://github.com/acme/docs/pull/7x', ''],
    ['', ''],
  ])('%s → %j', (link, n) => {
    expect(prNumber(link)).toBe(n)
  })
})
