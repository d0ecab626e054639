/**
 * Markdown for the job summaries of both actions and for the reply comments. Outside text reaches here
 * already redacted and cut (so escaping can never bring a secret back); each builder escapes only what
 * Markdown or HTML would misread at the place it puts the text, so that the raw text reads as cleanly as the
 * rendered one: `job_1` stays `job_1`, an apostrophe stays an apostrophe. What untrusted text can never do
 * here: start HTML, a link other than an `http(s)` one, an image, a mention, or a new line or table column.
 */
import { CODE_SPAN, oneLine } from './text.js'

/** Letters and digits: an `_` between two of them never starts or ends emphasis (GFM's intraword rule). */
const WORD = /[\p{L}\p{N}]/u

/**
 * `@name` and `@org/team` would notify someone, and `a@b.example` would become a `mailto:` link: a zero
 * width space after every `@` (what Renovate writes into its pull requests for the same reason) keeps the
 * text as it reads and makes it inert.
 */
function inertAt(text: string): string {
  return text.replace(/@/g, '@\u200b')
}

/**
 * `#12`, `owner/repo#12` and `GH-12` would link an issue, and in a comment leave a cross-reference in its
 * timeline (another repository's too). GitHub finds them in the rendered text, so a backslash cannot stop them;
 * a zero width space after the `#` or the `-` does, as for mentions.
 */
