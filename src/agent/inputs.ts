import * as path from 'node:path'
import { jobIdProblem } from '../api/shapes.js'
import {
  DEFAULT_API_URL,
  InputError,
  type InputSource,
  parseApiKey,
  parseApiUrl,
  parseBoolean,
  parseChoice,
  parseFailOn,
  parseInteger,
  parsePollInterval,
  parseProjectId,
  parseTimeout,
  quote,
  required,
} from '../inputs.js'
import { FAIL_ON, type FailOn } from './outcome.js'

export const DEFAULT_FAIL_ON: readonly FailOn[] = ['failed', 'timeout']
export const COMMENT_MODES = ['auto', 'always', 'never'] as const
export const FOLLOW_UP_MODES = ['auto', 'never'] as const

export interface AgentConfig {
  apiKey: string
  projectId: string
  apiUrl: string
  /** The prompt text, from `prompt` or `prompt-file`; undefined with `job-id` alone. */
  prompt?: string
  jobId?: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  failOn: Set<FailOn>
  summary: boolean
  comment: (typeof COMMENT_MODES)[number]
  /** Comment-triggered runs: `auto` sends the request to the job the conversation already has. */
  followUp: (typeof FOLLOW_UP_MODES)[number]
  githubToken: string
  /** Once the job completes with a pull request, preview the branch it worked on (`source.ref`). */
  preview: boolean
  /** Runs no comment triggered: the issue or pull request of the workflow's repository this run belongs to. */
  conversation?: number
  /** The most requests one conversation may send to the agent; 0: no limit. */
  maxRequests: number
}

/** Reads a file as UTF-8; throws Node's usual errors (ENOENT, EISDIR...). */
export type ReadText = (absolutePath: string) => string

/**
 * Every input of the agent job action, checked before any request is made. `fromComment`: a comment
 * triggered the run and brings the prompt, so `prompt` and `prompt-file` must be empty. `noPrompt`: what
 * is wrong when no input gives a prompt or a job, when the event tells it better than the inputs do.
 */
export function parseAgentInputs(
  input: InputSource,
  readText: ReadText,
  workspace: string,
  fromComment = false,
  noPrompt?: string,
): AgentConfig {
  const apiKey = parseApiKey(input('api-key'))
  const projectId = parseProjectId(input('project-id'))
  const apiUrl = parseApiUrl(input('api-url'), DEFAULT_API_URL)
  const jobId = parseJobId(input('job-id'))
  if (fromComment) {
    for (const name of ['prompt', 'prompt-file'])
      if (input(name))
        throw new InputError(
          name,
          'a comment triggered this run and brings the prompt',
          `\`${name}\` left empty on comment events`,
        )
    required(
      'github-token',
      input('github-token'),
      'a token that may read permissions and write comments: the workflow token',
    )
  }
  const prompt = fromComment ? undefined : readPrompt(input('prompt'), input('prompt-file'), readText, workspace)
  if (prompt === undefined && !jobId && !fromComment) {
    if (noPrompt) throw new Error(noPrompt)
    throw new InputError(
      'prompt',
      'no prompt was given',
      '`prompt` or `prompt-file` to start a job, or `job-id` alone to wait for an existing job',
    )
  }
  const comment = parseChoice('comment', input('comment'), COMMENT_MODES, 'auto')
  const conversation = parseConversation(input('conversation'))
  const maxRequests = parseInteger('max-requests', input('max-requests'), { fallback: 0, min: 0 })
  if (maxRequests > 0 && comment === 'never')
    throw new InputError(
      'max-requests',
      'the requests are counted from the replies in the conversation, and `comment: never` posts none',
      '`0` (no limit) with `comment: never`, or a limit with `comment: auto` or `always`',
    )
  if (conversation !== undefined && !fromComment) {
    if (prompt === undefined)
      throw new InputError(
        'conversation',
        '`job-id` alone sends no request to the conversation',
        '`conversation` with `prompt` or `prompt-file`',
      )
    required('github-token', input('github-token'), 'a token that may read the conversation and reply there')
  }
  return {
    apiKey,
    projectId,
    apiUrl,
    prompt,
    jobId,
    wait: parseBoolean('wait', input('wait'), true),
    timeoutMs: parseTimeout(input('timeout'), 30 * 60_000),
    pollIntervalMs: parsePollInterval(input('poll-interval'), 5000, '5s'),
    failOn: parseFailOn(input, FAIL_ON, DEFAULT_FAIL_ON),
    summary: parseBoolean('summary', input('summary'), true),
    comment,
    followUp: parseChoice('follow-up', input('follow-up'), FOLLOW_UP_MODES, 'auto'),
    githubToken: input('github-token'),
    preview: parseBoolean('preview', input('preview'), false),
    ...(conversation === undefined ? {} : { conversation }),
    maxRequests,
  }
}

/** `conversation`: an issue or pull request number, or empty (none). Whether it is one of the repository, GitHub says. */
function parseConversation(value: string): number | undefined {
  if (value === '') return undefined
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < 1 || !Number.isSafeInteger(n))
    throw new InputError(
      'conversation',
      `${quote(value)} is not the number of an issue or pull request`,
      'the number of an open issue or pull request of the workflow’s repository, such as `12` (without `#`), or empty',
    )
  return n
}

function readPrompt(prompt: string, promptFile: string, readText: ReadText, workspace: string): string | undefined {
  if (prompt && promptFile)
    throw new InputError(
      'prompt',
      'both `prompt` and `prompt-file` are set',
      'one of `prompt` or `prompt-file`, not both',
    )
  if (prompt) return prompt
  if (promptFile) {
    const accepted = 'the path, relative to the workspace, of a readable UTF-8 text file that is not empty'
    const file = path.resolve(workspace, promptFile)
    let text: string
    try {
      text = readText(file)
    } catch (err) {
      const code = (err as { code?: string }).code
      const why =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'it is a directory'
            : `it cannot be read (${code ?? 'error'})`
      throw new InputError('prompt-file', `${quote(promptFile)}: ${why}`, accepted)
    }
    if (text.trim() === '') throw new InputError('prompt-file', `${quote(promptFile)} is empty`, accepted)
    return text
  }
  return undefined
}

/** Any id the API may give a job (`jobIdProblem`), so that the `job-id` output can always be passed back. */
function parseJobId(value: string): string | undefined {
  if (value === '') return undefined
  const problem = jobIdProblem(value)
  if (problem)
    throw new InputError('job-id', `the value ${problem}`, 'the `id` of an agent job, as the `job-id` output gives it')
  return value
}

/** The agent's `trigger-phrase`: `/docs` unless set. */
export const DEFAULT_TRIGGER_PHRASE = '/docs'
