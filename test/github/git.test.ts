/**
 * The Git data API calls a fork preview makes (src/github/git.ts), against a local stand-in for GitHub: the requests
 * sent (method, path, body), what is read back, and the errors a user reads when an answer is not what was asked for.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { connectGitData, type TreeEntry } from '../../src/github/git.js'
import { GitHubError } from '../../src/github/octokit.js'
import { createRedactor } from '../../src/log.js'
import { rejection } from '../helpers/fakes.js'
import { closeServers, json, serve } from '../helpers/server.js'

afterEach(closeServers)

const TOKEN = 'ghs_Un7tK4wQ9eR2tY5uI8oP1aS3dF6gH0j'
const redact = createRedactor([TOKEN])
const repo = { owner: 'acme', repo: 'app' }
const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c0ffee'.padEnd(40, '1')

interface Seen {
  method: string
  path: string
  body: unknown
}
type Answer = { status: number; body: unknown }

/** A GitHub stand-in answering `answer(method, path)`, keeping every request it saw. */
async function github(answer: (method: string, path: string) => Answer) {
  const seen: Seen[] = []
  const s = await serve((req, res, url, body) => {
    seen.push({ method: req.method ?? '', path: url, body: body ? JSON.parse(body) : undefined })
    const a = answer(req.method ?? '', url)
    json(res, a.status, a.body)
  })
  const git = await connectGitData(TOKEN, repo, { redact, timeoutMs: 2000, baseUrl: s.url })
  return { git, seen, requests: () => seen.map((q) => `${q.method} ${q.path}`) }
}
const ok = (body: unknown) => () => ({ status: 200, body })
const refusal = (work: Promise<unknown>) => rejection(work, GitHubError)

describe('branchHead', () => {
  it('reads the ref heads/<branch> and answers its commit; a 404 is no branch', async () => {
    const gh = await github((_m, path) =>
      path.endsWith('%2Fmain')
        ? { status: 200, body: { object: { sha: A } } }
        : { status: 404, body: { message: 'Not Found' } },
    )
    expect(await gh.git.branchHead('main')).toBe(A)
    expect(await gh.git.branchHead('mintlify-preview/pr-12')).toBeUndefined()
    expect(gh.requests()).toEqual([
      'GET /repos/acme/app/git/ref/heads%2Fmain',
      'GET /repos/acme/app/git/ref/heads%2Fmintlify-preview%2Fpr-12',
    ])
  })

  it('any other refusal is an error naming the branch and the status', async () => {
    const gh = await github(() => ({ status: 403, body: { message: 'Resource not accessible' } }))
    const err = await refusal(gh.git.branchHead('main'))
    expect(err.status).toBe(403)
    expect(err.message).toBe('Reading branch main failed: HTTP 403 (Resource not accessible)')
  })

  it.each([
    ['no object id', {}],
    ['an id too short', { object: { sha: 'a'.repeat(39) } }],
    ['an id too long', { object: { sha: 'a'.repeat(41) } }],
    ['an id with a letter past f', { object: { sha: `g${'a'.repeat(39)}` } }],
    ['an id with one extra character before it', { object: { sha: `x${A}` } }],
    ['an id with one extra character after it', { object: { sha: `${A}x` } }],
  ])('an answer with %s is an error, never a commit', async (_what, body) => {
    const gh = await github(ok(body))
    const err = await refusal(gh.git.branchHead('main'))
    expect(err.message).toBe('Reading branch main failed: the answer holds no object id')
    expect(err.status).toBe(0)
  })
})

describe('commitTree', () => {
  it('reads the commit and answers its tree; errors name the commit by its first 12 characters', async () => {
    const gh = await github(ok({ tree: { sha: B } }))
    expect(await gh.git.commitTree(C)).toBe(B)
    expect(gh.requests()).toEqual([`GET /repos/acme/app/git/commits/${C}`])
    const bad = await github(ok({ tree: {} }))
    expect((await refusal(bad.git.commitTree(C))).message).toBe(
      `Reading commit ${C.slice(0, 12)} failed: the answer holds no object id`,
    )
    const gone = await github(() => ({ status: 404, body: { message: 'Not Found' } }))
    expect((await refusal(gone.git.commitTree(C))).message).toBe(
      `Reading commit ${C.slice(0, 12)} failed: HTTP 404 (Not Found)`,
    )
  })
})

