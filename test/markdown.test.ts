/** The Markdown builders behind both summaries and the replies: clean raw text, inert untrusted text. */
import { describe, expect, it } from 'vitest'
import {
  code,
  codeBlock,
  fieldTable,
  htmlText,
  isHttpsUrl,
  isHttpUrl,
  link,
  md,
  message,
  pullRequestLink,
  table,
  truncate,
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

  it('squashes every run of white space to one space and trims the ends, so indenting cannot start a block', () => {
    expect(md('a   b \t\t c')).toBe('a b c')
    expect(md('   # Title  ')).toBe('\\# Title')
    expect(md('\n\n- item')).toBe('\\- item')
  })

  it('escapes an _ that opens or closes emphasis at either end of the text, not one inside a word', () => {
    expect(md('_init_')).toBe('\\_init\\_')
    expect(md('__init__.py')).toBe('\\_\\_init\\_\\_.py')
    expect(md('snake_case_name')).toBe('snake_case_name')
  })

  it('writes &amp; only for an & that begins an entity, not for an earlier lone &', () => {
    expect(md('R&D & Q&A &amp; &#x3c;')).toBe('R&D & Q&A &amp;amp; &amp;#x3c;')
  })

  it('cannot start a heading of any level, an empty heading, an empty list item or an empty numbered item', () => {
    expect(md('## Title')).toBe('\\## Title')
    expect(md('###### Title')).toBe('\\###### Title')
    expect(md('#')).toBe('\\#')
    expect(md('+')).toBe('\\+')
    expect(md('-')).toBe('\\-')
    expect(md('3.')).toBe('3\\.')
    expect(md('3)')).toBe('3\\)')
    // Seven #s are no heading, and a digit elsewhere in the match is not a list number.
    expect(md('####### x')).toBe('####### x')
  })
})

describe('md: URLs GitHub links as they stand are kept raw, so the link goes where the text says', () => {
  it('keeps a URL whole: several dots, a port, a path with markup characters', () => {
    for (const url of [
      'https://docs.acme.example/a*b_c~d',
      'http://docs.acme.example/a*b',
      'https://x.example:8080/a*b',
      'https://x.example:65535/a*b',
      'www.acme.example/docs?q=a_b#frag_1',
      'https://x.example/a&amp;b*c',
      'https://x.example/(a*)',
      'https://x.example/a)b*c',
    ])
      expect(md(`see ${url} now`)).toBe(`see ${url} now`)
    // A quote ends the run GitHub links; the URL before it is still whole.
    expect(md('https://x.example/(a*)"')).toBe('https://x.example/(a*)"')
    expect(md('https://x.example/a)b*c"')).toBe('https://x.example/a)b*c"')
  })

  it('leaves what GitHub trims off a URL (?!.,:*_~ and an unbalanced ")") as it is before a space or the end', () => {
    expect(md('(see https://x.example/a_b_.) and *x*')).toBe('(see https://x.example/a_b_.) and \\*x\\*')
    expect(md('https://x.example/a?! x')).toBe('https://x.example/a?! x')
    expect(md('https://x.example/a~~')).toBe('https://x.example/a~~')
  })

  it('escapes what GitHub trims off a URL when other text follows it directly (GitHub may then link a backslash)', () => {
    // Before a quote the trimmed *, _ and ")" are ordinary text again, escaped like any other.
    expect(md('https://x.example/a*)"')).toBe('https://x.example/a\\*)"')
    expect(md('https://x.example/a_"')).toBe('https://x.example/a\\_"')
    expect(md('https://x.example/a_[x]')).toBe('https://x.example/a\\_\\[x\\]')
  })

  it('shows an entity that ends a URL as text (&amp;amp;), since GitHub leaves it out of the link', () => {
    expect(md('https://x.example/a&amp;')).toBe('https://x.example/a&amp;amp;')
    expect(md('https://x.example/a&amp; x')).toBe('https://x.example/a&amp;amp; x')
    expect(md('https://x.example/a&amp;. x')).toBe('https://x.example/a&amp;amp;. x')
    expect(md('https://x.example/a.&amp; x')).toBe('https://x.example/a.&amp;amp; x')
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
    expect(message('  \n # not a heading either')).toBe('\\# not a heading either')
  })

  it('reads intraword _ and references in the text around code spans as md does', () => {
    expect(message('Job job_1 failed, see #12 and `job_1`.')).toBe('Job job_1 failed, see #\u200b12 and `job_1`.')
  })

  it('links each named URL, and an empty name links nothing', () => {
    const run = 'https://github.com/acme/docs/actions/runs/7'
    const pr = 'https://github.com/acme/docs/pull/5'
    const links = { [run]: link(run, 'Workflow run'), [pr]: pullRequestLink(pr), '': '[nothing](https://x.test)' }
    expect(message(`Run ${run} opened ${pr} for *docs*`, links)).toBe(
      `Run [Workflow run](${run}) opened [acme/docs#5](${pr}) for \\*docs\\*`,
    )
    expect(message(pr, links)).toBe(`[acme/docs#5](${pr})`)
    expect(message('job_1 *x*', { '': '[nothing](https://x.test)' })).toBe('job_1 \\*x\\*')
  })
})

