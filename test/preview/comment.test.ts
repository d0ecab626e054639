import { describe, expect, it } from 'vitest'
import type { DeployRequest } from '../../src/deploy/deploy.js'
import type { PostedComment } from '../../src/github/client.js'
import type { Target } from '../../src/github/event.js'
import { createRedactor } from '../../src/log.js'
import { LOG_LINES_SHOWN, logLine } from '../../src/preview/blocks.js'
import {
  buildingText,
  closedText,
  finalText,
  forkText,
  isPreviewComment,
  PREVIEW_MARKER,
  PreviewComment,
} from '../../src/preview/comment.js'
import { judge, REASON_SHOWN } from '../../src/preview/outcome.js'
import { BOT, fakeGitHub, memoryLog, PERSON, threadComment } from '../helpers/fakes.js'

const URL = 'https://acme-docs-x.mintlify.app'
const RUN = 'https://github.com/acme/app/actions/runs/4242'
const request: DeployRequest = { kind: 'preview', branch: 'docs/x' }
const trigger = { statusId: 's_1', previewUrl: URL }
const failOn = new Set(['failure', 'timeout'] as const)
const pages = { shown: ['guides/setup', ''], more: 0 }
const verdictOf = (status: string, extra = {}, previewUrl = URL) =>
  judge(
    { kind: 'final', trigger: { ...trigger, previewUrl }, status: { status, ...extra }, waitedMs: 90_000 },
    request,
    failOn,
    900_000,
  )

describe('the comment’s text', () => {
  it('while building: the branch, the commit, the run, and no link that would not work yet', () => {
    const text = buildingText(request, 'a'.repeat(40), RUN)
    expect(text).toBe(
      [
        '⏳ **Building the preview of `docs/x`.**',
        '',
        'This comment is updated when the build is done; the link works from then on.',
        '',
        `Commit \`${'a'.repeat(12)}\``,
        '',
        `[Workflow run](${RUN})`,
      ].join('\n'),
    )
    expect(buildingText({ kind: 'production' }, undefined)).toMatch(/^⏳ \*\*Deploying the site\.\*\*/)
  })

  it('ready: the link first, the changed pages as links into the preview, the commit, the next step', () => {
    const status = {
      status: 'success',
      commit: { sha: 'b'.repeat(40), message: 'Docs: the flag\n\nlong body' },
      author: { name: 'Ada' },
    }
    const text = finalText({ verdict: verdictOf('success'), request, previewUrl: URL, status, pages, runUrl: RUN })
    expect(text).toBe(
      [
        '✅ **Preview ready**',
        `Live at <${URL}> (\`docs/x\`, built in 1m 30s).`,
        '**Changed pages** (2 pages):',
        `- [/guides/setup](${URL}/guides/setup)\n- [/](${URL})`,
        `Commit \`${'b'.repeat(12)}\`: Docs: the flag (by Ada)`,
        `[Workflow run](${RUN})`,
        '**Next:** Review the changed pages in the preview.',
      ].join('\n\n'),
    )
  })

  it('more than ten pages: ten, then how many more', () => {
    const many = { shown: Array.from({ length: 10 }, (_, i) => `p${i}`), more: 7 }
    const text = finalText({ verdict: verdictOf('success'), request, previewUrl: URL, pages: many })
    expect(text).toContain('**Changed pages** (17 pages):')
    expect(text).toContain(`- [/p9](${URL}/p9)\n- and 7 more pages`)
  })

  it('a previewUrl that is not https is shown, never linked, and neither are the pages', () => {
    for (const odd of [
      'http://acme.mintlify.app',
      'javascript:alert(1)//acme.mintlify.app',
      'http://evil.example/?https://acme.mintlify.app',
    ]) {
      const text = finalText({ verdict: verdictOf('success', {}, odd), request, previewUrl: odd, pages })
      expect(text).not.toContain(`](${odd}`)
      expect(text).not.toContain(`<${odd}>`)
      expect(text).toContain('- `/guides/setup`')
    }
  })

  it('failed: why, as the API says, then the last lines of the log, shown as written; pages not linked', () => {
    const logs = Array.from({ length: 30 }, (_, i) => `\u001b[31mline ${i}\u001b[0m`)
    const status = { status: 'failure', summary: 'MDX error in guides/setup.mdx', logs }
    const text = finalText({ verdict: verdictOf('failure', status), request, previewUrl: URL, status, pages })
    expect(text).toMatch(/^❌ \*\*Preview failed\*\*/)
    expect(text).toContain('The preview of `docs/x` failed: MDX error in guides/setup.mdx.')
    expect(text).not.toContain('**Why, as the API says:**')
    const long = { ...status, summary: `${'x '.repeat(200)}end` }
    const told = finalText({ verdict: verdictOf('failure', long), request, previewUrl: URL, status: long, pages })
    expect(told).toContain(`**Why, as the API says:** ${'x '.repeat(200)}end`)
    expect(text).toContain(`**The build’s log** (the last ${LOG_LINES_SHOWN} of 30):\n\n\`\`\`text\nline 10\n`)
    expect(text).toContain('line 29\n```')
    expect(text).not.toContain('\u001b')
    expect(text).toContain('- `/guides/setup`')
    expect(text).toContain('**Next:** Fix the build error shown and push again.')
  })

  it('hostile text from the API can neither mention, nor inject HTML or a link, nor break out of the log block', () => {
    const evil = '@octocat <img src=x onerror=alert(1)> [click](javascript:alert(1)) ::error::x #12'
    const status = {
      status: 'failure',
      summary: evil,
      logs: [evil, '````', '```\n@team/all <script>'],
      commit: { sha: '`sha`', message: evil },
      author: { name: '@admin <b>' },
    }
    const text = finalText({ verdict: verdictOf('failure', status), request, previewUrl: URL, status, pages })
    const outsideCode = text.replace(/`{5}text\n[\s\S]*?\n`{5}/, '').replace(/`[^`\n]*`/g, '')
    expect(outsideCode).not.toMatch(/@(?!\u200b)\w/)
    expect(outsideCode).not.toMatch(/<(img|b|script)/)
    expect(outsideCode).not.toMatch(/(?<!\\)\]\(javascript:/)
    expect(outsideCode).toContain('\\[click\\](javascript:alert(1))')
    expect(outsideCode).not.toMatch(/(?<!#\u200b)#12/)
    // The log block's fence is longer than any run of backticks inside it.
    expect(text).toContain('`````text\n')
    expect(logLine('a\u001b[1;32mb\rc')).toBe('ab c')
  })

  it('a fork’s preview names the fork’s commit once: not again as the preview branch’s commit', () => {
    const fork = 'f'.repeat(40)
    const status = {
      status: 'success',
      commit: { sha: 'b'.repeat(40), message: `Preview of pull request #12 at ${fork}\n\nThe fork's files.` },
    }
    const fromFork = { kind: 'preview' as const, branch: 'mintlify-preview/pr-12' }
    const texts = [
      buildingText(fromFork, fork, RUN, fork),
      finalText({ verdict: verdictOf('success'), request: fromFork, previewUrl: URL, status, pages, forkSha: fork }),
      finalText({
        verdict: verdictOf('success'),
        request: fromFork,
        previewUrl: URL,
        pages,
        commitSha: fork,
        forkSha: fork,
      }),
    ]
    for (const text of texts) {
      expect(text.split('f'.repeat(12))).toHaveLength(2)
      expect(text).toContain(`From the fork: commit \`${'f'.repeat(12)}\``)
      expect(text).not.toContain('Preview of pull request')
    }
  })

  it('a fork’s pull request: what a maintainer can do', () => {
    expect(forkText('/preview', RUN)).toBe(
      [
        '👋 **No preview was built: this pull request comes from a fork.**',
        '',
        "Mintlify cannot build a fork's branch. A maintainer can comment `/preview` on this pull request to preview it once they have read the change.",
        '',
        `[Workflow run](${RUN})`,
      ].join('\n'),
    )
  })
})

