import { describe, expect, it } from 'vitest'
import { parseAgentInputs } from '../../src/agent/inputs.js'
import { envInputs, InputError } from '../../src/inputs.js'

const base = { 'INPUT_API-KEY': 'mint_abc123456', 'INPUT_PROJECT-ID': 'proj', INPUT_PROMPT: 'Do it' }
const parse = (env: Record<string, string>, files: Record<string, string> = {}) =>
  parseAgentInputs(
    envInputs({ ...base, ...env }),
    (file) => {
      const text = files[file]
      if (text === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' })
      return text
    },
    '/ws',
  )

describe('parseAgentInputs', () => {
  it('applies the interface defaults', () => {
    const c = parse({})
    expect(c).toMatchObject({
      apiUrl: 'https://api.mintlify.com',
      prompt: 'Do it',
      wait: true,
      timeoutMs: 30 * 60_000,
      pollIntervalMs: 5000,
      summary: true,
      comment: 'auto',
    })
    expect([...c.failOn]).toEqual(['failed', 'timeout'])
  })

  it('an empty fail-on passed by the runner means no outcome fails the step', () => {
    expect(parse({ 'INPUT_FAIL-ON': '' }).failOn.size).toBe(0)
  })

  it('a bare poll-interval is seconds, a bare timeout minutes', () => {
    expect(parse({ 'INPUT_POLL-INTERVAL': '2', INPUT_TIMEOUT: '2' })).toMatchObject({
      pollIntervalMs: 2000,
      timeoutMs: 120_000,
    })
  })

  it('reads prompt-file relative to the workspace', () => {
    const c = parse({ INPUT_PROMPT: '', 'INPUT_PROMPT-FILE': 'docs/p.md' }, { '/ws/docs/p.md': 'From a file' })
    expect(c.prompt).toBe('From a file')
  })

  it('no prompt and no job: the input error, or what the event tells better', () => {
    const none = envInputs({ ...base, INPUT_PROMPT: '' })
    const read = () => ''
    expect(() => parseAgentInputs(none, read, '/ws')).toThrow(
      'Input `prompt`: no prompt was given. Accepted: `prompt` or `prompt-file` to start a job, or `job-id` alone to wait for an existing job.',
    )
    expect(() => parseAgentInputs(none, read, '/ws', false, 'Not an event it takes.')).toThrow(
      new Error('Not an event it takes.'),
    )
    // A prompt given, or a job to wait for: the event's word is not needed.
    expect(parseAgentInputs(envInputs(base), read, '/ws', false, 'Not an event it takes.').prompt).toBe('Do it')
    const wait = envInputs({ ...base, INPUT_PROMPT: '', 'INPUT_JOB-ID': 'job_1' })
    expect(parseAgentInputs(wait, read, '/ws', false, 'Not an event it takes.').jobId).toBe('job_1')
  })

  it('job-id alone needs no prompt', () => {
    expect(parse({ INPUT_PROMPT: '', 'INPUT_JOB-ID': 'job_1' })).toMatchObject({ jobId: 'job_1', prompt: undefined })
  })

  it('job-id takes any id the API may give, up to 1,024 characters; 1,025 are refused', () => {
    for (const id of ['job 1', 'a/b', 'a?b#c', '100%', 'jöb-日本-🚀', '...', 'x-->y', 'a\nb', 'j'.repeat(1024)])
      expect(parse({ INPUT_PROMPT: '', 'INPUT_JOB-ID': id }).jobId).toBe(id)
    for (const id of ['.', '..'])
      expect(() => parse({ 'INPUT_JOB-ID': id })).toThrow(
        `Input \`job-id\`: the value is "${id}", which a server may read as a path step.`,
      )
    expect(() => parse({ 'INPUT_JOB-ID': 'j'.repeat(1025) })).toThrow(
      'Input `job-id`: the value is longer than 1,024 characters. Accepted: the `id` of an agent job, as the `job-id` output gives it.',
    )
  })

  it('conversation and max-requests: none and no limit by default; a number each when given', () => {
    const defaults = parse({})
    expect(defaults.conversation).toBeUndefined()
    expect(defaults.maxRequests).toBe(0)
    expect(parse({ INPUT_CONVERSATION: '7', 'INPUT_GITHUB-TOKEN': 't', 'INPUT_MAX-REQUESTS': '8' })).toMatchObject({
      conversation: 7,
      maxRequests: 8,
    })
  })

  it.each([
    ['#7', '"#7" is not the number of an issue or pull request'],
    ['0', '"0" is not the number of an issue or pull request'],
    ['7.5', '"7.5" is not the number of an issue or pull request'],
    ['99999999999999999999', '"99999999999999999999" is not the number of an issue or pull request'],
  ])('conversation %s is refused, saying what is accepted', (value, problem) => {
    expect(() => parse({ INPUT_CONVERSATION: value, 'INPUT_GITHUB-TOKEN': 't' })).toThrow(
      `Input \`conversation\`: ${problem}. Accepted: the number of an open issue or pull request of the workflow’s repository, such as \`12\` (without \`#\`), or empty.`,
    )
  })

  it('conversation needs a request to send, and a token to read the conversation with', () => {
    expect(() => parse({ INPUT_CONVERSATION: '7', INPUT_PROMPT: '', 'INPUT_JOB-ID': 'job_1' })).toThrow(
      'Input `conversation`: `job-id` alone sends no request to the conversation. Accepted: `conversation` with `prompt` or `prompt-file`.',
    )
    expect(() => parse({ INPUT_CONVERSATION: '7' })).toThrow('Input `github-token`: it is required but empty.')
    // With a prompt, job-id names the job the request goes to.
    expect(parse({ INPUT_CONVERSATION: '7', 'INPUT_JOB-ID': 'job_1', 'INPUT_GITHUB-TOKEN': 't' }).jobId).toBe('job_1')
  })

  it('on a comment-triggered run, conversation is read but asks nothing more (the comment is the conversation)', () => {
    const input = envInputs({ ...base, INPUT_PROMPT: '', INPUT_CONVERSATION: '7', 'INPUT_GITHUB-TOKEN': 't' })
    expect(parseAgentInputs(input, () => '', '/ws', true).conversation).toBe(7)
  })

  it('max-requests: a whole number, 0 or more; a limit with comment: never is refused (no replies to count)', () => {
    expect(() => parse({ 'INPUT_MAX-REQUESTS': '-1' })).toThrow(
      'Input `max-requests`: "-1" is out of range. Accepted: a whole number, 0 or more.',
    )
    expect(() => parse({ 'INPUT_MAX-REQUESTS': '2.5' })).toThrow('Input `max-requests`: "2.5" is not a whole number.')
    expect(() => parse({ 'INPUT_MAX-REQUESTS': '3', INPUT_COMMENT: 'never' })).toThrow(
      'Input `max-requests`: the requests are counted from the replies in the conversation, and `comment: never` posts none. Accepted: `0` (no limit) with `comment: never`, or a limit with `comment: auto` or `always`.',
    )
    expect(parse({ 'INPUT_MAX-REQUESTS': '0', INPUT_COMMENT: 'never' }).maxRequests).toBe(0)
  })

  it('never puts the key into a message', () => {
    for (const key of ['sk_live_TOPSECRET', 'mint_dsc_TOPSECRET', 'mint_TOP SECRET']) {
      const err = (() => {
        try {
          parse({ 'INPUT_API-KEY': key })
        } catch (e) {
          return e as InputError
        }
      })()
      expect(err).toBeInstanceOf(InputError)
      expect(err?.message).not.toContain('TOP')
    }
  })
})
