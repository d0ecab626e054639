/**
 * What a reader sees: hostile text through our Markdown builders, rendered by a GFM parser, comes out as the
 * same text and nothing else: no element, no link but an http(s) one, no emphasis, no block, no extra table
 * column. Two parsers: marked (Mermaid's, always installed) and cmark-gfm, the parser GitHub renders with
 * (Debian's package; .ci/run installs it). Where it is missing, its cases are skipped, saying so in their names,
 * and the run ends with one warning: how many, why, and how to run them. Neither parser does GitHub's own filters
 * (mentions, issue references, math): test/markdown.test.ts holds those raw strings.
 */
import { spawnSync } from 'node:child_process'
import { marked } from 'marked'
import { afterAll, describe, expect, it } from 'vitest'
import { cmarkGfm } from '../local/github-render.ts'
import { agentSummary } from '../src/agent/summary.js'
import { pagePath, readerText } from '../src/gaps/reader-text.js'
import { gapsSummary } from '../src/gaps/summary.js'
import { issueBody, worklist } from '../src/gaps/worklist.js'
import { code, md, message, table } from '../src/markdown.js'
import { Trends } from '../src/visitors/compare.js'
import { visitorsSummary } from '../src/visitors/summary.js'
import { found } from './gaps/fixtures.js'
import { decodeEntities } from './helpers/secrets.js'
import { skipped } from './helpers/skip-reasons.ts'

const counts = (total: number) => ({ human: total, ai: 0, total })

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
  'see #12, torvalds/linux#1 and GH-4',
  '\\[https://x.com/@user and -www.x.com/@user',
  'https://x.com/a*b https://y.com/c* and https://x.com/~~a https://y.com/b~~',
]

/**
 * Markup right after a URL: GitHub's link runs to the next space or `<` and takes in what follows, escapes
 * included, so the reader may see a backslash or an entity there; what matters is that nothing else happens.
 */