describe('what the comment holds, and only when there is something to say', () => {
  const none = { shown: [], more: 0 }
  const SHA = 'abcdef0123456789abcdef0123456789abcdef01'

  it('a ready preview with no pages, commit or run: the answer and the next step, no empty block', () => {
    const verdict = verdictOf('success')
    const blocks = finalText({ verdict, request, previewUrl: URL, pages: none }).split('\n\n')
    expect(blocks).toHaveLength(3)
    expect(blocks[0]).toBe(`${verdict.emoji} **${verdict.title}**`)
    expect(blocks[2]).toBe(`**Next:** ${verdict.next}`)
  })

  it('a failure: the log’s lines as written (indentation kept, trailing blanks cut), all of them when few', () => {
    const status = { status: 'failure', summary: 'Broken link', logs: ['  at guides/setup.mdx  ', 'b', 'c'] }
    const verdict = verdictOf('failure', status)
    const blocks = finalText({ verdict, request, previewUrl: URL, status, pages: none }).split('\n\n')
    expect(blocks.slice(2)).toEqual([
      '**The build’s log**:',
      '```text\n  at guides/setup.mdx\nb\nc\n```',
      `**Next:** ${verdict.next}`,
    ])
  })

  it('the API’s summary is shown again only when the answer’s line had to cut it, before the log', () => {
    const text = (summary: string) => {
      const status = { status: 'failure', summary, logs: ['x'] }
      return finalText({ verdict: verdictOf('failure', status), request, status, pages: none })
    }
    expect(text('y'.repeat(REASON_SHOWN))).not.toContain('**Why')
    expect(text('y'.repeat(REASON_SHOWN + 1))).toContain(
      `**Why, as the API says:** ${'y'.repeat(REASON_SHOWN + 1)}\n\n**The build’s log**:\n\n\`\`\`text\nx\n\`\`\``,
    )
  })

  it('a failure without log lines shows no log block; a success shows neither log nor summary', () => {
    for (const logs of [undefined, []]) {
      const status = { status: 'failure', summary: 'Broken link', ...(logs && { logs }) }
      const text = finalText({ verdict: verdictOf('failure', status), request, status, pages: none })
      expect(text).not.toContain('```')
    }
    const built = { status: 'success', summary: 'z'.repeat(REASON_SHOWN + 1), logs: ['build output'] }
    const text = finalText({ verdict: verdictOf('success', built), request, previewUrl: URL, status: built, pages })
    expect(text).not.toContain('build output')
    expect(text).not.toContain('z'.repeat(REASON_SHOWN + 1))
  })

  it('one page more than shown is counted as one', () => {
    const text = finalText({
      verdict: verdictOf('success'),
      request,
      previewUrl: URL,
      pages: { shown: ['a'], more: 1 },
    })
    expect(text).toContain('**Changed pages** (2 pages):')
    expect(text).toMatch(/^- and 1 more page$/m)
  })

  it('the commit: the pull request’s head when the API names none, the fork’s commit for a fork, shortened', () => {
    const status = { status: 'success' }
    const ours = finalText({ verdict: verdictOf('success'), request, status, pages: none, commitSha: SHA })
    expect(ours).toContain(`\`${SHA.slice(0, 12)}\``)
    expect(ours).not.toContain(SHA)
    const fork = finalText({ verdict: verdictOf('success'), request, status, pages: none, forkSha: SHA })
    expect(fork).toContain(`\`${SHA.slice(0, 12)}\``)
    expect(fork).not.toContain(SHA)
    const building = buildingText(request, undefined, undefined, SHA)
    expect(building.split('\n\n')).toHaveLength(3)
    expect(building.split('\n\n')[2]).toContain(`\`${SHA.slice(0, 12)}\``)
  })

  it('no commit and no run: nothing trails the text', () => {
    for (const text of [buildingText({ kind: 'production' }, undefined), forkText('/preview'), closedText(undefined)]) {
      expect(text.split('\n\n')).toHaveLength(2)
      expect(text).toBe(text.trimEnd())
    }
  })

  it('a closed pull request: the fork’s preview branch named when it was deleted, the preview kept, the run', () => {
    const text = closedText('mintlify-preview/pr-12', RUN)
    const [heading, body, run] = text.split('\n\n')
    expect(heading).toMatch(/^🗂️ \*\*.+\*\*$/)
    expect(body).toMatch(/^The branch `mintlify-preview\/pr-12` that previewed it was deleted\. /)
    expect(body).toContain('Mintlify dashboard')
    expect(run).toBe(`[Workflow run](${RUN})`)
    const kept = closedText(undefined).split('\n\n')
    expect(kept[0]).toBe(heading)
    expect(body?.endsWith(` ${kept[1]}`)).toBe(true)
    expect(kept[1]).not.toContain('branch')
  })
})