describe('links', () => {
  it('are Markdown links for http(s) URLs only', () => {
    expect(link('https://x.test/a_b')).toBe('<https://x.test/a_b>')
    expect(link('https://x.test/a', 'Workflow run')).toBe('[Workflow run](https://x.test/a)')
    expect(link('https://x.test/a b(c)<d>')).toBe('<https://x.test/a%20b%28c%29%3Cd%3E>')
    expect(link('javascript:alert(1)')).toBe('javascript:alert(1)')
    expect(link('data:text/html,<b>')).toBe('data:text/html,&lt;b>')
    expect(link('http://x.test/a')).toBe('<http://x.test/a>')
    expect(link('HTTPS://X.TEST/a', 'Run')).toBe('[Run](HTTPS://X.TEST/a)')
  })

  it('percent-encode a space of any kind as its UTF-8 bytes, so the link goes to the URL a browser would open', () => {
    const url = 'https://x.test/a\u00a0b\u2003c\u3000d e'
    expect(link(url)).toBe('<https://x.test/a%C2%A0b%E2%80%83c%E3%80%80d%20e>')
    expect(link(url)).toBe(`<${new URL(url).href}>`)
  })

  it('never link a URL that only holds an http(s) URL further in', () => {
    expect(isHttpUrl('javascript:alert(1)//https://x.test')).toBe(false)
    expect(link('javascript:alert(1)//https://x.test', 'Run')).toBe('javascript:alert(1)//https://x.test')
    expect(isHttpUrl('https:// x')).toBe(false)
  })

  it('tell an https URL with a host (a deployment’s link) from any other', () => {
    expect(isHttpsUrl('https://acme-x.mintlify.app')).toBe(true)
    expect(isHttpsUrl('HTTPS://acme.example/a')).toBe(true)
    for (const url of ['http://acme.example', 'https:///x', 'https:// x', 'javascript:https://x', '', undefined])
      expect(isHttpsUrl(url), String(url)).toBe(false)
  })

  it('show their label on one line, trimmed and escaped, and never as a block', () => {
    expect(link('https://x.test/a', '  Workflow\n run  ')).toBe('[Workflow run](https://x.test/a)')
    expect(link('https://x.test/a', ' # *run* @me')).toBe('[\\# \\*run\\* @\u200bme](https://x.test/a)')
  })

  it('name a pull request the way GitHub and GitLab do', () => {
    expect(pullRequestLink('https://github.com/acme/docs/pull/101')).toBe(
      '[acme/docs#101](https://github.com/acme/docs/pull/101)',
    )
    expect(pullRequestLink('https://gitlab.com/acme/sub/docs/-/merge_requests/45')).toBe(
      '[acme/sub/docs!45](https://gitlab.com/acme/sub/docs/-/merge_requests/45)',
    )
    expect(pullRequestLink('https://example.test/review/9')).toBe('<https://example.test/review/9>')
    expect(pullRequestLink('http://ghe.example/acme/docs/pull/7/')).toBe(
      '[acme/docs#7](http://ghe.example/acme/docs/pull/7/)',
    )
    expect(pullRequestLink('http://git.example/g/docs/-/merge_requests/8/')).toBe(
      '[g/docs!8](http://git.example/g/docs/-/merge_requests/8/)',
    )
  })

  it('name only a URL that is a pull request, not one that merely contains one', () => {
    for (const url of [
      'https://github.com/acme/docs/pull/101/files',
      'https://proxy.example/?u=https://github.com/acme/docs/pull/101',
      'https://gitlab.com/acme/docs/-/merge_requests/45/diffs',
    ])
      expect(pullRequestLink(url)).toBe(`<${url}>`)
  })
})

describe('tables', () => {
  it('have a header row (a field table an empty one), and a pipe in any cell (code spans too) cannot open a column', () => {
    expect(table(['#', 'Page'], ['right', 'left'], [['1', code('/a|b')]])).toBe(
      '| # | Page |\n|---:|---|\n| 1 | `/a\\|b` |',
    )
    expect(
      fieldTable([
        ['Model', md('a|b')],
        ['Empty', ''],
      ]),
    ).toBe('| | |\n|---|---|\n| Model | a\\|b |')
  })
})

describe('blocks', () => {
  it('a code block cannot be closed by its content', () => {
    expect(codeBlock('a\n```\nb')).toBe('````text\na\n```\nb\n````')
  })

  it('HTML text escapes what would start a tag or an entity, and leaves quotes as they are', () => {
    expect(htmlText('Prompt <1> & more')).toBe('Prompt &lt;1> &amp; more')
    expect(htmlText('it\'s "ok"')).toBe('it\'s "ok"')
  })

  it('a code block keeps every line, whatever its line ending', () => {
    expect(codeBlock('a\r\nb\rc\nd')).toBe('```text\na\nb\nc\nd\n```')
  })
})

describe('truncate: the bound on shown text', () => {
  it('keeps a text that fits, and says nothing was cut', () => {
    expect(truncate('abc', 5)).toEqual({ text: 'abc', cut: 0 })
    expect(truncate('abc', 3)).toEqual({ text: 'abc', cut: 0 })
    // Even one that ends in half a pair: it fits, so nothing is cut.
    expect(truncate('ab\ud83d', 3)).toEqual({ text: 'ab\ud83d', cut: 0 })
  })

  it('cuts at max characters and counts the rest, never inside a surrogate pair', () => {
    expect(truncate('abcdef', 4)).toEqual({ text: 'abcd', cut: 2 })
    expect(truncate('ab😀c', 3)).toEqual({ text: 'ab', cut: 3 })
    expect(truncate('😀bc', 2)).toEqual({ text: '😀', cut: 2 })
    // The first and the last high surrogates (U+10000, U+10FFFF).
    expect(truncate('\ud800\udc00x', 1)).toEqual({ text: '', cut: 3 })
    expect(truncate('\udbff\udfffx', 1)).toEqual({ text: '', cut: 3 })
  })
})
