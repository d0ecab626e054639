/** SpillFile: every text kept comes back whole, from the buffer or from the file, and the file goes at close. */
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SPILL_BUFFER_BYTES, SpillError, SpillFile } from '../../src/gaps/spill-file.js'
import { tempDir } from '../helpers/temp.js'

/** Texts of every length up to 60 characters, multi-byte ones among them. */
const texts = (n: number) =>
  Array.from({ length: n }, (_, i) => `question ${i}: wie lösche ich 名前 ${'é'.repeat(i % 40)}`.slice(0, i % 61))

describe('SpillFile', () => {
  it('gives back each text by the number it returned, empty ones too, and makes no file while they fit the buffer', () => {
    const file = path.join(tempDir('spill-'), 'texts')
    const spill = new SpillFile({ file })
    const kept = ['first', '', 'third', 'wie lösche ich 名前'].map((t) => [spill.add(t), t] as const)
    expect(kept.map(([id]) => spill.get(id))).toEqual(kept.map(([, t]) => t))
    expect(new Set(kept.map(([id]) => id)).size).toBe(4)
    expect(existsSync(file)).toBe(false)
    spill.close()
    spill.close()
    expect(SPILL_BUFFER_BYTES).toBe(64 * 1024)
  })

  it('past its buffer: thousands of texts, read back in any order, then the file is removed at close', () => {
    const dir = tempDir('spill-')
    const file = path.join(dir, 'texts')
    const spill = new SpillFile({ file, bufferBytes: 256 })
    const all = texts(5000)
    const ids = all.map((t) => spill.add(t))
    expect(existsSync(file)).toBe(true)
    expect(ids.map((id) => spill.get(id))).toEqual(all)
    // Backwards and by strides: each read lands outside the window the last one loaded.
    const order = [...ids.keys()].reverse().filter((i) => i % 7 !== 3)
    expect(order.map((i) => spill.get(ids[i] as number))).toEqual(order.map((i) => all[i]))
    spill.close()
    expect(readdirSync(dir)).toEqual([])
  })

  it('keeps a text longer than its buffer, and the texts around it, whether read from the file or not', () => {
    const spill = new SpillFile({ file: path.join(tempDir('spill-'), 'texts'), bufferBytes: 64 })
    const long = 'ß'.repeat(500)
    const ids = [spill.add('before'), spill.add(long), spill.add('after'), spill.add('last one, in the buffer')]
    expect(ids.map((id) => spill.get(id))).toEqual(['before', long, 'after', 'last one, in the buffer'])
    expect(spill.get(ids[1] as number)).toBe(long)
    spill.close()
  })

  it('makes its file in the system temporary folder when given none, and removes it', () => {
    const mine = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`mintlify-${process.pid}-`))
    const before = mine()
    const spill = new SpillFile({ bufferBytes: 16 })
    spill.add('more than sixteen bytes of text')
    const id = spill.add('x')
    expect(spill.get(id)).toBe('x')
    expect(mine().filter((f) => !before.includes(f))).toEqual([expect.stringMatching(/\.spill$/)])
    spill.close()
    expect(mine()).toEqual(before)
  })

  it('takes one line only: its texts end at a line break', () => {
    const spill = new SpillFile()
    expect(() => spill.add('two\nlines')).toThrow('a spilled text is one line')
  })

  it('a file that cannot be written is a SpillError naming the file, the code and what to check', () => {
    const dir = tempDir('spill-')
    writeFileSync(path.join(dir, 'not-a-folder'), '')
    const file = path.join(dir, 'not-a-folder', 'texts')
    const spill = new SpillFile({ file, bufferBytes: 16 })
    spill.add('fits')
    const err = (() => {
      try {
        spill.add('this one does not fit in sixteen bytes')
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(SpillError)
    expect((err as Error).message).toBe(
      `Could not keep what was read in the temporary file ${file} (ENOTDIR); check that its folder can be written and has room to spare.`,
    )
    spill.close()
  })
})
