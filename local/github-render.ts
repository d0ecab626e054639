/**
 * Markdown shown the way GitHub shows it: cmark-gfm (the parser GitHub renders with, from the distribution's
 * packages) with GitHub's extensions, laid out in GitHub's own stylesheet (`github-markdown-css`, the styles of
 * github.com's Markdown bodies), Mermaid blocks drawn by Mermaid as GitHub draws them. Used by the render tests
 * (the parser) and by `npm run screenshots` (whole pages for a headless browser).
 */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

/** cmark-gfm as GitHub runs it: the GFM extensions on, raw HTML passed through (GitHub sanitizes it later). */
export function cmarkGfm(markdown: string): string {
  const args = ['--unsafe', '-e', 'table', '-e', 'autolink', '-e', 'strikethrough', '-e', 'tasklist']
  return execFileSync('cmark-gfm', args, { input: markdown, encoding: 'utf8' })
}

const require = createRequire(import.meta.url)
const fileUrl = (module: string) => pathToFileURL(require.resolve(module)).href

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

/** A Markdown body as GitHub renders it; Mermaid blocks become diagrams for Mermaid to draw. */
export function markdownBody(markdown: string): string {
  const html = cmarkGfm(markdown).replace(
    /<pre lang="mermaid"><code>([\s\S]*?)<\/code><\/pre>|<pre><code class="language-mermaid">([\s\S]*?)<\/code><\/pre>/g,
    (_, a?: string, b?: string) => `<pre class="mermaid">${escapeHtml(unescapeHtml(a ?? b ?? ''))}</pre>`,
  )
  return `<div class="markdown-body">${html}</div>`
}

/** One comment of a thread: who wrote it and its Markdown body. */
export interface ThreadComment {
  login: string
  bot: boolean
  /** "commented", "commented · edited", ... */
  note: string
  markdown: string
}

const FRAME_CSS = `
  body { margin: 0; padding: 16px; background: #fff; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI",
    "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
  #shot { width: var(--width); }
  .box { border: 1px solid #d1d9e0; border-radius: 6px; margin-bottom: 16px; background: #fff; }
  .box-header { padding: 8px 16px; background: #f6f8fa; border-bottom: 1px solid #d1d9e0; font-size: 14px;
    border-radius: 6px 6px 0 0; color: #59636e; }
  .box-header b { color: #1f2328; }
  .label { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; margin-left: 4px; }
  .box > .markdown-body { padding: 16px 24px; font-size: 14px; }
  .markdown-body pre.mermaid { background: #fff; text-align: center; }
`

/** A whole page: the boxes, each a header and a rendered body, in GitHub's stylesheet, Mermaid drawn. */
function page(boxes: Array<{ header: string; markdown: string }>, width: number): string {
  const body = boxes
    .map((b) => `<div class="box"><div class="box-header">${b.header}</div>${markdownBody(b.markdown)}</div>`)
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="${fileUrl('github-markdown-css/github-markdown-light.css')}">
<style>${FRAME_CSS}</style>
</head><body>
<div id="shot" style="--width: ${width}px">${body}</div>
<script src="${fileUrl('mermaid/dist/mermaid.min.js')}"></script>
<script>
  window.rendered = (async () => {
    mermaid.initialize({ startOnLoad: false })
    if (document.querySelector('pre.mermaid')) await mermaid.run({ querySelector: 'pre.mermaid' })
    await document.fonts.ready
    return true
  })()
</script>
</body></html>`
}

/** A job summary as the run page shows it: a box headed by the job's name. */
export function summaryPage(job: string, markdown: string, width = 880): string {
  return page([{ header: `<b>${escapeHtml(job)}</b> summary`, markdown }], width)
}

/** A conversation as an issue shows it: one box per comment, its author (marked as a bot) and what it is. */
export function threadPage(comments: readonly ThreadComment[], width = 760): string {
  return page(
    comments.map((c) => ({
      header: `<b>${escapeHtml(c.login)}</b>${c.bot ? '<span class="label">bot</span>' : ''} ${escapeHtml(c.note)}`,
      markdown: c.markdown,
    })),
    width,
  )
}
