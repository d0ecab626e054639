/**
 * Since the last run: what the issue this action keeps remembers of each item it listed (the date it was first
 * listed, and how many runs have found it since), and what a run makes of it: which items are new, how long the
 * others have been listed, which items the issue listed that this run no longer finds.
 *
 * The memory is one HTML comment of compact JSON on a line of its own below the marker, keyed by the items' keys
 * (hashes, never reader text): `<!-- mintlify-gaps-memory {"v":1,"listed":{"s0123456789abcdef":["2026-10-02",8]}} -->`.
 * It survives a person editing the visible text. Being in a body people can edit, it is read back as untrusted
 * text: bounded, and nothing but a well-formed key's date and count is taken from it.
 */
import { counted, number } from '../format.js'
import type { Section } from './inputs.js'

/** What the memory holds of one item. */
export interface Listing {
  /** The day it was first listed (UTC, `YYYY-MM-DD`). */
  since: string
  /** The runs that found it since, that day's included. */
  runs: number
  /** Listed before the memory began (a body with only its checklist): `since` is the first day remembered. */
  earlier?: true
}

/** Item key → its listing. */
export type Memory = Map<string, Listing>

/** The section of an item, by its key's first letter. */
export const SECTION_OF: Readonly<Record<string, Section>> = { s: 'searches', q: 'assistant', p: 'feedback' }

/** An item key: `s` (search), `q` (question) or `p` (page), then 16 hex characters of a hash. */
export const ITEM_KEY = '[spq][0-9a-f]{16}'
const KEY = new RegExp(`^${ITEM_KEY}$`)
const MEMORY_LINE = /^<!-- mintlify-gaps-memory (\{.*\}) -->[ \t]*$/

/** A line holding a memory (read or not). */
export function isMemoryLine(line: string): boolean {
  return MEMORY_LINE.test(line)
}

/**
 * Items remembered at the most: 300 listed (100 of each section) and as many found again but no longer among the
 * first `max-items`. 37 characters each: 18,500 at the most, beside a 65,000-character body.
 */
export const MEMORY_MAX = 500
/** Characters of a memory comment read at the most: a full memory is 18,500 (longer, someone wrote it). */
const MEMORY_TEXT_MAX = 40_000
/** Runs counted at the most: a weekly run for 19,000 years. */
const RUNS_MAX = 1_000_000

/**
 * A real day written `YYYY-MM-DD`, not after `today` (a later one is read as `today`), or undefined. Only such a day
 * reads back the same from a date (`2026-02-30`, `2026-1-5`, `2026-10-02T00:00:00Z` do not).
 */
function day(value: unknown, today: string): string | undefined {
  // Stryker disable next-line ConditionalExpression: any other value reads back as no such day (NaN, or not the same value)
  if (typeof value !== 'string') return undefined
  const time = Date.parse(`${value}T00:00:00Z`)
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return undefined
  // Stryker disable next-line EqualityOperator: today, whichever is returned
  return value > today ? today : value
}

/**
 * The memory an issue body holds (its last memory line), or undefined when it holds none that can be read: no
 * such line, one too long, not JSON, not the version written here. Entries that are not a well-formed key with a
 * real day and a whole count of runs are left out; at most MEMORY_MAX are read.
 */
export function readMemory(body: string, today: string): Memory | undefined {
  let json: string | undefined
  for (const line of body.split(/\r?\n/)) {
    const m = MEMORY_LINE.exec(line)
    if (m) json = m[1]
  }
  if (json === undefined || json.length > MEMORY_TEXT_MAX) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
    // Stryker disable next-line BlockStatement: without it the value is undefined, which the next line refuses
  } catch {
    return undefined
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: MEMORY_LINE lets only `{…}` through: JSON of it is an object, never null
  if (typeof value !== 'object' || value === null || (value as { v?: unknown }).v !== 1) return undefined
  const listed = (value as { listed?: unknown }).listed
  if (typeof listed !== 'object' || listed === null || Array.isArray(listed)) return undefined
  const memory: Memory = new Map()
  for (const [key, entry] of Object.entries(listed)) {
    if (memory.size >= MEMORY_MAX) break
    if (!KEY.test(key) || !Array.isArray(entry) || entry.length < 2 || entry.length > 3) continue
    const since = day(entry[0], today)
    const runs = entry[1]
    if (since === undefined || !Number.isInteger(runs) || runs < 1 || runs > RUNS_MAX) continue
    if (entry.length === 3 && entry[2] !== 1) continue
    memory.set(key, entry.length === 3 ? { since, runs, earlier: true } : { since, runs })
  }
  return memory
}

