/**
 * The worklist: a Markdown checklist, a heading per section and one `- [ ]` line per item (the first `max-items`
 * of each). The issue the action keeps holds the same list under its marker; each line ends with a hidden key
 * (`<!-- gap:... -->`, made of a hash, never of reader text) so an item checked in the issue stays checked when it
 * is listed again. The issue also says what changed since the last run (since.ts): each line since when it is
 * listed, and the items no longer found under their own heading.
 */

import { createHash } from 'node:crypto'
import { rangeText } from '../analytics/dates.js'
import { counted, number } from '../format.js'
import { code, md } from '../markdown.js'
import { clip } from '../text.js'
import { countsOf, type Found, firstQuestions } from './found.js'
import type { Section } from './inputs.js'
import {
  checklistMemory,
  type GoneItem,
  goneCount,
  ITEM_KEY,
  isMemoryLine,
  listingText,
  memoryLine,
  readMemory,
  SECTION_OF,
  type Settled,
  type SinceLastRun,
  sinceLastRun,
  sinceSentence,
} from './since.js'

/** Marks the issue this action keeps, found again by it. */
export const ISSUE_MARKER = '<!-- mintlify-gaps -->'

/** The largest issue body GitHub accepts is 65,536 characters; this leaves room for what GitHub adds. */
export const ISSUE_BODY_MAX = 65_000

/** A stable key for an item: its section and what identifies it (case-insensitive), hashed. */
export function itemKey(section: 's' | 'q' | 'p', identity: string): string {
  return `${section}${createHash('sha256').update(identity.toLowerCase()).digest('hex').slice(0, 16)}`
}

const KEY_COMMENT = new RegExp(`\\s*<!-- gap:(${ITEM_KEY}) -->\\s*$`)
const CHECKBOX = /^\s*[-*] \[([ xX])\] /
/** What a line of ours says after its text: ` · **new**`, ` · listed since 2026-10-02, 8 runs`. */
const LISTING = / · (?:\*\*new\*\*|listed since [^·]*)$/
/** A line's text shown again under "No longer found": as long as the longest line we write, about 1,000. */
const GONE_LINE_MAX = 1_200

/** A checklist line of an issue body we wrote (`- [ ] text <!-- gap:KEY -->`): checked, and its text. */
interface ChecklistLine {
  checked: boolean
  /** The text, without the key and what we wrote after it, cut to GONE_LINE_MAX characters. */
  text: string
}

/** The checklist lines of an issue body, by key (the first line with a key counts). */
export function checklist(body: string): Map<string, ChecklistLine> {
  const lines = new Map<string, ChecklistLine>()
  for (const line of body.split(/\r?\n/)) {
    const box = CHECKBOX.exec(line)
    const key = box ? KEY_COMMENT.exec(line) : null
    if (!box || !key?.[1] || lines.has(key[1])) continue
    const text = line.slice(box[0].length, key.index).replace(LISTING, '')
    lines.set(key[1], { checked: box[1] !== ' ', text: clip(text, GONE_LINE_MAX) })
  }
  return lines
}

/** The keys of the items checked in an issue body we wrote (`- [x] ... <!-- gap:KEY -->`). */
export function checkedKeys(body: string): Set<string> {
  return new Set([...checklist(body)].filter(([, line]) => line.checked).map(([key]) => key))
}

interface Line {
  key: string
  /** What identifies the item: the search term, the question, the page path. */
  item: string
  text: string
}

/** The opening sentence of the worklist, the issue and the summary: the window and the three counts. */
export function headline(found: Found): string {
  const c = countsOf(found)
  const parts: string[] = []
  if (found.sections.has('searches')) parts.push(counted(c.searches, 'search with no click', 'searches with no click'))
  if (found.sections.has('assistant')) parts.push(counted(c.unanswered, 'unanswered question', 'unanswered questions'))
  if (found.sections.has('feedback')) parts.push(counted(c.pages, 'page readers reported', 'pages readers reported'))
  const incomplete = found.read.complete ? '' : ' (not every section was read to its end)'
  const window = rangeText(found.dateFrom, found.dateTo)
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '')
  return `${window.charAt(0).toUpperCase()}${window.slice(1)}: ${list}${incomplete}.`
}

function searchLines(found: Found, n: number): Line[] {
  return found.searches.slice(0, n).map((s) => ({
    key: itemKey('s', s.term),
    item: s.term,
    text: `${md(`"${s.term}"`)}: ${counted(s.hits, 'search', 'searches')}, no result clicked`,
  }))
}

function questionLines(found: Found, n: number): Line[] {
  return firstQuestions(found.unanswered, n).flatMap((c) =>
    c.questions.map((q) => ({
      key: itemKey('q', q.question),
      item: q.question,
      text: `${md(c.category)}: ${md(q.question)}${q.path ? ` (asked on ${code(q.path)})` : ''}`,
    })),
  )
}

