/** The API client's errors: what failed, in words, and what the user should check; whether asking again may help. */
import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, type Operation } from '../../src/api/errors.js'

describe('ApiError', () => {
  it.each([
    ['create', 'Creating the agent job'],
    ['get', 'Reading the agent job'],
    ['message', 'Sending the follow-up message'],
    ['visitors', 'Reading unique visitors'],
    ['views', 'Reading page views'],
    ['searches', 'Reading search terms'],
    ['assistant', 'Reading assistant conversations'],
    ['feedback', 'Reading feedback'],
  ] as const)('%s: "%s failed", then the status and the API text', (operation, doing) => {
    const err = new ApiError(operation, 400, 'Invalid query parameters')
    expect(err.failed).toBe(`${doing} failed: HTTP 400 (Invalid query parameters).`)
    expect(err.message).toBe(
      `${doing} failed: HTTP 400 (Invalid query parameters). The API refused the request as invalid; check the inputs named in its message.`,
    )
    expect(err.name).toBe('ApiError')
    expect(new ApiError(operation, 400, '').failed).toBe(`${doing} failed: HTTP 400.`)
  })

  it('a 403 names the scope the call needs', () => {
    const scope = (operation: Operation) => new ApiError(operation, 403, 'Forbidden').message
    expect(scope('create')).toContain(
      'it may lack the `write` scope (creating a job needs it), or have an IP allowlist',
    )
    expect(scope('message')).toContain('it may lack the `write` scope (sending a message needs it), or')
    for (const operation of ['get', 'visitors', 'views', 'searches', 'assistant', 'feedback'] as const)
      expect(scope(operation)).toContain('Check `api-key`: it may lack the `read` scope, or have an IP allowlist')
  })

  it('a 404 points at the job for job calls, at the project for the others', () => {
    for (const operation of ['get', 'message'] as const)
      expect(new ApiError(operation, 404, 'Not found').message).toMatch(
        /\. Check `job-id` and `project-id`: no such job in this project\.$/,
      )
    for (const operation of ['create', 'visitors', 'searches'] as const)
      expect(new ApiError(operation, 404, 'Not found').message).toMatch(
        /\. Check `project-id`: copy it from the API keys page of the Mintlify dashboard\.$/,
      )
  })

  it('server trouble says to re-run later; an answer of another status names the inputs to check', () => {
    expect(new ApiError('get', 500, 'oops').message).toBe(
      'Reading the agent job failed: HTTP 500 (oops). The Mintlify API had trouble on its side; re-run later.',
    )
    expect(new ApiError('get', 409, 'conflict').message).toBe(
      'Reading the agent job failed: HTTP 409 (conflict). Check `api-url`, `api-key` and `project-id`.',
    )
    expect(new ApiError('get', 200, 'not JSON', undefined, true).message).toBe(
      'Reading the agent job failed: HTTP 200 (not JSON). Check `api-url`: it must point at the Mintlify API (https://api.mintlify.com).',
    )
  })

  it('is worth asking again for a 429 or a 5xx only', () => {
    expect(new ApiError('get', 429, '').transient).toBe(true)
    expect(new ApiError('get', 500, '').transient).toBe(true)
    expect(new ApiError('get', 503, '').transient).toBe(true)
    expect(new ApiError('get', 499, '').transient).toBe(false)
    expect(new ApiError('get', 404, '').transient).toBe(false)
    expect(new ApiError('get', 429, '', 5000).retryAfterMs).toBe(5000)
  })
})

describe('NetworkError', () => {
  it('says what failed and why, is worth asking again, and tells a time limit from other trouble', () => {
    const err = new NetworkError('visitors', 'connection failed (ECONNRESET)')
    expect(err.failed).toBe('Reading unique visitors failed: connection failed (ECONNRESET).')
    expect(err.message.startsWith(err.failed)).toBe(true)
    expect(err.name).toBe('NetworkError')
    expect(err.transient).toBe(true)
    expect(err.timedOut).toBe(false)
    expect(new NetworkError('get', 'no answer within 30s', 'timeout').timedOut).toBe(true)
  })
})
