import { describe, expect, it } from 'vitest'
import { judge } from '../../src/agent/outcome.js'
import { agentSummary, PROMPT_LINE_CHARS, PROMPT_SHOWN_CHARS, utcMinute, wrapLines } from '../../src/agent/summary.js'
import type { AgentJob } from '../../src/api/types.js'

const job: AgentJob = {
  id: 'job_1',
  status: 'completed',
  prLink: 'https://github.com/acme/docs/pull/5',
  model: 'm',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  createdAt: '2026-01-01T00:00:00Z',
}
const verdictFor = (j = job) => judge({ kind: 'finished', job: j }, new Set(['failed']), 60_000)

describe('agent summary', () => {
  it('shows outcome, PR link, job id, model, source, created at (UTC, to the minute), time waited and the prompt', () => {
    const md = agentSummary({ verdict: verdictFor(), job, prompt: 'Document it', waitedMs: 83_000 })
    expect(md).toContain('### ✅ Mintlify agent: Pull request opened')
    expect(md).not.toContain('Field')
    for (const row of [
      '| | |\n|---|---|\n',
      '| Job id | `job_1` |',
      '| Model | m |',
      '| Source repository | <https://github.com/acme/docs> |',
      '| Source ref | `main` |',
      '| Created at | 2026-01-01 00:00 UTC |',
      '| Time waited | 1m 23s |',
    ])
      expect(md).toContain(row)
    expect(md).toContain('<details><summary>Prompt (11 characters)</summary>\n\n```text\nDocument it\n```')
    expect(agentSummary({ verdict: verdictFor(), job, prompt: 'x' })).toContain(
      '<summary>Prompt (1 character)</summary>',
    )
  })

  it('has no Status row where the heading already names the status; keeps it where it does not', () => {
    const done = (status: string) => ({ ...job, status, prLink: null })
    for (const j of [job, done('completed'), done('archived'), done('failed')])
      expect(agentSummary({ verdict: verdictFor(j), job: j })).not.toContain('| Status |')
    const active = { id: 'job_2', status: 'active' }
    const timeout = judge({ kind: 'timeout', job: active }, new Set(), 60_000)
    expect(agentSummary({ verdict: timeout, job: active })).not.toContain('| Status |')
    const started = judge({ kind: 'started', job: active, how: 'created' }, new Set(), 60_000)
    expect(agentSummary({ verdict: started, job: active })).toContain('| Status | active |')
    const queued = { id: 'job_2', status: 'queued' }
    const late = judge({ kind: 'timeout', job: queued }, new Set(), 60_000)
    expect(agentSummary({ verdict: late, job: queued })).toContain('| Status | queued |')
  })

  it('shows the job id as code in what it says, as in the table', () => {
    const active = { id: 'job_2', status: 'active' }
    const timeout = agentSummary({ verdict: judge({ kind: 'timeout', job: active }, new Set(), 60_000), job: active })
    expect(timeout).toContain('Job `job_2` is still active after 1m; it keeps running on Mintlify.')
    expect(timeout).toContain('Run again with `job-id: job_2` to wait for it.')
  })

  it('a follow-up says which job it went to', () => {
    const md = agentSummary({ verdict: verdictFor(), job, followUpTo: 'job_1' })
    expect(md).toContain('\n\nThis request was a follow-up to job `job_1`.\n\n| | |\n')
    expect(agentSummary({ verdict: verdictFor(), job })).not.toContain('follow-up')
  })

  it('links the pull request once, with Markdown, in the sentence that says what happened', () => {
    const md = agentSummary({ verdict: verdictFor(), job })
    expect(md).toContain('Job `job_1` completed: [acme/docs#5](https://github.com/acme/docs/pull/5)\n')
    expect(md.split('https://github.com/acme/docs/pull/5')).toHaveLength(2)
    expect(md).not.toContain('| Pull request |')
    const archived = { ...job, status: 'archived', prLink: null }
    expect(agentSummary({ verdict: verdictFor(archived), job: archived })).not.toContain('Pull request')
  })

  it('shows the pull request in the table when the sentence does not name it', () => {
    const verdict = judge({ kind: 'timeout', job }, new Set(), 60_000)
    expect(agentSummary({ verdict, job })).toContain(
      '| Pull request | [acme/docs#5](https://github.com/acme/docs/pull/5) |',
    )
  })

  it('escapes a prompt so that it cannot inject HTML or close the block', () => {
    const prompt = '</pre></details><script>alert(1)</script><img src=x onerror=alert(2)> & done'
    const md = agentSummary({ verdict: verdictFor(), job, prompt })
    // The prompt sits in a fenced code block, where nothing is markup; only our own </details> closes the block.
    expect(md).toContain(`\`\`\`text\n${prompt}\n\`\`\`\n\n</details>`)
    const outsideCode = md.replace(/```text\n[\s\S]*?\n```/g, '')
    expect(outsideCode).not.toContain('<script>')
    expect(outsideCode).not.toContain('<img')
    expect(outsideCode.match(/<\/details>/g)).toHaveLength(1)
  })

  it('truncates a long prompt and says how much is hidden, with thousands separators', () => {
    const prompt = 'x'.repeat(PROMPT_SHOWN_CHARS + 1250)
    const md = agentSummary({ verdict: verdictFor(), job, prompt })
    const block = /```text\n([\s\S]*?)\n```/.exec(md)?.[1] ?? ''
    expect(block.replaceAll('\n', '')).toBe('x'.repeat(PROMPT_SHOWN_CHARS))
    expect(md).toContain('Prompt (5,250 characters; long lines wrapped for display)')
    expect(md).toContain('_… 1,250 more characters not shown._')
    expect(md.length).toBeLessThan(PROMPT_SHOWN_CHARS + 2000)
  })

  it('wraps a long one-line prompt for display and says so: no line scrolls sideways', () => {
    const prompt = Array.from({ length: 700 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 5319)
    const md = agentSummary({ verdict: verdictFor(), job, prompt })
    expect(md).toContain('<summary>Prompt (5,319 characters; long lines wrapped for display)</summary>')
    const lines = (/```text\n([\s\S]*?)\n```/.exec(md)?.[1] ?? '').split('\n')
    expect(lines.length).toBeGreaterThan(PROMPT_SHOWN_CHARS / PROMPT_LINE_CHARS)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PROMPT_LINE_CHARS)
    expect(lines.join('')).toBe(prompt.slice(0, PROMPT_SHOWN_CHARS)) // only line breaks added, between words
    expect(lines.slice(0, -1).every((line) => line.endsWith(' '))).toBe(true)
    // A prompt whose lines fit is shown as it is, and says nothing about wrapping.
    expect(agentSummary({ verdict: verdictFor(), job, prompt: 'a\nb' })).toContain('Prompt (3 characters)</summary>')
  })

  it('does not turn API fields into links or markup', () => {
    const odd = {
      ...job,
      prLink: 'javascript:alert(1)',
      model: 'a|b <b>x</b>',
      source: { repository: 'not a url', ref: null },
    }
    const md = agentSummary({ verdict: verdictFor(odd), job: odd })
    expect(md).not.toContain('](javascript')
    expect(md).not.toContain('<javascript')
    expect(md).toContain('| Model | a\\|b &lt;b>x&lt;/b> |')
    expect(md).toContain('| Source repository | not a url |')
    expect(md).not.toContain('Source ref')
  })

  it('shows only the rows it knows: a job with an id and a status alone has one row, and no prompt block', () => {
    const active = { id: 'job_7', status: 'active' }
    const md = agentSummary({ verdict: judge({ kind: 'timeout', job: active }, new Set(), 60_000), job: active })
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && l !== '| | |')
    expect(rows).toEqual(['| Job id | `job_7` |'])
    expect(md).not.toContain('<details>')
  })

  it('a prompt shown whole says nothing of characters not shown', () => {
    const md = agentSummary({ verdict: verdictFor(), job, prompt: 'x'.repeat(PROMPT_SHOWN_CHARS) })
    expect(md).toContain(`<summary>Prompt (4,000 characters; long lines wrapped for display)</summary>`)
    expect(md).not.toContain('not shown')
  })

  it('on timeout and cancellation says the job keeps running', () => {
    const active = { id: 'job_2', status: 'active' }
    const timeout = agentSummary({ verdict: judge({ kind: 'timeout', job: active }, new Set(), 60_000), job: active })
    expect(timeout).toContain('### ⏱️ Mintlify agent: Still running at timeout')
    expect(timeout).toContain('keeps running on Mintlify')
    const cancelled = agentSummary({
      verdict: judge({ kind: 'cancelled', signal: 'SIGTERM', job: active }, new Set(), 60_000),
      job: active,
    })
    expect(cancelled).toContain('🛑 Mintlify agent: Cancelled')
    expect(cancelled).toContain('keeps running on Mintlify')
  })
})

