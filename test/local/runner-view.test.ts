/**
 * local/runner-view.ts: a step's log, outputs and summary as the Actions UI shows them, and `npm start`
 * (local/demo.ts) run on the bundle to check that its printed text reads that way.
 */

import { describe, expect, it } from 'vitest'
import { mask, readLog, runnerView, showLog, showSummary } from '../../local/runner-view.ts'
import { runScript } from '../helpers/scripts.ts'

const log = (...lines: string[]) => `${lines.join('\n')}\n`

describe('the log as the UI shows it', () => {
  it('hides add-mask lines and masks the value in every later line, not in earlier ones', () => {
    expect(
      showLog(log('key is s3cret-value before', '::add-mask::s3cret-value', 'using s3cret-value now', 'done')),
    ).toBe('key is s3cret-value before\nusing *** now\ndone')
  })

  it('masks each line of a multi-line value, and its JSON- and URL-escaped forms', () => {
    expect(
      showLog(log('::add-mask::line one%0Aline two', 'a line two b', '{"v":"line one\\nline two"}', 'q=line%20one')),
    ).toBe('a *** b\n{"v":"***"}\nq=***')
  })

  it('warns about an empty add-mask, as the runner does', () => {
    expect(showLog(log('::add-mask::  '))).toBe(
      "Warning: Can't add secret mask for empty string in ##[add-mask] command.",
    )
  })

  it('hides debug lines', () => {
    expect(showLog(log('::debug::GET /v2/agent/job_1 -> 200', 'visible'))).toBe('visible')
  })

  it('shows annotations as Notice / Warning / Error, with the title when there is one', () => {
    expect(
      showLog(
        log(
          '::notice::Job job_1 completed: https://github.com/acme/docs/pull/101',
          '::warning::Deprecated input',
          '::error::Request failed',
          '::notice file=src/a.ts,line=1,title=Heads up::Look here',
          '::error title=Bad%3A input%2C really,file=action.yml::Use a number',
          '::warning file=x.ts,line=3::No title here',
        ),
      ),
    ).toBe(
      [
        'Notice: Job job_1 completed: https://github.com/acme/docs/pull/101',
        'Warning: Deprecated input',
        'Error: Request failed',
        'Notice: Heads up: Look here',
        'Error: Bad: input, really: Use a number',
        'Warning: No title here',
      ].join('\n'),
    )
  })

  it('unescapes command data as the runner does (%25, %0D, %0A; no second pass)', () => {
    expect(showLog(log('::warning::100%25 done%0D%0Anext line%0Athird', '::notice::literally %250A'))).toBe(
      'Warning: 100% done\nnext line\nthird\nNotice: literally %0A',
    )
  })

  it('reads command names regardless of case, after leading spaces, and the older ##[name] form', () => {
    expect(showLog(log('  ::WARNING::spaced', '##[error]legacy%3B form', 'text before ##[notice]the notice'))).toBe(
      'Warning: spaced\nError: legacy; form\nNotice: the notice',
    )
  })

  it('shows a group as its name, its lines indented, and hides endgroup', () => {
    expect(showLog(log('before', '::group::Fetch pages', 'page 1', '::warning::slow', '::endgroup::', 'after'))).toBe(
      'before\n▸ Fetch pages\n  page 1\n  Warning: slow\nafter',
    )
  })

  it('stops processing commands at ::stop-commands::TOKEN until ::TOKEN::, the token masked', () => {
    expect(
      showLog(
        log(
          '::stop-commands::pause-1234',
          '::warning::not a warning now',
          '::add-mask::not-masked',
          'not-masked',
          '::pause-1234::',
          '::warning::a warning again',
          '::stop-commands::abc',
          '::debug::shown',
          '::ABC::',
          '::debug::hidden',
        ),
      ),
    ).toBe(
      [
        '::stop-commands::***',
        '::warning::not a warning now',
        '::add-mask::not-masked',
        'not-masked',
        '::***::',
        'Warning: a warning again',
        '::stop-commands::abc',
        '::debug::shown',
        '::ABC::',
      ].join('\n'),
    )
    expect(showLog(log('::stop-commands::warning', '::warning::still processed'))).toMatch(
      /^Error: You cannot use a endToken that is an empty string.*\nWarning: still processed$/,
    )
  })

  it('shows lines naming no known command as they are', () => {
    expect(showLog(log('::nope::data', ':: not a command', '::warning no separator'))).toBe(
      '::nope::data\n:: not a command\n::warning no separator',
    )
  })

  it('handles the old set-output / set-env commands as the runner does', () => {
    const { lines, state } = readLog(
      log('::set-output name=pr::https://x.test/1', '::set-env name=A::b', '::set-output::x'),
    )
    expect(lines[0]).toMatch(/^Warning: The `set-output` command is deprecated and will be disabled soon\./)
    expect(lines[1]).toBe("Error: Unable to process command '::set-env name=A::b' successfully.")
    expect(lines[2]).toMatch(/^Error: The `set-env` command is disabled\./)
    expect(lines.slice(4)).toEqual([
      "Error: Unable to process command '::set-output::x' successfully.",
      "Error: Required field 'name' is missing in ##[set-output] command.",
    ])
    expect(state.outputs).toEqual({ pr: 'https://x.test/1' })
  })

  it('with ::echo::on shows commands as well, but neither masks nor annotations', () => {
    expect(
      showLog(log('::echo::on', '::add-mask::abcdef', '::group::G', '::notice::n', '::echo::off', '::group::H')),
    ).toBe('::add-mask::***\n::group::G\n▸ G\n  Notice: n\n  ::echo::off\n▸ H')
    expect(showLog(log('::echo::on', '::stop-commands::abc', '::abc::'))).toBe('::stop-commands::abc\n::abc::')
  })
})

