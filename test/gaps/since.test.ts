/** The issue's memory of what it listed, read back as untrusted text, and what a run makes of it. */
import { describe, expect, it } from 'vitest'
import {
  checklistMemory,
  isMemoryLine,
  type Listing,
  listingText,
  MEMORY_MAX,
  type Memory,
  memoryLine,
  readMemory,
  type SinceInput,
  sinceCounts,
  sinceData,
  sinceLastRun,
  sinceSentence,
} from '../../src/gaps/since.js'

const TODAY = '2026-10-09'
const S = 's0123456789abcdef'
const Q = 'q0123456789abcdef'
const P = 'p0123456789abcdef'
const line = (json: string) => `<!-- mintlify-gaps-memory ${json} -->`

describe('readMemory', () => {
  it('reads what memoryLine wrote, the earlier mark included', () => {
    const memory: Memory = new Map<string, Listing>([
      [S, { since: '2026-10-02', runs: 8 }],
      [Q, { since: '2026-09-01', runs: 2, earlier: true }],
    ])
    const body = `# Documentation gaps\n\n<!-- mintlify-gaps -->\n${memoryLine(memory)}\n`
    expect(memoryLine(memory)).toBe(line(`{"v":1,"listed":{"${S}":["2026-10-02",8],"${Q}":["2026-09-01",2,1]}}`))
    expect(readMemory(body, TODAY)).toEqual(memory)
    expect(isMemoryLine(memoryLine(memory))).toBe(true)
  })

  it('is undefined without a memory line, or with one that cannot be read', () => {
    for (const body of [
      '',
      '- [ ] x <!-- gap:s0123456789abcdef -->',
      line('{"v":1,"listed":'), // not JSON
      line('{"v":2,"listed":{}}'), // another version
      line('{"v":1,"listed":[]}'),
      line('{"v":1}'),
      line('null'),
      `text ${line('{"v":1,"listed":{}}')}`, // not a line of its own (inside a list item, a code span)
      line(`{"v":1,"listed":{"${S}":["2026-10-02",1]},"pad":"${'x'.repeat(40_000)}"}`), // too long to be ours
    ])
      expect(readMemory(body, TODAY), body.slice(0, 60)).toBeUndefined()
    expect(readMemory(line('{"v":1,"listed":{}}'), TODAY)).toEqual(new Map())
  })

  it('takes only a well-formed key with a real day and a whole count; a day after today is today', () => {
    const entries = {
      [S]: ['2026-10-02', 8],
      [Q]: ['2027-01-01', 1], // after today: read as today
      [P]: ['2026-10-02', 3, 1],
      s0123456789abcdeF: ['2026-10-02', 1], // upper-case hex: not a key we write
      x0123456789abcdef: ['2026-10-02', 1],
      s0123: ['2026-10-02', 1],
      __proto__: ['2026-10-02', 1],
      sffffffffffffff01: ['2026-02-30', 1], // no such day
      sffffffffffffff02: ['2026-10-02T00:00:00Z', 1],
      sffffffffffffff03: ['2026-10-02', 0],
      sffffffffffffff04: ['2026-10-02', 1.5],
      sffffffffffffff05: ['2026-10-02', '8'],
      sffffffffffffff06: ['2026-10-02', 2_000_000],
      sffffffffffffff07: ['2026-10-02', 1, 2],
      sffffffffffffff08: ['2026-10-02', 1, 1, 1],
      sffffffffffffff09: { since: '2026-10-02', runs: 1 },
      sffffffffffffff0a: ['2026-10-02'],
      sffffffffffffff0b: ['2026-1-5', 1],
      sffffffffffffff0c: ['+02026-10-02', 1],
      sffffffffffffff0d: [20261002, 1],
    }
    const json = `{"v":1,"listed":{${Object.entries(entries)
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join(',')}}}`
    expect(readMemory(line(json), TODAY)).toEqual(
      new Map([
        [S, { since: '2026-10-02', runs: 8 }],
        [Q, { since: TODAY, runs: 1 }],
        [P, { since: '2026-10-02', runs: 3, earlier: true }],
      ]),
    )
  })

  it('reads the last memory line and at most MEMORY_MAX entries', () => {
    const many = Array.from(
      { length: MEMORY_MAX + 50 },
      (_, i) => `"s${i.toString(16).padStart(16, '0')}":["2026-10-01",1]`,
    )
    const body = [
      line(`{"v":1,"listed":{"${S}":["2026-01-01",1]}}`),
      line(`{"v":1,"listed":{${many.join(',')}}}`),
    ].join('\n')
    const memory = readMemory(body, TODAY)
    expect(memory?.size).toBe(MEMORY_MAX)
    expect(memory?.has(S)).toBe(false)
  })
})

