/** The worklist file and the issue body: a checklist with hidden keys, checked items kept, bounded size. */
import { describe, expect, it } from 'vitest'
import type { Found } from '../../src/gaps/found.js'
import { readMemory } from '../../src/gaps/since.js'
import {
  checkedKeys,
  headline,
  ISSUE_BODY_MAX,
  ISSUE_MARKER,
  issueBody,
  itemKey,
  partialNote,
  previousSection,
  rateText,
  worklist,
} from '../../src/gaps/worklist.js'
import { bigFound, found } from './fixtures.js'

const KEY_AT_END = / <!-- gap:[spq][0-9a-f]{16} -->$/
const TODAY = '2026-11-24'
/** The issue body a run on TODAY writes. */
const issueText = (f: Found, previous = '', footer?: string) => issueBody(f, previous, { today: TODAY, footer }).body
/** How an issue body ends: the marker, then the memory on a line of its own. */
const ENDING = new RegExp(`\\n${ISSUE_MARKER}\\n<!-- mintlify-gaps-memory \\{[^\\n]*\\} -->\\n$`)

describe('worklist', () => {
  it('is a heading, the headline, and a section per chosen section with one unchecked line per item', () => {
    const text = worklist(found())
    expect(text).toBe(
      [
        '# Documentation gaps',
        '',
        '2026-11-17 to 2026-11-23: 1 search with no click, 1 unanswered question and 1 page readers reported.',
        '',
        '## Searches with no click (1)',
        '',
        `- [ ] "webhooks": 12 searches, no result clicked <!-- gap:${itemKey('s', 'webhooks')} -->`,
        '',
        '## Unanswered questions (1)',
        '',
        `- [ ] Auth: How do I rotate a key? (asked on \`/api/auth\`) <!-- gap:${itemKey('q', 'How do I rotate a key?')} -->`,
        '',
        '## Pages readers reported (1)',
        '',
        `- [ ] \`/quickstart\`: 3 reports, 1,200 views, 2.5 per 1,000 views; newest comment: "Step 2 fails" <!-- gap:${itemKey('p', '/quickstart')} -->`,
        '',
      ].join('\n'),
    )
  })

  it('says None found. for an empty section and leaves out sections not chosen', () => {
    const text = worklist(found({ searches: [], sections: new Set(['searches', 'feedback']), pages: [] }))
    expect(text).toContain('## Searches with no click (0)\n\nNone found.')
    expect(text).toContain('## Pages readers reported (0)\n\nNone found.')
    expect(text).not.toContain('Unanswered')
    expect(text).toContain('2026-11-17 to 2026-11-23: 0 searches with no click and 0 pages readers reported.')
  })

  it('lists max-items of each section and says how many more the data file holds', () => {
    const big = bigFound(30)
    const text = worklist({ ...big, maxItems: 20 })
    expect(text.match(/^- \[ \] /gm)).toHaveLength(60)
    expect(text.match(/ -->\n\n10 more in the data file\.$/gm)).toHaveLength(3)
    for (const line of text.split('\n').filter((l) => l.startsWith('- ['))) expect(line).toMatch(KEY_AT_END)
  })

  it('shows a page without views without a rate, and without a comment when none', () => {
    const text = worklist(found({ pages: [{ path: '/a', reports: 1, votes: 0, views: 0, comments: [] }] }))
    expect(text).toContain('- [ ] `/a`: 1 report, 0 views <!--')
    const one = worklist(found({ pages: [{ path: '/b', reports: 2, votes: 0, views: 1, rate: 2000, comments: [] }] }))
    expect(one).toContain('- [ ] `/b`: 2 reports, 1 view, 2,000 per 1,000 views <!--')
  })

  it('says one search, and leaves out the page of a question asked on none', () => {
    const text = worklist(
      found({
        searches: [{ term: 'x', hits: 1 }],
        unanswered: [
          { category: 'Uncategorized', count: 1, questions: [{ question: 'why?', timestamp: 't', path: '' }] },
        ],
      }),
    )
    expect(text).toContain('- [ ] "x": 1 search, no result clicked <!--')
    expect(text).toContain('- [ ] Uncategorized: why? <!--')
  })

  it('shows only the sections chosen', () => {
    const text = worklist(found({ sections: new Set(['assistant']) }))
    expect(text.match(/^## /gm)).toEqual(['## '])
    expect(text).toContain('## Unanswered questions (1)')
  })

  it('escapes reader text: no mention, no HTML', () => {
    const text = worklist(found({ searches: [{ term: '<img src=x> @octocat', hits: 2 }] }))
    expect(text).not.toContain('<img')
    expect(text).not.toMatch(/(^|[^\\])@octocat/)
  })
})

describe('headline', () => {
  it('names the window and the counts of the chosen sections; says when not every section was read', () => {
    const f = found({
      read: { sections: {}, requests: 2, retries: {}, complete: false },
      sections: new Set(['assistant']),
    })
    expect(headline(f)).toBe('2026-11-17 to 2026-11-23: 1 unanswered question (not every section was read to its end).')
    expect(headline(found({ dateFrom: '2026-11-23', dateTo: '2026-11-24', unansweredCount: 2 }))).toBe(
      '2026-11-23: 1 search with no click, 2 unanswered questions and 1 page readers reported.',
    )
    expect(headline(found({ dateFrom: '2026-11-23T10:00:00Z', sections: new Set(['feedback']) }))).toBe(
      'From 2026-11-23T10:00:00Z up to, not including, 2026-11-24: 1 page readers reported.',
    )
  })
})

describe('checkedKeys', () => {
  const key = itemKey('s', 'webhooks')
  it('reads `- [x]` and `- [X]` lines ending with our key', () => {
    const body = [
      `- [x] one <!-- gap:${key} -->`,
      `* [X] two <!-- gap:${itemKey('q', 'two')} -->  `,
      `  - [x] three <!-- gap:${itemKey('p', '/three')} -->\r`,
    ].join('\n')
    expect(checkedKeys(body)).toEqual(new Set([key, itemKey('q', 'two'), itemKey('p', '/three')]))
  })

  it('ignores unchecked lines, keys not at the end, other markers and malformed keys', () => {
    const body = [
      `- [ ] one <!-- gap:${key} -->`,
      `- [x] <!-- gap:${key} --> then text`,
      `- [x] one <!-- gap:x${key.slice(1)} -->`,
      `- [x] one <!-- gap:${key.slice(0, 10)} -->`,
      `text - [x] one <!-- gap:${key} -->`,
      `- [y] one <!-- gap:${key} -->`,
      `-  [x] one <!-- gap:${key} -->`,
    ].join('\n')
    expect(checkedKeys(body)).toEqual(new Set())
  })
})

describe('itemKey', () => {
  it('is the section letter and 16 hex characters, case-insensitive, never the text', () => {
    expect(itemKey('s', 'Webhooks')).toBe(itemKey('s', 'webhooks'))
    // As the searches are grouped: by the lower-cased text (ß and SS differ there).
    expect(itemKey('s', 'Straße')).not.toBe(itemKey('s', 'STRASSE'))
    expect(itemKey('s', 'webhooks')).not.toBe(itemKey('q', 'webhooks'))
    expect(itemKey('s', 'a')).not.toBe(itemKey('s', 'b'))
    expect(itemKey('p', '/x')).toMatch(/^p[0-9a-f]{16}$/)
  })
})

describe('issueBody', () => {
  it('is the worklist and the marker; items checked before stay checked, new ones are unchecked', () => {
    const before = issueText(found()).replace(`- [ ] "webhooks"`, `- [x] "webhooks"`)
    const next = found({ searches: [...found().searches, { term: 'sso', hits: 3 }] })
    const body = issueText(next, before)
    expect(body).toContain('- [x] "webhooks": 12 searches')
    expect(body).toContain('- [ ] "sso": 3 searches')
    expect(body).toContain('- [ ] Auth: How do I rotate a key?')
    expect(body).toMatch(ENDING)
    // Every line of the worklist, the tick kept, with what changed since the last run before its key.
    const lines = worklist(next).replace('- [ ] "webhooks"', '- [x] "webhooks"').split('\n')
    const listing = / · (?:\*\*new\*\*|listed since [^·]*) (?=<!-- gap:)/g
    const shown = body.replace(listing, ' ').split('\n')
    for (const line of lines.filter((l) => l.startsWith('- ['))) expect(shown).toContain(line)
  })

  it('is the worklist with what changed since the last run, the marker and the memory of the items listed', () => {
    const keys = [itemKey('s', 'webhooks'), itemKey('q', 'How do I rotate a key?'), itemKey('p', '/quickstart')]
    const memory = `{"v":1,"listed":{${keys.map((k) => `"${k}":["${TODAY}",1]`).join(',')}}}`
    expect(issueText(found())).toBe(
      `${worklist(found())
        .replace('reported.\n\n', 'reported.\n\nSince the last run: 3 new, 0 listed before; no longer found: 0.\n\n')
        .replace(/ <!-- gap:/g, ' · **new** <!-- gap:')}\n${ISSUE_MARKER}\n<!-- mintlify-gaps-memory ${memory} -->\n`,
    )
  })

  it('keeps every item in a body of exactly 65,000 characters', () => {
    const base = issueText(found(), '', 'f').length - 1
    const body = issueText(found(), '', 'f'.repeat(65_000 - base))
    expect(body.length).toBe(65_000)
    expect(body.match(/^- \[ \] /gm)).toHaveLength(3)
  })

  it('ends even when nothing fits: the headings and the marker, no item', () => {
    const body = issueText(found(), '', 'f'.repeat(70_000))
    expect(body).not.toMatch(/^- \[/m)
    expect(body).toContain('## Searches with no click (1)')
    expect(body).toMatch(ENDING)
  })

  it('holds the footer above the marker', () => {
    expect(issueText(found(), '', 'Made by a workflow.')).toMatch(
      /\nMade by a workflow\.\n\n<!-- mintlify-gaps -->\n<!-- mintlify-gaps-memory .* -->\n$/,
    )
  })

  it('stays under 65,000 characters with 100 items of 300-character texts per section: fewer listed', () => {
    expect(ISSUE_BODY_MAX).toBe(65_000)
    const big = bigFound(100)
    const body = issueText(big)
    expect(body.length).toBeLessThanOrEqual(65_000)
    const listed = body.match(/^- \[ \] /gm)?.length ?? 0
    expect(listed).toBeGreaterThan(30)
    expect(listed).toBeLessThan(300)
    expect(body).toMatch(/^\d+ more in the data file\.$/m)
    expect(body).toContain('## Searches with no click (100)')
    expect(body).toMatch(ENDING)
    // As many as fit: the worklist of all 100 would not.
    expect(worklist(big).length).toBeGreaterThan(65_000)
  })
})

describe('issueBody: since the last run', () => {
  const WEEK2 = '2026-12-01'
  const WEEK3 = '2026-12-08'
  const run = (f: Found, previous: string, today: string) => issueBody(f, previous, { today })
  const S = itemKey('s', 'webhooks')
  const lineOf = (text: string, key: string) => text.split('\n').find((l) => l.endsWith(`<!-- gap:${key} -->`))
  const sso = { term: 'sso', hits: 3 }

  it('the second run: items listed before say since when and how many runs, a new one says new', () => {
    const first = run(found(), '', TODAY)
    const second = run(found({ searches: [...found().searches, sso] }), first.body, WEEK2)
    expect(lineOf(second.body, S)).toBe(
      `- [ ] "webhooks": 12 searches, no result clicked · listed since ${TODAY}, 2 runs <!-- gap:${S} -->`,
    )
    expect(lineOf(second.body, itemKey('s', 'sso'))).toContain('· **new** <!--')
    expect(second.body).toContain(
      `\n\nSince the last run: 1 new, 3 listed before (the longest since ${TODAY}, 2 runs); no longer found: 0.\n\n`,
    )
    expect(second.since.listed.map((l) => [l.item, l.new, l.since, l.runs])).toEqual([
      ['webhooks', false, TODAY, 2],
      ['sso', true, WEEK2, 1],
      ['How do I rotate a key?', false, TODAY, 2],
      ['/quickstart', false, TODAY, 2],
    ])
  })

  it('the date survives a person rewriting every visible line, the keys of the lines included', () => {
    const first = run(found(), '', TODAY).body
    const [, memory] = first.split(`${ISSUE_MARKER}\n`)
    const edited = `# Our docs to-do\n\n- [ ] the webhooks thing\n\nSee the wiki.\n${ISSUE_MARKER}\n${memory}`
    const second = run(found(), edited, WEEK2)
    expect(lineOf(second.body, S)).toContain(`· listed since ${TODAY}, 2 runs <!--`)
    expect(second.since.listed.every((l) => !l.new && l.since === TODAY)).toBe(true)
  })

  it('an item no longer found is shown once under its own heading, ticked or not, and dropped by the next run', () => {
    const first = run(found({ searches: [...found().searches, sso] }), '', TODAY).body
    const ticked = first.replace('- [ ] "webhooks"', '- [x] "webhooks"')
    const none = found({ searches: [] })
    const second = run(none, ticked, WEEK2)
    expect(second.since.gone.map((g) => [g.key, g.ticked])).toEqual([
      [S, true],
      [itemKey('s', 'sso'), false],
    ])
    expect(second.body).toContain(
      [
        '## No longer found (2, of them 1 ticked)',
        '',
        '_Listed here before, not found by this run: shown this once, left out by the next run._',
        '',
        `- "webhooks": 12 searches, no result clicked · ticked, listed since ${TODAY}, 1 run`,
        `- "sso": 3 searches, no result clicked · not ticked, listed since ${TODAY}, 1 run`,
        '',
        ISSUE_MARKER,
      ].join('\n'),
    )
    expect(second.body).toContain('; no longer found: 2, of them 1 ticked.\n')
    const third = run(none, second.body, WEEK3)
    expect(third.body).not.toContain('No longer found')
    expect(third.body).not.toContain('"webhooks"')
    expect(third.since.gone).toEqual([])
    expect(third.body).toContain('; no longer found: 0.\n')
    // Found again later: new again, and not ticked.
    const back = run(found(), third.body, '2026-12-15')
    expect(lineOf(back.body, S)).toBe(`- [ ] "webhooks": 12 searches, no result clicked · **new** <!-- gap:${S} -->`)
  })

  it('an item found again but no longer among those listed is remembered, not gone; one never shown is counted', () => {
    const many = (n: number) =>
      found({ searches: Array.from({ length: n }, (_, i) => ({ term: `t${i}`, hits: 99 - i })) })
    const first = run({ ...many(3), maxItems: 3 }, '', TODAY).body
    // t2 drops out of the first two listed, but is still found: remembered, not gone.
    const second = run({ ...many(3), maxItems: 2 }, first, WEEK2)
    expect(second.since.gone).toEqual([])
    expect(second.body).toContain(`<!-- mintlify-gaps-memory `)
    expect(second.body).toMatch(new RegExp(`"${itemKey('s', 't2')}":\\["${TODAY}",2\\]`))
    // Then not found at all: gone, and counted, as the issue did not show its line.
    const third = run({ ...many(2), maxItems: 2 }, second.body, WEEK3)
    expect(third.since.gone.map((g) => g.key)).toEqual([itemKey('s', 't2')])
    expect(third.body).toContain('## No longer found (1, of them 0 ticked)')
    expect(third.body).toContain('- 1 more item, not shown here (the issue held no line for it, or there is no room).')
  })

  it('a reported page found again but no longer among those listed is remembered, not gone', () => {
    const page = (p: string, reports: number) => ({ path: p, reports, votes: 0, views: 10, comments: [] })
    const pages = [page('/a', 5), page('/b', 4)]
    const first = run(found({ pages, maxItems: 2 }), '', TODAY).body
    const second = run(found({ pages, maxItems: 1 }), first, WEEK2)
    expect(second.since.gone).toEqual([])
    expect(second.body).not.toContain('No longer found')
    expect(readMemory(second.body, WEEK2)?.get(itemKey('p', '/b'))).toEqual({ since: TODAY, runs: 2 })
  })

  it('a remembered question is looked for among every question found, not only those the issue shows', () => {
    const q = (question: string) => ({ question, timestamp: '2026-11-21T00:00:00Z', path: '' })
    const both = [q('Why?'), q('How?')]
    const first = run(found({ unanswered: [{ category: 'A', count: 2, questions: both }], maxItems: 2 }), '', TODAY)
    // The next run shows the first question only; the second is among all those found (the data file's).
    const shown = [{ category: 'A', count: 2, questions: [q('Why?')] }]
    const next = run(found({ unanswered: shown, allQuestions: () => both, maxItems: 1 }), first.body, WEEK2)
    expect(next.since.gone).toEqual([])
    expect(readMemory(next.body, WEEK2)?.get(itemKey('q', 'How?'))).toEqual({ since: TODAY, runs: 2 })
    const gone = run(found({ unanswered: shown, allQuestions: () => [q('Why?')], maxItems: 1 }), first.body, WEEK2)
    expect(gone.since.gone.map((g) => g.key)).toEqual([itemKey('q', 'How?')])
    // A question not remembered, met first among them, is no reason to stop looking for one that is.
    const first2 = () => [q('New?'), ...both]
    const mixed = run(found({ unanswered: shown, allQuestions: first2, maxItems: 1 }), first.body, WEEK2)
    expect(mixed.since.gone).toEqual([])
    expect(mixed.body).not.toContain('No longer found')
  })

  it('a run cut short calls nothing of a section not read to its end gone; what it did read, it does', () => {
    const first = run(found({ searches: [...found().searches, sso] }), '', TODAY).body
    // The searches were read in part and found neither term; the questions were read whole and found none.
    const cut = found({
      searches: [],
      unanswered: [],
      unansweredCount: 0,
      read: {
        sections: {
          searches: { pages: 1, complete: false, cut: 'budget' },
          assistant: { pages: 1, complete: true },
          feedback: { pages: 0, complete: false, cut: 'budget' },
        },
        requests: 2,
        retries: {},
        complete: false,
      },
    })
    const second = run(cut, first, WEEK2)
    expect(second.since.gone.map((g) => g.key)).toEqual([itemKey('q', 'How do I rotate a key?')])
    expect(second.since.complete).toBe(false)
    expect(second.body).toContain(
      `\n\nSince the last run: 0 new, 3 listed before (the longest since ${TODAY}, 1 run); no longer found: 1, of them 0 ticked. Items of a section not read to its end are not called gone.\n\n`,
    )
    // The searches and the page are kept as the issue held them, their listing as it was, and remembered.
    expect(lineOf(second.body, S)).toContain('· **new** <!--')
    const memory = readMemory(second.body, WEEK2)
    expect(memory?.get(S)).toEqual({ since: TODAY, runs: 1 })
    expect(memory?.get(itemKey('p', '/quickstart'))).toEqual({ since: TODAY, runs: 1 })
    expect(memory?.has(itemKey('q', 'How do I rotate a key?'))).toBe(false)
    // Not chosen at all is not read either: a section left out of `sections` calls nothing gone.
    const nothingElse = { unanswered: [], unansweredCount: 0, pages: [] }
    const searchesOnly = run(found({ sections: new Set(['searches']), ...nothingElse }), first, WEEK2)
    expect(searchesOnly.since.gone.map((g) => g.key)).toEqual([itemKey('s', 'sso')])
  })

  it('a section not read to its end calls nothing gone even when the issue no longer holds its list to keep', () => {
    const first = run(found(), '', TODAY).body
    const [, memory] = first.split(`${ISSUE_MARKER}\n`)
    const edited = `# Our docs to-do\n\nSee the wiki.\n${ISSUE_MARKER}\n${memory}`
    const cut = found({
      searches: [],
      read: {
        sections: {
          searches: { pages: 1, complete: false, cut: 'budget' },
          assistant: { pages: 1, complete: true },
          feedback: { pages: 1, complete: true },
        },
        requests: 3,
        retries: {},
        complete: false,
      },
    })
    const second = run(cut, edited, WEEK2)
    expect(second.since.gone).toEqual([])
    expect(second.body).not.toContain('No longer found')
    expect(second.body).toContain(
      '## Searches with no click (0)\n\nRead in part (the request budget ran out): the list may miss items.\n\n## Unanswered',
    )
    expect(readMemory(second.body, WEEK2)?.get(S)).toEqual({ since: TODAY, runs: 1 })
  })

  it('shows at most max-items gone lines of each section, and counts the rest', () => {
    const searches = Array.from({ length: 4 }, (_, i) => ({ term: `t${i}`, hits: 99 - i }))
    const first = run(found({ searches, maxItems: 4 }), '', TODAY).body
    const none = found({ searches: [], unanswered: [], unansweredCount: 0, pages: [], maxItems: 2 })
    const second = run(none, first, WEEK2)
    expect(second.body).toContain(
      [
        '## No longer found (6, of them 0 ticked)',
        '',
        '_Listed here before, not found by this run: shown this once, left out by the next run._',
        '',
        `- "t0": 99 searches, no result clicked · not ticked, listed since ${TODAY}, 1 run`,
        `- "t1": 98 searches, no result clicked · not ticked, listed since ${TODAY}, 1 run`,
        `- Auth: How do I rotate a key? (asked on \`/api/auth\`) · not ticked, listed since ${TODAY}, 1 run`,
        `- \`/quickstart\`: 3 reports, 1,200 views, 2.5 per 1,000 views; newest comment: "Step 2 fails" · not ticked, listed since ${TODAY}, 1 run`,
        '- 2 more items, not shown here (the issue held no line for them, or there is no room).',
        '',
        ISSUE_MARKER,
      ].join('\n'),
    )
  })

  it('a body from before the memory: its checklist is what was listed, since before today', () => {
    const old = [
      '# Documentation gaps',
      '',
      '## Searches with no click (2)',
      '',
      `- [x] "webhooks": 12 searches, no result clicked <!-- gap:${S} -->`,
      `- [x] "sso": 3 searches, no result clicked <!-- gap:${itemKey('s', 'sso')} -->`,
      '',
      ISSUE_MARKER,
      '',
    ].join('\n')
    const next = run(found(), old, WEEK2)
    expect(lineOf(next.body, S)).toBe(
      `- [x] "webhooks": 12 searches, no result clicked · listed since before ${WEEK2}, at least 2 runs <!-- gap:${S} -->`,
    )
    expect(lineOf(next.body, itemKey('p', '/quickstart'))).toContain('· **new** <!--')
    expect(next.since.gone.map((g) => [g.key, g.ticked])).toEqual([[itemKey('s', 'sso'), true]])
    expect(next.body).toContain(
      `- "sso": 3 searches, no result clicked · ticked, listed since before ${WEEK2}, at least 1 run`,
    )
    expect(readMemory(next.body, WEEK2)?.get(S)).toEqual({ since: WEEK2, runs: 2, earlier: true })
    // A memory line someone broke is as good as none: the checklist is read.
    const broken = `${old}<!-- mintlify-gaps-memory {"v":1,"listed":{ -->\n`
    expect(run(found(), broken, WEEK2).since.gone.map((g) => g.key)).toEqual([itemKey('s', 'sso')])
  })

  it('the memory stays bounded and the body under the limit with a full memory and 100 items of each section', () => {
    const big = bigFound(100)
    const first = run(big, '', TODAY).body
    const none = found({ searches: [], unanswered: [], unansweredCount: 0, pages: [] })
    // Every item listed before is gone at once; then a full memory from someone else's making.
    const gone = run(none, first.replace(/^- \[ \] /gm, '- [x] '), WEEK2)
    expect(gone.body.length).toBeLessThanOrEqual(ISSUE_BODY_MAX)
    expect(gone.since.gone.length).toBe(first.match(/^- \[ \] /gm)?.length)
    const full = Array.from({ length: 600 }, (_, i) => `"q${i.toString(16).padStart(16, '0')}":["2026-01-01",9]`)
    const remembered = `${first}<!-- mintlify-gaps-memory {"v":1,"listed":{${full.join(',')}}} -->\n`
    const next = run({ ...big, read: { ...big.read, complete: false, sections: {} } }, remembered, WEEK2)
    expect(next.body.length).toBeLessThanOrEqual(ISSUE_BODY_MAX)
    expect(readMemory(next.body, WEEK2)?.size).toBeLessThanOrEqual(500)
    expect(next.body.split('\n').filter((l) => l.startsWith('<!-- mintlify-gaps-memory '))).toHaveLength(1)
  })
})

describe('a run that did not read every section', () => {
  const partial = (sections: Found['read']['sections']) =>
    found({ read: { sections, requests: 3, retries: {}, complete: false } })
  const cutSearches = partial({
    searches: { pages: 1, complete: false, cut: 'budget' },
    assistant: { pages: 0, complete: false, cut: 'budget' },
    feedback: { pages: 0, complete: false, cut: 'budget' },
  })
  /** Only the searches cut short by the budget; the other two sections read whole. */
  const onlySearchesCut = partial({
    searches: { pages: 1, complete: false, cut: 'budget' },
    assistant: { pages: 1, complete: true },
    feedback: { pages: 1, complete: true },
  })

  it('says under each section what was not read, never "None found." for a section not read', () => {
    const text = worklist(cutSearches)
    expect(text).toContain(
      '## Searches with no click (1)\n\nRead in part (the request budget ran out): the list may miss items.\n\n- [ ] ',
    )
    expect(text).toContain('## Unanswered questions (1)\n\nNot read this run (the request budget ran out).')
    expect(text).not.toContain('None found.')
    expect(partialNote(found(), 'searches')).toBeUndefined()
    expect(partialNote(partial({ searches: { pages: 2, complete: false, cut: 'repeated-cursor' } }), 'searches')).toBe(
      'Read in part (the API’s paging broke off): the list may miss items.',
    )
  })

  it('in the issue, a section not read to its end keeps the list the issue held, checks and all, under a note', () => {
    const before = issueText(found())
    const ticked = before.replace('- [ ] ', '- [x] ') // the search, ticked by the team
    const after = issueText(cutSearches, ticked)
    // The searches were read in part: this run's one search is not written over the list the issue held.
    expect(previousSection(after, 'searches')).toBe(previousSection(ticked, 'searches'))
    expect(after).toContain(
      '## Searches with no click (1)\n\n_Not read to its end this run; the list below is kept from the last run that read it._\n\n- [x] ',
    )
    expect(previousSection(after, 'feedback')).toBe(previousSection(ticked, 'feedback'))
    // A second partial run does not stack the note.
    const again = issueText(cutSearches, after)
    expect(again.match(/_Not read to its end this run/g)).toHaveLength(3)
    expect(again).toBe(after)
    // A full run writes the lists anew, the tick kept by its key.
    const full = issueText(found(), again)
    expect(full).not.toContain('_Not read')
    expect(full).toContain('- [x] ')
  })

  it('a section with no record of its read is taken as not read for lack of budget', () => {
    const text = worklist(found({ read: { sections: {}, requests: 0, retries: {}, complete: false } }))
    expect(text).toContain('## Searches with no click (1)\n\nNot read this run (the request budget ran out).\n\n- [ ] ')
  })

  it('in the issue, a section not read to its end is written anew when the body holds no heading of it', () => {
    const body = issueText(onlySearchesCut, 'Our own notes\n- [x] a line of ours')
    expect(body).toContain(
      '## Searches with no click (1)\n\nRead in part (the request budget ran out): the list may miss items.\n\n- [ ] "webhooks"',
    )
    expect(body).not.toContain('Our own notes')
    expect(body).not.toContain('a line of ours')
  })

  it('a section whose items were all read is written anew even when its page views were not', () => {
    const viewsCut = partial({
      searches: { pages: 1, complete: true },
      assistant: { pages: 1, complete: true },
      feedback: { pages: 1, complete: false, views: { pages: 1, complete: false, cut: 'budget' } },
    })
    const f = { ...viewsCut, pages: viewsCut.pages.map((p) => ({ ...p, views: undefined, rate: undefined })) }
    const body = issueText(f, issueText(found()))
    expect(body).not.toContain('_Not read')
    expect(body).toContain('`/quickstart`: 3 reports, views not read; newest comment')
  })
  it('a section not read that found nothing says only that, with one blank line before the next section', () => {
    const f = {
      ...partial({
        searches: { pages: 1, complete: true },
        assistant: { pages: 0, complete: false, cut: 'budget' },
        feedback: { pages: 0, complete: false, cut: 'budget' },
      }),
      unanswered: [],
      unansweredCount: 0,
      pages: [],
    }
    expect(worklist(f)).toContain(
      '\n\n## Unanswered questions (0)\n\nNot read this run (the request budget ran out).\n\n## Pages readers reported (0)\n\nNot read this run (the request budget ran out).\n',
    )
    expect(worklist(f)).not.toContain('None found.')
  })

  it('in the issue, keeps a section that sits right under the first line of a body someone trimmed', () => {
    const body = `Our gaps\n## Searches with no click (1)\n\n- [x] "old term": 3 searches <!-- gap:s0123456789abcdef -->\n\n${ISSUE_MARKER}\n`
    const cut = onlySearchesCut
    expect(issueText(cut, body)).toContain(
      '## Searches with no click (1)\n\n_Not read to its end this run; the list below is kept from the last run that read it._\n\n- [x] "old term": 3 searches <!-- gap:s0123456789abcdef -->\n\n## Unanswered',
    )
  })
  it('in the issue, keeps a last section with nothing under it, when someone moved the marker to the top', () => {
    const body = `${ISSUE_MARKER}\n# Documentation gaps\n\n## Searches with no click (1)\n\n- [x] "old term": 3 searches <!-- gap:s0123456789abcdef -->\n`
    const cut = onlySearchesCut
    expect(issueText(cut, body)).toContain(
      '_Not read to its end this run; the list below is kept from the last run that read it._\n\n- [x] "old term": 3 searches <!-- gap:s0123456789abcdef -->\n\n## Unanswered',
    )
  })
})

describe('issueBody past the limit', () => {
  it('drops the lists kept from an earlier body when they alone pass the limit: never a body GitHub refuses', () => {
    const cut = found({
      read: {
        sections: {
          searches: { pages: 0, complete: false, cut: 'budget' },
          assistant: { pages: 1, complete: true },
          feedback: { pages: 1, complete: true },
        },
        requests: 2,
        retries: {},
        complete: false,
      },
    })
    const line = (i: number) => `- [x] ${'y'.repeat(300)} ${i} <!-- gap:s${'0'.repeat(15)}${i % 10} -->`
    const huge = `## Searches with no click (300)\n\n${Array.from({ length: 300 }, (_, i) => line(i)).join('\n')}\n\n${ISSUE_MARKER}\n`
    expect(huge.length).toBeGreaterThan(ISSUE_BODY_MAX)
    const body = issueText(cut, huge)
    expect(body.length).toBeLessThanOrEqual(ISSUE_BODY_MAX)
    expect(body).toContain('## Searches with no click (1)\n\nNot read this run (the request budget ran out).')
    // A kept list that fits is still kept.
    const small = issueText(cut, issueText(found()))
    expect(small).toContain('_Not read to its end this run')
  })
})

describe('rateText', () => {
  it('gives one decimal below 10 and a whole number from 10', () => {
    expect(rateText(2.54)).toBe('2.5')
    expect(rateText(9.94)).toBe('9.9')
    expect(rateText(10)).toBe('10')
    expect(rateText(1234.6)).toBe('1,235')
  })
})
