/** NumberList: numbers kept past any capacity, and put in a given order in place. */
import { describe, expect, it } from 'vitest'
import { NumberList } from '../../src/gaps/number-list.js'

const values = (list: NumberList) => Array.from({ length: list.length }, (_, i) => list.at(i))

describe('NumberList', () => {
  it('keeps every number pushed, past its first capacity, doubles and -Infinity included', () => {
    const list = new NumberList(2)
    const pushed = [1.5, -Infinity, 1_767_787_200_000, 0, 7, 2 ** 53, -3]
    for (const n of pushed) list.push(n)
    expect(list.length).toBe(7)
    expect(values(list)).toEqual(pushed)
    const big = new NumberList()
    for (let i = 0; i < 5000; i++) big.push(i * 3)
    expect(big.at(0)).toBe(0)
    expect(big.at(4999)).toBe(14_997)
  })

  it('permute puts at i the number that was at order[i]: cycles, fixed points and all', () => {
    const list = new NumberList(4)
    for (const n of [10, 11, 12, 13, 14, 15, 16]) list.push(n)
    // Cycles (0 2 4), (1 5), fixed points 3 and 6.
    const order = [2, 5, 4, 3, 0, 1, 6]
    list.permute(order)
    expect(values(list)).toEqual(order.map((i) => 10 + i))
    list.permute([0, 1, 2, 3, 4, 5, 6])
    expect(values(list)).toEqual(order.map((i) => 10 + i))
    const reversed = new NumberList(1)
    for (let i = 0; i < 100; i++) reversed.push(i)
    reversed.permute(Array.from({ length: 100 }, (_, i) => 99 - i))
    expect(values(reversed)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i))
  })
})
