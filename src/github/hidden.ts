/**
 * Text that GitHub does not show but an agent would read: HTML comments, Unicode format characters and
 * control characters. A comment's author (or someone who edits an issue title) could hide instructions in
 * them, so they go before the text is matched against the phrase or becomes part of a prompt.
 */

/**
 * HTML comments as CommonMark reads them: `<!-->` and `<!--->` are whole (empty) comments; otherwise
 * `<!--` up to the next `-->`, or to the end of the text when it is never closed (GitHub hides the rest).
 */
const HTML_COMMENT = /<!---?>|<!--[\s\S]*?(?:-->|$)/g

/**
 * Format characters (`\p{Cf}`: zero-width space and joiners, word joiner, BOM, soft hyphen, bidi controls,
 * the tag characters U+E0000–U+E007F used to smuggle ASCII) and control characters other than tab and
 * line feed (carriage returns are turned into line feeds first).
 */
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}]/gu

/**
 * The text as a reader sees it on GitHub: no HTML comments, no invisible characters, `\n` line ends.
 * Comments go first, as GitHub reads them: `<!-- x --\u200b>` does not close the comment there, so the
 * text after it stays hidden, and goes.
 */
export function removeHidden(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HTML_COMMENT, '').replace(INVISIBLE, '')
}

/** For one-line context (a title, a branch): hidden content removed and line breaks made spaces. */
export function oneLine(text: string): string {
  return removeHidden(text).replace(/[\n\t\u2028\u2029]+/g, ' ')
}
