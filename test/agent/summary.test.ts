import { describe, expect, it } from 'vitest'
import { judge } from '../../src/agent/outcome.js'
import { agentSummary, PROMPT_SHOWN_CHARS } from '../../src/agent/summary.js'
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
  it('shows outcome, PR link, job id, model, source, created at, time waited and the prompt', () => {
    const md = agentSummary({ verdict: verdictFor(), job, prompt: 'Document it', waitedMs: 83_000 })
    expect(md).toContain('### ✅ Mintlify agent: Pull request opened')
    for (const row of [
      '| Field | Value |',
      '| Status | completed |',
      '| Job id | `job_1` |',
      '| Model | m |',
      '| Source repository | <https://github.com/acme/docs> |',
      '| Source ref | `main` |',
      '| Created at | 2026-01-01T00:00:00Z |',
      '| Time waited | 1m 23s |',
    ])
      expect(md).toContain(row)
    expect(md).toContain('<details><summary>Prompt (11 characters)</summary>\n\n```text\nDocument it\n```')
  })

  it('links the pull request once, with Markdown, in the sentence that says what happened', () => {
    const md = agentSummary({ verdict: verdictFor(), job })
    expect(md).toContain('Job job_1 completed: [acme/docs#5](https://github.com/acme/docs/pull/5)\n')
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

  it('truncates a long prompt and says how much is hidden', () => {
    const prompt = 'x'.repeat(PROMPT_SHOWN_CHARS + 250)
    const md = agentSummary({ verdict: verdictFor(), job, prompt })
    expect(md).toContain(`\`\`\`text\n${'x'.repeat(PROMPT_SHOWN_CHARS)}\n\`\`\``)
    expect(md).toContain('250 more characters not shown')
    expect(md.length).toBeLessThan(PROMPT_SHOWN_CHARS + 2000)
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

  it('on timeout and cancellation says the job keeps running', () => {
    const active = { id: 'job_2', status: 'active' }
    const timeout = agentSummary({ verdict: judge({ kind: 'timeout', job: active }, new Set(), 60_000), job: active })
    expect(timeout).toContain('⏳ Mintlify agent: Still running at timeout')
    expect(timeout).toContain('keeps running on Mintlify')
    const cancelled = agentSummary({
      verdict: judge({ kind: 'cancelled', signal: 'SIGTERM', job: active }, new Set(), 60_000),
      job: active,
    })
    expect(cancelled).toContain('🛑 Mintlify agent: Cancelled')
    expect(cancelled).toContain('keeps running on Mintlify')
  })
})