const AFTER_URLS = [
  'https://x.com/[a](javascript:alert(1)) and https://-@octocat',
  'https://x.y/![i](https://evil.test/p.png)',
  'https://x.com/a<b>c</b> https://x.com/a<img src=https://evil.test/p.png>',
  'https://x.com/?a=1&copy; https://x.com/a`code` https://x.com/a*em* https://x.com/a@octocat',
  'https://x.com/a\\<script>alert(1)</script> www.x.com/a<!-- c -->',
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

/** What the reader should see for `value`: one line (the zero-width spaces that make `@` and `#1` inert aside). */
function expected(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/** The text a reader sees, zero-width spaces aside. */
function seen(html: string): string {
  return textOf(html).replace(/\u200b/g, '')
}

/** Mentions and issue references GitHub would make in the text outside links and code: none. */
function live(html: string): string[] {
  const text = textOf(html.replace(/<a\b[\s\S]*?<\/a>|<code>[\s\S]*?<\/code>/g, ' '))
  return [...text.matchAll(/@[A-Za-z0-9]|(?<!&)#\d|\bGH-\d/gi)].map((m) => m[0])
}

const HAS_CMARK = spawnSync('cmark-gfm', ['--version']).status === 0
/** Appended to the name of every group of cmark-gfm cases, so a skipped case says why wherever it is listed. */
const WITHOUT_CMARK = skipped('cmark-gfm is not installed')
const IF_CMARK = HAS_CMARK ? '' : WITHOUT_CMARK

const RENDERERS = [
  { name: 'marked', render: (text: string) => marked.parse(text, { gfm: true, async: false }), skip: false },
  { name: `cmark-gfm${IF_CMARK}`, render: cmarkGfm, skip: !HAS_CMARK },
]

type Task = { type: string; name: string; mode: string; tasks?: readonly Task[] }

/** The tests skipped in the groups named as missing cmark-gfm (not a test a `-t` filter left out elsewhere). */
function skippedForCmark(task: Task, inGroup = false): number {
  const here = inGroup || task.name.endsWith(WITHOUT_CMARK)
  if (task.type === 'test') return here && task.mode === 'skip' ? 1 : 0
  return (task.tasks ?? []).reduce((sum, child) => sum + skippedForCmark(child, here), 0)
}

// One warning for the whole file, where a summary line of "N skipped" would otherwise be all there is to see.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first parameter as fixtures; the file is the second
afterAll(({}, file) => {
  const count = skippedForCmark(file)
  if (count > 0)
    console.warn(
      `${count} render checks skipped: cmark-gfm, the Markdown parser GitHub renders with, is not on PATH. ` +
        'To run them: apt-get install cmark-gfm (Debian, Ubuntu), then vitest run test/markdown-rendered.test.ts',
    )
})

// A loop, not describe.each: its `$name` would cut a long name short, and with it the reason for a skip.
for (const { name, render, skip } of RENDERERS) {
  describe(`hostile text, rendered by ${name}`, () => {
    it.skipIf(skip).each(HOSTILE)('md(%j) shows the text and makes no element', (value) => {
      const html = render(md(value))
      expect(seen(html)).toBe(expected(value))
      expect(elements(html)).toEqual([])
      expect(live(html)).toEqual([])
    })

    it.skipIf(skip).each(HOSTILE)('code(%j) is one code element holding the text', (value) => {
      const html = render(code(value))
      expect(elements(html)).toEqual(['code', 'code'])
      expect(textOf(html)).toBe(value.replace(/\s+/g, ' ').trim())
    })

    it.skipIf(skip).each(HOSTILE)('a table row holding %j keeps its two columns', (value) => {
      const html = render(table(['Page', 'Note'], ['left', 'left'], [[code(value), md(value)]]))
      const cells = [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1] ?? '')
      expect(cells).toHaveLength(2)
      expect(textOf(cells[0] ?? '')).toBe(value.replace(/\s+/g, ' ').trim())
      expect(seen(cells[1] ?? '')).toBe(expected(value))
      expect(live(cells[1] ?? '')).toEqual([])
    })

    it.skipIf(skip).each(AFTER_URLS)('md(%j) makes no element and mentions no one, in a cell too', (value) => {
      for (const html of [render(md(value)), render(table(['Note'], ['left'], [[md(value)]]))]) {
        expect(elements(html).filter((e) => !['table', 'thead', 'tbody', 'tr', 'th', 'td'].includes(e))).toEqual([])
        expect(live(html)).toEqual([])
      }
    })

    it.skipIf(skip)('a message keeps our code spans and shows untrusted text as text', () => {
      const html = render(message(`HTTP 400 (${[...HOSTILE, ...AFTER_URLS].join(' ')}). Check \`prompt\`.`))
      expect(new Set(elements(html))).toEqual(new Set(['code']))
    })

    it.skipIf(skip)(
      'the gaps summary, worklist and issue body of hostile reader text make only their own elements',
      () => {
        const texts = [...HOSTILE, ...AFTER_URLS].map(readerText)
        const f = found({
          searches: texts.map((term, i) => ({ term, hits: 100 - i })),
          unanswered: [
            {
              category: texts[0] ?? '',
              count: texts.length,
              questions: texts.map((question) => ({ question, timestamp: 't', path: pagePath(question) })),
            },
          ],
          unansweredCount: texts.length,
          pages: texts.map((text, i) => ({
            path: pagePath(text),
            reports: 1,
            votes: 0,
            views: i,
            comments: [{ text, createdAt: null, source: 'contextual' }],
          })),
          maxItems: 100,
        })
        const verdict = { title: 'found', emoji: '🔎', message: 'Found.', level: 'notice' as const, fail: false }
        const first = issueBody(f, '', { today: '2026-11-24' })
        // A week later, nothing found: every line the issue held shown again under "No longer found".
        const none = { ...f, searches: [], unanswered: [], unansweredCount: 0, pages: [] }
        const gone = issueBody(none, first.body.replace(/^- \[ \] /gm, '- [x] '), { today: '2026-12-01' }).body
        expect(gone).toContain('## No longer found (')
        const summary = gapsSummary({
          verdict,
          found: { ...f, since: first.since },
          files: { data: 'd.json', worklist: 'w.md' },
          issue: { url: 'https://github.com/acme/docs/issues/7', number: 7, created: false },
        })
        // What our builders make: headings, lists with their task boxes, tables, code spans, the bookkeeping's <sub>.
        const ours = new Set([
          'h1',
          'h2',
          'h3',
          'h4',
          'ul',
          'li',
          'input',
          'table',
          'thead',
          'tbody',
          'tr',
          'th',
          'td',
          'code',
          'strong',
          'em', // our own notes ("No longer found": shown this once)
          'sub',
        ])
        for (const markdown of [summary, worklist(f), first.body, gone]) {
          const html = render(markdown)
          expect(elements(html).filter((e) => !ours.has(e))).toEqual([])
          expect(live(html)).toEqual([])
          // Every task box is one of ours: one a line of the checklist, none from reader text.
          expect(html.match(/<input /g)?.length ?? 0).toBe((markdown.match(/^- \[ \] /gm) ?? []).length)
        }
      },
    )

    it.skipIf(skip)(
      'the visitors summary of a compare run with summary-rows 5 and hostile paths: five rows, five bars, the new and vanished pages as lists, no element of their own',
      () => {
        const paths = [...HOSTILE, ...AFTER_URLS]
        const trends = new Trends(5)
        // Every hostile path is new now and, with a suffix, vanished since then; two pages are in both periods.
        for (const [i, path] of paths.entries()) trends.offer({ path, human: i, ai: 0, total: 1000 + i })
        for (const [i, path] of paths.entries())
          trends.offerVanished({ path: `${path}/old`, human: 0, ai: 0, total: 0, previous: counts(i + 1) })
        trends.offer({ path: paths[0] ?? '', human: 1, ai: 0, total: 50, previous: counts(10) })
        trends.offer({ path: paths[1] ?? '', human: 1, ai: 0, total: 5, previous: counts(20) })
        const top = paths.map((path, i) => ({ path, human: 2000 - i, ai: i, total: 240_000 - i }))
        const markdown = visitorsSummary({
          verdict: { title: 'exported', emoji: '📊', message: 'Wrote it.', level: 'notice', fail: false },
          totals: { human: 12_400, ai: 2_150, total: 13_900 },
          previous: { dateFrom: '2026-01-01', dateTo: '2026-01-08' },
          compared: { totals: counts(12_650), requests: 1, trends },
          rows: 40,
          complete: true,
          top,
          tableRows: 5,
        })
        const html = render(markdown)
        const ours = new Set([
          'h3',
          'h4',
          'table',
          'thead',
          'tbody',
          'tr',
          'th',
          'td',
          'code',
          'strong',
          'pre',
          'ul',
          'li',
        ])
        expect(elements(html).filter((e) => !ours.has(e))).toEqual([])
        // The chart's bar labels (#1 to #5) are in a code block, which GitHub draws and never links.
        expect(live(html.replace(/<pre>[\s\S]*?<\/pre>/g, ''))).toEqual([])
        const section = (title: string) => html.split(`>${title}</h4>`)[1]?.split('<h4')[0] ?? ''
        expect(
          section('Busiest 5 pages')
            .match(/<tbody>[\s\S]*<\/tbody>/)?.[0]
            .match(/<tr>/g),
        ).toHaveLength(5)
        const chart = decodeEntities(
          html.match(/<pre><code class="language-mermaid">([\s\S]*?)<\/code><\/pre>/)?.[1] ?? '',
        )
        expect(chart.match(/^ {2}bar \[(.*)\]$/m)?.[1]?.split(', ')).toHaveLength(5)
        expect(chart).toContain('y-axis "Visitors (thousands)" 0 --> 240')
        // New and vanished pages: five each, their paths shown exactly, never among the gains and drops.
        for (const [title, suffix] of [
          ['New pages', ''],
          ['Vanished pages', '/old'],
        ] as const) {
          const items = [...section(title).matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? '')
          expect(items).toHaveLength(5)
          for (const item of items)
            expect(paths.map((p) => `${p}${suffix}`)).toContain(seen(item.replace(/: [\d,]+ visitors( then)?$/, '')))
        }
        expect(
          section('Biggest gains')
            .match(/<tbody>[\s\S]*<\/tbody>/)?.[0]
            .match(/<tr>/g),
        ).toHaveLength(1)
        expect(
          section('Biggest drops')
            .match(/<tbody>[\s\S]*<\/tbody>/)?.[0]
            .match(/<tr>/g),
        ).toHaveLength(1)
      },
    )

    it.skipIf(skip)(
      'the agent summary of hostile job fields has only http(s) links and no element from the API',
      () => {
        const job = {
          id: 'job_1',
          status: 'completed',
          prLink: 'javascript:alert(1)',
          model: [...HOSTILE, ...AFTER_URLS].join(' '),
          source: { repository: '<script>x</script>', ref: HOSTILE.join(' ') },
          createdAt: '![x](https://evil.test/p.png)',
        }
        const verdict = {
          title: 'T',
          emoji: '✅',
          message: `Job ${job.id}: ${[...HOSTILE, ...AFTER_URLS].join(' ')}`,
          level: 'notice' as const,
          fail: false,
        }
        const html = render(agentSummary({ verdict, job, prompt: HOSTILE.join('\n') }))
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
      },
    )
  })
}

describe.skipIf(!HAS_CMARK)(`URLs in untrusted text, as GitHub links them${IF_CMARK}`, () => {
  // GitHub links a bare URL from the raw text: an escape inside it would end up in the link.
  it.each([
    ['see https://x.com/~user/a*b$c now', 'https://x.com/~user/a*b$c'],
    ['http://x.com/a_b_ and *em*', 'http://x.com/a_b'],
    ['https://medium.com/@user/post.', 'https://medium.com/@user/post'],
    ['(https://x.com/a_(b)) x', 'https://x.com/a_(b)'],
    ['www.x.com/docs?q=a_b#frag_1', 'http://www.x.com/docs?q=a_b#frag_1'],
  ])('%j links %s', (value, href) => {
    const html = cmarkGfm(md(value))
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''))).toEqual([href])
    expect(seen(html)).toBe(value)
  })
})

describe.skipIf(!HAS_CMARK)(`pipes after backslashes, as GitHub renders a table${IF_CMARK}`, () => {
  // marked reads backslashes in pairs and would split some of these; cmark-gfm, GitHub's parser, does not.
  it.each(['/x\\|y', 'C:\\dir\\|x|', 'a\\\\|b', '\\|', '|\\'])('%j stays in its cell, shown exactly', (value) => {
    const html = cmarkGfm(table(['Page', 'Note'], ['left', 'left'], [[code(value), md(value)]]))
    const cells = [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1] ?? '')
    expect(cells.map(textOf)).toEqual([value, value])
  })
})