/**
 * What a body written before the memory existed listed: the keys of its checklist, each remembered from `today`
 * on and marked `earlier` (when it was first listed is not known).
 */
export function checklistMemory(keys: Iterable<string>, today: string): Memory {
  const memory: Memory = new Map()
  for (const key of keys) if (memory.size < MEMORY_MAX) memory.set(key, { since: today, runs: 1, earlier: true })
  return memory
}

/** The memory line, compact. */
export function memoryLine(memory: Memory): string {
  const listed = Object.fromEntries(
    [...memory].map(([key, l]) => [key, l.earlier ? [l.since, l.runs, 1] : [l.since, l.runs]]),
  )
  return `<!-- mintlify-gaps-memory ${JSON.stringify({ v: 1, listed })} -->`
}

/** An item this run lists, as the issue, summary and data file show it. */
export interface ListedItem extends Listing {
  key: string
  /** What identifies it (the search term, the question, the page path); undefined for a line kept from before. */
  item?: string
  /** Listed for the first time this run. */
  new: boolean
}

/** An item the issue listed that this run no longer finds. */
export interface GoneItem extends Listing {
  key: string
  /** Checked in the issue. */
  ticked: boolean
}

export interface SinceLastRun {
  /** This run's day (UTC). */
  date: string
  /** Every chosen section was read to its end: when not, nothing of the sections cut is called gone. */
  complete: boolean
  /** The items the issue lists this run, in its order. */
  listed: ListedItem[]
  gone: GoneItem[]
  /** The issue's number, once it was kept. */
  issue?: number
}

/** What became of a remembered item that this run does not list. */
export type Settled = 'found' | 'gone' | 'unread'

export interface SinceInput {
  previous: Memory
  /** Keys checked in the issue. */
  checked: ReadonlySet<string>
  today: string
  complete: boolean
  /** The lines this run wrote anew, in order. */
  fresh: ReadonlyArray<{ key: string; item: string }>
  /** The keys of lines kept as the issue held them (a section not read to its end). */
  kept: readonly string[]
  /**
   * A remembered item this run does not list: `found` when its section was read to its end and holds it, `gone`
   * when that section does not, `unread` when its section was not read to its end or not chosen.
   */
  settle: (key: string) => Settled
}

/**
 * This run against the memory: the items it lists (new, or with their listing one run longer), the items gone
 * (each remembered item of a section read to its end that this run did not find), and the memory to write
 * (what is listed first, then what was found again or not read, oldest first, at most MEMORY_MAX).
 */
