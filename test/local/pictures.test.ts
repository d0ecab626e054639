/**
 * The README's pictures show what the demos produce now: docs/images/sources.json, written by
 * `npm run screenshots` beside the pictures, must be what a fresh run of the same demos gives (clock times,
 * durations and ports aside). A summary or reply whose wording changed without new pictures fails here.
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Picture, type PictureSource, pictures, sha256, stableText } from '../../local/pictures.ts'
import { ROOT } from '../../local/run-action.ts'

const sources = JSON.parse(readFileSync(path.join(ROOT, 'docs/images/sources.json'), 'utf8')) as Record<
  string,
  PictureSource
>

describe('the README pictures', () => {
  it('show what the demos produce now (else: npm run screenshots)', { timeout: 60_000 }, async () => {
    const fresh = await pictures()
    expect(fresh.map((p) => p.file)).toEqual(Object.keys(sources))
    for (const picture of fresh)
      expect(stableText(picture), `docs/images/${picture.file} is out of date: run npm run screenshots`).toBe(
        sources[picture.file]?.shows,
      )
  })

  it('are the files npm run screenshots made from that record (no picture changed or kept by hand)', () => {
    for (const [file, source] of Object.entries(sources))
      expect(sha256(readFileSync(path.join(ROOT, 'docs/images', file))), file).toBe(source.sha256)
  })

  it('compare text that does not change from run to run', () => {
    const summary = (markdown: string): Picture => ({ file: 'x.png', kind: 'summary', job: 'docs', markdown })
    const at = (time: string, waited: string, port: number) =>
      summary(`Created ${time}; waited ${waited}; run http://127.0.0.1:${port}/x`)
    expect(stableText(at('2026-11-24 04:51 UTC', '0.9s', 4000))).toBe(
      stableText(at('2026-11-25 17:02 UTC', '1m 05s', 5123)),
    )
    expect(stableText(at('2026-11-24 04:51 UTC', '0.9s', 4000))).not.toBe(
      stableText(summary('Created at another place')),
    )
  })
})