function pageLines(found: Found, n: number): Line[] {
  return found.pages.slice(0, n).map((p) => {
    const rate = p.rate === undefined ? '' : `, ${rateText(p.rate)} per 1,000 views`
    const comment = p.comments[0] ? `; newest comment: ${md(`"${p.comments[0].text}"`)}` : ''
    return {
      key: itemKey('p', p.path),
      item: p.path,
      text: `${code(p.path)}: ${counted(p.reports, 'report', 'reports')}, ${p.views === undefined ? 'views not read' : counted(p.views, 'view', 'views')}${rate}${comment}`,
    }
  })
}

/** Reports per 1,000 views, one decimal below 10 (`2.5`), whole above (`140`). */
export function rateText(rate: number): string {
  return rate < 10 ? rate.toFixed(1) : number(Math.round(rate))
}

/** What a section's note says when it was not read to its end: `undefined` when it was. */
export function partialNote(found: Found, section: Section): string | undefined {
  const read = found.read.sections[section]
  if (read && read.cut === undefined) return undefined
  const why = read?.cut === 'budget' || read === undefined ? 'the request budget ran out' : 'the API’s paging broke off'
  return read && read.pages > 0 ? `Read in part (${why}): the list may miss items.` : `Not read this run (${why}).`
}

/** Notes this action puts under a section heading of the issue, replaced on each run. */
const KEPT_NOTE = '_Not read to its end this run; the list below is kept from the last run that read it._'

const TITLES: Record<Section, string> = {
  searches: 'Searches with no click',
  assistant: 'Unanswered questions',
  feedback: 'Pages readers reported',
}

/** A section of an issue body we wrote (from its heading to the next heading or the marker), or undefined. */
export function previousSection(body: string, section: Section): string | undefined {
  const lines = body.split(/\r?\n/)
  const start = lines.findIndex((l) => l.startsWith(`## ${TITLES[section]} (`))
  if (start === -1) return undefined
  let end = start + 1
  while (end < lines.length && !lines[end]?.startsWith('## ') && lines[end] !== ISSUE_MARKER) end++
  const block = lines.slice(start, end)
  // Our own note from an earlier partial run is written anew, never stacked.
  return block
    .filter((l) => l !== KEPT_NOTE && !isMemoryLine(l))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()
}

function sectionBlock(
  title: string,
  total: number,
  lines: Line[],
  checked: ReadonlySet<string>,
  keys: boolean,
  note?: string,
  after: (key: string) => string = () => '',
): string {
  const more = total - lines.length
  const items = lines.map(
    (l) => `- [${checked.has(l.key) ? 'x' : ' '}] ${l.text}${after(l.key)}${keys ? ` <!-- gap:${l.key} -->` : ''}`,
  )
  if (lines.length === 0 && note === undefined) items.push('None found.')
  if (more > 0) items.push('', `${number(more)} more in the data file.`)
  return [`## ${title} (${number(total)})`, '', ...(note ? [note, ''] : []), ...items].join('\n').trimEnd()
}

/** A section of the checklist: its lines written anew, or (`kept`) the block an issue body held. */
interface Block {
  section: Section
  total: number
  lines: Line[]
  note?: string
  kept?: string
}

/**
 * The sections, with `n` items of each at most. With `previous` (an issue body), a section not read to its end
 * this run keeps the list that body held, under a note, rather than a shorter list that would lose items and the
 * checks on them.
 */
function blocks(found: Found, n: number, previous?: string): Block[] {
  const c = countsOf(found)
  const lines: Record<Section, () => Line[]> = {
    searches: () => searchLines(found, n),
    assistant: () => questionLines(found, n),
    feedback: () => pageLines(found, n),
  }
  const totals: Record<Section, number> = { searches: c.searches, assistant: c.unanswered, feedback: c.pages }
  const out: Block[] = []
  for (const section of ['searches', 'assistant', 'feedback'] as const) {
    if (!found.sections.has(section)) continue
    const note = partialNote(found, section)
    const kept = note && previous !== undefined ? previousSection(previous, section) : undefined
    if (kept) {
      const [heading = '', ...rest] = kept.split('\n')
      const text = [heading, '', KEPT_NOTE, ...rest].join('\n').replace(/\n{3,}/g, '\n\n')
      out.push({ section, total: totals[section], lines: [], kept: text })
    } else out.push({ section, total: totals[section], lines: lines[section](), note })
  }
  return out
}

/** What the issue adds to the checklist: a paragraph under the headline, the text after each line, blocks after. */
interface Extras {
  lead?: string
  after?: (key: string) => string
  tail?: string
}

function render(found: Found, sections: Block[], checked: ReadonlySet<string>, extras: Extras = {}): string {
  const out = [`# Documentation gaps`, headline(found), ...(extras.lead ? [extras.lead] : [])]
  for (const b of sections)
    out.push(b.kept ?? sectionBlock(TITLES[b.section], b.total, b.lines, checked, true, b.note, extras.after))
  if (extras.tail) out.push(extras.tail)
  return `${out.join('\n\n')}\n`
}

/** The worklist file. */
export function worklist(found: Found): string {
  return render(found, blocks(found, found.maxItems), new Set())
}

