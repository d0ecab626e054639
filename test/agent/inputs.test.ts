import { describe, expect, it } from 'vitest'
import { parseAgentInputs } from '../../src/agent/inputs.js'
import { envInputs, InputError, parseTriggerPhrase } from '../../src/inputs.js'

const base = { 'INPUT_API-KEY': 'mint_abc123456', 'INPUT_PROJECT-ID': 'proj', INPUT_PROMPT: 'Do it' }
const parse = (env: Record<string, string>, files: Record<string, string> = {}, fromComment = false) =>
  parseAgentInputs(
    envInputs({ ...base, ...env }),
    (file) => {
      const text = files[file]
      if (text === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' })
      return text
    },
    '/ws',
    fromComment,
  )

/** The message of the InputError that parsing `env` throws. */
function refused(env: Record<string, string>, readText?: (file: string) => string, fromComment = false): string {
  try {
    if (readText) parseAgentInputs(envInputs({ ...base, ...env }), readText, '/ws', fromComment)
    else parse(env, {}, fromComment)
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    return (err as Error).message
  }
  throw new Error('not refused')
}

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

  it('preview: false unless set; true or false only; preview is a fail-on entry, not in the default', () => {
    expect(parse({}).preview).toBe(false)
    expect(parse({ INPUT_PREVIEW: 'TRUE' }).preview).toBe(true)
    expect(() => parse({ INPUT_PREVIEW: 'yes' })).toThrow(
      'Input `preview`: "yes" is not a boolean. Accepted: `true` or `false`.',
    )
    expect([...parse({ 'INPUT_FAIL-ON': 'preview,failed' }).failOn]).toEqual(['preview', 'failed'])
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

  it('reads every other input as given', () => {
    const c = parse({
      INPUT_WAIT: 'false',
      INPUT_SUMMARY: 'FALSE',
      INPUT_COMMENT: 'always',
      'INPUT_FOLLOW-UP': 'never',
      'INPUT_FAIL-ON': 'no-pr, archived',
      'INPUT_API-URL': 'http://localhost:8787/',
      'INPUT_GITHUB-TOKEN': 'ghs_x',
      'INPUT_JOB-ID': 'job_9',
    })
    expect(c).toMatchObject({
      apiKey: 'mint_abc123456',
      projectId: 'proj',
      apiUrl: 'http://localhost:8787',
      prompt: 'Do it',
      jobId: 'job_9',
      wait: false,
      summary: false,
      comment: 'always',
      followUp: 'never',
      githubToken: 'ghs_x',
    })
    expect([...c.failOn]).toEqual(['no-pr', 'archived'])
  })

  it('names each input refused, what was wrong and what it takes', () => {
    expect(refused({ INPUT_TIMEOUT: '50ms' })).toBe(
      'Input `timeout`: "50ms" is too short. Accepted: a positive duration such as `90s`, `15m`, `2h`, `1h30m`, or a bare number of minutes.',
    )
    expect(parse({ INPUT_TIMEOUT: '100ms' }).timeoutMs).toBe(100)
    expect(refused({ 'INPUT_POLL-INTERVAL': '9ms' })).toBe(
      'Input `poll-interval`: "9ms" is too short. Accepted: a duration such as `5s`, `1m`, `500ms`, or a bare number of seconds.',
    )
    expect(parse({ 'INPUT_POLL-INTERVAL': '10ms' }).pollIntervalMs).toBe(10)
    expect(refused({ 'INPUT_FAIL-ON': 'failed,late' })).toBe(
      'Input `fail-on`: "late" is not a known value. Accepted: a comma list of `failed`, `archived`, `timeout`, `no-pr`, `preview`, or empty.',
    )
    expect(refused({ INPUT_COMMENT: 'sometimes' })).toBe(
      'Input `comment`: "sometimes" is not one of the choices. Accepted: `auto`, `always`, `never`.',
    )
    expect(refused({ 'INPUT_FOLLOW-UP': 'always' })).toBe(
      'Input `follow-up`: "always" is not one of the choices. Accepted: `auto`, `never`.',
    )
    expect(refused({ INPUT_WAIT: 'yes' })).toBe('Input `wait`: "yes" is not a boolean. Accepted: `true` or `false`.')
    expect(refused({ INPUT_SUMMARY: 'no' })).toBe(
      'Input `summary`: "no" is not a boolean. Accepted: `true` or `false`.',
    )
  })

  it('one prompt: both inputs, or neither without job-id, are refused', () => {
    expect(refused({ 'INPUT_PROMPT-FILE': 'p.md' })).toBe(
      'Input `prompt`: both `prompt` and `prompt-file` are set. Accepted: one of `prompt` or `prompt-file`, not both.',
    )
    expect(refused({ INPUT_PROMPT: '' })).toBe(
      'Input `prompt`: no prompt was given. Accepted: `prompt` or `prompt-file` to start a job, or `job-id` alone to wait for an existing job.',
    )
    expect(parse({ 'INPUT_JOB-ID': 'job_1' })).toMatchObject({ jobId: 'job_1', prompt: 'Do it' })
  })

  it('a prompt-file that cannot be read, or is empty, says why', () => {
    const accepted = 'Accepted: the path, relative to the workspace, of a readable UTF-8 text file that is not empty.'
    const failing = (code?: string) => () => {
      throw Object.assign(new Error('x'), code ? { code } : {})
    }
    const file = { INPUT_PROMPT: '', 'INPUT_PROMPT-FILE': 'p.md' }
    expect(refused(file)).toBe(`Input \`prompt-file\`: "p.md": no such file. ${accepted}`)
    expect(refused(file, failing('EISDIR'))).toBe(`Input \`prompt-file\`: "p.md": it is a directory. ${accepted}`)
    expect(refused(file, failing('EACCES'))).toBe(
      `Input \`prompt-file\`: "p.md": it cannot be read (EACCES). ${accepted}`,
    )
    expect(refused(file, failing())).toBe(`Input \`prompt-file\`: "p.md": it cannot be read (error). ${accepted}`)
    expect(refused(file, () => ' \n\t')).toBe(`Input \`prompt-file\`: "p.md" is empty. ${accepted}`)
    expect(parse(file, { '/ws/p.md': '  padded  ' }).prompt).toBe('  padded  ')
  })

  it('a comment brings the prompt: prompt inputs are refused, and a token is required to reply', () => {
    const comment = { INPUT_PROMPT: '', 'INPUT_GITHUB-TOKEN': 'ghs_x' }
    expect(parse(comment, {}, true)).toMatchObject({ prompt: undefined, githubToken: 'ghs_x' })
    expect(refused({ 'INPUT_GITHUB-TOKEN': 'ghs_x' }, undefined, true)).toBe(
      'Input `prompt`: a comment triggered this run and brings the prompt. Accepted: `prompt` left empty on comment events.',
    )
    expect(refused({ ...comment, 'INPUT_PROMPT-FILE': 'p.md' }, undefined, true)).toBe(
      'Input `prompt-file`: a comment triggered this run and brings the prompt. Accepted: `prompt-file` left empty on comment events.',
    )
    expect(refused({ INPUT_PROMPT: '' }, undefined, true)).toBe(
      'Input `github-token`: it is required but empty. Accepted: a token that may read permissions and write comments: the workflow token.',
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

describe('parseTriggerPhrase', () => {
  it('is /docs unless given; one word, whitespace refused', () => {
    expect(parseTriggerPhrase('', '/docs')).toBe('/docs')
    expect(parseTriggerPhrase('@docs-bot', '/docs')).toBe('@docs-bot')
    expect(() => parseTriggerPhrase('/do cs', '/docs')).toThrow(
      'Input `trigger-phrase`: "/do cs" contains whitespace. Accepted: one word such as `/docs`.',
    )
    expect(() => parseTriggerPhrase('/docs\t', '/docs')).toThrow(InputError)
  })
})
