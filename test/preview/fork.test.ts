import { describe, expect, it } from 'vitest'
import type { Target } from '../../src/github/event.js'
import type { GitData, TreeEntry } from '../../src/github/git.js'
import { GitHubError } from '../../src/github/octokit.js'
import { forkBranch, previewTree, writeForkBranch } from '../../src/preview/fork.js'
import { rejection } from '../helpers/fakes.js'

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

/** A Git data stand-in: `heads` by branch, a tree per commit, entries per tree; every call noted in `calls`. */
function fakeGit(heads: Record<string, string>, fail?: { at: keyof GitData; error: Error }) {
  const calls: string[] = []
  const trees: Record<string, string> = { [FORK_SHA]: 'forktree', [BASE_SHA]: 'basetree' }
  const entries: Record<string, TreeEntry[]> = {
    forktree: [entry('.github', 'f'), entry('docs', 'd')],
    basetree: [entry('.github', 'b'), entry('docs', 'e')],
  }
  const step = async <T>(name: keyof GitData, what: string, answer: T): Promise<T> => {
    calls.push(`${name} ${what}`)
    if (fail?.at === name) throw fail.error
    return answer
  }
  const git: GitData = {
    branchHead: (b) => step('branchHead', b, heads[b]),
    commitTree: (sha) => step('commitTree', sha, trees[sha] ?? 'none'),
    treeEntries: (t) => step('treeEntries', t, entries[t] ?? []),
    createTree: (e) => step('createTree', JSON.stringify(e.map((x) => `${x.path}:${x.sha[0]}`)), 'newtree'),
    createCommit: (c) => step('createCommit', JSON.stringify(c), 'newcommit'),
    setBranch: (b, sha, existed) => step('setBranch', `${b} ${sha} ${existed}`, undefined),
    deleteBranch: (b) => step('deleteBranch', b, undefined),
  }
  return { git, calls }
}
const FORK_SHA = 'f0'.repeat(20)
const BASE_SHA = 'b0'.repeat(20)
const PULL: Target = {
  number: 12,
  title: 'Docs',
  url: 'https://github.com/acme/app/pull/12',
  isPullRequest: true,
  headSha: FORK_SHA,
  base: 'main',
}

describe('writing a fork preview’s branch', () => {
  it('commits the fork’s tree with the base’s .github on top of the base head, and creates the branch', async () => {
    const { git, calls } = fakeGit({ main: BASE_SHA })
    expect(await writeForkBranch(git, PULL)).toEqual({
      branch: 'mintlify-preview/pr-12',
      commit: 'newcommit',
      forkSha: FORK_SHA,
    })
    expect(calls).toEqual([
      'branchHead main',
      `commitTree ${FORK_SHA}`,
      `commitTree ${BASE_SHA}`,
      'treeEntries forktree',
      'treeEntries basetree',
      'createTree ["docs:d",".github:b"]',
      `createCommit ${JSON.stringify({
        message: `Preview of pull request #12 at ${FORK_SHA}\n\nThe fork's files, with .github/ from main.`,
        tree: 'newtree',
        parents: [BASE_SHA],
      })}`,
      'branchHead mintlify-preview/pr-12',
      'setBranch mintlify-preview/pr-12 newcommit false',
    ])
  })

  it('moves the branch (force) when it already exists', async () => {
    const { git, calls } = fakeGit({ main: BASE_SHA, 'mintlify-preview/pr-12': 'old' })
    await writeForkBranch(git, PULL)
    expect(calls.at(-1)).toBe('setBranch mintlify-preview/pr-12 newcommit true')
  })

  it.each([
    ['no head commit', { headSha: undefined }, 'Pull request #12 names no head commit; nothing was sent to Mintlify.'],
    ['no base branch', { base: undefined }, 'Pull request #12 names no base branch; nothing was sent to Mintlify.'],
  ])('a pull request with %s is refused before any call', async (_what, change, message) => {
    const { git, calls } = fakeGit({ main: BASE_SHA })
    await expect(writeForkBranch(git, { ...PULL, ...change })).rejects.toThrow(new Error(message))
    expect(calls).toEqual([])
  })

  it('a base branch that is gone is refused before anything is written', async () => {
    const { git, calls } = fakeGit({})
    await expect(writeForkBranch(git, PULL)).rejects.toThrow(
      new Error('The base branch main of pull request #12 was not found; nothing was sent.'),
    )
    expect(calls).toEqual(['branchHead main'])
  })

  it.each([403, 404])('a write refused with %i names contents: write, keeping the status', async (status) => {
    const { git } = fakeGit(
      { main: BASE_SHA },
      {
        at: 'createCommit',
        error: new GitHubError(status, 'Writing the preview commit failed: HTTP x (Not. Allowed).'),
      },
    )
    const err = await rejection(writeForkBranch(git, PULL), GitHubError)
    expect(err.status).toBe(status)
    expect(err.message).toBe(
      'Writing the preview commit failed: HTTP x (Not. Allowed). Writing the branch mintlify-preview/pr-12 needs `permissions: contents: write` for the workflow (and a `github-token` that may push); nothing was sent to Mintlify.',
    )
  })

  it('any other failure of a write is passed on as it is', async () => {
    const error = new GitHubError(422, 'Writing branch x failed: HTTP 422 (Reference update failed)')
    const { git } = fakeGit({ main: BASE_SHA }, { at: 'setBranch', error })
    await expect(writeForkBranch(git, PULL)).rejects.toBe(error)
  })
})
