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
