/** SpillFile: every record kept comes back whole, from the buffer or from the file, and the file goes at close. */
import {
  closeSync,
  existsSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SPILL_BUFFER_BYTES, SpillError, SpillFile } from '../../src/gaps/spill-file.js'
import { tempDir } from '../helpers/temp.js'

// The real file system, watched: how many reads a text costs, and that the file is closed.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  return { ...fs, readSync: vi.fn(fs.readSync), closeSync: vi.fn(fs.closeSync) }
})
beforeEach(() => {
  vi.mocked(readSync).mockClear()
  vi.mocked(closeSync).mockClear()
})

/** Texts of every length up to 60 characters, multi-byte ones among them. */
const texts = (n: number) =>
  Array.from({ length: n }, (_, i) => `question ${i}: wie lösche ich 名前 ${'é'.repeat(i % 40)}`.slice(0, i % 61))

const spillIn = (bufferBytes?: number) => {
  const dir = tempDir('spill-')
  const file = path.join(dir, 'texts')
  return { dir, file, spill: new SpillFile({ file, bufferBytes }) }
}

/** What `run` throws. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (err) {
    return err
  }
  throw new Error('it did not throw')
}

describe('SpillFile', () => {
  it('gives back each text by the number it returned, empty ones too, and makes no file while they fit the buffer', () => {
    const { file, spill } = spillIn()
    const kept = [['first'], [''], ['third', '', 'wie lösche ich 名前'], ['', '']] as const
    const ids = kept.map((fields) => spill.add(fields))
    expect(ids.map((id) => spill.get(id))).toEqual(kept)
    expect(new Set(ids).size).toBe(4)
    expect(existsSync(file)).toBe(false)
    spill.close()
    spill.close()
    expect(SPILL_BUFFER_BYTES).toBe(64 * 1024)
  })

  it('a record that fills the buffer exactly stays in it: no file yet', () => {
    const { file, spill } = spillIn(16)
    // 14 bytes, their separator and the record's end: 16.
    const id = spill.add(['fifteen', 'bytes!!'])
    expect(existsSync(file)).toBe(false)
    expect(spill.get(id)).toEqual(['fifteen', 'bytes!!'])
    spill.add(['x'])
    expect(readFileSync(file, 'utf8')).toBe('fifteen\u0000bytes!!\n')
    spill.close()
  })

  it('past its buffer: thousands of texts, read back in any order, then the file is closed and removed', () => {
    const { dir, file, spill } = spillIn(256)
    const all = texts(5000).map((t, i) => [t, String(i)] as const)
    const ids = all.map((fields) => spill.add(fields))
    expect(existsSync(file)).toBe(true)
    expect(ids.map((id) => spill.get(id))).toEqual(all)
    // Backwards and by strides: each read lands outside the window the last one loaded.
    const order = [...ids.keys()].reverse().filter((i) => i % 7 !== 3)
    expect(order.map((i) => spill.get(ids[i] as number))).toEqual(order.map((i) => all[i]))
    spill.close()
    expect(closeSync).toHaveBeenCalledTimes(1)
    expect(readdirSync(dir)).toEqual([])
  })

  it('texts read in the order kept, each twice, cost one read a window of the file', () => {
    const { file, spill } = spillIn(1024)
    const all = texts(3000)
    const ids = all.map((t) => spill.add([t]))
    const windows = Math.ceil(readFileSync(file).length / 1024)
    vi.mocked(readSync).mockClear()
    expect(ids.flatMap((id) => [spill.get(id), spill.get(id)])).toEqual(all.flatMap((t) => [[t], [t]]))
    // A window ends mid-text about as often as not: that text is read again from its start, at most one read more.
    expect(vi.mocked(readSync).mock.calls.length).toBeLessThanOrEqual(2 * windows)
    expect(vi.mocked(readSync).mock.calls.length).toBeGreaterThanOrEqual(windows - 1)
    spill.close()
  })

  it('keeps a text longer than its buffer, and the texts around it, whether read from the file or not', () => {
    const { spill } = spillIn(64)
    const long = 'ß'.repeat(500)
    const records = [['before'], [long, 'and a second field'], ['after'], ['last one, in the buffer']] as const
    const ids = records.map((fields) => spill.add(fields))
    expect(ids.map((id) => spill.get(id))).toEqual(records)
    expect(spill.get(ids[1] as number)).toEqual([long, 'and a second field'])
    spill.close()
  })

  it('makes its file in the system temporary folder when given none, and removes it', () => {
    const mine = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`mintlify-${process.pid}-`))
    const before = mine()
    const spill = new SpillFile({ bufferBytes: 16 })
    spill.add(['more than sixteen bytes of text'])
    const id = spill.add(['x'])
    expect(spill.get(id)).toEqual(['x'])
    expect(mine().filter((f) => !before.includes(f))).toEqual([expect.stringMatching(/\.spill$/)])
    spill.close()
    expect(mine()).toEqual(before)
  })

  it('takes fields of one line without U+0000 only: those end its records and fields', () => {
    const spill = new SpillFile()
    expect(() => spill.add(['one', 'two\nlines'])).toThrow('a spilled field is one line without U+0000')
    expect(() => spill.add(['a\u0000b'])).toThrow('a spilled field is one line without U+0000')
  })

  it('a file that cannot be written is a SpillError naming the file, the code and what to check', () => {
    const dir = tempDir('spill-')
    writeFileSync(path.join(dir, 'not-a-folder'), '')
    const file = path.join(dir, 'not-a-folder', 'texts')
    const spill = new SpillFile({ file, bufferBytes: 16 })
    spill.add(['fits'])
    const err = thrown(() => spill.add(['this one does not fit in sixteen bytes']))
    expect(err).toBeInstanceOf(SpillError)
    expect((err as Error).message).toBe(
      `Could not keep what was read in the temporary file ${file} (ENOTDIR); check that its folder can be written and has room to spare.`,
    )
    spill.close()
  })

  it('a file that cannot be read back, or was cut or changed under it, is a SpillError too', () => {
    const { file, spill } = spillIn(16)
    const ids = texts(40).map((t) => spill.add([t]))
    const size = readFileSync(file).length
    vi.mocked(readSync).mockImplementationOnce(() => {
      throw Object.assign(new Error('i/o error'), { code: 'EIO' })
    })
    expect((thrown(() => spill.get(ids[0] as number)) as Error).message).toContain(`${file} (EIO)`)
    // The window holds lines read before the file was cut: none of them may stand in for what is missing.
    expect(spill.get(ids[25] as number)).toEqual([texts(40)[25]])
    truncateSync(file, 20)
    expect(thrown(() => spill.get(ids[30] as number))).toBeInstanceOf(SpillError)
    expect((thrown(() => spill.get(ids[30] as number)) as Error).message).toContain('(EOF)')
    // Its line ends gone: reading runs to the end of what was written and stops there.
    writeFileSync(file, 'x'.repeat(size))
    expect((thrown(() => spill.get(ids[1] as number)) as Error).message).toContain('(EOF)')
    spill.close()
  })

  it('closes without complaint when its file is already gone', () => {
    const { file, spill } = spillIn(16)
    spill.add(['more than sixteen bytes of text'])
    rmSync(file)
    expect(() => spill.close()).not.toThrow()
    expect(closeSync).toHaveBeenCalledTimes(1)
  })
})
