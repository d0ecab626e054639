/** The gaps action's inputs: every bad value is an InputError naming the input; the defaults of the interface. */
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseGapsInputs } from '../../src/gaps/inputs.js'
import { envInputs, InputError } from '../../src/inputs.js'

const NOW = new Date('2026-11-24T12:00:00Z')
const parse = (env: Record<string, string>, github: { repository?: string } = { repository: 'acme/docs' }) =>
  parseGapsInputs(
    envInputs({ 'INPUT_API-KEY': 'mint_abc123456', 'INPUT_PROJECT-ID': 'proj', ...env }),
    { workspace: '/ws', ...github },
    NOW,
  )

function refusal(env: Record<string, string>, github?: { repository?: string }): InputError {
  try {
    parse(env, github)
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    return err as InputError
  }
  throw new Error('no InputError')
}

describe('parseGapsInputs: defaults', () => {
  it('reads the last seven whole days, every section, and the interface defaults', () => {
    const c = parse({})
    expect(c).toMatchObject({
      apiKey: 'mint_abc123456',
      projectId: 'proj',
      apiUrl: 'https://api.mintlify.com',
      dateFrom: '2026-11-17',
      dateTo: '2026-11-24',
      minHits: 2,
      feedbackStatus: 'pending,in_progress',
      maxItems: 20,
      maxRequests: 60,
      output: path.resolve('/ws', 'mintlify-gaps.json'),
      worklist: path.resolve('/ws', 'mintlify-gaps.md'),
      promptOutput: path.resolve('/ws', 'mintlify-gaps-prompt.md'),
      summary: true,
    })
    expect([...c.sections]).toEqual(['searches', 'assistant', 'feedback'])
    expect(c.issue).toBeUndefined()
  })

  it('takes the values given: statuses in the API order, paths under the workspace', () => {
    const c = parse({
      'INPUT_DATE-FROM': '2026-10-01',
      'INPUT_DATE-TO': '2026-11-01',
      INPUT_SECTIONS: 'feedback, searches',
      'INPUT_MIN-HITS': '1',
      'INPUT_FEEDBACK-STATUS': 'dismissed,pending',
      'INPUT_MAX-ITEMS': '100',
      'INPUT_MAX-REQUESTS': '100',
      INPUT_OUTPUT: 'out/data.json',
      INPUT_SUMMARY: 'false',
    })
    expect(c).toMatchObject({
      dateFrom: '2026-10-01',
      dateTo: '2026-11-01',
      minHits: 1,
      feedbackStatus: 'pending,dismissed',
      maxItems: 100,
      maxRequests: 100,
      output: path.resolve('/ws', 'out/data.json'),
      summary: false,
    })
    expect([...c.sections].sort()).toEqual(['feedback', 'searches'])
  })

  it('issue: update takes the repository, the token and a one-line title (default "Documentation gaps")', () => {
    expect(parse({ INPUT_ISSUE: 'update', 'INPUT_GITHUB-TOKEN': 'ghs_x' }).issue).toEqual({
      owner: 'acme',
      repo: 'docs',
      title: 'Documentation gaps',
      token: 'ghs_x',
    })
    expect(
      parse({ INPUT_ISSUE: 'update', 'INPUT_GITHUB-TOKEN': 't', 'INPUT_ISSUE-TITLE': 'Docs\n  gaps' }).issue?.title,
    ).toBe('Docs gaps')
    expect(
      parse({ INPUT_ISSUE: 'update', 'INPUT_GITHUB-TOKEN': 't', 'INPUT_ISSUE-TITLE': 'x'.repeat(256) }).issue?.title,
    ).toHaveLength(256)
  })
})

