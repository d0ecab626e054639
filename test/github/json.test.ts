/** Reading GitHub's JSON leniently: an odd or missing value reads as empty, never as something else. */
import { describe, expect, it } from 'vitest'
import { num, obj, str } from '../../src/github/json.js'

describe('lenient readers', () => {
  it('obj: an object as it is; anything else, null included, as an empty object', () => {
    expect(obj({ a: 1 })).toEqual({ a: 1 })
    for (const v of [null, undefined, 'x', 3, true]) expect(obj(v)).toEqual({})
  })

  it('str: a string as it is; anything else as empty', () => {
    expect(str('x')).toBe('x')
    for (const v of [null, undefined, 3, {}, ['x']]) expect(str(v)).toBe('')
  })

  it('num: a number as it is; anything else, a numeric string included, as 0', () => {
    expect(num(12)).toBe(12)
    for (const v of ['12', null, undefined, {}, true]) expect(num(v)).toBe(0)
  })
})
