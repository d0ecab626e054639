/**
 * Reader text: search terms, questions, comments and paths typed by anonymous readers of a public site. It
 * arrives redacted (the API client's door); here it becomes one bounded line, before anything keeps it. Each
 * surface then escapes it for where it goes (src/markdown.ts for Markdown, JSON string literals in the prompt).
 */
import { clip, oneLine } from '../text.js'

/** The most of one reader text that any surface shows, in characters (the interface's bound). */
export const READER_TEXT_MAX = 300

/** White space that `flatText` changes: a run of two, any but a space, or at either end. */
// Stryker disable next-line Regex: a test that matches more only takes the longer way, which gives the same text
const UNFLAT = /\s\s|[^\S ]|^\s|\s$/
const RUNS = /\s+/g

/** One line, white space runs as one space, trimmed: not cut yet (a key to group by is taken from all of it). */
export function flatText(value: string): string {
  const line = oneLine(value)
  // Text already flat is returned as it is. Why: squashing costs about 500 bytes of garbage a call even when
  // nothing changes, and at 200,000 unanswered questions that garbage alone made V8 double its young generation
  // (16 MiB more peak RSS; docs/benchmarks.md).
  return UNFLAT.test(line) ? line.replace(RUNS, ' ').trim() : line
}

/** One line, white space runs as one space, trimmed, at most READER_TEXT_MAX characters (ending `…` when cut). */
export function readerText(value: string): string {
  return clip(flatText(value), READER_TEXT_MAX)
}

/**
 * The page a path or full URL names, as one key: the path of a URL (no query, no fragment), no trailing slash,
 * empty as `/`; a relative path gets its leading slash. `https://docs.example.com/api/` → `/api`.
 */
export function pagePath(value: string): string {
  let path = oneLine(value).trim()
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      // Not a URL after all: keep the text as a path.
    }
  }
  path = path.replace(/[?#].*$/, '').replace(/\/+$/, '')
  if (!path.startsWith('/')) path = `/${path}`
  return readerText(path)
}