describe('utcMinute', () => {
  it.each([
    ['2026-11-24T04:51:07.123Z', '2026-11-24 04:51 UTC'],
    ['2026-11-24T06:51:59+02:00', '2026-11-24 04:51 UTC'],
    ['2026-01-01T00:00:00Z', '2026-01-01 00:00 UTC'],
    ['yesterday *at* noon', 'yesterday \\*at\\* noon'],
    ['2026-13-45T99:00:00Z', '2026-13-45T99:00:00Z'],
    ['1', '1'],
  ])('%s → %s', (value, shown) => {
    expect(utcMinute(value)).toBe(shown)
  })
})

describe('wrapLines', () => {
  it('breaks after a space that leaves the line at least half full, else at the width; never in a surrogate pair', () => {
    expect(wrapLines('aaaa bbbb cc', 6)).toEqual({ text: 'aaaa \nbbbb \ncc', wrapped: true })
    expect(wrapLines('a bbbbbbbbbb', 6)).toEqual({ text: 'a bbbb\nbbbbbb', wrapped: true })
    expect(wrapLines('abcd😀xy', 5)).toEqual({ text: 'abcd\n😀xy', wrapped: true })
    expect(wrapLines('short\nlines', 5)).toEqual({ text: 'short\nlines', wrapped: false })
    // A space exactly half way is late enough; a pair ending right at the width stays whole, at any code point.
    expect(wrapLines('aaa bbbbbbbb', 6)).toEqual({ text: 'aaa \nbbbbbb\nbb', wrapped: true })
    expect(wrapLines('abc😀xy', 5)).toEqual({ text: 'abc😀\nxy', wrapped: true })
    expect(wrapLines('abcd\u{10000}x', 5)).toEqual({ text: 'abcd\n\u{10000}x', wrapped: true })
    expect(wrapLines('abcd\u{10FFFF}x', 5)).toEqual({ text: 'abcd\n\u{10FFFF}x', wrapped: true })
  })
})