describe('checklistMemory', () => {
  it('remembers each key of a body from before the memory from today, marked earlier, at most MEMORY_MAX', () => {
    expect(checklistMemory([S, Q], TODAY)).toEqual(
      new Map([
        [S, { since: TODAY, runs: 1, earlier: true }],
        [Q, { since: TODAY, runs: 1, earlier: true }],
      ]),
    )
    const keys = Array.from({ length: MEMORY_MAX + 1 }, (_, i) => `s${i.toString(16).padStart(16, '0')}`)
    expect(checklistMemory(keys, TODAY).size).toBe(MEMORY_MAX)
  })
})

describe('sinceLastRun', () => {
  const run = (input: Partial<SinceInput>) =>
    sinceLastRun({
      previous: new Map(),
      checked: new Set(),
      today: TODAY,
      complete: true,
      fresh: [],
      kept: [],
      settle: () => 'gone',
      ...input,
    })

  it('a line never listed is new from today; one listed before keeps its day, one run more', () => {
    const { since, memory } = run({
      previous: new Map([[S, { since: '2026-10-02', runs: 7 }]]),
      fresh: [
        { key: S, item: 'webhooks' },
        { key: Q, item: 'Why?' },
      ],
    })
    expect(since.listed).toEqual([
      { key: S, item: 'webhooks', since: '2026-10-02', runs: 8, new: false },
      { key: Q, item: 'Why?', since: TODAY, runs: 1, new: true },
    ])
    expect([...memory]).toEqual([
      [S, { since: '2026-10-02', runs: 8 }],
      [Q, { since: TODAY, runs: 1 }],
    ])
    expect(sinceCounts(since)).toEqual({ new: 1, listedBefore: 1, gone: 0, goneTicked: 0 })
  })

  it('a remembered item not listed: found again (runs one more), gone (ticked or not), or not read (as it was)', () => {
    const previous: Memory = new Map([
      [S, { since: '2026-10-02', runs: 3 }],
      [Q, { since: '2026-09-25', runs: 2 }],
      [P, { since: '2026-09-18', runs: 4, earlier: true }],
      ['sffffffffffffff01', { since: '2026-10-01', runs: 1 }],
    ])
    const settle = (key: string) => ({ [S]: 'found', [Q]: 'unread' })[key] ?? ('gone' as const)
    const { since, memory } = run({ previous, checked: new Set([P]), settle: settle as SinceInput['settle'] })
    expect(since.gone).toEqual([
      { key: P, since: '2026-09-18', runs: 4, earlier: true, ticked: true },
      { key: 'sffffffffffffff01', since: '2026-10-01', runs: 1, ticked: false },
    ])
    expect(sinceCounts(since)).toEqual({ new: 0, listedBefore: 0, gone: 2, goneTicked: 1 })
    // Gone items are dropped; the rest oldest first.
    expect([...memory]).toEqual([
      [Q, { since: '2026-09-25', runs: 2 }],
      [S, { since: '2026-10-02', runs: 4 }],
    ])
  })

  it('a line kept from the issue keeps its listing as it was; a kept line never remembered is not reported', () => {
    const previous: Memory = new Map([[S, { since: '2026-10-02', runs: 3 }]])
    const { since, memory } = run({ previous, kept: [S, Q], settle: () => 'unread' })
    expect(since.listed).toEqual([{ key: S, since: '2026-10-02', runs: 3, new: false }])
    expect([...memory]).toEqual([[S, { since: '2026-10-02', runs: 3 }]])
    expect(since.gone).toEqual([])
  })

  it('remembers at most MEMORY_MAX items: the lines listed first', () => {
    const keys = Array.from({ length: MEMORY_MAX + 10 }, (_, i) => `s${i.toString(16).padStart(16, '0')}`)
    const previous: Memory = new Map(keys.map((k) => [k, { since: '2026-01-01', runs: 1 }]))
    const { memory } = run({ previous, fresh: [{ key: S, item: 'x' }], settle: () => 'found' })
    expect(memory.size).toBe(MEMORY_MAX)
    expect([...memory.keys()][0]).toBe(S)
  })
})