describe('parseGapsInputs: refusals name the input', () => {
  it.each([
    ['sections', { INPUT_SECTIONS: ',' }],
    ['sections', { INPUT_SECTIONS: 'searches,pages' }],
    ['min-hits', { 'INPUT_MIN-HITS': '0' }],
    ['feedback-status', { 'INPUT_FEEDBACK-STATUS': 'open' }],
    ['feedback-status', { 'INPUT_FEEDBACK-STATUS': '' }],
    ['max-items', { 'INPUT_MAX-ITEMS': '0' }],
    ['max-items', { 'INPUT_MAX-ITEMS': '101' }],
    ['max-requests', { 'INPUT_MAX-REQUESTS': '0' }],
    ['max-requests', { 'INPUT_MAX-REQUESTS': '101' }],
    ['date-from', { 'INPUT_DATE-FROM': 'yesterday' }],
    ['date-to', { 'INPUT_DATE-TO': '2026-02-30' }],
    ['date-to', { 'INPUT_DATE-FROM': '2026-11-20', 'INPUT_DATE-TO': '2026-11-20' }],
    ['issue', { INPUT_ISSUE: 'create' }],
    ['summary', { INPUT_SUMMARY: 'maybe' }],
    ['worklist', { INPUT_OUTPUT: 'same.md', INPUT_WORKLIST: 'same.md' }],
    ['prompt-output', { 'INPUT_PROMPT-OUTPUT': 'mintlify-gaps.md' }],
    ['prompt-output', { 'INPUT_PROMPT-OUTPUT': './sub/../mintlify-gaps.json' }],
  ])('%s: %j', (input, env) => {
    const err = refusal(env)
    expect(err.input).toBe(input)
    expect(err.message).toMatch(new RegExp(`^Input \`${input}\`: `))
  })

  it('says which file a path is already', () => {
    expect(refusal({ INPUT_WORKLIST: 'mintlify-gaps.json' }).message).toBe(
      'Input `worklist`: "mintlify-gaps.json" is also `output`. Accepted: a file of its own, apart from `output`, `worklist` and `prompt-output`.',
    )
  })

  it('says what an empty section list and an empty status list accept', () => {
    expect(refusal({ INPUT_SECTIONS: ',' }).message).toBe(
      'Input `sections`: it names none. Accepted: a comma list of `searches`, `assistant`, `feedback`, at least one.',
    )
    expect(refusal({ 'INPUT_FEEDBACK-STATUS': '' }).message).toBe(
      'Input `feedback-status`: it names none. Accepted: a comma list of `pending`, `in_progress`, `resolved`, `dismissed`, at least one.',
    )
    // An unknown value is refused with the same accepted text: never "or empty" where empty is refused.
    expect(refusal({ INPUT_SECTIONS: 'searches,typos' }).message).toBe(
      'Input `sections`: "typos" is not a known value. Accepted: a comma list of `searches`, `assistant`, `feedback`, at least one.',
    )
  })

  it('issue: update without a token names github-token', () => {
    const err = refusal({ INPUT_ISSUE: 'update' })
    expect(err.input).toBe('github-token')
    expect(err.message).toContain('`issue: update` needs it')
  })

  it.each([undefined, '', 'acme', 'acme/docs/x', '/docs'])(
    'issue: update without a usable GITHUB_REPOSITORY (%j) names issue',
    (repository) => {
      const err = refusal({ INPUT_ISSUE: 'update', 'INPUT_GITHUB-TOKEN': 't' }, { repository })
      expect(err.input).toBe('issue')
      expect(err.message).toContain('GITHUB_REPOSITORY')
    },
  )

  it('an issue title over 256 characters names issue-title', () => {
    const err = refusal({ INPUT_ISSUE: 'update', 'INPUT_GITHUB-TOKEN': 't', 'INPUT_ISSUE-TITLE': 'x'.repeat(257) })
    expect(err.input).toBe('issue-title')
    expect(err.message).toContain('longer than 256 characters')
  })

  it('asks nothing of issue inputs with issue: none', () => {
    expect(parse({ INPUT_ISSUE: 'none', 'INPUT_ISSUE-TITLE': 'x'.repeat(300) }, {}).issue).toBeUndefined()
  })
})
