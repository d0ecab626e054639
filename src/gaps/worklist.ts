/**
 * The worklist: a Markdown checklist, a heading per section and one `- [ ]` line per item (the first `max-items`
 * of each). The issue the action keeps holds the same list under its marker; each line ends with a hidden key
 * (`<!-- gap:... -->`, made of a hash, never of reader text) so an item checked in the issue stays checked when it
 * is listed again.
 */

import { createHash } from 'node:crypto'
import { rangeText } from '../analytics/dates.js'
import { counted, number } from '../format.js'
import { code, md } from '../markdown.js'
import { countsOf, type Found, firstQuestions } from './found.js'
import type { Section } from './inputs.js'

/** Marks the issue this action keeps, found again by it. */
export const ISSUE_MARKER = '<!-- mintlify-gaps -->'

/** The largest issue body GitHub accepts is 65,536 characters; this leaves room for what GitHub adds. */
export const ISSUE_BODY_MAX = 65_000

/** A stable key for an item: its section and what identifies it (case-insensitive), hashed. */
export function itemKey(section: 's' | 'q' | 'p', identity: string): string {
  return `${section}${createHash('sha256').update(identity.toLowerCase()).digest('hex').slice(0, 16)}`
}

const KEY_COMMENT = /<!-- gap:([spq][0-9a-f]{16}) -->\s*$/

/** The keys of the items checked in an issue body we wrote (`- [x] ... <!-- gap:KEY -->`). */
export function checkedKeys(body: string): Set<string> {
  const keys = new Set<string>()
  for (const line of body.split(/\r?\n/)) {
    if (!/^\s*[-*] \[[xX]\] /.test(line)) continue
    const key = KEY_COMMENT.exec(line)?.[1]
    if (key) keys.add(key)
  }
  return keys
}

interface Line {
  key: string
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
    text: `${md(`"${s.term}"`)}: ${counted(s.hits, 'search', 'searches')}, no result clicked`,
  }))
}

function questionLines(found: Found, n: number): Line[] {
  return firstQuestions(found.unanswered, n).flatMap((c) =>
    c.questions.map((q) => ({
      key: itemKey('q', q.question),
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
    .filter((l) => l !== KEPT_NOTE)
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
): string {
  const more = total - lines.length
  const items = lines.map(
    (l) => `- [${checked.has(l.key) ? 'x' : ' '}] ${l.text}${keys ? ` <!-- gap:${l.key} -->` : ''}`,
  )
  if (lines.length === 0 && note === undefined) items.push('None found.')
  if (more > 0) items.push('', `${number(more)} more in the data file.`)
  return [`## ${title} (${number(total)})`, '', ...(note ? [note, ''] : []), ...items].join('\n').trimEnd()
}

/**
 * The checklist, with `n` items of each section at most. With `previous` (an issue body), a section not read to its
 * end this run keeps the list that body held, under a note, rather than a shorter list that would lose items and
 * the checks on them.
 */
function render(found: Found, n: number, checked: ReadonlySet<string>, previous?: string): string {
  const c = countsOf(found)
  const blocks = [`# Documentation gaps`, headline(found)]
  const lines: Record<Section, () => Line[]> = {
    searches: () => searchLines(found, n),
    assistant: () => questionLines(found, n),
    feedback: () => pageLines(found, n),
  }
  const totals: Record<Section, number> = { searches: c.searches, assistant: c.unanswered, feedback: c.pages }
  for (const section of ['searches', 'assistant', 'feedback'] as const) {
    if (!found.sections.has(section)) continue
    const note = partialNote(found, section)
    const kept = note && previous !== undefined ? previousSection(previous, section) : undefined
    if (kept) {
      const [heading = '', ...rest] = kept.split('\n')
      blocks.push([heading, '', KEPT_NOTE, ...rest].join('\n').replace(/\n{3,}/g, '\n\n'))
    } else blocks.push(sectionBlock(TITLES[section], totals[section], lines[section](), checked, true, note))
  }
  return `${blocks.join('\n\n')}\n`
}

/** The worklist file. */
export function worklist(found: Found): string {
  return render(found, found.maxItems, new Set())
}

/**
 * The issue's body: the worklist with the items checked before still checked, and the marker; a section not read to
 * its end keeps what the body held. Under ISSUE_BODY_MAX characters: when the items would not fit, fewer of each
 * section are listed (the rest stay in the data file).
 */
export function issueBody(found: Found, previousBody = '', footer = ''): string {
  const checked = checkedKeys(previousBody)
  const body = (n: number, previous?: string) =>
    `${render(found, n, checked, previous)}${footer ? `\n${footer}\n` : ''}\n${ISSUE_MARKER}\n`
  for (let n = found.maxItems; n > 0; n = Math.floor(n * 0.8)) {
    const text = body(n, previousBody)
    if (text.length <= ISSUE_BODY_MAX) return text
  }
  // Not even one item of each list fits beside the lists kept from before (a body someone made longer): this
  // run's own headings and notes, without them, always do.
  return body(0)
}
