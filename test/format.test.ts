import { describe, expect, it } from 'vitest'
import { bytes } from '../src/format.js'

describe('bytes: a size limit as people read it', () => {
  it('in KiB below a MiB, in MiB from there, both in the one number format', () => {
    expect(bytes(1024)).toBe('1 KiB')
    expect(bytes(2048)).toBe('2 KiB')
    expect(bytes(1024 * 1024 - 1)).toBe('1,024 KiB')
    expect(bytes(1024 * 1024)).toBe('1 MiB')
    expect(bytes(4 * 1024 * 1024)).toBe('4 MiB')
    expect(bytes(2048 * 1024 * 1024)).toBe('2,048 MiB')
  })
})
