import { counted, number, share } from '../format.js'
import { code, link, md, message, table } from '../markdown.js'
import type { Verdict } from '../runner/verdict.js'
import { countsOf, type Found, firstQuestions } from './found.js'
import { MAX_REQUESTS } from './inputs.js'
import { issueFix } from './outcome.js'
import { listingText, sinceSentence } from './since.js'
import { headline, itemKey, partialNote, rateText } from './worklist.js'

export interface GapsSummaryInput {
  verdict: Verdict
  /** Undefined when the run failed before anything was found. */
  found?: Found
  /** How the log and summary name the files written (relative to the workspace). */
  files?: { data: string; worklist: string; prompt?: string }
  /** The issue kept up to date, when one was. */
  issue?: { url: string; number: number; created: boolean }
  /** Why GitHub refused the issue, when it did (`issue: update`). */
  issueError?: Error
}

/** What the Votes column counts: feedback that is no report (see `isReport`). */
export const VOTES_NOTE =
  'Votes: feedback that reports nothing, a thumbs-only vote (the API does not say up or down) or page feedback marked helpful.'

/**
 * The job summary: one sentence with the window and the three counts, then a table per section (the first
 * `max-items` of each), then what was written and what it cost, and last what the reader can do next. Reader text is escaped (md, code) and already cut
 * to 300 characters, so a table of 100 rows stays far below the runner's 1 MiB.
 */
export function gapsSummary(s: GapsSummaryInput): string {
  const { found } = s
  const heading = `### ${s.verdict.emoji} Mintlify content gaps: ${md(s.verdict.title)}`
  if (!found) return [heading, '', message(s.verdict.message), ''].join('\n')
  const c = countsOf(found)
  const blocks = [heading, md(headline(found)), ...(found.since ? [md(sinceSentence(found.since))] : [])]
  const listed = listedColumn(found)
  if (found.sections.has('searches')) {
    const rows = found.searches
      .slice(0, found.maxItems)
      .map((t, i) => [
        String(i + 1),
        md(t.term),
        number(t.hits),
        t.lastSearchedAt ? md(t.lastSearchedAt.slice(0, 10)) : '',
        ...listed.cell(itemKey('s', t.term)),
      ])
    blocks.push(
      section(
        'Searches with no click',
        c.searches,
        found.maxItems,
        searchesNote(found),
        table(
          ['#', 'Term', 'Searches', 'Last searched', ...listed.header],
          ['right', 'left', 'right', 'left', ...listed.align],
          rows,
        ),
      ),
    )
  }
  if (found.sections.has('assistant')) {
    let i = 0
    const rows = firstQuestions(found.unanswered, found.maxItems).flatMap((cat) =>
      cat.questions.map((q) => [
        String(++i),
        md(cat.category),
        md(q.question),
        q.path ? code(q.path) : '',
        ...listed.cell(itemKey('q', q.question)),
      ]),
    )
    blocks.push(
      section(
        'Unanswered questions',
        c.unanswered,
        found.maxItems,
        partialNote(found, 'assistant') ?? '',
        table(
          ['#', 'Category', 'Question', 'Asked on', ...listed.header],
          ['right', 'left', 'left', 'left', ...listed.align],
          rows,
        ),
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
        ...listed.cell(itemKey('p', p.path)),
      ])
    blocks.push(
      section(
        'Pages readers reported',
        c.pages,
        found.maxItems,
        feedbackNote(found),
        `${table(
          ['#', 'Page', 'Reports', 'Votes', 'Views', 'Reports per 1,000 views', 'Newest comment', ...listed.header],
          ['right', 'left', 'right', 'right', 'right', 'right', 'left', ...listed.align],
          rows,
        )}\n\n${VOTES_NOTE}`,
      ),
    )
  }
  blocks.push(bookkeeping(s), nextStep(s))
  return `${blocks.join('\n\n')}\n`
}

