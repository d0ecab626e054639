/** What ships names its licences: each bundle's licenses.txt holds every package bundled into its action. */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'
import { joinLists, sections } from '../../tools/licenses.ts'

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

describe('dist licences', () => {
  it("the agent's list holds its start bundle's packages (the visitors export's) and its lazy chunk's", () => {
    const agent = [...sections(read('dist/licenses.txt')).keys()]
    const visitors = [...sections(read('dist/visitors/licenses.txt')).keys()]
    expect(visitors).toEqual(expect.arrayContaining(['@actions/core', '@actions/http-client', 'undici']))
    expect(agent).toEqual(expect.arrayContaining([...visitors, '@actions/github']))
    expect(agent).toEqual([...agent].sort())
  })

  it("the content gaps' list holds its start bundle's packages and its lazy chunk's (Octokit, for the issue)", () => {
    const gaps = [...sections(read('dist/gaps/licenses.txt')).keys()]
    const visitors = [...sections(read('dist/visitors/licenses.txt')).keys()]
    expect(gaps).toEqual(expect.arrayContaining([...visitors, '@actions/github']))
    expect(gaps).toEqual([...gaps].sort())
  })

  it("the preview's list holds its start bundle's packages and its lazy chunk's (Octokit, for the comment)", () => {
    const preview = [...sections(read('dist/preview/licenses.txt')).keys()]
    const visitors = [...sections(read('dist/visitors/licenses.txt')).keys()]
    expect(preview).toEqual(expect.arrayContaining([...visitors, '@actions/github']))
    expect(preview).toEqual([...preview].sort())
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

  it('joins two lists into one section per package, sorted by name, the later list winning a package both name', () => {
    const start = ['undici', 'MIT', 'Start undici', '', 'tunnel', 'MIT', 'Text of tunnel', ''].join('\n')
    const lazy = ['undici', 'MIT', 'Lazy undici', '', '@actions/github', 'MIT', 'Text of github', ''].join('\n')
    expect(joinLists(start, lazy)).toBe(
      [
        '@actions/github',
        'MIT',
        'Text of github',
        '',
        'tunnel',
        'MIT',
        'Text of tunnel',
        '',
        'undici',
        'MIT',
        'Lazy undici',
        '',
      ].join('\n'),
    )
    expect(joinLists(joinLists(start, lazy))).toBe(joinLists(start, lazy))
  })
})