export function sinceLastRun(input: SinceInput): { since: SinceLastRun; memory: Memory } {
  const { previous, today } = input
  const memory: Memory = new Map()
  const listed: ListedItem[] = []
  const shown = new Set<string>()
  const remember = (key: string, listing: Listing) => {
    if (memory.size < MEMORY_MAX) memory.set(key, listing)
  }
  for (const { key, item } of input.fresh) {
    if (shown.has(key)) continue
    shown.add(key)
    const before = previous.get(key)
    const listing = before ? { ...before, runs: Math.min(before.runs + 1, RUNS_MAX) } : { since: today, runs: 1 }
    remember(key, listing)
    listed.push({ key, item, ...listing, new: before === undefined })
  }
  // Kept as the issue held them: their listing as it was (the lines still say so).
  for (const key of input.kept) {
    const before = previous.get(key)
    if (shown.has(key) || !before) continue
    shown.add(key)
    remember(key, before)
    listed.push({ key, ...before, new: false })
  }
  const carried: Array<[string, Listing]> = []
  const gone: GoneItem[] = []
  for (const [key, before] of previous) {
    if (shown.has(key)) continue
    const settled = input.settle(key)
    if (settled === 'gone') gone.push({ key, ...before, ticked: input.checked.has(key) })
    else carried.push([key, settled === 'found' ? { ...before, runs: Math.min(before.runs + 1, RUNS_MAX) } : before])
  }
  carried.sort(([, a], [, b]) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0))
  for (const [key, listing] of carried) remember(key, listing)
  return { since: { date: today, complete: input.complete, listed, gone }, memory }
}

/** `since 2026-10-02, 8 runs`; before the memory began, `since before 2026-10-09, at least 2 runs`. */
export function listingText(l: Listing): string {
  const runs = counted(l.runs, 'run', 'runs')
  return l.earlier ? `since before ${l.since}, at least ${runs}` : `since ${l.since}, ${runs}`
}

export interface SinceCounts {
  new: number
  listedBefore: number
  gone: number
  goneTicked: number
}

export function sinceCounts(since: SinceLastRun): SinceCounts {
  const fresh = since.listed.filter((l) => l.new).length
  return {
    new: fresh,
    listedBefore: since.listed.length - fresh,
    gone: since.gone.length,
    goneTicked: since.gone.filter((g) => g.ticked).length,
  }
}

/** `3, of them 2 ticked`: how many items are no longer found (the interface's words). */
export function goneCount(since: SinceLastRun): string {
  const c = sinceCounts(since)
  return `${number(c.gone)}${c.gone > 0 ? `, of them ${number(c.goneTicked)} ticked` : ''}`
}

/**
 * The sentence the issue and the summary give: `Since the last run: 2 new, 5 listed before (the longest since
 * 2026-10-02, 8 runs); no longer found: 3, of them 2 ticked.`, and when a section was not read to its end, that
 * nothing of it was called gone.
 */
export function sinceSentence(since: SinceLastRun): string {
  const c = sinceCounts(since)
  const longest = since.listed
    .filter((l) => !l.new)
    .reduce<ListedItem | undefined>((a, l) => (a === undefined || l.since < a.since ? l : a), undefined)
  const oldest = longest ? ` (the longest ${listingText(longest)})` : ''
  const cut = since.complete ? '' : ' Items of a section not read to its end are not called gone.'
  return `Since the last run: ${number(c.new)} new, ${number(c.listedBefore)} listed before${oldest}; no longer found: ${goneCount(since)}.${cut}`
}

/**
 * The data file's `sinceLastRun`: the issue, the day, the counts, each item listed (new or since when, with what
 * identifies it when this run wrote its line) and each item no longer found (by key: the memory holds no text).
 */
export function sinceData(since: SinceLastRun): Record<string, unknown> {
  const listing = (l: Listing) => ({
    listedSince: l.since,
    runs: l.runs,
    ...(l.earlier ? { listedBeforeMemory: true } : {}),
  })
  return {
    ...(since.issue === undefined ? {} : { issue: since.issue }),
    date: since.date,
    complete: since.complete,
    counts: sinceCounts(since),
    listed: since.listed.map((l) => ({
      key: l.key,
      // Stryker disable next-line StringLiteral: a key is never empty (KEY)
      section: SECTION_OF[l.key[0] ?? ''],
      ...(l.item === undefined ? {} : { item: l.item }),
      new: l.new,
      ...listing(l),
    })),
    // Stryker disable next-line StringLiteral: a key is never empty (KEY)
    gone: since.gone.map((g) => ({ key: g.key, section: SECTION_OF[g.key[0] ?? ''], ticked: g.ticked, ...listing(g) })),
  }
}
