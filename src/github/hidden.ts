/**
 * Text that GitHub does not show but an agent would read: HTML comments, the `[//]: # (...)` comment idiom,
 * Unicode format characters, variation selectors, blank fillers and control characters. A comment's author
 * (or someone who edits an issue title) could hide instructions in them, so they go before the text is
 * matched against the phrase or becomes part of a prompt.
 */
import type { Redact } from '../redact.js'

/**
 * HTML comments as CommonMark reads them: `<!-->` and `<!--->` are whole (empty) comments; otherwise
 * `<!--` up to the next `-->`, or to the end of the text when it is never closed (GitHub hides the rest).
 */
const HTML_COMMENT = /<!---?>|<!--[\s\S]*?(?:-->|$)/g

/**
 * A link reference definition whose destination is `#` or `<>` (`[//]: # (note)`, `[comment]: <> (note)`):
 * the Markdown idiom for a comment, rendered as nothing.
 */
const LINK_COMMENT = /^ {0,3}\[[^\]\n]*\]:[ \t]*(?:#|<>)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$\n?/gm

/**
 * Format characters (`\p{Cf}`: zero-width space and joiners, word joiner, BOM, soft hyphen, bidi controls,
 * the tag characters U+E0000–U+E007F used to smuggle ASCII), variation selectors (U+FE00–FE0F and
 * U+E0100–E01EF, which can carry arbitrary bytes after an emoji), the combining grapheme joiner, the Hangul
 * fillers that render blank, and control characters other than tab and line feed (carriage returns are
 * turned into line feeds first).
 */
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}\p{Variation_Selector}\u115f\u1160\u3164\uffa0]|\u034f/gu

/**
 * The text as a reader sees it on GitHub: no HTML comments, no invisible characters, `\n` line ends.
 * Comments go first, as GitHub reads them: `<!-- x --\u200b>` does not close the comment there, so the
 * text after it stays hidden, and goes.
 */
export function removeHidden(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HTML_COMMENT, '').replace(LINK_COMMENT, '').replace(INVISIBLE, '')
}

/** For one-line context (a title, a branch): hidden content removed and line breaks made spaces. */
export function visibleLine(text: string): string {
  return removeHidden(text).replace(/[\n\t\u2028\u2029]+/g, ' ')
}

/**
 * Outside text as the action keeps it, from the event or a GitHub answer alike: hidden content removed
 * first, then secrets, so that a secret split by an invisible character is still caught.
 */
export const received = {
  body: (text: string, redact: Redact): string => redact(removeHidden(text)),
  line: (text: string, redact: Redact): string => redact(visibleLine(text)),
}
