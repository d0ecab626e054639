import { describe, expect, it } from 'vitest'
import type { TreeEntry } from '../../src/github/git.js'
import { forkBranch, previewTree } from '../../src/preview/fork.js'

const entry = (path: string, sha: string, type: TreeEntry['type'] = 'tree'): TreeEntry => ({
  path,
  mode: type === 'tree' ? '040000' : '100644',
  type,
  sha: sha.repeat(40),
})

describe('a fork preview’s tree', () => {
  it('is the fork’s top entries by id, with the base branch’s .github instead of the fork’s', () => {
    const fork = [entry('.github', 'f'), entry('docs', 'd'), entry('docs.json', 'j', 'blob')]
    const base = [entry('.github', 'b'), entry('docs', 'e'), entry('README.md', 'r', 'blob')]
    expect(previewTree(fork, base)).toEqual([
      entry('docs', 'd'),
      entry('docs.json', 'j', 'blob'),
      entry('.github', 'b'),
    ])
  })

  it('carries no .github at all when the base branch has none, whatever the fork has there', () => {
    expect(previewTree([entry('.github', 'f', 'blob'), entry('docs', 'd')], [entry('docs', 'e')])).toEqual([
      entry('docs', 'd'),
    ])
  })

  it('is written to mintlify-preview/pr-<number>', () => {
    expect(forkBranch(12)).toBe('mintlify-preview/pr-12')
  })
})
