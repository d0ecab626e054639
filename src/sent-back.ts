/**
 * Values sent back as they were received. Answers are redacted as they enter the action (redact.ts), so a value
 * that holds a run of a secret's characters by chance (a page's cursor, a new job's id) reaches the action with
 * `***` in it, and a request that sends that back names no cursor or job the service knows (the API refused such
 * a cursor with HTTP 400). Redact what is shown and stored, not what is sent back: each door (the API client, the
 * GitHub fetch) keeps one `SentBack`, notes in it the strings of its answers that redaction changed, and puts the
 * received form back into the requests it sends to the same service. The action itself only ever holds the
 * redacted form, and a received form goes nowhere but back to the service that sent it, which learns nothing new.
 */
import type { Redact } from './redact.js'

/**
 * The longest value kept: far above an id, a cursor or a login (the API's cursors are under 100 characters), far
 * below reader text, which is never sent back.
 */
export const SENT_BACK_MAX = 2048
/** The most values kept, the newest: a run sends back values of its latest answers only. */
export const SENT_BACK_KEPT = 1000

export class SentBack {
  /** Received form by redacted form; when two values redact alike, the newer wins. */
  private readonly received = new Map<string, string>()

  /**
   * Notes every string of a JSON answer (`raw`, as received) whose redacted form differs from it. Called only for
   * an answer that redaction changed, so the rare one: most answers hold no piece of a secret.
   */
  note(raw: string, redact: Redact): void {
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      return // not JSON: no value of it is sent back
    }
    // Iterative, as in `redactParsed` (an answer nests as deep as it likes), and in the answer's order.
    const stack: unknown[] = [value]
    while (stack.length > 0) {
      const node = stack.pop()
      if (typeof node === 'string') this.keep(node, redact)
      else if (typeof node === 'object' && node !== null)
        for (const item of Object.values(node).reverse()) stack.push(item)
    }
  }

  /** No value noted: every request goes exactly as it was written. */
  get empty(): boolean {
    return this.received.size === 0
  }

  /** `value` as its service gave it, when it is the redacted form of a value noted; else `value` itself. */
  asReceived(value: string): string {
    return this.received.get(value) ?? value
  }

  private keep(text: string, redact: Redact): void {
    if (text.length > SENT_BACK_MAX) return
    const shown = redact(text)
    if (shown === text) return
    this.received.delete(shown)
    this.received.set(shown, text)
    if (this.received.size > SENT_BACK_KEPT) this.received.delete(this.received.keys().next().value as string)
  }
}
