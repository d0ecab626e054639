import {
  DEFAULT_API_URL,
  InputError,
  type InputSource,
  parseApiKey,
  parseApiUrl,
  parseBoolean,
  parseChoice,
  parseFailOn,
  parsePollInterval,
  parseProjectId,
  parseTimeout,
  parseTriggerPhrase,
  quote,
} from '../inputs.js'

export const DEPLOYMENTS = ['preview', 'production'] as const
export type Deployment = (typeof DEPLOYMENTS)[number]
export const FAIL_ON = ['failure', 'timeout', 'other'] as const
export type FailOn = (typeof FAIL_ON)[number]
export const DEFAULT_FAIL_ON: readonly FailOn[] = ['failure', 'timeout']
export const COMMENT_MODES = ['auto', 'never'] as const
export const DEFAULT_TRIGGER_PHRASE = '/preview'

export interface PreviewConfig {
  apiKey: string
  projectId: string
  apiUrl: string
  deployment: Deployment
  /** The `branch` input, checked; undefined when empty (the branch then comes from the run, plan.ts). */
  branch?: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  failOn: Set<FailOn>
  comment: (typeof COMMENT_MODES)[number]
  /** The folder holding `docs.json`, relative to the repository, without `./` or a slash at either end; '' for the root. */
  docsRoot: string
  phrase: string
  githubToken: string
  summary: boolean
}

/**
 * Every input of the preview action, checked before any request is made. `fromComment`: a comment triggered the
 * run, which always asks for a preview of its pull request.
 */
export function parsePreviewInputs(input: InputSource, fromComment = false): PreviewConfig {
  const apiKey = parseApiKey(input('api-key'))
  const projectId = parseProjectId(input('project-id'))
  const apiUrl = parseApiUrl(input('api-url'), DEFAULT_API_URL)
  const deployment = parseChoice('deployment', input('deployment'), DEPLOYMENTS, 'preview')
  const branch = parseBranch(input('branch'))
  if (deployment === 'production') {
    if (fromComment)
      throw new InputError(
        'deployment',
        '`production` on a run a comment triggered, which always previews its pull request',
        '`preview` (the default) on comment events',
      )
    if (branch !== undefined)
      throw new InputError(
        'branch',
        `${quote(branch)} with \`deployment: production\`, which deploys the site from its configured deployment branch`,
        'empty with `deployment: production`; a branch to preview with `deployment: preview`',
      )
  }
  return {
    apiKey,
    projectId,
    apiUrl,
    deployment,
    branch,
    wait: parseBoolean('wait', input('wait'), true),
    timeoutMs: parseTimeout(input('timeout'), 15 * 60_000),
    pollIntervalMs: parsePollInterval(input('poll-interval'), 10_000, '10s'),
    failOn: parseFailOn(input, FAIL_ON, DEFAULT_FAIL_ON),
    comment: parseChoice('comment', input('comment'), COMMENT_MODES, 'auto'),
    docsRoot: parseDocsRoot(input('docs-root')),
    phrase: parseTriggerPhrase(input('trigger-phrase'), DEFAULT_TRIGGER_PHRASE),
    githubToken: input('github-token'),
    summary: parseBoolean('summary', input('summary'), true),
  }
}

const BRANCH_ACCEPTED = 'a branch name such as `docs/new-flag` (as git allows it), or empty for the run’s own branch'

/**
 * A branch as git allows one (`git check-ref-format --branch`, the rules a mistake breaks): no white space or
 * control characters, none of `~^:?*[\`, no `..`, `@{`, or `//`, not starting with `-` or `/`, not ending with
 * `/`, `.` or `.lock`. `refs/heads/x` is taken as `x`. Undefined when empty.
 */
export function parseBranch(value: string): string | undefined {
  if (value === '') return undefined
  const branch = value.replace(/^refs\/heads\//, '')
  // git check-ref-format's rules; a part of the name (between slashes) may neither start with `.` nor end with `.lock`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  const bad = /[\s\u0000-\u001f\u007f~^:?*[\\]|\.\.|@\{|\/\/|^[-/]|\/$|\.$|(?:^|\/)\.|\.lock(?:\/|$)|^@$/
  if (branch === '' || bad.test(branch))
    throw new InputError('branch', `${quote(value)} is not a branch name`, BRANCH_ACCEPTED)
  if (branch.length > 255) throw new InputError('branch', 'it is longer than 255 characters', BRANCH_ACCEPTED)
  return branch
}

/** `docs`, `./docs/`, `/docs` → `docs`; `.` or empty → '' (the repository's root). Never outside the repository. */
export function parseDocsRoot(value: string): string {
  const accepted = 'the folder of the repository that holds `docs.json`, such as `docs`, or empty for the root'
  const root = value
    .replace(/\\/g, '/')
    .replace(/^(?:\.?\/)+/, '')
    .replace(/\/+$/, '')
  if (root === '' || root === '.') return ''
  const parts = root.split('/')
  if (parts.some((p) => p === '..' || p === '.' || p === ''))
    throw new InputError('docs-root', `${quote(value)} is not a folder inside the repository`, accepted)
  return root
}
