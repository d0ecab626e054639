/** What ships names its licences: dist/licenses.txt holds every package bundled into the agent job action. */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'
import { sections } from '../../tools/licenses.ts'

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

describe('dist licences', () => {
  it("the agent's list holds its start bundle's packages (the visitors export's) and its lazy chunk's", () => {
    const agent = [...sections(read('dist/licenses.txt')).keys()]
    const visitors = [...sections(read('dist/visitors/licenses.txt')).keys()]
    expect(visitors).toEqual(expect.arrayContaining(['@actions/core', '@actions/http-client', 'undici']))
    expect(agent).toEqual(expect.arrayContaining([...visitors, '@actions/github']))
    expect(agent).toEqual([...agent].sort())
  })

  it('splits a list at lines naming an installed package followed by its licence, not at text that looks alike', () => {
    const text = ['tunnel', 'MIT', 'Text of tunnel', '', 'MIT', 'more', 'undici', 'MIT', 'Text of undici', ''].join(
      '\n',
    )
    expect(sections(text)).toEqual(
      new Map([
        ['tunnel', 'tunnel\nMIT\nText of tunnel\n\nMIT\nmore'],
        ['undici', 'undici\nMIT\nText of undici'],
      ]),
    )
  })
})
