/**
 * Lenient readers for GitHub's JSON (the event payload, REST answers): a missing or odd value reads as
 * empty, and the caller decides whether empty is acceptable. Texts read here are still raw: callers pass
 * them through `received` (hidden.ts) or the redactor.
 */
export type Json = Record<string, unknown>

export const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {})
export const str = (v: unknown): string => (typeof v === 'string' ? v : '')
export const num = (v: unknown): number => (typeof v === 'number' ? v : 0)
