/**
 * What a reader sees: hostile text through our Markdown builders, rendered by a GFM parser (marked, the one
 * Mermaid uses), comes out as the same text and nothing else: no element, no link but an http(s) one, no
 * emphasis, no block, no extra table column.
 */
import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { agentSummary } from '../src/agent/summary.js'
import { code, md, message, table } from '../src/markdown.js'
import { decodeEntities } from './helpers/secrets.js'

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '</details><b>out</b>',
  '<!-- hidden -->',
  '[click](javascript:alert(1))',
  '[ref][1]',
  '![pixel](https://evil.test/p.png)',
  '**bold** __strong__ *em* _em_ ~~gone~~ ~x~',
  'a `code` b ``c``',
  '&lt;b&gt; &#60;i&#62; &amp;',
  '# heading',
  '> quote',
  '- item',
  '+ item',
  '7. item',
  '---',
  '===',
  '| a | b |',
  '\\*not\\* \\',
  '$x^2$ and $$y$$',
  '<https://evil.test> <mailto:a@b.example>',
  '@octocat and @acme/team',
  'write to admin@example.com',
  'snake_case_name and __init__ and job_1',
  'it\'s "quoted" & fine',
  '    four spaces of code',
  'C:\\dir\\|x| and a\\\\|b',
]

/** The text a reader sees in rendered HTML: tags dropped, entities decoded. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, '')).trim()
}

/**
 * Every element in rendered HTML, by name, leaving out paragraphs and links to http(s) URLs (GFM links a bare
 * `https://...`; the interface allows those). A link anywhere else shows as `a` with its attributes.
 */
function elements(html: string): string[] {
  return [...html.matchAll(/<(\/?)([a-z][a-z0-9]*)([^>]*)>/gi)]
    .filter(([, close, name = '', attrs = '']) => {
      if (name.toLowerCase() === 'p') return false
      if (name.toLowerCase() !== 'a') return true
      return !close && !/^\s*href="https?:\/\/[^"]*"\s*$/i.test(attrs)
    })
    .map(([, , name = '', attrs = '']) => (name.toLowerCase() === 'a' ? `a${attrs}` : name.toLowerCase()))
}

/** What the reader should see for `value`: one line, and a zero-width space after each `@`. */
function expected(value: string): string {
  return value.replace(/\s+/g, ' ').trim().replace(/@/g, '@\u200b')
}

describe('hostile text, rendered', () => {
  it.each(HOSTILE)('md(%j) shows the text and makes no element', (value) => {
    const html = marked.parse(md(value), { gfm: true, async: false })
    expect(textOf(html)).toBe(expected(value))
    expect(elements(html)).toEqual([])
  })

  it.each(HOSTILE)('code(%j) is one code element holding the text', (value) => {
    const html = marked.parseInline(code(value), { gfm: true, async: false })
    expect(elements(html)).toEqual(['code', 'code'])
    expect(textOf(html)).toBe(value.replace(/\s+/g, ' ').trim())
  })

  it.each(HOSTILE)('a table row holding %j keeps its two columns', (value) => {
    const html = marked.parse(table(['Page', 'Note'], ['left', 'left'], [[code(value), md(value)]]), {
      gfm: true,
      async: false,
    })
    const cells = [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1] ?? '')
    expect(cells).toHaveLength(2)
    // GFM cannot show an odd run of backslashes before a pipe in a code span in a table: one more is shown.
    const shown = value.replace(/(\\*)\|/g, (m, run: string) => (run.length % 2 ? `\\${m}` : m))
    expect(textOf(cells[0] ?? '')).toBe(shown.replace(/\s+/g, ' ').trim())
    expect(textOf(cells[1] ?? '')).toBe(expected(value))
  })

  it('a message keeps our code spans and shows untrusted text as text', () => {
    const html = marked.parse(message(`HTTP 400 (${HOSTILE.join(' ')}). Check \`prompt\`.`), {
      gfm: true,
      async: false,
    })
    expect(new Set(elements(html))).toEqual(new Set(['code']))
  })

  it('the agent summary of hostile job fields has only http(s) links and no element from the API', () => {
    const job = {
      id: 'job_1',
      status: 'completed',
      prLink: 'javascript:alert(1)',
      model: HOSTILE.join(' '),
      source: { repository: '<script>x</script>', ref: HOSTILE.join(' ') },
      createdAt: '![x](https://evil.test/p.png)',
    }
    const verdict = {
      title: 'T',
      emoji: '✅',
      message: `Job ${job.id}: ${HOSTILE.join(' ')}`,
      level: 'notice' as const,
      fail: false,
    }
    const html = marked.parse(agentSummary({ verdict, job, prompt: HOSTILE.join('\n') }), { gfm: true, async: false })
    const allowed = new Set([
      'h3',
      'p',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'code',
      'pre',
      'details',
      'summary',
    ])
    expect(elements(html).filter((e) => !allowed.has(e))).toEqual([])
  })
})
