/**
 * The check behind every "the key is visible nowhere" assertion: no WINDOW consecutive characters of a
 * secret in any surface a user can see, as written and after decoding Markdown escapes and HTML entities (a
 * summary or a comment is read rendered), percent-escapes (a URL is read decoded) and JSON `\u` escapes (a debug line
 * shows an answer's text).
 */
import { expect } from 'vitest'
import { decodeEntities } from '../../local/runner-view.ts'
import { WINDOW } from '../../src/redact.js'

/** HTML entities decoded as a browser would (the demos' reading of a summary, written once in local/). */
export { decodeEntities }

function percentDecoded(text: string): string {
  return text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/** Where, if anywhere, a piece of `secret` shows in `text`. */
export function pieceOf(secret: string, text: string): string | undefined {
  for (let i = 0; i + WINDOW <= secret.length; i++) {
    const piece = secret.slice(i, i + WINDOW)
    if (text.includes(piece)) return piece
  }
  return undefined
}

/** The runner's own masking commands are the one place where a secret is written on purpose. */
export const withoutMasks = (stdout: string) => stdout.replace(/^::add-mask::.*\n/gm, '')

/** `\u006d` → `m`: how a JSON reader (or a person) reads an escaped answer. */
function jsonUnescaped(text: string): string {
  return text.replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** `\*` → `*`: how Markdown shows a backslash-escaped character (summaries and replies are read rendered). */
export function markdownUnescaped(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1')
}

export function expectNoSecret(surfaces: Record<string, string>, secrets: readonly string[]): void {
  for (const [name, raw] of Object.entries(surfaces))
    for (const form of [
      raw,
      decodeEntities(markdownUnescaped(raw)),
      percentDecoded(decodeEntities(raw)),
      jsonUnescaped(raw),
    ])
      for (const secret of secrets) {
        const piece = pieceOf(secret, form)
        expect(piece, `${name} shows ${JSON.stringify(piece)} of a secret`).toBeUndefined()
      }
}

/** `text` with every character as a JSON `\u` escape: the raw text shows no piece of it, only a decoding does. */
export function jsonEscaped(text: string): string {
  return [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
}
