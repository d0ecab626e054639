/**
 * The job summary: the answer first (headline), a table per section, what was written and what it cost, and last
 * what the reader can do next.
 */
import { describe, expect, it } from 'vitest'
import type { Found } from '../../src/gaps/found.js'
import { foundVerdict, issueVerdict } from '../../src/gaps/outcome.js'
import type { Cut } from '../../src/gaps/read.js'
import { type GapsSummaryInput, gapsSummary, VOTES_NOTE } from '../../src/gaps/summary.js'
import { headline, issueBody } from '../../src/gaps/worklist.js'
import { message } from '../../src/markdown.js'
import { bigFound, found } from './fixtures.js'

const files = { data: 'mintlify-gaps.json', worklist: 'mintlify-gaps.md', prompt: 'mintlify-gaps-prompt.md' }

describe('gapsSummary', () => {
  it('opens with the heading and the headline, then one table per section, the bookkeeping, and last the next step', () => {
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
    // Bookkeeping just before the end; last, what the reader can do next.
    expect(blocks.at(-2)).toBe(
      '<sub>Wrote `mintlify-gaps.json`, `mintlify-gaps.md`, `mintlify-gaps-prompt.md`; 4 requests.</sub>',
    )
    expect(blocks.at(-1)).toBe(
      "**Next:** Work through the worklist `mintlify-gaps.md`, or hand the prompt `mintlify-gaps-prompt.md` to the agent action (its `prompt-file` input; this step's `prompt-file` output names it).",
    )
    expect(text).toContain('| 1 | webhooks | 12 | 2026-11-22 |')
    expect(text).toContain('| 1 | `/quickstart` | 3 | 1 | 1,200 | 2.5 | Step 2 fails |')
  })

  it('with the issue kept, says under the headline what changed since the last run, and of each item since when', () => {
    const first = issueBody(found({ searches: [{ term: 'sso', hits: 2 }] }), '', { today: '2026-11-17' })
    const { since } = issueBody(found(), first.body.replace('- [ ] ', '- [x] '), { today: '2026-11-24' })
    const f = found({ since })
    const text = gapsSummary({ verdict: foundVerdict(f), found: f, files })
    expect(text.split('\n\n')[2]).toBe(
      'Since the last run: 1 new, 2 listed before (the longest since 2026-11-17, 2 runs); no longer found: 1, of them 1 ticked.',
    )
    expect(text).toContain('| # | Term | Searches | Last searched | Listed |\n|---:|---|---:|---|---|\n')
    expect(text).toContain('| 1 | webhooks | 12 | 2026-11-22 | new |')
    expect(text).toContain('| 1 | Auth | How do I rotate a key? | `/api/auth` | since 2026-11-17, 2 runs |')
    expect(text).toContain('| 1 | `/quickstart` | 3 | 1 | 1,200 | 2.5 | Step 2 fails | since 2026-11-17, 2 runs |')
    // An item the issue does not list (past those that fit) has nothing in that column.
    const more = found({ since, searches: [...found().searches, { term: 'unlisted', hits: 1 }] })
    expect(gapsSummary({ verdict: foundVerdict(more), found: more, files })).toContain('| 2 | unlisted | 1 |  |  |')
    // Without an issue, no such sentence or column.
    const none = gapsSummary({ verdict: foundVerdict(found()), found: found(), files })
    expect(none).not.toContain('Since the last run')
    expect(none).not.toContain('Listed')
  })

  it('says None found. for an empty section, and how many more the data file holds', () => {
    const f = { ...bigFound(30), pages: [], maxItems: 20 }
    const text = gapsSummary({ verdict: foundVerdict(f), found: f, files })
    expect(text).toContain('#### Pages readers reported\n\nNone found.')
    expect(text.match(/The first 20 of 30; the data file holds them all\./g)).toHaveLength(2)
  })

  it('with exactly max-items found lists them all and says nothing of "the first 20 of 20"', () => {
    const exact = { ...bigFound(20), maxItems: 20 }
    const text = gapsSummary({ verdict: foundVerdict(exact), found: exact, files })
    expect(text).not.toContain('The first')
    expect(text.match(/^\| 20 \|/gm)).toHaveLength(3)
    const over = { ...bigFound(21), maxItems: 20 }
    const cut = gapsSummary({ verdict: foundVerdict(over), found: over, files })
    expect(cut.match(/The first 20 of 21; the data file holds them all\./g)).toHaveLength(3)
  })

  it('escapes the "Last searched" cell like every other cell: a mention or a tag from the API stays inert', () => {
    const f = found({
      searches: [
        { term: 'webhooks', hits: 12, lastSearchedAt: '@octocat' },
        { term: 'sdk', hits: 3, lastSearchedAt: '<b>x</b>' },
      ],
    })
    const text = gapsSummary({ verdict: foundVerdict(f), found: f, files })
    expect(text).toContain('| 1 | webhooks | 12 | @\u200boctocat |')
    expect(text).toContain('| 2 | sdk | 3 | &lt;b>x&lt;/b> |')
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
    expect(ok.trimEnd().split('\n\n').at(-2)).toMatch(
      /requests\. \[Issue #7\]\(https:\/\/github\.com\/acme\/docs\/issues\/7\) opened\.<\/sub>$/,
    )
    const failed = gapsSummary({
      verdict: issueVerdict(Object.assign(new Error('Updating issue #7 failed: HTTP 403'), { status: 403 })),
      found: f,
      files,
    })
    // The failure and its fix after the bookkeeping; then what can be done meanwhile, with the files written.
    const blocks = failed.trimEnd().split('\n\n')
    expect(blocks.at(-2)).toContain('issues: write')
    expect(blocks.at(-1)).toMatch(/^\*\*Next:\*\* Work through the worklist `mintlify-gaps\.md`, or hand the prompt/)
  })

  describe('ends with a next step the reader can take', () => {
    const last = (text: string) => text.trimEnd().split('\n\n').at(-1)
    const summary = (f: Found, extra: Partial<GapsSummaryInput> = {}) =>
      gapsSummary({ verdict: foundVerdict(f), found: f, files, ...extra })
    /** A run whose `searches` stopped after 1 page, for `cut`, having made `requests` requests. */
    const cut = (why: Cut | undefined, requests: number, extra: Partial<Found> = {}) => {
      const f = found(extra)
      return found({
        ...extra,
        read: {
          ...f.read,
          sections: { ...f.read.sections, searches: { pages: 1, complete: false, cut: why } },
          requests,
          complete: false,
        },
      })
    }

    it('something found, with the issue kept: work through the issue, or hand the prompt to the agent', () => {
      const issue = { url: 'https://github.com/acme/docs/issues/7', number: 7, created: false }
      expect(last(summary(found(), { issue }))).toBe(
        "**Next:** Work through [issue #7](https://github.com/acme/docs/issues/7), or hand the prompt `mintlify-gaps-prompt.md` to the agent action (its `prompt-file` input; this step's `prompt-file` output names it).",
      )
    })

    it('nothing found, every section read: nothing to do', () => {
      const f = found({ searches: [], unanswered: [], unansweredCount: 0, pages: [] })
      const { prompt: _none, ...noPrompt } = files
      expect(last(gapsSummary({ verdict: foundVerdict(f), found: f, files: noPrompt }))).toBe(
        '**Next:** Nothing to do: no reader missed anything in these dates.',
      )
    })

    it('cut short by the budget: raise max-requests and re-run, or re-run after the hour', () => {
      expect(last(summary(cut('budget', 60)))).toBe(
        "**Next:** Work through the worklist `mintlify-gaps.md`, or hand the prompt `mintlify-gaps-prompt.md` to the agent action (its `prompt-file` input; this step's `prompt-file` output names it). To read the rest, raise `max-requests` (60 this run, up to 100) and re-run; the organization's analytics calls share 100 requests an hour, so when others spent them, re-run after the hour.",
      )
    })

    it('cut short by the budget at the most a run may make: re-run after the hour, asking for less', () => {
      const nothing = { searches: [], unanswered: [], unansweredCount: 0, pages: [] }
      expect(last(summary(cut('budget', 100, nothing), { files: { data: 'd.json', worklist: 'w.md' } }))).toBe(
        '**Next:** To read the rest, re-run after the hour with a shorter date range or fewer `sections`: 100 requests is the most a run may make.',
      )
    })

    it('a section the budget left unread, or page views it cut, count as cut by the budget', () => {
      const f = found()
      const unread = found({
        read: { ...f.read, sections: { searches: f.read.sections.searches }, requests: 30, complete: false },
      })
      expect(last(summary(unread))).toContain('raise `max-requests` (30 this run, up to 100)')
      const views = found({
        read: {
          ...f.read,
          sections: {
            ...f.read.sections,
            feedback: { pages: 2, complete: true, views: { pages: 1, complete: false } },
          },
          requests: 45,
          complete: false,
        },
      })
      expect(last(summary(views))).toContain('raise `max-requests` (45 this run, up to 100)')
    })

    it("cut short by the API's paging: re-run later", () => {
      expect(last(summary(cut('repeated-cursor', 12)))).toMatch(
        /prompt-file` output names it\)\. To read the rest, re-run later: the API broke off its paging \(the warning in the log says where\)\.$/,
      )
    })
  })

  it('every section cut its own way: each note, the columns, the first max-items rows and how many more', () => {
    const f = found()
    const rich = found({
      read: {
        sections: {
          searches: { pages: 2, complete: false, cut: 'budget' },
          assistant: { pages: 1, complete: false, cut: 'repeated-cursor' },
          feedback: { pages: 2, complete: true, views: { pages: 1, complete: false, cut: 'budget' } },
        },
        requests: 9,
        retries: {},
        complete: false,
      },
      searches: [...f.searches, { term: 'sso *login*', hits: 7 }, { term: 'cli', hits: 5 }],
      minHits: 5,
      feedbackStatus: 'pending,in_progress',
      unanswered: [
        {
          category: 'Auth',
          count: 2,
          questions: [
            ...(f.unanswered[0]?.questions ?? []),
            { question: 'Where is SSO?', timestamp: '2026-11-20T00:00:00Z', path: '' },
          ],
        },
        { category: 'Billing', count: 1, questions: [{ question: 'Refunds?', timestamp: 't', path: '/billing' }] },
      ],
      unansweredCount: 3,
      pages: [
        ...f.pages,
        { path: '/sdk', reports: 1, votes: 4, comments: [] },
        { path: '/cli', reports: 1, votes: 0, comments: [] },
      ],
      maxItems: 2,
    })
    expect(gapsSummary({ verdict: foundVerdict(rich), found: rich, files: { data: 'd.json', worklist: 'w.md' } })).toBe(
      [
        '### 🔎 Mintlify content gaps: read in part',
        '',
        headline(rich),
        '',
        '#### Searches with no click',
        '',
        'Read in part (the request budget ran out): the list may miss items. 24 of 400 searches (6.0%) were for these 3 terms, each searched 5 times or more; none led to a click.',
        '',
        '| # | Term | Searches | Last searched |',
        '|---:|---|---:|---|',
        '| 1 | webhooks | 12 | 2026-11-22 |',
        '| 2 | sso \\*login\\* | 7 |  |',
        '',
        'The first 2 of 3; the data file holds them all.',
        '',
        '#### Unanswered questions',
        '',
        'Read in part (the API’s paging broke off): the list may miss items.',
        '',
        '| # | Category | Question | Asked on |',
        '|---:|---|---|---|',
        '| 1 | Auth | How do I rotate a key? | `/api/auth` |',
        '| 2 | Auth | Where is SSO? |  |',
        '',
        'The first 2 of 3; the data file holds them all.',
        '',
        '#### Pages readers reported',
        '',
        'Feedback with status `pending` or `in_progress`. Views not read to their end this run (the request budget ran out): shown as –.',
        '',
        '| # | Page | Reports | Votes | Views | Reports per 1,000 views | Newest comment |',
        '|---:|---|---:|---:|---:|---:|---|',
        '| 1 | `/quickstart` | 3 | 1 | 1,200 | 2.5 | Step 2 fails |',
        '| 2 | `/sdk` | 1 | 4 | – |  |  |',
        '',
        VOTES_NOTE,
        '',
        'The first 2 of 3; the data file holds them all.',
        '',
        '<sub>Wrote `d.json`, `w.md`; 9 requests.</sub>',
        '',
        foundVerdict(rich).message,
        '',
        "**Next:** Work through the worklist `w.md`. To read the rest, raise `max-requests` (9 this run, up to 100) and re-run; the organization's analytics calls share 100 requests an hour, so when others spent them, re-run after the hour.",
        '',
      ].join('\n'),
    )
  })

  it('sections not chosen are left out; an empty section keeps its note; the issue updated is named', () => {
    const f = found({
      sections: new Set(['searches', 'feedback']),
      read: {
        sections: { searches: { pages: 0, complete: false, cut: 'budget' }, feedback: { pages: 1, complete: true } },
        requests: 100,
        retries: {},
        complete: false,
      },
      searches: [],
      totalSearches: 0,
      unanswered: [],
      unansweredCount: 0,
      pages: [],
      feedbackStatus: 'pending',
    })
    const issue = { url: 'https://github.com/acme/docs/issues/7', number: 7, created: false }
    expect(
      gapsSummary({ verdict: foundVerdict(f), found: f, files: { data: 'd.json', worklist: 'w.md' }, issue }),
    ).toBe(
      [
        '### 🔎 Mintlify content gaps: read in part',
        '',
        headline(f),
        '',
        '#### Searches with no click',
        '',
        'Not read this run (the request budget ran out).',
        '',
        'None found.',
        '',
        '#### Pages readers reported',
        '',
        'Feedback with status `pending`.',
        '',
        'None found.',
        '',
        '<sub>Wrote `d.json`, `w.md`; 100 requests. [Issue #7](https://github.com/acme/docs/issues/7) updated.</sub>',
        '',
        foundVerdict(f).message,
        '',
        '**Next:** To read the rest, re-run after the hour with a shorter date range or fewer `sections`: 100 requests is the most a run may make.',
        '',
      ].join('\n'),
    )
  })

  it('an issue GitHub refused: its message after the bookkeeping, and how to keep it among the next steps', () => {
    const f = found()
    const error = Object.assign(new Error('Updating issue #7 failed: HTTP 403'), { status: 403 })
    const text = gapsSummary({ verdict: issueVerdict(error), found: f, files, issueError: error })
    expect(text.trimEnd().split('\n\n').slice(-3)).toEqual([
      '<sub>Wrote `mintlify-gaps.json`, `mintlify-gaps.md`, `mintlify-gaps-prompt.md`; 4 requests.</sub>',
      message(issueVerdict(error).message),
      "**Next:** Work through the worklist `mintlify-gaps.md`, or hand the prompt `mintlify-gaps-prompt.md` to the agent action (its `prompt-file` input; this step's `prompt-file` output names it). To keep the issue, give the workflow `permissions: issues: write` (and make sure `github-token` may write issues), then re-run.",
    ])
  })

  it('the share of searches without a least count; an empty section says None found. alone; views read whole go unsaid', () => {
    const f = found({
      read: {
        ...found().read,
        sections: {
          ...found().read.sections,
          feedback: { pages: 1, complete: true, views: { pages: 1, complete: true } },
        },
      },
    })
    const text = gapsSummary({ verdict: foundVerdict(f), found: f, files })
    expect(text).toContain(
      '#### Searches with no click\n\n12 of 400 searches (3.0%) were for these 1 term; none led to a click.\n\n|',
    )
    expect(text).toContain('#### Pages readers reported\n\n| # |')
    const none = found({ searches: [], unanswered: [], unansweredCount: 0, pages: [] })
    expect(gapsSummary({ verdict: foundVerdict(none), found: none, files })).toContain(
      '#### Searches with no click\n\nNone found.\n\n#### Unanswered questions\n\nNone found.\n\n#### Pages readers reported\n\nNone found.\n\n<sub>',
    )
  })

  it('one request, a least count of one time, the tables of the sections chosen only, nothing more after a full table', () => {
    const one = found({ minHits: 1, read: { ...found().read, requests: 1 } })
    const text = gapsSummary({ verdict: foundVerdict(one), found: one, files })
    expect(text).toContain('were for these 1 term, each searched 1 time or more; none led to a click.')
    expect(text).toContain('| 1 | webhooks | 12 | 2026-11-22 |\n\n#### Unanswered questions\n\n')
    expect(text).toContain('`mintlify-gaps-prompt.md`; 1 request.</sub>')
    for (const chosen of ['searches', 'assistant', 'feedback'] as const) {
      const f = found({ sections: new Set([chosen]) })
      const headings = gapsSummary({ verdict: foundVerdict(f), found: f, files }).match(/^#### .*$/gm)
      expect(headings).toEqual([
        {
          searches: '#### Searches with no click',
          assistant: '#### Unanswered questions',
          feedback: '#### Pages readers reported',
        }[chosen],
      ])
    }
  })

  it('a notice or an info verdict is not repeated after the bookkeeping', () => {
    const f = found()
    for (const level of ['notice', 'info'] as const) {
      const verdict = { ...foundVerdict(f), level, message: 'Said once in the log.' }
      expect(gapsSummary({ verdict, found: f, files })).not.toContain('Said once')
    }
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
