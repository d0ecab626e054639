/**
 * Checks of the three cursor-paged analytics answers (search terms, assistant turns, feedback), in the manner
 * of shapes.ts: each returns the page or the problem in one line naming the field (`searches[3].hits is "x", not
 * a number`). The fields the action uses are checked; unknown fields are ignored, never fatal (the provider adds
 * some to rows). Texts are cut to a bound here; `contact` (a reader's e-mail address) is never copied.
 */
import { number } from '../format.js'
import { clip } from '../text.js'
import { bad, describe, isRecord, ok, type Shaped } from './shapes.js'
import type { AssistantPage, AssistantTurn, FeedbackItem, FeedbackPage, SearchesPage, SearchTerm } from './types.js'

/**
 * The longest text kept from a row, in characters: far above the 300 the gaps action shows of reader text,
 * so that it cuts (and says so) itself; far below what would let one answer of 4 MiB hold 1,000 long texts.
 */
export const ROW_TEXT_MAX = 2000

type Row = Record<string, unknown>

function what(value: unknown): string {
  return value === undefined ? 'missing' : describe(value)
}

/** A required string field of a row, cut to ROW_TEXT_MAX. */
function text(row: Row, key: string, name: string): Shaped<string> {
  const v = row[key]
  return typeof v === 'string' ? ok(clip(v, ROW_TEXT_MAX)) : bad(`\`${name}.${key}\` is ${what(v)}, not a string`)
}

/** A string field that may be null or missing (null then). */
function nullableText(row: Row, key: string, name: string): Shaped<string | null> {
  const v = row[key]
  if (v === undefined || v === null) return ok(null)
  return typeof v === 'string' ? ok(clip(v, ROW_TEXT_MAX)) : bad(`\`${name}.${key}\` is ${describe(v)}, not a string`)
}

function finite(row: Row, key: string, name: string): Shaped<number> {
  const v = row[key]
  return typeof v === 'number' && Number.isFinite(v)
    ? ok(v)
    : bad(`\`${name}.${key}\` is ${what(v)}, not a finite number`)
}

/**
 * `nextCursor`: a string, or null at the end (missing reads as null). Never cut: it is sent back as it came (a
 * cursor cut short is no cursor of the API), so one longer than ROW_TEXT_MAX is refused.
 */
function cursor(page: Row): Shaped<string | null> {
  const v = page.nextCursor
  if (v === undefined || v === null) return ok(null)
  if (typeof v !== 'string') return bad(`\`nextCursor\` is ${describe(v)}, not a string`)
  if (v.length > ROW_TEXT_MAX)
    return bad(`\`nextCursor\` is longer than ${number(ROW_TEXT_MAX)} characters, too long to send back`)
  return ok(v)
}

function hasMore(page: Row): Shaped<boolean> {
  return typeof page.hasMore === 'boolean'
    ? ok(page.hasMore)
    : bad(`\`hasMore\` is ${what(page.hasMore)}, not true or false`)
}

/** The rows of a page, each turned into what the action keeps, or the first problem. */
function rows<T>(page: Row, key: string, each: (row: Row, name: string) => Shaped<T>): Shaped<T[]> {
  const list = page[key]
  if (!Array.isArray(list)) return bad(`\`${key}\` is ${what(list)}, not a list`)
  const out: T[] = []
  for (let i = 0; i < list.length; i++) {
    const row: unknown = list[i]
    const name = `${key}[${i}]`
    if (!isRecord(row)) return bad(`\`${name}\` is ${describe(row)}, not an object`)
    const shaped = each(row, name)
    if (!shaped.ok) return shaped
    out.push(shaped.value)
  }
  return ok(out)
}

function notObject(value: unknown): string {
  return `the answer is ${describe(value)}, not a JSON object`
}

export function toSearchesPage(value: unknown): Shaped<SearchesPage> {
  if (!isRecord(value)) return bad(notObject(value))
  const terms = rows<SearchTerm>(value, 'searches', (row, name) => {
    const term = text(row, 'searchQuery', name)
    if (!term.ok) return term
    const hits = finite(row, 'hits', name)
    if (!hits.ok) return hits
    const ctr = finite(row, 'ctr', name)
    if (!ctr.ok) return ctr
    const last = nullableText(row, 'lastSearchedAt', name)
    if (!last.ok) return last
    const search: SearchTerm = { term: term.value, hits: hits.value, ctr: ctr.value }
    if (last.value !== null) search.lastSearchedAt = last.value
    return ok(search)
  })
  if (!terms.ok) return terms
  const total = finite(value, 'totalSearches', 'answer')
  if (!total.ok) return bad(`\`totalSearches\` is ${what(value.totalSearches)}, not a finite number`)
  const next = cursor(value)
  if (!next.ok) return next
  return ok({ rows: terms.value, totalSearches: total.value, nextCursor: next.value })
}

export function toAssistantPage(value: unknown): Shaped<AssistantPage> {
  if (!isRecord(value)) return bad(notObject(value))
  const turns = rows<AssistantTurn>(value, 'conversations', (row, name) => {
    const id = text(row, 'id', name)
    if (!id.ok) return id
    const timestamp = text(row, 'timestamp', name)
    if (!timestamp.ok) return timestamp
    const query = text(row, 'query', name)
    if (!query.ok) return query
    const status = nullableText(row, 'resolutionStatus', name)
    if (!status.ok) return status
    const type = nullableText(row, 'responseType', name)
    if (!type.ok) return type
    const category = nullableText(row, 'queryCategory', name)
    if (!category.ok) return category
    const pageUrl = nullableText(row, 'pageUrl', name)
    if (!pageUrl.ok) return pageUrl
    const turn: AssistantTurn = {
      id: id.value,
      timestamp: timestamp.value,
      query: query.value,
      queryCategory: category.value,
      pageUrl: pageUrl.value,
    }
    if (status.value !== null) turn.resolutionStatus = status.value
    if (type.value !== null) turn.responseType = type.value
    return ok(turn)
  })
  if (!turns.ok) return turns
  const more = hasMore(value)
  if (!more.ok) return more
  const next = cursor(value)
  if (!next.ok) return next
  return ok({ rows: turns.value, nextCursor: next.value, hasMore: more.value })
}

export function toFeedbackPage(value: unknown): Shaped<FeedbackPage> {
  if (!isRecord(value)) return bad(notObject(value))
  const items = rows<FeedbackItem>(value, 'feedback', (row, name) => {
    const path = text(row, 'path', name)
    if (!path.ok) return path
    const source = text(row, 'source', name)
    if (!source.ok) return source
    const comment = nullableText(row, 'comment', name)
    if (!comment.ok) return comment
    const createdAt = nullableText(row, 'createdAt', name)
    if (!createdAt.ok) return createdAt
    const helpful = row.helpful
    if (helpful !== undefined && helpful !== null && typeof helpful !== 'boolean')
      return bad(`\`${name}.helpful\` is ${describe(helpful)}, not true or false`)
    // Picked field by field: `contact` (an e-mail address) and any field the action does not use stay behind.
    const item: FeedbackItem = {
      path: path.value,
      source: source.value,
      comment: comment.value,
      createdAt: createdAt.value,
    }
    if (typeof helpful === 'boolean') item.helpful = helpful
    return ok(item)
  })
  if (!items.ok) return items
  const more = hasMore(value)
  if (!more.ok) return more
  const next = cursor(value)
  if (!next.ok) return next
  return ok({ rows: items.value, nextCursor: next.value, hasMore: more.value })
}