describe('texts', () => {
  it('says since when and how many runs; before the memory began, at least', () => {
    expect(listingText({ since: '2026-10-02', runs: 8 })).toBe('since 2026-10-02, 8 runs')
    expect(listingText({ since: '2026-10-02', runs: 1 })).toBe('since 2026-10-02, 1 run')
    expect(listingText({ since: '2026-10-09', runs: 2, earlier: true })).toBe(
      'since before 2026-10-09, at least 2 runs',
    )
  })

  it('one sentence: new, listed before and the longest listed, no longer found and of them ticked', () => {
    const since = {
      date: TODAY,
      complete: true,
      listed: [
        { key: S, since: TODAY, runs: 1, new: true },
        { key: Q, since: '2026-10-02', runs: 2, new: false },
        { key: P, since: '2026-08-14', runs: 1_234, new: false },
      ],
      gone: [
        { key: 'sffffffffffffff01', since: '2026-10-02', runs: 1, ticked: true },
        { key: 'sffffffffffffff02', since: '2026-10-02', runs: 1, ticked: false },
      ],
    }
    expect(sinceSentence(since)).toBe(
      'Since the last run: 1 new, 2 listed before (the longest since 2026-08-14, 1,234 runs); no longer found: 2, of them 1 ticked.',
    )
    expect(sinceSentence({ ...since, listed: [], gone: [], complete: false })).toBe(
      'Since the last run: 0 new, 0 listed before; no longer found: 0. Items of a section not read to its end are not called gone.',
    )
  })

  it('the data file: the issue, the day, the counts, each item listed and each gone by key and section', () => {
    const data = sinceData({
      date: TODAY,
      complete: true,
      issue: 7,
      listed: [
        { key: S, item: 'webhooks', since: TODAY, runs: 1, new: true },
        { key: Q, since: '2026-10-02', runs: 2, earlier: true, new: false },
      ],
      gone: [{ key: P, since: '2026-10-02', runs: 3, ticked: true }],
    })
    expect(data).toEqual({
      issue: 7,
      date: TODAY,
      complete: true,
      counts: { new: 1, listedBefore: 1, gone: 1, goneTicked: 1 },
      listed: [
        { key: S, section: 'searches', item: 'webhooks', new: true, listedSince: TODAY, runs: 1 },
        { key: Q, section: 'assistant', new: false, listedSince: '2026-10-02', runs: 2, listedBeforeMemory: true },
      ],
      gone: [{ key: P, section: 'feedback', ticked: true, listedSince: '2026-10-02', runs: 3 }],
    })
  })
})

