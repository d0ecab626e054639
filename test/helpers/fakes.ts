import { expect, vi } from 'vitest'
import type { AgentConfig } from '../../src/agent/inputs.js'
import type { AgentApi } from '../../src/agent/job.js'
import type { AgentJob } from '../../src/api/types.js'
import type { GitHubApi } from '../../src/github/client.js'
import type { ThreadComment } from '../../src/github/comments.js'
import type { Log } from '../../src/log.js'

export { FakeClock } from '../../local/fake-clock.ts'

export type Line = { level: keyof Log; message: string }

/** A log that keeps its lines for assertions. */
export function memoryLog(): Log & { lines: Line[]; text(level?: keyof Log): string } {
  const lines: Line[] = []
  const add = (level: keyof Log) => (message: string) => {
    lines.push({ level, message })
  }
  return {
    lines,
    info: add('info'),
    notice: add('notice'),
    warning: add('warning'),
    error: add('error'),
    debug: add('debug'),
    text: (level) =>
      lines
        .filter((l) => !level || l.level === level)
        .map((l) => l.message)
        .join('\n'),
  }
}

/**
 * Two different paths that shared the 53-bit fingerprint the dedup used before it was keyed, so one of them was
 * dropped as a "repeat". Found offline by a birthday search over 2.5e8 strings `/docs/` + 6 of [a-z0-9]
 * (sorted fingerprints, about a minute in C): the attack a keyed hash rules out.
 */
export const OLD_FINGERPRINT_PAIR = ['/docs/da6ghk', '/docs/db6jxe'] as const

/** What `work` writes to stdout (the runner's log), captured instead of printed. */
export function stdoutOf(work: () => void): string {
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  try {
    work()
  } finally {
    spy.mockRestore()
  }
  return out
}

/** The agent action's inputs as parsed, with the defaults of action.yml (and a test key and project). */
export function agentConfig(extra: Partial<AgentConfig> = {}): AgentConfig {
  return {
    apiKey: 'mint_x',
    projectId: 'p',
    apiUrl: 'https://api.example.test',
    prompt: 'Do it',
    wait: true,
    timeoutMs: 30 * 60_000,
    pollIntervalMs: 5000,
    failOn: new Set(['failed', 'timeout']),
    summary: true,
    comment: 'auto',
    followUp: 'auto',
    githubToken: '',
    preview: false,
    maxRequests: 0,
    ...extra,
  }
}

export type GitHubCall = { name: keyof GitHubApi; args: unknown[] }

/**
 * A GitHub client for unit tests: the methods given answer, any other one throws (as GitHub refusing would);
 * every call, answered or not, is recorded in `calls` with its arguments.
 */
export function fakeGitHub(parts: Partial<GitHubApi> = {}): { calls: GitHubCall[]; github: () => Promise<GitHubApi> } {
  const calls: GitHubCall[] = []
  const method =
    (name: keyof GitHubApi) =>
    async (...args: unknown[]) => {
      calls.push({ name, args })
      const impl = parts[name] as ((...a: unknown[]) => Promise<unknown>) | undefined
      if (!impl) throw new Error(`unexpected GitHub call: ${name}`)
      return impl(...args)
    }
  const gh = {
    role: method('role'),
    pullBranches: method('pullBranches'),
    pullFiles: method('pullFiles'),
    react: method('react'),
    comment: method('comment'),
    editComment: method('editComment'),
    conversation: method('conversation'),
    account: method('account'),
    issue: method('issue'),
    pullState: method('pullState'),
  } as GitHubApi
  return { calls, github: async () => gh }
}

export const BOT = { login: 'github-actions[bot]', type: 'Bot' }
export const PERSON = { login: 'writer', type: 'User' }
let lastCommentId = 0

/** A comment of a conversation as the GitHub client reads it: by the bot unless told, ids and times increasing. */
export function threadComment(body: string, author = BOT, createdAt?: string): ThreadComment {
  const id = ++lastCommentId
  return {
    id,
    url: `https://github.com/acme/app/issues/12#issuecomment-${id}`,
    body,
    author,
    createdAt: createdAt ?? new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
    review: false,
  }
}

/**
 * The error `work` rejects with, checked to be an `errorClass` whose `name` says so (a message reader sees
 * the name); a `work` that resolves fails the test.
 */
export async function rejection<E extends Error>(
  work: Promise<unknown>,
  errorClass: new (...args: never[]) => E,
): Promise<E> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(errorClass)
  expect((err as Error).name).toBe(errorClass.name)
  return err as E
}

/**
 * An agent API whose calls are counted by name (`create`, `get`, `message`), each answered by the function given;
 * a call with none fails the test.
 */
export function fakeApi(parts: Partial<AgentApi>): AgentApi & { calls: string[] } {
  const calls: string[] = []
  const counted =
    <A extends unknown[]>(name: string, impl: ((...a: A) => Promise<AgentJob>) | undefined) =>
    async (...a: A): Promise<AgentJob> => {
      calls.push(name)
      if (!impl) throw new Error(`unexpected ${name}`)
      return impl(...a)
    }
  return {
    calls,
    createJob: counted('create', parts.createJob),
    getJob: counted('get', parts.getJob),
    sendMessage: counted('message', parts.sendMessage),
  }
}
