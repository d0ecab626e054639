import { countsOf, type Found } from './found.js'

/**
 * The data file: every item found (not only the first `max-items`), with its numbers, the window, `complete` and
 * `requests`. Reader text is in it as received, redacted and cut to one line of 300 characters; `contact` is not
 * (it was never kept). `<`, `>` and `&` are written as `\u` escapes, so the file stays inert if a page embeds it.
 */
export function dataFile(found: Found, generatedAt: string): string {
  const counts = countsOf(found)
  const data = {
    dateFrom: found.dateFrom,
    dateTo: found.dateTo,
    generatedAt,
    complete: found.read.complete,
    requests: found.read.requests,
    counts,
    sections: Object.fromEntries(
      [...found.sections].map((s) => {
        const read = found.read.sections[s]
        return [
          s,
          { pages: read?.pages ?? 0, complete: read?.complete ?? false, ...(read?.cut ? { cut: read.cut } : {}) },
        ]
      }),
    ),
    searches: found.sections.has('searches')
      ? { totalSearches: found.totalSearches, terms: found.searches }
      : undefined,
    unanswered: found.sections.has('assistant') ? found.unanswered : undefined,
    pages: found.sections.has('feedback')
      ? found.pages.map((p) => ({
          path: p.path,
          reports: p.reports,
          votes: p.votes,
          views: p.views,
          reportsPer1000Views: p.rate === undefined ? null : Math.round(p.rate * 10) / 10,
          comments: p.comments,
        }))
      : undefined,
  }
  return `${JSON.stringify(data, null, 2).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')}\n`
}