/**
 * With the issue kept, a last column says of each item what the issue says: `new`, `since 2026-10-02, 8 runs`, or
 * nothing for an item the issue does not list (past the items that fit, or in a list kept from an earlier run).
 */
function listedColumn(found: Found): {
  header: string[]
  align: Array<'left'>
  cell: (key: string) => string[]
} {
  const since = found.since
  if (!since) return { header: [], align: [], cell: () => [] }
  const byKey = new Map(since.listed.map((l) => [l.key, l]))
  return {
    header: ['Listed'],
    align: ['left'],
    cell: (key) => {
      const l = byKey.get(key)
      return [l === undefined ? '' : l.new ? 'new' : listingText(l)]
    },
  }
}

/** `55 of 215 searches (25.6 %) were for these 3 terms …`, after what cut the section short, if anything did. */
function searchesNote(found: Found): string {
  const hits = found.searches.reduce((sum, t) => sum + t.hits, 0)
  const terms = counted(found.searches.length, 'term', 'terms')
  const least = found.minHits === undefined ? '' : `, each searched ${counted(found.minHits, 'time', 'times')} or more`
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
  const requests = counted(found.read.requests, 'request', 'requests')
  const issue = s.issue
    ? ` ${link(s.issue.url, `Issue #${s.issue.number}`)} ${s.issue.created ? 'opened' : 'updated'}.`
    : ''
  const verdict = s.verdict.level === 'notice' || s.verdict.level === 'info' ? '' : `\n\n${message(s.verdict.message)}`
  return `<sub>Wrote ${files}; ${requests}.${issue}</sub>${verdict}`
}

/** Why not every chosen section was read to its end: the request budget, or the API's paging; undefined if it was. */
function cutBy(found: Found): 'budget' | 'paging' | undefined {
  if (found.read.complete) return undefined
  const budget = [...found.sections].some((section) => {
    const read = found.read.sections[section]
    // A section never started: the budget ran out before it (as `partialNote` says).
    if (read === undefined) return true
    const views = read.views && !read.views.complete ? (read.views.cut ?? 'budget') : undefined
    return read.cut === 'budget' || views === 'budget'
  })
  return budget ? 'budget' : 'paging'
}

/**
 * What the reader can do now, last: work through the issue (or the worklist) or hand the prompt to the agent
 * action; when the request budget cut the run short, how to read the rest.
 */
function nextStep(s: GapsSummaryInput): string {
  const found = s.found as Found
  const steps: string[] = []
  if (countsOf(found).items > 0) {
    const list = s.issue
      ? link(s.issue.url, `issue #${s.issue.number}`)
      : s.files
        ? `the worklist ${code(s.files.worklist)}`
        : 'the worklist'
    const prompt = s.files?.prompt
      ? `, or hand the prompt ${code(s.files.prompt)} to the agent action (its \`prompt-file\` input; this step's \`prompt-file\` output names it)`
      : ''
    steps.push(`work through ${list}${prompt}.`)
  }
  const fix = s.issueError && issueFix(s.issueError)
  if (fix) steps.push(`To keep the issue, ${fix}, then re-run.`)
  const cut = cutBy(found)
  const requests = found.read.requests
  if (cut === 'budget')
    steps.push(
      requests < MAX_REQUESTS
        ? `To read the rest, raise \`max-requests\` (${number(requests)} this run, up to ${number(MAX_REQUESTS)}) and re-run; the organization's analytics calls share ${number(MAX_REQUESTS)} requests an hour, so when others spent them, re-run after the hour.`
        : `To read the rest, re-run after the hour with a shorter date range or fewer \`sections\`: ${number(MAX_REQUESTS)} requests is the most a run may make.`,
    )
  else if (cut === 'paging')
    steps.push('To read the rest, re-run later: the API broke off its paging (the warning in the log says where).')
  const [first = 'nothing to do: no reader missed anything in these dates.', ...rest] = steps
  return `**Next:** ${[first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ')}`
}
