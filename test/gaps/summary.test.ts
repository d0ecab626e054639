/** The job summary: the answer first (headline), a table per section, what was written and what it cost last. */
import { describe, expect, it } from 'vitest'
import { foundVerdict, issueVerdict } from '../../src/gaps/outcome.js'
import { gapsSummary } from '../../src/gaps/summary.js'
import { headline } from '../../src/gaps/worklist.js'
import { bigFound, found } from './fixtures.js'

const files = { data: 'mintlify-gaps.json', worklist: 'mintlify-gaps.md', prompt: 'mintlify-gaps-prompt.md' }

describe('gapsSummary', () => {
  it('opens with the heading and the headline, then one table per section, and ends with the bookkeeping', () => {
    const f = found()
    const text = gapsSummary({ verdict: foundVerdict(f), found: f, files })
    const blocks = text.trimEnd().split('\n\n')
    expect(blocks[0]).toBe('### 🔎 Mintlify content gaps: 3 found')
    expect(blocks[1]).toBe(headline(f))
    expect(text.match(/^#### /gm)).toHaveLength(3)
    expect(text.match(/^\| # \|/gm)).toHaveLength(3)
    const order = ['#### Searches with no click', '#### Unanswered questions', '#### Pages readers reported', '<sub>']
    const at = order.map((h) => text.indexOf(h))
    expect(at.every((i) => i > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(blocks.at(-1)).toBe(
      '<sub>Wrote `mintlify-gaps.json`, `mintlify-gaps.md`, `mintlify-gaps-prompt.md`; 4 requests.</sub>',
    )
    expect(text).toContain('| 1 | webhooks | 12 | 2026-11-22 |')
    expect(text).toContain('| 1 | `/quickstart` | 3 | 1 | 1,200 | 2.5 | Step 2 fails |')
  })

  it('says None found. for an empty section, and how many more the data file holds', () => {
    const f = { ...bigFound(30), pages: [], maxItems: 20 }
    const text = gapsSummary({ verdict: foundVerdict(f), found: f, files })
    expect(text).toContain('#### Pages readers reported\n\nNone found.')
    expect(text.match(/The first 20 of 30; the data file holds them all\./g)).toHaveLength(2)
  })

  it('names the issue and, on an issue failure, the message after the bookkeeping', () => {
    const f = found()
    const ok = gapsSummary({
      verdict: foundVerdict(f),
      found: f,
      files,
      issue: { url: 'https://github.com/acme/docs/issues/7', number: 7, created: true },
    })
    // The bookkeeping names the issue (md() puts a zero-width space after `#`, so that no other issue is linked).
    expect(ok.trimEnd().split('\n\n').at(-1)).toMatch(
      /requests\. \[Issue #7\]\(https:\/\/github\.com\/acme\/docs\/issues\/7\) opened\.<\/sub>$/,
    )
    const failed = gapsSummary({
      verdict: issueVerdict(Object.assign(new Error('Updating issue #7 failed: HTTP 403'), { status: 403 })),
      found: f,
      files,
    })
    expect(failed.trimEnd().split('\n\n').at(-1)).toContain('issues: write')
  })

  it('without anything found (a failed read) is the heading and the message only', () => {
    const text = gapsSummary({
      verdict: {
        title: 'Error',
        emoji: '❌',
        message: 'Reading feedback failed: HTTP 403.',
        level: 'error',
        fail: true,
      },
    })
    expect(text).toBe('### ❌ Mintlify content gaps: Error\n\nReading feedback failed: HTTP 403.\n')
  })
})