describe('the one comment', () => {
  const pull: Target = { number: 12, title: 't', url: 'https://github.com/acme/app/pull/12', isPullRequest: true }
  const posted = (id: number): PostedComment => ({
    id,
    url: `https://github.com/acme/app/pull/12#issuecomment-${id}`,
    review: false,
  })
  const same = (t: string) => t

  it('is marked only when it closes with the marker', () => {
    expect(isPreviewComment({ body: `Ready.\n\n${PREVIEW_MARKER}` })).toBe(true)
    expect(isPreviewComment({ body: PREVIEW_MARKER })).toBe(true)
    expect(isPreviewComment({ body: `> quoted ${PREVIEW_MARKER}` })).toBe(false)
    expect(isPreviewComment({ body: `${PREVIEW_MARKER}\n\nmore` })).toBe(false)
  })

  it('is posted once, when none of ours is there, then edited: never a second one', async () => {
    const { calls, github } = fakeGitHub({
      conversation: async () => [threadComment('unrelated', PERSON)],
      comment: async () => posted(7),
      editComment: async () => {},
    })
    const comment = new PreviewComment(github, pull, memoryLog(), same)
    expect(await comment.write('Building')).toBe(posted(7).url)
    expect(await comment.write('Ready')).toBe(posted(7).url)
    expect(calls.map((c) => c.name)).toEqual(['conversation', 'comment', 'editComment'])
    expect(calls[0]?.args).toEqual([{ number: 12, isPullRequest: false }])
    expect(calls[1]?.args[1]).toBe(`Building\n\n${PREVIEW_MARKER}`)
    expect(calls[2]?.args).toEqual([posted(7), `Ready\n\n${PREVIEW_MARKER}`])
  })

  it('a re-run edits the comment its account wrote before; a person’s or another bot’s marked comment is not it', async () => {
    const ours = threadComment(`Ready.\n\n${PREVIEW_MARKER}`, BOT)
    const pasted = threadComment(`Copied.\n\n${PREVIEW_MARKER}`, PERSON)
    const quoter = threadComment(`Quoted.\n\n${PREVIEW_MARKER}`, { login: 'quote-bot[bot]', type: 'Bot' })
    const { calls, github } = fakeGitHub({
      conversation: async () => [ours, pasted, quoter],
      account: async () => BOT.login,
      editComment: async () => {},
    })
    const url = await new PreviewComment(github, pull, memoryLog(), same).write('Building')
    expect(url).toBe(ours.url)
    expect(calls.map((c) => c.name)).toEqual(['conversation', 'account', 'editComment'])
    expect(calls[2]?.args[0]).toEqual({ id: ours.id, url: ours.url, review: false })

    const others = fakeGitHub({
      conversation: async () => [pasted, quoter],
      account: async () => BOT.login,
      comment: async () => posted(9),
    })
    await new PreviewComment(others.github, pull, memoryLog(), same).write('Building')
    expect(others.calls.map((c) => c.name)).toEqual(['conversation', 'account', 'comment'])
  })

  it('an edit only (post: false) posts none when there is none, and edits the one there is', async () => {
    const none = fakeGitHub({ conversation: async () => [] })
    expect(await new PreviewComment(none.github, pull, memoryLog(), same).write('Ready', { post: false })).toBe(
      undefined,
    )
    expect(none.calls.map((c) => c.name)).toEqual(['conversation'])
    const ours = threadComment(`Building.\n\n${PREVIEW_MARKER}`, BOT)
    const one = fakeGitHub({
      conversation: async () => [ours],
      account: async () => BOT.login,
      editComment: async () => {},
    })
    expect(await new PreviewComment(one.github, pull, memoryLog(), same).write('Ready', { post: false })).toBe(ours.url)
    expect(one.calls.map((c) => c.name)).toEqual(['conversation', 'account', 'editComment'])
  })

  it('asks who it writes as only when some comment holds the marker; a person’s is kept only when the token is theirs', async () => {
    const unmarked = fakeGitHub({
      conversation: async () => [threadComment('Nice', PERSON)],
      comment: async () => posted(3),
    })
    await new PreviewComment(unmarked.github, pull, memoryLog(), same).write('Building')
    expect(unmarked.calls.map((c) => c.name)).toEqual(['conversation', 'comment'])
    const pasted = [threadComment(`Mine?\n\n${PREVIEW_MARKER}`, PERSON)]
    const bot = fakeGitHub({
      conversation: async () => pasted,
      account: async () => BOT.login,
      comment: async () => posted(3),
    })
    await new PreviewComment(bot.github, pull, memoryLog(), same).write('Building')
    expect(bot.calls.map((c) => c.name)).toEqual(['conversation', 'account', 'comment'])
    const mine = fakeGitHub({
      conversation: async () => pasted,
      account: async () => PERSON.login,
      editComment: async () => undefined,
    })
    await new PreviewComment(mine.github, pull, memoryLog(), same).write('Building')
    expect(mine.calls.map((c) => c.name)).toEqual(['conversation', 'account', 'editComment'])
  })

  it('a conversation or an account that cannot be read posts nothing, and says why in a warning', async () => {
    const log = memoryLog()
    const { calls, github } = fakeGitHub({
      conversation: async () => [threadComment(`x\n\n${PREVIEW_MARKER}`, BOT)],
      account: async () => {
        throw Object.assign(new Error('Finding the account the token writes as failed: HTTP 502'), { status: 502 })
      },
    })
    expect(await new PreviewComment(github, pull, log, same).write('Building')).toBeUndefined()
    expect(calls.map((c) => c.name)).toEqual(['conversation', 'account'])
    expect(log.text('warning')).toContain(
      'Could not update the preview comment: Finding the account the token writes as failed',
    )
  })

  it('the body is redacted, kept under GitHub’s limit, and closes with the marker', async () => {
    const key = 'mint_Cm3nTk3yQ8wE5rT2yU7iO4pA9sD6f'
    const { calls, github } = fakeGitHub({ conversation: async () => [], comment: async () => posted(1) })
    await new PreviewComment(github, pull, memoryLog(), createRedactor([key])).write(`${key} ${'x'.repeat(70_000)}`)
    const body = String(calls[1]?.args[1])
    expect(body).not.toContain(key.slice(5, 20))
    expect(body.length).toBeLessThanOrEqual(65_536)
    expect(body.endsWith(`\n\n${PREVIEW_MARKER}`)).toBe(true)
  })
})
