/** The Markdown builders behind both summaries and the replies: clean raw text, inert untrusted text. */
import { describe, expect, it } from 'vitest'
import {
  code,
  codeBlock,
  collapsedText,
  fieldTable,
  htmlText,
  link,
  md,
  message,
  pullRequestLink,
  table,
} from '../src/markdown.js'

describe('md: untrusted text as inline Markdown', () => {
  it('leaves what Markdown reads as text alone: intraword _, quotes, apostrophes, a lone &', () => {
    for (const plain of ['job_1', "it's", '"quoted"', 'Q&A', 'a > b', 'a - b', 'x = 1', '50%', 'a/b#x'])
      expect(md(plain)).toBe(plain)
  })

  it('escapes with a backslash what would start markup, and an entity-like & as &amp;', () => {
    expect(md('*bold* _em_ `code` ~~x~~ [a](https://x.test) ![i](x) <b>hi</b> \\n $x$')).toBe(
      '\\*bold\\* \\_em\\_ \\`code\\` \\~\\~x\\~\\~ \\[a\\](https://x.test) !\\[i\\](x) &lt;b>hi&lt;/b> \\\\n \\$x\\$',
    )
    expect(md('&copy; &#64; & more')).toBe('&amp;copy; &amp;#64; & more')
  })

  it('cannot start a block: heading, quote, list, rule, numbered item', () => {
    expect(md('# Title')).toBe('\\# Title')
    expect(md('> quote')).toBe('\\> quote')
    expect(md('- item')).toBe('\\- item')
    expect(md('---')).toBe('\\---')
    expect(md('12. item')).toBe('12\\. item')
    expect(md('1) item')).toBe('1\\) item')
    expect(md('===')).toBe('\\===')
    for (const text of ['0.9s', '#x', '-7', '+20%', '--- a', '2026-03-01']) expect(md(text)).toBe(text)
  })

  it('makes issue references inert: #12, owner/repo#12, GH-12', () => {
    expect(md('see #12, torvalds/linux#1 and gh-4')).toBe('see #\u200b12, torvalds/linux#\u200b1 and gh-\u200b4')
    expect(md('C# and #tag')).toBe('C# and #tag')
  })

  it('is one line, and mentions and e-mail addresses are inert', () => {
    expect(md('a\nb\r\n\tc')).toBe('a b c')
    expect(md('@octocat @acme/team a@b.example')).toBe('@\u200boctocat @\u200bacme/team a@\u200bb.example')
  })
})

describe('code spans', () => {
  it('show their content literally, with a fence longer than any backtick run inside', () => {
    expect(code('job_1')).toBe('`job_1`')
    expect(code('a `b` c')).toBe('``a `b` c``')
    expect(code('`x')).toBe('`` `x ``')
    expect(code('<b>&amp;</b>')).toBe('`<b>&amp;</b>`')
    expect(code('')).toBe('')
    expect(code('two\nlines')).toBe('`two lines`')
  })
})

describe('message: our message grammar', () => {
  it('turns backticked names into code spans and escapes the rest', () => {
    expect(message('Input `api-key`: it is required but empty.')).toBe('Input `api-key`: it is required but empty.')
    expect(message('HTTP 401 (bad *key* <x>). Check `api-key`.')).toBe(
      'HTTP 401 (bad \\*key\\* &lt;x>). Check `api-key`.',
    )
  })

  it('links a named URL once, without escaping it', () => {
    const url = 'https://github.com/acme/docs/pull/5'
    expect(message(`Job job_1 completed: ${url}`, { [url]: pullRequestLink(url) })).toBe(
      'Job job_1 completed: [acme/docs#5](https://github.com/acme/docs/pull/5)',
    )
  })

  it('cannot be made to start a block', () => {
    expect(message('# not a heading `x`')).toBe('\\# not a heading `x`')
  })
})

describe('links', () => {
  it('are Markdown links for http(s) URLs only', () => {
    expect(link('https://x.test/a_b')).toBe('<https://x.test/a_b>')
    expect(link('https://x.test/a', 'Workflow run')).toBe('[Workflow run](https://x.test/a)')
    expect(link('https://x.test/a b(c)<d>')).toBe('<https://x.test/a%20b%28c%29%3Cd%3E>')
    expect(link('javascript:alert(1)')).toBe('javascript:alert(1)')
    expect(link('data:text/html,<b>')).toBe('data:text/html,&lt;b>')
  })

  it('name a pull request the way GitHub and GitLab do', () => {
    expect(pullRequestLink('https://github.com/acme/docs/pull/101')).toBe(
      '[acme/docs#101](https://github.com/acme/docs/pull/101)',
    )
    expect(pullRequestLink('https://gitlab.com/acme/sub/docs/-/merge_requests/45')).toBe(
      '[acme/sub/docs!45](https://gitlab.com/acme/sub/docs/-/merge_requests/45)',
    )
    expect(pullRequestLink('https://example.test/review/9')).toBe('<https://example.test/review/9>')
  })
})

describe('tables', () => {
  it('have a real header row, and a pipe in any cell (code spans too) cannot open a column', () => {
    expect(table(['#', 'Page'], ['right', 'left'], [['1', code('/a|b')]])).toBe(
      '| # | Page |\n|---:|---|\n| 1 | `/a\\|b` |',
    )
    expect(
      fieldTable([
        ['Model', md('a|b')],
        ['Empty', ''],
      ]),
    ).toBe('| Field | Value |\n|---|---|\n| Model | a\\|b |')
  })
})

describe('blocks', () => {
  it('a code block cannot be closed by its content', () => {
    expect(codeBlock('a\n```\nb')).toBe('````text\na\n```\nb\n````')
  })

  it('a collapsed block escapes its heading as HTML text and says how much was cut', () => {
    const block = collapsedText('Prompt <1> & more', 'x'.repeat(12), 10)
    expect(block).toBe(
      '<details><summary>Prompt &lt;1> &amp; more</summary>\n\n```text\nxxxxxxxxxx\n```\n\n_… 2 more characters not shown._\n\n</details>',
    )
    expect(htmlText('it\'s "ok"')).toBe('it\'s "ok"')
  })
})
