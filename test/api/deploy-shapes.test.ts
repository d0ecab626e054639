import { describe, expect, it } from 'vitest'
import {
  FILES_KEPT,
  LOG_LINE_MAX,
  LOG_LINES_KEPT,
  SUMMARY_MAX,
  toDeploymentStatus,
  toDeploymentTrigger,
} from '../../src/api/deploy-shapes.js'
import { FIELD_MAX } from '../../src/api/shapes.js'

const problem = (shaped: { ok: boolean; problem?: string }) => (shaped.ok ? undefined : shaped.problem)

describe('trigger answers', () => {
  it('keeps the status id and, for a preview, its URL', () => {
    expect(toDeploymentTrigger({ statusId: 's_1', previewUrl: 'https://acme-feat.mintlify.app' })).toEqual({
      ok: true,
      value: { statusId: 's_1', previewUrl: 'https://acme-feat.mintlify.app' },
    })
    expect(toDeploymentTrigger({ statusId: 's_1', extra: 1 })).toEqual({ ok: true, value: { statusId: 's_1' } })
    expect(toDeploymentTrigger({ statusId: 's_1', previewUrl: null })).toEqual({ ok: true, value: { statusId: 's_1' } })
  })

  it.each([
    [{}, '`statusId` is missing, not a string'],
    [{ statusId: 5 }, '`statusId` is 5, not a string'],
    [{ statusId: '' }, '`statusId` is empty'],
    [{ statusId: '..' }, '`statusId` is "..", which a server may read as a path step'],
    [{ statusId: 's', previewUrl: 7 }, '`previewUrl` is 7, not a string'],
    ['queued', 'the answer is "queued", not a JSON object'],
  ])('%j is refused: %s', (value, message) => {
    expect(problem(toDeploymentTrigger(value))).toBe(message)
  })
})

describe('deployment statuses', () => {
  it('keeps the documented fields it uses, the status as sent, and leaves out the rest', () => {
    const shaped = toDeploymentStatus({
      _id: 's_1',
      projectId: 'p',
      createdAt: '2026-01-01T00:00:00Z',
      endedAt: '2026-01-01T00:01:30Z',
      status: 'Skipped',
      summary: 'Nothing to do',
      logs: ['one', 'two'],
      subdomain: 'acme',
      screenshot: 'data:image/png;base64,AAAA',
      commit: {
        sha: 'abc123',
        ref: 'feat',
        message: 'Docs: the flag',
        filesChanged: { added: ['a.mdx'], modified: ['b.mdx'], removed: [] },
      },
      author: { name: 'Ada', avatarUrl: 'https://x/a.png', githubUserId: 1 },
      source: 'api',
    })
    expect(shaped).toEqual({
      ok: true,
      value: {
        id: 's_1',
        projectId: 'p',
        createdAt: '2026-01-01T00:00:00Z',
        endedAt: '2026-01-01T00:01:30Z',
        status: 'Skipped',
        summary: 'Nothing to do',
        logs: ['one', 'two'],
        subdomain: 'acme',
        commit: {
          sha: 'abc123',
          ref: 'feat',
          message: 'Docs: the flag',
          filesChanged: { added: ['a.mdx'], modified: ['b.mdx'], removed: [] },
        },
        author: { name: 'Ada' },
        source: 'api',
      },
    })
  })

  it('takes an empty object, and null for the optional parts', () => {
    expect(toDeploymentStatus({})).toEqual({ ok: true, value: {} })
    expect(toDeploymentStatus({ status: null, commit: null, logs: null, author: null })).toEqual({
      ok: true,
      value: { author: null },
    })
  })

  it.each([
    [{ _id: 3 }, '`_id` is 3, not a string'],
    [{ status: 1 }, '`status` is 1, not a string'],
    [{ summary: ['x'] }, '`summary` is a list, not a string'],
    [{ logs: 'line' }, '`logs` is "line", not a list'],
    [{ logs: ['a', 2] }, '`logs[1]` is 2, not a string'],
    [{ commit: 'abc' }, '`commit` is "abc", not an object'],
    [{ commit: { sha: 7 } }, '`commit.sha` is 7, not a string'],
    [{ commit: { message: {} } }, '`commit.message` is an object, not a string'],
    [{ commit: { filesChanged: [] } }, '`commit.filesChanged` is a list, not an object'],
    [{ commit: { filesChanged: { added: ['a', null] } } }, '`commit.filesChanged.added[1]` is null, not a string'],
    [{ commit: { filesChanged: { removed: 'a' } } }, '`commit.filesChanged.removed` is "a", not a list'],
    [{ author: 'Ada' }, '`author` is "Ada", not an object'],
    [{ author: { name: 1 } }, '`author.name` is 1, not a string'],
    [{ source: false }, '`source` is a boolean, not a string'],
    [[], 'the answer is a list, not a JSON object'],
  ])('%j is refused: %s', (value, message) => {
    expect(problem(toDeploymentStatus(value))).toBe(message)
  })

  it('bounds what it keeps: the last log lines, each line, the summary, the lists of files', () => {
    const logs = Array.from({ length: LOG_LINES_KEPT + 5 }, (_, i) => `line ${i}`)
    logs[logs.length - 1] = 'x'.repeat(LOG_LINE_MAX + 10)
    const files = Array.from({ length: FILES_KEPT + 1 }, (_, i) => `p${i}.mdx`)
    const shaped = toDeploymentStatus({
      logs,
      summary: 's'.repeat(SUMMARY_MAX + 1),
      status: 'q'.repeat(FIELD_MAX.status + 1),
      commit: { filesChanged: { modified: files } },
    })
    if (!shaped.ok) throw new Error(shaped.problem)
    const kept = shaped.value.logs ?? []
    expect(kept).toHaveLength(LOG_LINES_KEPT)
    expect(kept[0]).toBe('line 5')
    expect(kept.at(-1)).toHaveLength(LOG_LINE_MAX)
    expect(kept.at(-1)?.endsWith('…')).toBe(true)
    expect(shaped.value.summary).toHaveLength(SUMMARY_MAX)
    expect(shaped.value.status).toHaveLength(FIELD_MAX.status)
    expect(shaped.value.commit?.filesChanged?.modified).toEqual(files.slice(0, FILES_KEPT))
  })
})
