import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import type { DeployRequest } from '../../src/deploy/deploy.js'
import { judge, type PreviewVerdict } from '../../src/preview/outcome.js'
import { previewSummary } from '../../src/preview/summary.js'

const URL = 'https://acme-docs-x.mintlify.app'
const request: DeployRequest = { kind: 'preview', branch: 'docs/x' }
const failOn = new Set(['failure', 'timeout'] as const)
const pull = { number: 12, title: 't', url: 'https://github.com/acme/app/pull/12', isPullRequest: true }

describe('the job summary', () => {
  it('leads with the answer, then the changed pages, the commit, the bookkeeping and the next step', () => {
    const status = { status: 'success', commit: { sha: 'c'.repeat(40) } }
    const verdict = judge(
      { kind: 'final', trigger: { statusId: 's_1', previewUrl: URL }, status, waitedMs: 92_000 },
      request,
      failOn,
      900_000,
    )
    const text = previewSummary({
      verdict,
      request,
      statusId: 's_1',
      previewUrl: URL,
      status,
      pages: { shown: ['guides/setup'], more: 0 },
      pull,
      waitedMs: 92_000,
      commentUrl: 'https://github.com/acme/app/pull/12#issuecomment-7',
    })
    expect(text).toBe(
      [
        '### ✅ Mintlify: Preview ready',
        '',
        `Live at <${URL}> (\`docs/x\`, built in 1m 32s).`,
        '',
        '**Changed pages** (1 page):',
        '',
        `- [/guides/setup](${URL}/guides/setup)`,
        '',
        `Commit \`${'c'.repeat(12)}\``,
        '',
        '| | |',
        '|---|---|',
        '| Status | `success` |',
        '| Deployment | preview |',
        '| Branch | `docs/x` |',
        '| Pull request | [#12](https://github.com/acme/app/pull/12) |',
        '| Comment | [on the pull request](https://github.com/acme/app/pull/12#issuecomment-7) |',
        '| Status id | `s_1` |',
        '| Time waited | 1m 32s |',
        '',
        '**Next:** Review the changed pages in the preview.',
        '',
      ].join('\n'),
    )
  })

  it('a failure shows why and a bounded tail of the log; the preview URL, not named above, is in the table', () => {
    const logs = Array.from({ length: 50 }, (_, i) => `step ${i}`)
    const status = { status: 'failure', summary: 'Broken link', logs }
    const verdict = judge(
      { kind: 'final', trigger: { statusId: 's_1', previewUrl: URL }, status, waitedMs: 1 },
      request,
      failOn,
      900_000,
    )
    const text = previewSummary({ verdict, request, statusId: 's_1', previewUrl: URL, status })
    expect(text.startsWith('### ❌ Mintlify: Preview failed\n\nThe preview of `docs/x` failed: Broken link.')).toBe(
      true,
    )
    expect(text).toContain('**The build’s log** (the last 20 of 50):')
    expect(text).not.toContain('step 29\n')
    expect(text).toContain('step 30\n')
    expect(text).toContain(`| Preview URL | <${URL}> |`)
    expect(text.trimEnd().endsWith('**Next:** Fix the build error shown and push again.')).toBe(true)
  })

  it('a production deployment names no branch', () => {
    const verdict = judge(
      { kind: 'final', trigger: { statusId: 's_2' }, status: { status: 'success' }, waitedMs: 5000 },
      { kind: 'production' },
      failOn,
      900_000,
    )
    const text = previewSummary({
      verdict,
      request: { kind: 'production' },
      statusId: 's_2',
      status: { status: 'success' },
    })
    expect(text).toMatch(/^### 🚀 Mintlify: Deployed\n\nThe site is live \(built in 5\.0s\)\./)
    expect(text).toContain('| Deployment | production |')
    expect(text).not.toContain('| Branch |')
  })
})

describe('a summary with little to say', () => {
  it('a run that ended before it knew what to deploy: the answer and the next step, no table', () => {
    const verdict: PreviewVerdict = {
      state: 'error',
      title: 'Error',
      emoji: '❌',
      message: 'Input `branch`: "a b" is not a branch name.',
      level: 'error',
      fail: true,
      next: 'Fix the input, then re-run this workflow.',
    }
    expect(previewSummary({ verdict })).toBe(
      [
        '### ❌ Mintlify: Error',
        '',
        'Input `branch`: "a b" is not a branch name.',
        '',
        '**Next:** Fix the input, then re-run this workflow.',
        '',
      ].join('\n'),
    )
  })

  it('a trigger refused: no status, pages, commit, pull request, comment, status id or wait shown empty', () => {
    const denied = new ApiError('preview', 403, 'Preview deployments are not available on your current plan')
    const verdict = judge({ kind: 'error', error: denied }, request, failOn, 900_000)
    const text = previewSummary({ verdict, request })
    expect(text).not.toContain('Changed pages')
    expect(text.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| |'))).toEqual([
      '| Deployment | preview |',
      '| Branch | `docs/x` |',
    ])
    expect(text.split('\n\n')).toHaveLength(4)
  })
})
