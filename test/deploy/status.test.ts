import { describe, expect, it } from 'vitest'
import { finalKind, isFinal } from '../../src/deploy/status.js'

describe('the final-status rule', () => {
  it('only queued and in_progress are on their way; no status says nothing yet', () => {
    expect(isFinal('queued')).toBe(false)
    expect(isFinal('in_progress')).toBe(false)
    expect(isFinal('IN_PROGRESS')).toBe(false)
    expect(isFinal(undefined)).toBe(false)
    for (const status of ['success', 'failure', 'skipped', 'cancelled', 'in-progress', ''])
      expect(isFinal(status), status).toBe(true)
  })

  it('a final status counts as success, failure, or other (one the API does not document)', () => {
    expect(finalKind('success')).toBe('success')
    expect(finalKind('Failure')).toBe('failure')
    expect(finalKind('skipped')).toBe('other')
    expect(finalKind('errored')).toBe('other')
  })
})