describe('treeEntries', () => {
  const entries = [
    { path: 'docs', mode: '040000', type: 'tree', sha: A, url: 'x' },
    { path: 'docs.json', mode: '100644', type: 'blob', sha: B, size: 3 },
    { path: 'run.sh', mode: '100755', type: 'blob', sha: B },
    { path: 'link', mode: '120000', type: 'blob', sha: B },
    { path: 'vendor', mode: '160000', type: 'commit', sha: C },
  ]

  it('reads the tree one level deep and answers its entries: path, mode, type and id, nothing else', async () => {
    const gh = await github(ok({ sha: C, tree: entries, truncated: false }))
    expect(await gh.git.treeEntries(C)).toEqual(entries.map(({ path, mode, type, sha }) => ({ path, mode, type, sha })))
    expect(gh.requests()).toEqual([`GET /repos/acme/app/git/trees/${C}`])
  })

  it('a listing GitHub cut is an error, not a part of the tree', async () => {
    const gh = await github(ok({ sha: C, tree: entries, truncated: true }))
    expect((await refusal(gh.git.treeEntries(C))).message).toBe(
      `Reading tree ${C.slice(0, 12)} failed: GitHub cut the listing (truncated), so the tree cannot be copied whole`,
    )
  })

  it('an answer with no list is an error', async () => {
    const gh = await github(ok({ sha: C, tree: { docs: A } }))
    expect((await refusal(gh.git.treeEntries(C))).message).toBe(
      `Reading tree ${C.slice(0, 12)} failed: the answer holds no list of entries`,
    )
  })

  it.each([
    ['an unknown type', { path: 'x', mode: '100644', type: 'tag', sha: A }],
    ['no type', { path: 'x', mode: '100644', sha: A }],
    ['an unknown mode', { path: 'x', mode: '100600', type: 'blob', sha: A }],
    ['no path', { path: '', mode: '100644', type: 'blob', sha: A }],
  ])('an entry with %s is an error', async (_what, entry) => {
    const gh = await github(ok({ sha: C, tree: [entries[0], entry] }))
    expect((await refusal(gh.git.treeEntries(C))).message).toBe(
      `Reading tree ${C.slice(0, 12)} failed: an entry has no known type, mode or path`,
    )
  })

  it('an entry without an object id is an error', async () => {
    const gh = await github(ok({ sha: C, tree: [{ path: 'x', mode: '100644', type: 'blob', sha: 'nope' }] }))
    expect((await refusal(gh.git.treeEntries(C))).message).toBe(
      `Reading tree ${C.slice(0, 12)} failed: the answer holds no object id`,
    )
  })

  it('a refusal names the tree and the status', async () => {
    const gh = await github(() => ({ status: 409, body: { message: 'Git Repository is empty.' } }))
    expect((await refusal(gh.git.treeEntries(C))).message).toBe(
      `Reading tree ${C.slice(0, 12)} failed: HTTP 409 (Git Repository is empty.)`,
    )
  })
})

describe('the writes', () => {
  const tree: TreeEntry[] = [
    { path: 'docs', mode: '040000', type: 'tree', sha: A },
    { path: '.github', mode: '040000', type: 'tree', sha: B },
  ]

  it('createTree sends exactly the entries, with no base tree, and answers the new tree', async () => {
    const gh = await github(ok({ sha: C }))
    expect(await gh.git.createTree(tree)).toBe(C)
    expect(gh.seen).toEqual([{ method: 'POST', path: '/repos/acme/app/git/trees', body: { tree } }])
    const bad = await github(ok({}))
    expect((await refusal(bad.git.createTree(tree))).message).toBe(
      'Writing the preview tree failed: the answer holds no object id',
    )
    const refused = await github(() => ({ status: 403, body: { message: 'Resource not accessible' } }))
    const err = await refusal(refused.git.createTree(tree))
    expect(err.message).toBe('Writing the preview tree failed: HTTP 403 (Resource not accessible)')
    expect(err.status).toBe(403)
  })

  it('createCommit sends the message, tree and parents, and answers the new commit', async () => {
    const gh = await github(ok({ sha: C }))
    expect(await gh.git.createCommit({ message: 'Preview', tree: A, parents: [B] })).toBe(C)
    expect(gh.seen).toEqual([
      { method: 'POST', path: '/repos/acme/app/git/commits', body: { message: 'Preview', tree: A, parents: [B] } },
    ])
    const refused = await github(() => ({ status: 403, body: { message: 'Resource not accessible' } }))
    const err = await refusal(refused.git.createCommit({ message: 'Preview', tree: A, parents: [B] }))
    expect(err.message).toBe('Writing the preview commit failed: HTTP 403 (Resource not accessible)')
    expect(err.status).toBe(403)
    const bad = await github(ok({ sha: 'short' }))
    expect((await refusal(bad.git.createCommit({ message: 'P', tree: A, parents: [] }))).message).toBe(
      'Writing the preview commit failed: the answer holds no object id',
    )
  })

  it('setBranch creates refs/heads/<branch> when it did not exist, and moves it by force when it did', async () => {
    const gh = await github(ok({ ref: 'refs/heads/x', object: { sha: C } }))
    await gh.git.setBranch('mintlify-preview/pr-12', C, false)
    await gh.git.setBranch('mintlify-preview/pr-12', A, true)
    expect(gh.seen).toEqual([
      { method: 'POST', path: '/repos/acme/app/git/refs', body: { ref: 'refs/heads/mintlify-preview/pr-12', sha: C } },
      {
        method: 'PATCH',
        path: '/repos/acme/app/git/refs/heads%2Fmintlify-preview%2Fpr-12',
        body: { sha: A, force: true },
      },
    ])
    const refused = await github(() => ({ status: 422, body: { message: 'Reference already exists' } }))
    expect((await refusal(refused.git.setBranch('b', C, false))).message).toBe(
      'Writing branch b failed: HTTP 422 (Reference already exists)',
    )
  })

  it('deleteBranch deletes the ref heads/<branch>; a refusal names the branch', async () => {
    const gh = await github(() => ({ status: 204, body: '' }))
    await gh.git.deleteBranch('mintlify-preview/pr-12')
    expect(gh.requests()).toEqual(['DELETE /repos/acme/app/git/refs/heads%2Fmintlify-preview%2Fpr-12'])
    const refused = await github(() => ({ status: 403, body: { message: 'Resource not accessible' } }))
    const err = await refusal(refused.git.deleteBranch('mintlify-preview/pr-12'))
    expect(err.message).toBe('Deleting branch mintlify-preview/pr-12 failed: HTTP 403 (Resource not accessible)')
    expect(err.status).toBe(403)
  })
})
