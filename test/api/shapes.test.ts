import { describe, expect, it } from 'vitest'
import { ERROR_TEXT_MAX, errorText, FIELD_MAX, jobIdProblem, toAgentJob, toVisitorsPage } from '../../src/api/shapes.js'
import type { VisitorRow } from '../../src/api/types.js'

const totals = { human: 7, ai: 2, total: 8 }
const row = (i: number): VisitorRow => ({ path: `/p/${i}`, human: i, ai: 0, total: i })
const problem = (shaped: { ok: boolean; problem?: string }) => (shaped.ok ? undefined : shaped.problem)

describe('agent job answers', () => {
  it('keeps the documented fields and compares the status case-insensitively', () => {
    const shaped = toAgentJob({
      id: 'job_1',
      status: 'COMPLETED',
      prLink: 'https://github.com/o/r/pull/1',
      source: { repository: 'https://github.com/o/r', ref: null },
      model: 'm',
      createdAt: '2026-01-01T00:00:00Z',
      archivedAt: null,
      extra: 'ignored',
    })
    expect(shaped).toEqual({
      ok: true,
      value: {
        id: 'job_1',
        status: 'completed',
        prLink: 'https://github.com/o/r/pull/1',
        source: { repository: 'https://github.com/o/r', ref: null },
        model: 'm',
        createdAt: '2026-01-01T00:00:00Z',
        archivedAt: null,
      },
    })
    expect(toAgentJob({ id: 'j', status: 'Queued' })).toEqual({ ok: true, value: { id: 'j', status: 'Queued' } })
  })

  it.each([
    [{}, '`id` is missing'],
    [{ id: 7 }, '`id` is 7'],
    [{ id: '' }, '`id` is empty'],
    [{ id: 'job_\ud800' }, '`id` holds a lone UTF-16 surrogate, which no URL can carry'],
    [{ id: 'x'.repeat(FIELD_MAX.id + 1) }, '`id` is longer than 1,024 characters'],
    [{ id: 'j', status: 3 }, '`status` is 3, not a string'],
    [{ id: 'j', prLink: { href: 'x' } }, '`prLink` is an object, not a string'],
    [{ id: 'j', source: 'github' }, '`source` is "github", not an object'],
    [{ id: 'j', source: { ref: 1 } }, '`source.ref` is 1, not a string'],
    [{ id: 'j', source: { repository: 5 } }, '`source.repository` is 5, not a string'],
    [{ id: 'j', status: true }, '`status` is a boolean, not a string'],
    [[1], 'the answer is a list, not a JSON object'],
  ])('a create answer %j is refused: %s', (value, message) => {
    expect(problem(toAgentJob(value))).toBe(message)
  })

  it("a read keeps the id it asked for; an answer's odd id is still refused", () => {
    expect(toAgentJob({ status: 'active' }, 'job_1')).toEqual({ ok: true, value: { id: 'job_1', status: 'active' } })
    expect(toAgentJob({ id: 'other', status: 'active' }, 'job_1')).toEqual({
      ok: true,
      value: { id: 'job_1', status: 'active' },
    })
    expect(problem(toAgentJob({ id: '' }, 'job_1'))).toBe('`id` is empty')
  })

  it('cuts huge fields at receipt, so no later layer sees them whole', () => {
    const shaped = toAgentJob({
      id: 'j',
      status: 's'.repeat(10_000),
      model: 'm'.repeat(1_000_000),
      prLink: 'h'.repeat(1e5),
    })
    if (!shaped.ok) throw new Error(shaped.problem)
    expect(shaped.value.status).toHaveLength(FIELD_MAX.status)
    expect(shaped.value.model).toHaveLength(FIELD_MAX.text)
    expect(shaped.value.prLink).toHaveLength(FIELD_MAX.url)
    expect(shaped.value.model?.endsWith('…')).toBe(true)
  })

  it('job ids: any non-empty string up to 1,024 characters passes, as the API types it', () => {
    expect(FIELD_MAX.id).toBe(1024)
    const ids = ['job_1', 'a.b', '...', '.a', 'x/y', 'a b', ' ', 'a\nb', 'x-->y', '%', '?#', 'jöb 日本 🚀']
    for (const id of [...ids, 'x'.repeat(FIELD_MAX.id)]) {
      expect(jobIdProblem(id)).toBeUndefined()
      expect(toAgentJob({ id, status: 'active' })).toEqual({ ok: true, value: { id, status: 'active' } })
    }
  })

  it('job ids "." and "..", which a server may read as a step up the path however encoded, are refused', () => {
    expect(jobIdProblem('.')).toBe('is ".", which a server may read as a path step')
    expect(jobIdProblem('..')).toBe('is "..", which a server may read as a path step')
    expect(toAgentJob({ id: '..', status: 'active' }).ok).toBe(false)
  })

  it('a known status in capitals is the known status; absent or null fields stay absent', () => {
    expect(toAgentJob({ id: 'j', status: 'ACTIVE' })).toStrictEqual({ ok: true, value: { id: 'j', status: 'active' } })
    expect(toAgentJob({ id: 'j', model: null, source: null })).toStrictEqual({ ok: true, value: { id: 'j' } })
    expect(toAgentJob({ id: 'j', source: { ref: 'main' } })).toStrictEqual({
      ok: true,
      value: { id: 'j', source: { ref: 'main' } },
    })
    expect(toAgentJob({ id: 'j', source: { repository: 'https://github.com/o/r' } })).toStrictEqual({
      ok: true,
      value: { id: 'j', source: { repository: 'https://github.com/o/r' } },
    })
  })
})

