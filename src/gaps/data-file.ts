import { closeSync, openSync, writeSync } from 'node:fs'
import { countsOf, type Found } from './found.js'
import { sinceData } from './since.js'

/**
 * The data file: every item found (not only the first `max-items`), with its numbers, the window, `complete` and
 * `requests`. Reader text is in it as received, redacted and cut to one line of 300 characters; `contact` is not
 * (it was never kept). `<`, `>` and `&` are written as `\u` escapes, so the file stays inert if a page embeds it.
 * Written piece by piece: the unanswered questions (80,000 of them in the bench) one line each as they are
 * unpacked, never all at once as objects or as one string.
 */
export function* dataFileChunks(found: Found, generatedAt: string): Generator<string> {
  const counts = countsOf(found)
  const members: Array<[string, unknown]> = [
    ['dateFrom', found.dateFrom],
    ['dateTo', found.dateTo],
    ['generatedAt', generatedAt],
    ['complete', found.read.complete],
    ['requests', found.read.requests],
    ['counts', counts],
    [
      'sections',
      Object.fromEntries(
        [...found.sections].map((s) => {
          const read = found.read.sections[s]
          const views = read?.views
          return [
            s,
            {
              pages: read?.pages ?? 0,
              complete: read?.complete ?? false,
              ...(read?.cut ? { cut: read.cut } : {}),
              // The views of the reported pages: when not read whole, every page's `views` is null.
              ...(views
                ? { views: { pages: views.pages, complete: views.complete, ...(views.cut ? { cut: views.cut } : {}) } }
                : {}),
            },
          ]
        }),
      ),
    ],
  ]
  if (found.since) members.push(['sinceLastRun', sinceData(found.since)])
  if (found.sections.has('searches'))
    members.push(['searches', { totalSearches: found.totalSearches, terms: found.searches }])
  const pages = found.sections.has('feedback')
    ? found.pages.map((p) => ({
        path: p.path,
        reports: p.reports,
        votes: p.votes,
        views: p.views ?? null,
        // Stryker disable next-line ConditionalExpression: no rate rounds to NaN, which JSON writes as null all the same
        reportsPer1000Views: p.rate === undefined ? null : Math.round(p.rate * 10) / 10,
        comments: p.comments,
      }))
    : undefined

  yield '{\n'
  let first = true
  const member = (name: string, value: unknown) => {
    const text = `${first ? '' : ',\n'}  ${JSON.stringify(name)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`
    first = false
    return inert(text)
  }
  for (const [name, value] of members) yield member(name, value)
  if (found.sections.has('assistant')) {
    yield ',\n  "unanswered": ['
    let firstCategory = true
    for (const c of found.unanswered) {
      yield `${firstCategory ? '' : ','}\n    {\n      "category": ${inert(JSON.stringify(c.category))},\n      "count": ${c.count},\n      "questions": [`
      firstCategory = false
      let firstQuestion = true
      for (const q of found.allQuestions?.(c.category) ?? c.questions) {
        yield `${firstQuestion ? '' : ','}\n        ${inert(JSON.stringify(q))}`
        firstQuestion = false
      }
      yield `${firstQuestion ? '' : '\n      '}]\n    }`
    }
    yield `${firstCategory ? '' : '\n  '}]`
    first = false
  }
  if (pages) yield member('pages', pages)
  yield '\n}\n'
}

/**
 * Writes the data file to `file` from its pieces, through one buffer of 64 KiB: the whole text is never held at
 * once. Why a Buffer and not a string of 64 K characters: that string, alive at every young-generation collection
 * while it grew, was what survived them (0.12 MB each, 30 times for 200,000 questions), and enough survival makes
 * V8 double its young generation (16 MiB more peak RSS; docs/benchmarks.md). Each piece now dies at once.
 */
export function writeDataFile(file: string, found: Found, generatedAt: string): void {
  const fd = openSync(file, 'w')
  try {
    const buffer = Buffer.allocUnsafe(65_536)
    let used = 0
    for (const chunk of dataFileChunks(found, generatedAt)) {
      const bytes = Buffer.byteLength(chunk)
      // Stryker disable next-line EqualityOperator: a buffer filled to its end, or written out first: the same bytes
      if (used + bytes > buffer.length) {
        writeAll(fd, buffer.subarray(0, used))
        used = 0
      }
      // Stryker disable next-line EqualityOperator: a piece the buffer's size, through it or past it: the same writes
      if (bytes > buffer.length) writeSync(fd, chunk)
      else used += buffer.write(chunk, used)
    }
    writeAll(fd, buffer.subarray(0, used))
  } finally {
    closeSync(fd)
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done)
}

/** The whole data file as one string (tests, small runs). */
export function dataFile(found: Found, generatedAt: string): string {
  return [...dataFileChunks(found, generatedAt)].join('')
}

/** `<`, `>` and `&` as JSON `\u` escapes: only string contents hold them, and they read the same. */
function inert(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}