function inertRefs(text: string): string {
  return text.replace(/(?<!&)#(?=\d)/g, '#\u200b').replace(/\b(GH)-(?=\d)/gi, '$1-\u200b')
}

/**
 * One character as Markdown would read it at offset `i` of `all`: a backslash before the punctuation that
 * starts markup (emphasis, code, links and images, strike-through, math, escapes), nothing before an
 * intraword `_`, and `&amp;` only where an `&` would begin an entity. `<` alone becomes `&lt;`: after text
 * that GitHub links as a URL (`https://x.com/a\<b>`), the link takes in a backslash and leaves the `<` to start
 * HTML; GitHub ends such a link only at a space or a real `<`, so an entity stays text (cmark-gfm, tested).
 */
function escapeChar(c: string, i: number, all: string): string {
  if (c === '_') return WORD.test(all[i - 1] ?? '') && WORD.test(all[i + 1] ?? '') ? c : '\\_'
  if (c === '&') return /^&#?[A-Za-z0-9]+;/.test(all.slice(i, i + 34)) ? '&amp;' : c
  if (c === '<') return '&lt;'
  return `\\${c}`
}

/**
 * At the start of a line, these make a heading (`# `), a quote (`>`), a list item (`- `, `+ `, `1. `, `1) `),
 * or a rule or setext underline (a line of `-` or `=`). Anything else there is text, `0.9s` included.
 */
const BLOCK_START = /^(?:#{1,6}(?= |$)|>|[-+](?= |$)|\d{1,9}[.)](?= |$)|[-=]+ *$)/

/** One line, each run of white space one space (so no text can start a block or a table row of its own). */
function squash(value: string): string {
  return oneLine(value).replace(/\s+/g, ' ')
}

/**
 * A URL that GitHub certainly links as it stands (GFM's extended autolink, checked with cmark-gfm): `http(s)://`
 * or `www.` at the start or after a space or `(` (after other characters, `\[` or `-` for instance, GitHub may
 * not link it), a domain of letters, digits and hyphens with at least one dot (stricter than GFM), then
 * characters that need no escaping. GFM reads such a URL from the raw text, so escaping inside it would only
 * corrupt the link (`a\_b`); and inside a link no mention or reference is made, so it is kept as it is.
 */
const URL_RUN =
  /(?<=^|[ (])(?:https?:\/\/|www\.)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?(?:[/?#][^\s<>[\]`\\"|{}^]*)?/g

/**
 * Where GFM ends such a link: it leaves out trailing `?!.,:*_~`, an unbalanced `)` and an entity-like `&x;`.
 * What it leaves out goes back to the text around the URL.
 */
function urlEnd(url: string): number {
  let end = url.length
  for (;;) {
    const head = url.slice(0, end)
    const entity = /&[A-Za-z0-9]+;$/.exec(head)
    if (entity) end -= entity[0].length
    else if ('?!.,:*_~'.includes(head.at(-1) ?? '_x')) end--
    else if (head.endsWith(')') && count(head, '(') < count(head, ')')) end--
    else return end
  }
}

function count(text: string, c: string): number {
  return text.split(c).length - 1
}

/** Escaped and inert, for a place inside a line; URLs GitHub links are kept as they are. */
function inline(flat: string): string {
  let out = ''
  let at = 0
  for (const m of flat.matchAll(URL_RUN)) {
    const end = m.index + urlEnd(m[0])
    if (!/\.[A-Za-z0-9-]/.test(flat.slice(m.index, end))) continue
    out += label(inertRefs(flat.slice(at, m.index))) + flat.slice(m.index, end)
    at = end
    // What GFM leaves out, before a space or the end: a `*`, `_` or `~` there cannot open emphasis (a space
    // follows) and has nothing to close (all else is escaped), so it stays as it is, or GitHub's link would
    // take in the backslash (`a_b\`).
    const tail = flat.slice(end, m.index + m[0].length)
    const next = flat[m.index + m[0].length]
    if (/^[?!.,:*_~)]+$/.test(tail) && (next === undefined || next === ' ')) {
      out += tail
      at += tail.length
    }
  }
  return out + label(inertRefs(flat.slice(at)))
}

/** Escaped, with inert `@`: for a link's label, which cannot link anything else (a reference there is shown as is). */
function label(flat: string): string {
  return inertAt(flat.replace(/[\\`*_~[\]<&$]/g, escapeChar))
}

/** What a line starts with cannot make it a heading, a quote, a list item or a rule. */
function lineStart(line: string): string {
  return line.replace(BLOCK_START, (m) => (/^\d/.test(m) ? `${m.slice(0, -1)}\\${m.slice(-1)}` : `\\${m}`))
}

/** Untrusted text as one line of inline Markdown that shows exactly that text, and is inert. */
export function md(value: string): string {
  return lineStart(inline(squash(value).trim()))
}

/**
 * A code span showing `value` literally (code spans read nothing inside them: no HTML, no mention). The
 * fence is one backtick longer than the longest run inside; a space pads content that starts or ends with a
 * backtick or a space, which Markdown strips again.
 */
export function code(value: string): string {
  const content = oneLine(value)
  if (content === '') return ''
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = /^[` ]|[` ]$/.test(content) ? ' ' : ''
  return `${fence}${pad}${content}${pad}${fence}`
}

/**
 * Our own message grammar (plain words with `input` names and values in backticks, and untrusted text
 * inside) as Markdown: backticked parts become code spans, the rest is escaped text. Untrusted backticks can
 * only move a boundary between the two, both of which are inert. Where `links` names a URL that the text
 * holds, it becomes that Markdown link, so a URL shown elsewhere is not repeated raw.
 */
export function message(value: string, links: Readonly<Record<string, string>> = {}): string {
  const urls = Object.keys(links).filter((url) => url !== '')
  const pattern = urls.length > 0 ? new RegExp(`(${urls.map(escapeRegExp).join('|')})`) : undefined
  const text = squash(value)
    .trim()
    .split(CODE_SPAN)
    .map((part, i) => {
      if (i % 2 === 1) return code(part.slice(1, -1))
      if (!pattern) return inline(part)
      // Split on the URLs first, so that escaping never touches them.
      return part
        .split(pattern)
        .map((piece, j) => (j % 2 === 1 ? (links[piece] ?? inline(piece)) : inline(piece)))
        .join('')
    })
    .join('')
  return lineStart(text)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The characters a link destination cannot hold as they are, percent-encoded (same URL to a server): ASCII as
 * its code, any other space (U+00A0, U+3000) as its UTF-8 bytes, as a browser does. Control characters are
 * already spaces here (`oneLine`).
 */
function destination(url: string): string {
  return url.replace(/[\s()<>\\`"']/g, (c) =>
    c.charCodeAt(0) < 0x80 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c),
  )
}

export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^\s]/i.test(url)
}

/** An `https` URL with a host: the only kind of URL a deployment's link is made of; any other is shown, not linked. */
export function isHttpsUrl(url: string | undefined): url is string {
  return url !== undefined && /^https:\/\/[^\s/]/i.test(url)
}

/**
 * A Markdown link for an `http(s)` URL: `[label](url)`, or `<url>` without a label so the URL is shown once.
 * Any other URL (`javascript:`, `data:`) is shown as text, never as a link.
 */
export function link(url: string, text?: string): string {
  if (!isHttpUrl(url)) return md(url)
  const target = destination(oneLine(url))
  return text === undefined ? `<${target}>` : `[${lineStart(label(squash(text).trim()))}](${target})`
}

/**
 * The pull request link, named the way GitHub and GitLab name one: `acme/docs#101`, `group/docs!45`; any other
 * URL is linked as it is.
 */
export function pullRequestLink(url: string): string {
  const github = /^https?:\/\/[^/]+\/([^/\s]+\/[^/\s]+)\/pull\/(\d+)\/?$/i.exec(url)
  if (github) return link(url, `${github[1]}#${github[2]}`)
  const gitlab = /^https?:\/\/[^/]+\/(.+?)\/-\/merge_requests\/(\d+)\/?$/i.exec(url)
  if (gitlab) return link(url, `${gitlab[1]}!${gitlab[2]}`)
  return link(url)
}

/**
 * Inline Markdown made safe inside a table cell: every `|` gets a backslash, in code spans and links too.
 * GitHub (cmark-gfm) then never splits the row there, whatever backslashes come before (its cell scanner takes
 * the longest match), and drops that one backslash again, so a code span shows the pipe exactly. (marked reads
 * backslashes in pairs and would split after an even run; GitHub is the renderer that matters here.)
 */
export function inCell(inline: string): string {
  return inline.replace(/\|/g, '\\|')
}

/** A table with a header row; every cell is inline Markdown, already escaped. */
export function table(header: readonly string[], align: readonly ('left' | 'right')[], rows: string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(inCell).join(' | ')} |`
  const rule = `|${align.map((a) => (a === 'right' ? '---:' : '---')).join('|')}|`
  return [line(header), rule, ...rows.map(line)].join('\n')
}

/**
 * Two columns, what and its value; rows whose value is empty are left out. GitHub needs a header row: it is left
 * empty (`| | |`), as the labels say what each row is and a "Field | Value" heading would say nothing.
 */
export function fieldTable(rows: ReadonlyArray<readonly [label: string, value: string]>): string {
  const kept = rows.filter(([, value]) => value !== '')
  const [, ...body] = table(
    ['', ''],
    ['left', 'left'],
    kept.map(([label, value]) => [md(label), value]),
  ).split('\n')
  return ['| | |', ...body].join('\n')
}

/** Text in HTML element content (`<summary>`): only `&` and `<` begin markup there. */
export function htmlText(value: string): string {
  return inertAt(inertRefs(oneLine(value)).replace(/&/g, '&amp;').replace(/</g, '&lt;'))
}

/** At most `max` characters, and how many were cut; never half a surrogate pair. */
export function truncate(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 }
  const last = text.charCodeAt(max - 1)
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max
  return { text: text.slice(0, end), cut: text.length - end }
}

/**
 * A fenced code block showing `body` literally, lines and all: its fence is longer than any backtick run
 * inside, so nothing in the body can close it.
 */
export function codeBlock(body: string): string {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}text\n${body.replace(/\r\n?/g, '\n')}\n${fence}`
}