describe('a whole step', () => {
  it('masks stderr, outputs and summary with what stdout added, and shows a failing exit code', () => {
    const view = runnerView({
      stdout: log('::add-mask::tok_123456', 'started'),
      stderr: 'failed with tok_123456\n',
      code: 1,
      outputs: { echo: 'tok_123456 again', other: 'plain' },
      summary: 'Key `tok_123456` and <code>tok_123456</code>\n',
    })
    expect(view.log).toBe('started\nfailed with ***\nError: Process completed with exit code 1.')
    expect(view.outputs).toEqual({ echo: '*** again', other: 'plain' })
    expect(view.summary).toBe('Key `***` and ***')
    expect(view.masks).toContain('tok_123456')
  })

  it('merges overlapping and touching masked values into one ***', () => {
    expect(mask('abcdef abc-def', ['abc', 'bcd', 'def'])).toBe('*** ***-***')
    expect(mask('nothing here', ['absent', ''])).toBe('nothing here')
  })
})

describe('the summary as the UI shows it', () => {
  it('renders details/summary as ▸, drops </details> and <pre>, keeps the Markdown', () => {
    expect(
      showSummary(
        '### ✅ Done\n\n| | |\n|---|---|\n| Status | **ok** |\n\n' +
          '<details><summary>Prompt (12 characters)</summary>\n\n<pre>Say &lt;hi&gt;\nthen go</pre>\n\n</details>\n',
      ),
    ).toBe('### ✅ Done\n\n| | |\n|---|---|\n| Status | **ok** |\n\n▸ Prompt (12 characters)\n\nSay <hi>\nthen go')
  })

  it('turns code, emphasis, links, line breaks and images into text, entities decoded', () => {
    expect(
      showSummary(
        'Job <code>job&#95;1</code> is <em>done</em> &amp; <strong>merged</strong>: ' +
          '<a href="https://x.test/pr/1">https://x.test/pr/1</a>, <a href="https://x.test/?a=1&amp;b=2">the run</a>, ' +
          "<a href='https://x.test/c'><code>c</code></a>\n" +
          'one<br>two<br/>three &quot;q&quot; &#39;s&#39; &#x2713; &unknown; &lt;tag&gt;\n' +
          '| cell | a<br>b |\n<img src="x.png" alt="chart"> <sub>small</sub>',
      ),
    ).toBe(
      'Job job_1 is done & merged: https://x.test/pr/1, the run (https://x.test/?a=1&b=2), c (https://x.test/c)\n' +
        'one\ntwo\nthree "q" \'s\' ✓ &unknown; <tag>\n' +
        '| cell | a b |\nchart small',
    )
  })

  it('hides HTML comments, and leaves Markdown links, autolinks and plain < alone', () => {
    expect(
      showSummary('See [the PR](https://x.test/1) or <https://x.test/2>.<!-- hidden -->\n\n<!--\nmarker\n-->\n1 < 2'),
    ).toBe('See [the PR](https://x.test/1) or <https://x.test/2>.\n\n1 < 2')
  })

  it('leaves code spans and fenced code as they are, as Markdown does', () => {
    const fenced = '```html\n<b>kept</b> &amp;\n\n\n```'
    expect(showSummary(`Run \`a <b>c</b> &amp;\` or \`\`x \` y\`\` with <b>bold</b>\n\n${fenced}\n<i>after</i>`)).toBe(
      `Run \`a <b>c</b> &amp;\` or \`\`x \` y\`\` with bold\n\n${fenced}\nafter`,
    )
  })

  it('reads an HTML block as HTML, backticks included, up to its blank line', () => {
    expect(showSummary('<details open><summary>Why `x` &amp; y</summary>\n\n`a &amp; b`\n\n</details>')).toBe(
      '▸ Why `x` & y\n\n`a &amp; b`',
    )
  })
})

describe('npm start', () => {
  it('prints the log as the UI shows it: no commands, the notice as Notice:, the key nowhere', () => {
    const run = runScript('local/demo.ts')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).not.toContain('::add-mask::')
    expect(run.stdout).not.toMatch(/^::/m)
    expect(run.stdout).toMatch(/^Notice: Job \S+ completed: https:\/\/\S+$/m)
    expect(run.stdout).not.toContain('mint_local_demo_key')
    expect(run.stdout).toMatch(/^▸ Prompt \(\d+ characters\)$/m)
    expect(run.stdout).not.toMatch(/<\/?(?:details|summary|pre|code|a)\b/)
  })
})
