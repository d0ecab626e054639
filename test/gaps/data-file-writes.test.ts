/**
 * The data file reaches the disk through one buffer of 64 KiB (src/gaps/data-file.ts): a few large writes, not one
 * a piece, and the file is closed once written. The writes are watched through node:fs.
 */
import * as fs from 'node:fs'
import * as path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dataFile, writeDataFile } from '../../src/gaps/data-file.js'
import { tempDir } from '../helpers/temp.js'
import { found, longText } from './fixtures.js'

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  return { ...real, writeSync: vi.fn(real.writeSync), closeSync: vi.fn(real.closeSync), openSync: vi.fn(real.openSync) }
})

afterEach(() => vi.clearAllMocks())

/** The bytes of each write to `fd`. */
function writesTo(fd: number): number[] {
  return vi
    .mocked(fs.writeSync)
    .mock.calls.filter((c) => c[0] === fd)
    .map((c) => (typeof c[1] === 'string' ? Buffer.byteLength(c[1]) : (c[1] as Buffer).length))
}

describe('writeDataFile', () => {
  it('writes thousands of small pieces in writes of 64 KiB at the most, then closes the file', () => {
    const file = path.join(tempDir('data-file-writes-'), 'gaps.json')
    const questions = Array.from({ length: 3000 }, (_, i) => ({
      question: `${longText(i, 100)} 名前 😀`,
      timestamp: '2026-11-20T10:00:00Z',
      path: `/p/${i}`,
    }))
    const f = found({
      unanswered: [{ category: 'Auth', count: questions.length, questions: questions.slice(0, 20) }],
      allQuestions: () => questions,
      unansweredCount: questions.length,
    })
    writeDataFile(file, f, 'now')
    const bytes = Buffer.byteLength(dataFile(f, 'now'))
    const fd = vi.mocked(fs.openSync).mock.results[0]?.value as number
    const writes = writesTo(fd)
    expect(writes.reduce((a, b) => a + b, 0)).toBe(bytes)
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(bytes / 65_536) + 1)
    expect(Math.max(...writes)).toBeLessThanOrEqual(65_536)
    expect(vi.mocked(fs.closeSync)).toHaveBeenCalledWith(fd)
  })

  it('a piece longer than the buffer is written whole after what the buffer held', () => {
    const file = path.join(tempDir('data-file-writes-'), 'gaps.json')
    const f = found({ searches: Array.from({ length: 1000 }, (_, i) => ({ term: longText(i), hits: 1000 - i })) })
    writeDataFile(file, f, 'now')
    const fd = vi.mocked(fs.openSync).mock.results[0]?.value as number
    const writes = writesTo(fd)
    expect(writes.length).toBeLessThanOrEqual(4)
    expect(Math.max(...writes)).toBeGreaterThan(65_536)
    expect(fs.readFileSync(file, 'utf8')).toBe(dataFile(f, 'now'))
    expect(vi.mocked(fs.closeSync)).toHaveBeenCalledWith(fd)
  })
})
