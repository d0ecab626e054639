import * as path from 'node:path'
import { checkRange, resolveDate } from '../analytics/dates.js'
import {
  DEFAULT_API_URL,
  InputError,
  type InputSource,
  parseApiKey,
  parseApiUrl,
  parseBoolean,
  parseChoice,
  parseChoiceList,
  parseInteger,
  parseProjectId,
  quote,
} from '../inputs.js'

export const SECTIONS = ['searches', 'assistant', 'feedback'] as const
export type Section = (typeof SECTIONS)[number]
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const
export const ISSUE_MODES = ['none', 'update'] as const

export interface GapsConfig {
  apiKey: string
  projectId: string
  apiUrl: string
  /** Fixed once for the run, sent on every request. */
  dateFrom: string
  dateTo: string
  sections: Set<Section>
  minHits: number
  /** As the feedback endpoint takes it: a comma list, in the order of FEEDBACK_STATUSES. */
  feedbackStatus: string
  maxItems: number
  maxRequests: number
  /** Absolute paths. */
  output: string
  worklist: string
  promptOutput: string
  /** With `issue: update`: the repository, its title for a new issue and the token. */
  issue?: { owner: string; repo: string; title: string; token: string }
  summary: boolean
}

/** The most `max-requests` may be: the organization's whole analytics budget for an hour. */
export const MAX_REQUESTS = 100

/** Every input of the content gaps action, checked before any request is made. */
export function parseGapsInputs(
  input: InputSource,
  env: { workspace: string; repository?: string },
  now: Date,
): GapsConfig {
  const apiKey = parseApiKey(input('api-key'))
  const projectId = parseProjectId(input('project-id'))
  const apiUrl = parseApiUrl(input('api-url'), DEFAULT_API_URL)
  // Unset means the interface's defaults (the last seven whole days), as action.yml gives them.
  const dateFrom = resolveDate('date-from', input('date-from') || '-7d', now) as string
  const dateTo = resolveDate('date-to', input('date-to') || 'today', now) as string
  checkRange(dateFrom, dateTo)
  const sections = parseChoiceList(
    'sections',
    input.isSet('sections') ? input('sections') : SECTIONS.join(','),
    SECTIONS,
    true,
  )
  const statuses = parseChoiceList(
    'feedback-status',
    input.isSet('feedback-status') ? input('feedback-status') : 'pending,in_progress',
    FEEDBACK_STATUSES,
    true,
  )
  const files = {
    output: path.resolve(env.workspace, input('output') || 'mintlify-gaps.json'),
    worklist: path.resolve(env.workspace, input('worklist') || 'mintlify-gaps.md'),
    promptOutput: path.resolve(env.workspace, input('prompt-output') || 'mintlify-gaps-prompt.md'),
  }
  checkDistinct(files)
  const config: GapsConfig = {
    apiKey,
    projectId,
    apiUrl,
    dateFrom,
    dateTo,
    sections,
    minHits: parseInteger('min-hits', input('min-hits'), { fallback: 2, min: 1 }),
    feedbackStatus: FEEDBACK_STATUSES.filter((s) => statuses.has(s)).join(','),
    maxItems: parseInteger('max-items', input('max-items'), { fallback: 20, min: 1, max: 100 }),
    maxRequests: parseInteger('max-requests', input('max-requests'), { fallback: 60, min: 1, max: MAX_REQUESTS }),
    ...files,
    summary: parseBoolean('summary', input('summary'), true),
  }
  if (parseChoice('issue', input('issue'), ISSUE_MODES, 'none') === 'update') config.issue = issueTarget(input, env)
  return config
}

/** Three files, three paths: one written over another would lose it. */
function checkDistinct(files: { output: string; worklist: string; promptOutput: string }): void {
  const names = { output: 'output', worklist: 'worklist', promptOutput: 'prompt-output' } as const
  const seen = new Map<string, string>()
  for (const key of ['output', 'worklist', 'promptOutput'] as const) {
    const other = seen.get(files[key])
    if (other)
      throw new InputError(
        names[key],
        `${quote(path.basename(files[key]))} is also \`${other}\``,
        'a file of its own, apart from `output`, `worklist` and `prompt-output`',
      )
    seen.set(files[key], names[key])
  }
}

function issueTarget(input: InputSource, env: { repository?: string }) {
  const token = input('github-token')
  if (token === '')
    throw new InputError(
      'github-token',
      'it is empty, and `issue: update` needs it',
      'the workflow token (the default) with `issues: write`, or another token that may write issues',
    )
  const [owner, repo, ...rest] = (env.repository ?? '').split('/')
  if (!owner || !repo || rest.length > 0)
    throw new InputError(
      'issue',
      '`update` needs the workflow repository (GITHUB_REPOSITORY), which is not set',
      '`update` in a workflow run, or `none`',
    )
  const title = (input('issue-title') || 'Documentation gaps').replace(/\s+/g, ' ')
  if (title.length > 256)
    throw new InputError('issue-title', 'it is longer than 256 characters', 'a title of 1 to 256 characters')
  return { owner, repo, title, token }
}
