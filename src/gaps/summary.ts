import { number, share } from '../format.js'
import { code, link, md, message, table } from '../markdown.js'
import type { Verdict } from '../runner/verdict.js'
import { countsOf, type Found, firstQuestions, plural } from './found.js'
import { headline, partialNote, rateText } from './worklist.js'

export interface GapsSummaryInput {
  verdict: Verdict
  /** Undefined when the run failed before anything was found. */
  found?: Found
  /** How the log and summary name the files written (relative to the workspace). */
  files?: { data: string; worklist: string; prompt?: string }
  /** The issue kept up to date, when one was. */
  issue?: { url: string; number: number; created: boolean }
}

/**
 * The job summary: one sentence with the window and the three counts, then a table per section (the first
 * `max-items` of each), then what was written and what it cost. Reader text is escaped (md, code) and already cut
 * to 300 characters, so a table of 100 rows stays far below the runner's 1 MiB.
 */
export function gapsSummary(s: GapsSummaryInput): string {
  const { found } = s
  const heading = `### ${s.verdict.emoji} Mintlify content gaps: ${md(s.verdict.title)}`
  if (!found) return [heading, '', message(s.verdict.message), ''].join('\n')
  const c = countsOf(found)
  const blocks = [heading, md(headline(found))]
  if (found.sections.has('searches')) {
    const rows = found.searches
      .slice(0, found.maxItems)
      .map((t, i) => [
        String(i + 1),
        md(t.term),
        number(t.hits),
        t.lastSearchedAt ? md(t.lastSearchedAt.slice(0, 10)) : '',
      ])
    blocks.push(
      section(
        'Searches with no click',
        c.searches,
        found.maxItems,
        searchesNote(found),
        table(['#', 'Term', 'Searches', 'Last searched'], ['right', 'left', 'right', 'left'], rows),
      ),
    )
  }
  if (found.sections.has('assistant')) {
    let i = 0
    const rows = firstQuestions(found.unanswered, found.maxItems).flatMap((cat) =>
      cat.questions.map((q) => [String(++i), md(cat.category), md(q.question), q.path ? code(q.path) : '']),
    )
    blocks.push(
      section(
        'Unanswered questions',
        c.unanswered,
        found.maxItems,
        partialNote(found, 'assistant') ?? '',
        table(['#', 'Category', 'Question', 'Asked on'], ['right', 'left', 'left', 'left'], rows),
      ),
    )
  }
  if (found.sections.has('feedback')) {
    const rows = found.pages
      .slice(0, found.maxItems)
      .map((p, i) => [
        String(i + 1),
        code(p.path),
        number(p.reports),
        number(p.votes),
        p.views === undefined ? '–' : number(p.views),
        p.rate === undefined ? '' : rateText(p.rate),
        p.comments[0] ? md(p.comments[0].text) : '',
      ])
    blocks.push(
      section(
        'Pages readers reported',
        c.pages,
        found.maxItems,
        feedbackNote(found),
        table(
          ['#', 'Page', 'Reports', 'Votes', 'Views', 'Reports per 1,000 views', 'Newest comment'],
          ['right', 'left', 'right', 'right', 'right', 'right', 'left'],
          rows,
        ),
      ),
    )
  }
  blocks.push(bookkeeping(s))
  return `${blocks.join('\n\n')}\n`
}

/** `55 of 215 searches (25.6 %) were for these 3 terms …`, after what cut the section short, if anything did. */
function searchesNote(found: Found): string {
  const hits = found.searches.reduce((sum, t) => sum + t.hits, 0)
  const terms = plural(found.searches.length, 'term', 'terms', number)
  const least =
    found.minHits === undefined ? '' : `, each searched ${plural(found.minHits, 'time', 'times', number)} or more`
  const share_ = `${number(hits)} of ${number(found.totalSearches)} searches (${share(hits, found.totalSearches)}) were for these ${terms}${least}; none led to a click.`
  return [partialNote(found, 'searches'), found.searches.length > 0 ? share_ : ''].filter(Boolean).join(' ')
}

/** Which feedback counted, after what cut the section short; and when the views are not known, why. */
function feedbackNote(found: Found): string {
  const statuses = found.feedbackStatus
    ? `Feedback with status ${found.feedbackStatus
        .split(',')
        .map((s) => code(s))
        .join(' or ')}. `
    : ''
  const views = found.read.sections.feedback?.views
  const unknown =
    views && !views.complete ? 'Views not read to their end this run (the request budget ran out): shown as –. ' : ''
  return `${partialNote(found, 'feedback') ?? ''} ${statuses}${unknown}`.trim()
}

function section(title: string, total: number, shown: number, note: string, body: string): string {
  if (total === 0) return `#### ${title}\n\n${note ? `${note}\n\n` : ''}None found.`
  const more = total > shown ? `\n\nThe first ${number(shown)} of ${number(total)}; the data file holds them all.` : ''
  return `#### ${title}\n\n${note ? `${note}\n\n` : ''}${body}${more}`
}

/** What was written and what it cost: last, after the answer. */
function bookkeeping(s: GapsSummaryInput): string {
  const found = s.found as Found
  const files = s.files
    ? [s.files.data, s.files.worklist, ...(s.files.prompt ? [s.files.prompt] : [])].map((f) => code(f)).join(', ')
    : ''
  const requests = `${number(found.read.requests)} ${found.read.requests === 1 ? 'request' : 'requests'}`
  const issue = s.issue
    ? ` ${link(s.issue.url, `Issue #${s.issue.number}`)} ${s.issue.created ? 'opened' : 'updated'}.`
    : ''
  const verdict = s.verdict.level === 'notice' || s.verdict.level === 'info' ? '' : `\n\n${message(s.verdict.message)}`
  return `<sub>Wrote ${files}; ${requests}.${issue}</sub>${verdict}`
}
