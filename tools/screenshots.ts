/**
 * `npm run screenshots`: the README's pictures, made from the local demos as they run now (local/pictures.ts),
 * rendered the way GitHub renders them (cmark-gfm, GitHub's stylesheet, Mermaid; local/github-render.ts) and
 * photographed by the distribution's headless Chromium (tools/headless-chromium.ts). Writes docs/images/*.png
 * and docs/images/sources.json (each picture's hash and what it shows, which a test compares with the files and
 * with a fresh run of the demos).
 * Not part of `npm test`: it needs `cmark-gfm` and `chromium` (`sudo apt-get install cmark-gfm chromium
 * fonts-noto-color-emoji`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { summaryPage, threadPage } from '../local/github-render.ts'
import { type Picture, type PictureSource, pictures, sha256, stableText } from '../local/pictures.ts'
import { ROOT } from '../local/run-action.ts'
import { openBrowser } from './headless-chromium.ts'

const OUT = path.join(ROOT, 'docs', 'images')

const html = (p: Picture) => (p.kind === 'summary' ? summaryPage(p.job, p.markdown) : threadPage(p.comments))

const work = mkdtempSync(path.join(tmpdir(), 'screenshots-'))
try {
  const made = await pictures()
  const sources: Record<string, PictureSource> = {}
  const browser = await openBrowser()
  try {
    mkdirSync(OUT, { recursive: true })
    for (const picture of made) {
      const page = path.join(work, picture.file.replace(/\.png$/, '.html'))
      writeFileSync(page, html(picture))
      const png = await browser.shoot(page)
      writeFileSync(path.join(OUT, picture.file), png)
      sources[picture.file] = { sha256: sha256(png), shows: stableText(picture) }
      console.log(`docs/images/${picture.file}`)
    }
  } finally {
    await browser.close()
  }
  writeFileSync(path.join(OUT, 'sources.json'), `${JSON.stringify(sources, null, 2)}\n`)
  console.log('docs/images/sources.json')
} finally {
  rmSync(work, { recursive: true, force: true })
}
