/** The export writers (src/visitors/writers.ts): the file's exact text, and no file left open once done. */
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openWriter } from '../../src/visitors/writers.js'
import { skipped } from '../helpers/skip-reasons.ts'
import { tempDir } from '../helpers/temp.ts'

const totals = { human: 1, ai: 2, total: 3 }
const meta = { metric: 'visitors' as const, exportedAt: 'now' }

/** The open descriptors of this process that point into `dir` (Linux: /proc/self/fd). */
function openIn(dir: string): string[] {
  const real = realpathSync(dir)
  const targets: string[] = []
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`)
      if (target.startsWith(real)) targets.push(target)
    } catch {
      // closed between the listing and the read
    }
  }
  return targets
}

describe('openWriter: JSON', () => {
  it('puts the closing bracket of a list with rows on a line of its own, indented as the interface writes it', () => {
    const file = path.join(tempDir('writers-'), 'v.json')
    const writer = openWriter('json', file, meta)
    writer.begin(totals)
    writer.write({ path: '/a', human: 1, ai: 0, total: 1 })
    writer.write({ path: '/b', human: 0, ai: 2, total: 2 })
    writer.finish(false)
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '{',
        '  "metric": "visitors",',
        '  "dateFrom": null,',
        '  "dateTo": null,',
        '  "exportedAt": "now",',
        '  "complete": false,',
        '  "totals": {"human":1,"ai":2,"total":3},',
        '  "visitors": [',
        '    {"path":"/a","human":1,"ai":0,"total":1},',
        '    {"path":"/b","human":0,"ai":2,"total":2}',
        '  ]',
        '}',
        '',
      ].join('\n'),
    )
  })
})

// On Windows a file still open cannot be removed or replaced: a writer that kept it open would leave the partial
// export behind. Linux shows what is open in /proc/self/fd.
const noProcFd = existsSync('/proc/self/fd') ? undefined : 'this system has no /proc/self/fd (Linux only)'
describe.skipIf(noProcFd !== undefined)(`openWriter: no file left open${skipped(noProcFd)}`, () => {
  it('once finished, the export is closed', () => {
    const dir = tempDir('writers-')
    const writer = openWriter('csv', path.join(dir, 'v.csv'), meta)
    writer.begin(totals)
    writer.write({ path: '/a', human: 1, ai: 0, total: 1 })
    expect(openIn(dir)).toHaveLength(1)
    writer.finish(true)
    expect(openIn(dir)).toEqual([])
    expect(readdirSync(dir)).toEqual(['v.csv'])
  })

  it('once discarded, the partial export is closed and gone', () => {
    const dir = tempDir('writers-')
    const writer = openWriter('jsonl', path.join(dir, 'v.jsonl'), meta)
    writer.begin(totals)
    writer.write({ path: '/a', human: 1, ai: 0, total: 1 })
    writer.discard()
    expect(openIn(dir)).toEqual([])
    expect(readdirSync(dir)).toEqual([])
  })
})
