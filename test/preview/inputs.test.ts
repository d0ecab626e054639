import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/inputs.js'
import { parseBranch, parseDocsRoot, parsePreviewInputs } from '../../src/preview/inputs.js'

const KEY = 'mint_Pr3vK3yQ8wE5rT2yU7iO4pA9sD6f'

/** Inputs as the runner passes them: action.yml's defaults, then `given`. */
function source(given: Record<string, string> = {}) {
  const all: Record<string, string> = { 'api-key': KEY, 'project-id': 'proj_1', 'fail-on': 'failure,timeout', ...given }
  return Object.assign((name: string) => (all[name] ?? '').trim(), { isSet: (name: string) => name in all })
}

const refusal = (given: Record<string, string>, fromComment = false) => {
  try {
    parsePreviewInputs(source(given), fromComment)
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    return (err as Error).message
  }
  throw new Error('the inputs were accepted')
}

describe('the preview action’s inputs', () => {
  it('take the interface’s defaults', () => {
    expect(parsePreviewInputs(source())).toEqual({
      apiKey: KEY,
      projectId: 'proj_1',
      apiUrl: 'https://api.mintlify.com',
      deployment: 'preview',
      branch: undefined,
      wait: true,
      timeoutMs: 15 * 60_000,
      pollIntervalMs: 10_000,
      failOn: new Set(['failure', 'timeout']),
      comment: 'auto',
      docsRoot: '',
      phrase: '/preview',
      githubToken: '',
      summary: true,
    })
  })

  it('read every input in its own forms', () => {
    const config = parsePreviewInputs(
      source({
        deployment: 'Production',
        wait: 'false',
        timeout: '90',
        'poll-interval': '5',
        'fail-on': 'other, failure',
        comment: 'never',
        'docs-root': './docs/',
        'trigger-phrase': '/build',
        'github-token': 'ghs_x',
        summary: 'false',
      }),
    )
    expect(config).toMatchObject({
      deployment: 'production',
      wait: false,
      timeoutMs: 90 * 60_000,
      pollIntervalMs: 5000,
      failOn: new Set(['other', 'failure']),
      comment: 'never',
      docsRoot: 'docs',
      phrase: '/build',
      githubToken: 'ghs_x',
      summary: false,
    })
    expect(parsePreviewInputs(source({ 'api-url': 'https://api.example.test' })).apiUrl).toBe(
      'https://api.example.test',
    )
    expect(parsePreviewInputs(source({ 'fail-on': '' })).failOn).toEqual(new Set())
    expect(parsePreviewInputs(source({ branch: 'refs/heads/docs/x' })).branch).toBe('docs/x')
  })

  it('a branch with deployment: production is bad input, naming both', () => {
    expect(refusal({ deployment: 'production', branch: 'main' })).toBe(
      'Input `branch`: "main" with `deployment: production`, which deploys the site from its configured deployment branch. Accepted: empty with `deployment: production`; a branch to preview with `deployment: preview`.',
    )
  })

  it('a comment-triggered run always previews: production is bad input there', () => {
    expect(refusal({ deployment: 'production' }, true)).toBe(
      'Input `deployment`: `production` on a run a comment triggered, which always previews its pull request. Accepted: `preview` (the default) on comment events.',
    )
  })

  it.each([
    [
      { deployment: 'staging' },
      'Input `deployment`: "staging" is not one of the choices. Accepted: `preview`, `production`.',
    ],
    [
      { 'fail-on': 'failed' },
      'Input `fail-on`: "failed" is not a known value. Accepted: a comma list of `failure`, `timeout`, `other`, or empty.',
    ],
    [{ wait: 'yes' }, 'Input `wait`: "yes" is not a boolean. Accepted: `true` or `false`.'],
    [{ summary: 'on' }, 'Input `summary`: "on" is not a boolean. Accepted: `true` or `false`.'],
    [
      { 'poll-interval': 'often' },
      'Input `poll-interval`: "often" is not a duration. Accepted: a duration such as `10s`, `1m`, `500ms`, or a bare number of seconds.',
    ],
    [{ comment: 'always' }, 'Input `comment`: "always" is not one of the choices. Accepted: `auto`, `never`.'],
    [
      { 'trigger-phrase': '/pre view' },
      'Input `trigger-phrase`: "/pre view" contains whitespace. Accepted: one word such as `/preview`.',
    ],
    [
      { timeout: 'soon' },
      'Input `timeout`: "soon" is not a duration. Accepted: a positive duration such as `90s`, `15m`, `2h`, `1h30m`, or a bare number of minutes.',
    ],
    [
      { 'api-key': 'mint_dsc_abc' },
      'Input `api-key`: this is an assistant key (`mint_dsc_...`), which these endpoints refuse. Accepted: a Mintlify admin API key (starts with `mint_`), passed from a repository secret.',
    ],
  ])('%j is refused in one line', (given, message) => {
    expect(refusal(given)).toBe(message)
  })
})

describe('branch', () => {
  it.each([
    'docs/new-flag',
    'feature/ünïcode',
    'v1.2',
    'a-b_c',
    'a.locksmith',
    'a@',
    '@a',
    'docs/refs/heads/x',
    'a.b/c.d',
    'x.lockd/y',
  ])('%j is a branch', (name) => {
    expect(parseBranch(name)).toBe(name)
  })

  it.each([
    'two words',
    'a..b',
    '-x',
    '/x',
    'x/',
    'x.',
    'x.lock',
    // No part of the name may start with a dot or end with `.lock` (git check-ref-format).
    '.a',
    'a/.b',
    'x.lock/y',
    'a/b.lock',
    'a~1',
    'a^',
    'a:b',
    'a?',
    'a*',
    'a[b',
    'a\\b',
    'a@{1}',
    'a//b',
    '@',
    'a\tb',
    'refs/heads/',
  ])('%j is refused', (name) => {
    expect(() => parseBranch(name)).toThrow(/^Input `branch`: .* is not a branch name\. Accepted: a branch name/)
  })

  it('is refused past 255 characters, and empty is "the run’s own"', () => {
    expect(() => parseBranch('b'.repeat(256))).toThrow('Input `branch`: it is longer than 255 characters.')
    expect(parseBranch('b'.repeat(255))).toBe('b'.repeat(255))
    expect(parseBranch('')).toBeUndefined()
  })
})

describe('docs-root', () => {
  it.each([
    ['', ''],
    ['.', ''],
    ['./', ''],
    ['docs', 'docs'],
    ['./docs/', 'docs'],
    ['/site/docs', 'site/docs'],
    ['site\\docs', 'site/docs'],
    ['././docs', 'docs'],
    ['//docs', 'docs'],
    ['docs//', 'docs'],
  ])('%j is %j', (value, root) => {
    expect(parseDocsRoot(value)).toBe(root)
  })

  it.each(['../docs', 'docs/../..', 'a//b', 'a/./b'])('%j is refused: not a folder inside the repository', (value) => {
    expect(() => parseDocsRoot(value)).toThrow(/^Input `docs-root`: .* is not a folder inside the repository\./)
  })

  it('a refusal names what is accepted', () => {
    expect(() => parseDocsRoot('../docs')).toThrow(
      'Input `docs-root`: "../docs" is not a folder inside the repository. Accepted: the folder of the repository that holds `docs.json`, such as `docs`, or empty for the root.',
    )
  })
})