describe('the memory read back, at its edges', () => {
  const key = (i: number) => `s${i.toString(16).padStart(16, '0')}`

  it('reads a memory of exactly 40,000 characters, and a count of exactly 1,000,000 runs', () => {
    const head = `{"v":1,"listed":{"${S}":["2026-10-02",1000000]},"pad":"`
    const json = `${head}${'x'.repeat(40_000 - head.length - 2)}"}`
    expect(json).toHaveLength(40_000)
    expect(readMemory(line(json), TODAY)).toEqual(new Map([[S, { since: '2026-10-02', runs: 1_000_000 }]]))
  })

  it('a memory line whose braces hold no JSON, or whose listed is null, is not read', () => {
    expect(readMemory(line('{"v":1,"listed":}'), TODAY)).toBeUndefined()
    expect(readMemory(line('{"v":1,"listed":null}'), TODAY)).toBeUndefined()
  })

  it('an entry that is an object shaped like a list is left out', () => {
    const json = `{"v":1,"listed":{"${S}":{"0":"2026-10-02","1":1,"length":2},"${Q}":["2026-10-02",1]}}`
    expect(readMemory(line(json), TODAY)).toEqual(new Map([[Q, { since: '2026-10-02', runs: 1 }]]))
  })

  it('a key written twice, fresh or kept, is listed once', () => {
    const previous: Memory = new Map([[P, { since: '2026-10-02', runs: 3 }]])
    const { since } = sinceLastRun({
      previous,
      checked: new Set(),
      today: TODAY,
      complete: false,
      fresh: [
        { key: S, item: 'webhooks' },
        { key: S, item: 'webhooks again' },
      ],
      kept: [P, P],
      settle: () => 'unread',
    })
    expect(since.listed).toEqual([
      { key: S, item: 'webhooks', since: TODAY, runs: 1, new: true },
      { key: P, since: '2026-10-02', runs: 3, new: false },
    ])
  })

  it('what is carried is remembered oldest first, items of one day in the order they were remembered', () => {
    const dates = ['2026-10-04', '2026-10-02', '2026-10-03', '2026-10-02', '2026-10-01', '2026-10-04', '2026-10-02']
    const previous: Memory = new Map(dates.map((since, i) => [key(i), { since, runs: i + 1 }]))
    const { memory } = sinceLastRun({
      previous,
      checked: new Set(),
      today: TODAY,
      complete: true,
      fresh: [],
      kept: [],
      settle: () => 'unread',
    })
    expect(memoryLine(memory)).toBe(
      line(
        `{"v":1,"listed":{"${key(4)}":["2026-10-01",5],"${key(1)}":["2026-10-02",2],"${key(3)}":["2026-10-02",4],"${key(6)}":["2026-10-02",7],"${key(2)}":["2026-10-03",3],"${key(0)}":["2026-10-04",1],"${key(5)}":["2026-10-04",6]}}`,
      ),
    )
  })

  it('the longest listed is the earliest day; of two listed that day, the first', () => {
    const since = {
      date: TODAY,
      complete: true,
      listed: [
        { key: S, since: '2026-08-14', runs: 9, new: false },
        { key: Q, since: '2026-10-02', runs: 2, new: false },
        { key: P, since: '2026-08-14', runs: 3, new: false },
      ],
      gone: [],
    }
    expect(sinceSentence(since)).toBe(
      'Since the last run: 0 new, 3 listed before (the longest since 2026-08-14, 9 runs); no longer found: 0.',
    )
  })

  it('the data file names no issue before it is kept, and no item for a line kept from before', () => {
    const data = sinceData({
      date: TODAY,
      complete: false,
      listed: [{ key: Q, since: '2026-10-02', runs: 2, new: false }],
      gone: [],
    })
    expect(JSON.stringify(data)).toBe(
      JSON.stringify({
        date: TODAY,
        complete: false,
        counts: { new: 0, listedBefore: 1, gone: 0, goneTicked: 0 },
        listed: [{ key: Q, section: 'assistant', new: false, listedSince: '2026-10-02', runs: 2 }],
        gone: [],
      }),
    )
  })
})