describe('visitors pages', () => {
  it('accepts the documented shape, any finite counts included', () => {
    const rows = [row(1), { path: '', human: -3, ai: 1.5, total: 1e308 }]
    expect(toVisitorsPage({ totals, visitors: rows, hasMore: false })).toEqual({
      ok: true,
      value: { totals, rows, hasMore: false },
    })
  })

  it.each([
    [
      { totals, visitors: [{ path: '/x', human: 1 }], hasMore: false },
      '`visitors[0].ai` is missing, not a finite number',
    ],
    [
      { totals, visitors: [row(1), { path: 5, human: 1, ai: 1, total: 1 }], hasMore: false },
      '`visitors[1].path` is 5, not a string',
    ],
    [
      { totals, visitors: [{ path: '/x', human: '12', ai: 1, total: 1 }], hasMore: false },
      '`visitors[0].human` is "12", not a finite number',
    ],
    [
      { totals, visitors: [{ path: '/x', human: Infinity, ai: 1, total: 1 }], hasMore: false },
      '`visitors[0].human` is Infinity, not a finite number',
    ],
    [{ totals: {}, visitors: [], hasMore: false }, '`totals.human` is missing, not a finite number'],
    [{ visitors: [], hasMore: false }, '`totals` is missing'],
    [{ totals, visitors: [] }, '`hasMore` is missing, not true or false'],
    [{ totals, visitors: [], hasMore: 'false' }, '`hasMore` is "false", not true or false'],
    [{ totals, visitors: [], hasMore: 1 }, '`hasMore` is 1, not true or false'],
    [{ totals, visitors: [], hasMore: null }, '`hasMore` is null, not true or false'],
    [{ totals, visitors: {}, hasMore: false }, '`visitors` is an object, not a list'],
    [{ totals, visitors: [null], hasMore: false }, '`visitors[0]` is null, not an object'],
    [
      { totals, visitors: [{ human: 1, ai: 1, total: 1 }], hasMore: false },
      '`visitors[0].path` is missing, not a string',
    ],
    [{ totals, hasMore: false }, '`visitors` is missing, not a list'],
    [{ totals: 5, visitors: [], hasMore: false }, '`totals` is 5'],
    [[], 'the answer is a list, not a JSON object'],
    [null, 'the answer is null, not a JSON object'],
  ])('%j is refused: %s', (value, message) => {
    expect(problem(toVisitorsPage(value))).toBe(message)
  })
})

describe('API error texts', () => {
  it('joins the analytics error details into the error text', () => {
    expect(errorText({ error: 'Invalid query', details: [{ message: 'limit must be <= 250' }] })).toBe(
      'Invalid query; limit must be <= 250',
    )
    expect(errorText('<html>')).toBeUndefined()
  })

  it('shows the first ten messages of details and how many more there are, skipping what is not a message', () => {
    const details = (n: number) => Array.from({ length: n }, (_, i) => ({ message: `m${i}` }))
    const ten = 'e; m0; m1; m2; m3; m4; m5; m6; m7; m8; m9'
    expect(errorText({ error: 'e', details: details(10) })).toBe(ten)
    expect(errorText({ error: 'e', details: details(12) })).toBe(`${ten}; 2 more`)
    expect(errorText({ error: 'e', details: details(1_244) })).toBe(`${ten}; 1,234 more`)
    expect(errorText({ error: ' e', details: ['m', null, { message: 5 }, { message: 'ok\n' }] })).toBe('e; ok')
  })

  it('is undefined for an answer whose error is not a string', () => {
    expect(errorText({ error: 5 })).toBeUndefined()
    expect(errorText({ message: 'x' })).toBeUndefined()
  })

  it('is one line, and bounded however long the text or the list of details', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ message: `problem ${i}` }))
    const text = errorText({ error: 'a\nb\r\n::error::c', details: many }) ?? ''
    expect(text).not.toMatch(/[\r\n]/)
    expect(text.startsWith('a b ::error::c; problem 0; problem 1')).toBe(true)
    expect(text.length).toBeLessThanOrEqual(ERROR_TEXT_MAX)
    expect(errorText({ error: 'x'.repeat(100_000) })).toHaveLength(ERROR_TEXT_MAX)
  })
})