/**
 * Which of `keys` (remembered items) this run found, among every item found, not only those listed. The unanswered
 * questions may be 80,000 (about 1.1 s to hash them all, measured on a busy 2-core runner): they are hashed one by
 * one only while a remembered question is still to be met.
 */
function foundAmong(found: Found, keys: Iterable<string>): Set<string> {
  const wanted = new Set(keys)
  const met = new Set<string>()
  const meet = (key: string) => {
    if (wanted.has(key)) met.add(key)
  }
  for (const s of found.searches) meet(itemKey('s', s.term))
  for (const p of found.pages) meet(itemKey('p', p.path))
  let left = [...wanted].filter((k) => k.startsWith('q')).length
  for (const c of found.unanswered) {
    if (left === 0) break
    for (const q of found.allQuestions?.(c.category) ?? c.questions) {
      const key = itemKey('q', q.question)
      if (!wanted.has(key) || met.has(key)) continue
      met.add(key)
      if (--left === 0) break
    }
  }
  return met
}

/** The issue's body and what it says changed since the last run. */
export interface IssueBody {
  body: string
  since: SinceLastRun
}

/**
 * The issue's body: the worklist with the items checked before still checked, what changed since the last run
 * (each line's listing, the items no longer found under their own heading), the marker, and the memory; a section
 * not read to its end keeps what the body held. Under ISSUE_BODY_MAX characters: when the items would not fit,
 * fewer of each section are listed (the rest stay in the data file, and in the memory while found).
 */
export function issueBody(found: Found, previousBody: string, run: { today: string; footer?: string }): IssueBody {
  const { today, footer = '' } = run
  const lines = checklist(previousBody)
  const checked = new Set([...lines].filter(([, l]) => l.checked).map(([key]) => key))
  // What the issue listed: its memory or, for a body from before the memory, its checklist.
  const previous = readMemory(previousBody, today) ?? checklistMemory(lines.keys(), today)
  const complete = (section: Section) => found.sections.has(section) && partialNote(found, section) === undefined
  const stillFound = foundAmong(
    found,
    [...previous.keys()].filter((key) => complete(SECTION_OF[key[0] ?? ''] as Section)),
  )
  const settle = (key: string): Settled =>
    !complete(SECTION_OF[key[0] ?? ''] as Section) ? 'unread' : stillFound.has(key) ? 'found' : 'gone'
  const compose = (n: number, previousBlocks?: string): IssueBody => {
    const sections = blocks(found, n, previousBlocks)
    const { since, memory } = sinceLastRun({
      previous,
      checked,
      today,
      complete: found.read.complete,
      fresh: sections.flatMap((b) => b.lines),
      kept: sections.flatMap((b) => (b.kept ? [...checklist(b.kept).keys()] : [])),
      settle,
    })
    const listing = new Map(since.listed.map((l) => [l.key, l]))
    const after = (key: string) => {
      const l = listing.get(key)
      return l === undefined ? '' : l.new ? ' · **new**' : ` · listed ${listingText(l)}`
    }
    const tail = since.gone.length > 0 ? goneBlock(since.gone, lines, n, goneCount(since)) : undefined
    const text = render(found, sections, checked, { lead: sinceSentence(since), after, tail })
    return { body: `${text}${footer ? `\n${footer}\n` : ''}\n${ISSUE_MARKER}\n${memoryLine(memory)}\n`, since }
  }
  for (let n = found.maxItems; n > 0; n = Math.floor(n * 0.8)) {
    const composed = compose(n, previousBody)
    if (composed.body.length <= ISSUE_BODY_MAX) return composed
  }
  // Not even one item of each list fits beside the lists kept from before (a body someone made longer): this
  // run's own headings, notes and memory (at most 18,500 characters), without them, always do.
  return compose(0)
}

/**
 * The items no longer found, shown once under their own heading: each line as the issue held it (at most `n` of
 * each section), whether it was ticked, and how long it was listed. An item the issue did not show (found, but
 * past the first `max-items`) is counted.
 */
function goneBlock(gone: GoneItem[], lines: ReadonlyMap<string, ChecklistLine>, n: number, count: string): string {
  const shown = new Map<string, number>()
  const items: string[] = []
  let unshown = 0
  for (const g of gone) {
    const line = lines.get(g.key)
    const letter = g.key[0] ?? ''
    if (!line || (shown.get(letter) ?? 0) >= n) {
      unshown++
      continue
    }
    shown.set(letter, (shown.get(letter) ?? 0) + 1)
    items.push(`- ${line.text} · ${g.ticked ? 'ticked' : 'not ticked'}, listed ${listingText(g)}`)
  }
  if (unshown > 0)
    items.push(
      `- ${counted(unshown, 'more item', 'more items')}, not shown here (the issue held no line for ${unshown === 1 ? 'it' : 'them'}, or there is no room).`,
    )
  return [
    `## No longer found (${count})`,
    '',
    '_Listed here before, not found by this run: shown this once, left out by the next run._',
    '',
    ...items,
  ].join('\n')
}
