/**
 * The GitHub stand-in's Git data API: what a fork preview calls to write `mintlify-preview/pr-<number>` without a
 * checkout (read the fork's commit and tree, write a tree with the base's `.github/`, a commit, a branch; move it;
 * delete it), in GitHub's shapes, with git's own object ids and GitHub's refusals.
 */
import { getOctokit } from '@actions/github'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { branchFiles, type MockApi, seedCommit, startMockApi } from '../../local/mock-api.ts'

let api: MockApi
beforeEach(async () => {
  api = await startMockApi({ github: { roles: {} } })
})
afterEach(async () => {
  await api.close()
})

const octokit = () => getOctokit('ghs_test', { baseUrl: api.url })
const base = { owner: 'acme', repo: 'app' }

/** A raw request to `/repos/acme/app/git/...`, as a client without Octokit makes it. */
async function git(method: string, path: string, body?: unknown, token: string | null = 'ghs_test') {
  const res = await fetch(`${api.url}/repos/acme/app/git/${path}`, {
    method,
    headers: { ...(token ? { authorization: `token ${token}` } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> }
}

/** The base repository's main branch and a fork's branch that changes a page and brings a workflow of its own. */
function seedForkPullRequest() {
  const main = seedCommit(api.github, {
    repo: 'acme/app',
    branch: 'main',
    files: { '.github/workflows/ci.yml': 'base ci', 'docs.json': '{}', 'index.mdx': '# Home' },
  })
  const fork = seedCommit(api.github, {
    repo: 'fork/app',
    branch: 'patch-1',
    message: 'Fix the home page',
    files: {
      '.github/workflows/ci.yml': 'fork ci',
      '.github/workflows/evil.yml': 'steal secrets',
      'docs.json': '{"fork":true}',
      'index.mdx': '# Home, fixed',
      'guides/new.mdx': 'A new guide',
    },
  })
  return { main, fork }
}

describe('a fork preview, written through the Git data API with Octokit', () => {
  it('reads the fork commit and both trees, writes a tree with the base .github/, a commit on main, the branch', async () => {
    const { main, fork } = seedForkPullRequest()
    const gh = octokit()
    // The fork's commit is readable through the base repository: a fork network shares its objects.
    const head = (await gh.rest.git.getCommit({ ...base, commit_sha: fork })).data
    expect(head).toMatchObject({ sha: fork, message: 'Fix the home page', parents: [] })
    const forkTree = (await gh.rest.git.getTree({ ...base, tree_sha: head.tree.sha, recursive: '1' })).data
    expect(forkTree.truncated).toBe(false)
    expect(forkTree.tree.map((e) => [e.path, e.type])).toEqual([
      ['.github', 'tree'],
      ['.github/workflows', 'tree'],
      ['.github/workflows/ci.yml', 'blob'],
      ['.github/workflows/evil.yml', 'blob'],
      ['docs.json', 'blob'],
      ['guides', 'tree'],
      ['guides/new.mdx', 'blob'],
      ['index.mdx', 'blob'],
    ])
    expect(forkTree.tree[2]).toEqual({
      path: '.github/workflows/ci.yml',
      mode: '100644',
      type: 'blob',
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      size: 7,
      url: `https://api.github.com/repos/acme/app/git/blobs/${forkTree.tree[2]?.sha}`,
    })
    const mainRef = (await gh.rest.git.getRef({ ...base, ref: 'heads/main' })).data
    expect(mainRef).toMatchObject({ ref: 'refs/heads/main', object: { sha: main, type: 'commit' } })
    const baseTree = (await gh.rest.git.getTree({ ...base, tree_sha: 'main' })).data // a branch name is tree-ish
    const baseGithub = baseTree.tree.find((e) => e.path === '.github')

    const entries = forkTree.tree
      .filter((e) => e.type === 'blob' && !e.path?.startsWith('.github/'))
      .map((e) => ({ path: e.path, mode: e.mode as '100644', type: 'blob' as const, sha: e.sha }))
    const tree = (
      await gh.rest.git.createTree({
        ...base,
        tree: [...entries, { path: '.github', mode: '040000', type: 'tree', sha: baseGithub?.sha }],
      })
    ).data
    const commit = (
      await gh.rest.git.createCommit({ ...base, message: `Preview of #8 at ${fork}`, tree: tree.sha, parents: [main] })
    ).data
    expect(commit).toMatchObject({
      message: `Preview of #8 at ${fork}`,
      tree: { sha: tree.sha },
      parents: [{ sha: main, html_url: `https://github.com/acme/app/commit/${main}` }],
      author: { name: 'github-actions[bot]' },
      html_url: `https://github.com/acme/app/commit/${commit.sha}`,
    })
    await expect(gh.rest.git.getRef({ ...base, ref: 'heads/mintlify-preview/pr-8' })).rejects.toMatchObject({
      status: 404,
    })
    const made = await gh.rest.git.createRef({ ...base, ref: 'refs/heads/mintlify-preview/pr-8', sha: commit.sha })
    expect(made.status).toBe(201)
    expect(made.data).toMatchObject({ ref: 'refs/heads/mintlify-preview/pr-8', object: { sha: commit.sha } })

    // The branch has the fork's pages and the base's workflows, nothing of the fork's .github/.
    expect(branchFiles(api.github, 'acme/app', 'mintlify-preview/pr-8')).toEqual({
      '.github/workflows/ci.yml': 'base ci',
      'docs.json': '{"fork":true}',
      'guides/new.mdx': 'A new guide',
      'index.mdx': '# Home, fixed',
    })
    expect(branchFiles(api.github, 'fork/app', 'mintlify-preview/pr-8')).toBeUndefined() // branches are per repository
    // The request as the mock received it, for a test to assert.
    const sent = api.requests.find((q) => q.method === 'POST' && q.path === '/repos/acme/app/git/trees')
    expect(JSON.parse(sent?.body ?? '{}').tree).toContainEqual({
      path: '.github',
      mode: '040000',
      type: 'tree',
      sha: baseGithub?.sha,
    })
  })

  it('a later preview moves the branch: a fast forward, or with force; then it is deleted, once', async () => {
    const { main } = seedForkPullRequest()
    const gh = octokit()
    const first = seedCommit(api.github, {
      repo: 'acme/app',
      branch: 'mintlify-preview/pr-8',
      files: { a: '1' },
      parents: [main],
    })
    const next = seedCommit(api.github, { repo: 'x/y', branch: 'b', files: { a: '2' }, parents: [first] })
    const unrelated = seedCommit(api.github, { repo: 'x/y', branch: 'c', files: { a: '3' }, parents: [main] })
    const ref = 'heads/mintlify-preview/pr-8'
    expect((await gh.rest.git.updateRef({ ...base, ref, sha: next })).data.object.sha).toBe(next)
    await expect(gh.rest.git.updateRef({ ...base, ref, sha: unrelated })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Update is not a fast forward' } },
    })
    expect((await gh.rest.git.updateRef({ ...base, ref, sha: unrelated, force: true })).data.object.sha).toBe(unrelated)
    expect((await gh.rest.git.deleteRef({ ...base, ref })).status).toBe(204)
    await expect(gh.rest.git.deleteRef({ ...base, ref })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Reference does not exist' } },
    })
    await expect(gh.rest.git.getRef({ ...base, ref })).rejects.toMatchObject({ status: 404 })
    expect(branchFiles(api.github, 'acme/app', 'mintlify-preview/pr-8')).toBeUndefined()
    // Octokit sends the branch's slash encoded; a client may send it as it is: both name the same ref.
    expect((await git('GET', 'ref/heads/main')).json).toMatchObject({ object: { sha: main } })
    expect((await git('GET', 'ref/heads%2Fmain')).json).toMatchObject({ object: { sha: main } })
    expect((await git('GET', 'refs/heads/main')).json).toMatchObject({ object: { sha: main } })
    expect(api.requests.filter((q) => q.method === 'DELETE').map((q) => q.path)).toEqual([
      '/repos/acme/app/git/refs/heads%2Fmintlify-preview%2Fpr-8',
      '/repos/acme/app/git/refs/heads%2Fmintlify-preview%2Fpr-8',
    ])
  })
})

describe("git's own object ids and GitHub's tree rules", () => {
  it('a tree of contents has the id git gives it; base_tree keeps what is not named, sha: null removes a path', async () => {
    const made = await git('POST', 'trees', {
      tree: [
        { path: 'a.txt', mode: '100644', type: 'blob', content: 'hello\n' },
        { path: 'd/b.md', mode: '100644', type: 'blob', content: 'x' },
      ],
    })
    expect(made.status).toBe(201)
    // `git rev-parse HEAD^{tree}` of a commit of these two files; a.txt's blob is `git hash-object`'s.
    expect(made.json.sha).toBe('5cae9f327e2017dba2686006747c44aae89fcffd')
    expect(made.json.tree).toEqual([
      {
        path: 'a.txt',
        mode: '100644',
        type: 'blob',
        sha: 'ce013625030ba8dba906f756967f9e9ca394464a',
        size: 6,
        url: 'https://api.github.com/repos/acme/app/git/blobs/ce013625030ba8dba906f756967f9e9ca394464a',
      },
      { path: 'd', mode: '040000', type: 'tree', sha: expect.any(String), url: expect.stringContaining('/git/trees/') },
    ])
    expect(made.json.truncated).toBe(false)
    const edited = await git('POST', 'trees', {
      base_tree: made.json.sha,
      tree: [
        { path: 'd/b.md', mode: '100644', type: 'blob', sha: null },
        { path: 'e/c.md', mode: '100755', type: 'blob', content: 'y' },
      ],
    })
    const listed = await git('GET', `trees/${edited.json.sha}?recursive=1`)
    expect((listed.json.tree as Array<{ path: string; mode: string }>).map((e) => [e.path, e.mode])).toEqual([
      ['a.txt', '100644'],
      ['e', '040000'],
      ['e/c.md', '100755'],
    ])
    expect((await git('POST', 'trees', { tree: [] })).json.sha).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904')
  })

  it('a recursive listing past maxTreeEntries is cut and says truncated; without recursive, one level', async () => {
    const sha = seedCommit(api.github, {
      repo: 'acme/app',
      branch: 'main',
      files: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`pages/p${i}.mdx`, `${i}`])),
    })
    const api_git = api.github.git
    if (api_git) api_git.maxTreeEntries = 5
    const cut = await git('GET', `trees/${sha}?recursive=1`) // a commit's sha is tree-ish too
    expect([(cut.json.tree as unknown[]).length, cut.json.truncated]).toEqual([5, true])
    const top = await git('GET', `trees/${sha}`)
    expect([(top.json.tree as Array<{ path: string }>).map((e) => e.path), top.json.truncated]).toEqual([
      ['pages'],
      false,
    ])
  })

  it("GitHub's refusals: unknown objects, bad modes, missing fields, bad JSON, existing refs, no token", async () => {
    const main = seedCommit(api.github, { repo: 'acme/app', branch: 'main', files: { 'index.mdx': 'x' } })
    const missing = '0'.repeat(40)
    const cases: Array<[string, string, unknown, number, string]> = [
      [
        'POST',
        'trees',
        { tree: [{ path: 'a', mode: '100644', type: 'blob', sha: missing }] },
        422,
        'GitRPC::BadObjectState',
      ],
      [
        'POST',
        'trees',
        { tree: [{ path: 'a', mode: '100644', type: 'tree', sha: missing }] },
        422,
        'tree.mode and tree.type do not agree for a',
      ],
      [
        'POST',
        'trees',
        { tree: [{ path: '../a', mode: '100644', type: 'blob', content: 'x' }] },
        422,
        'tree.path contains a malformed path component: "../a"',
      ],
      [
        'POST',
        'trees',
        { tree: [{ path: 'a', mode: '100644', type: 'blob' }] },
        422,
        'Must supply either tree.sha or tree.content for a',
      ],
      ['POST', 'trees', { base_tree: missing, tree: [] }, 422, 'base_tree is not a valid tree oid'],
      ['POST', 'trees', {}, 422, 'Invalid request.\n\n"tree" wasn\'t supplied.'],
      ['POST', 'trees', '{not json', 400, 'Problems parsing JSON'],
      ['POST', 'commits', { tree: missing, parents: [] }, 422, 'Invalid request.\n\n"message" wasn\'t supplied.'],
      ['POST', 'commits', { message: 'm', tree: missing, parents: [] }, 422, 'Tree SHA does not exist'],
      ['POST', 'commits', { message: 'm', tree: main, parents: [] }, 422, 'Tree SHA does not exist'],
      ['POST', 'refs', { ref: 'refs/heads/main', sha: main }, 422, 'Reference already exists'],
      ['POST', 'refs', { ref: 'refs/heads/new', sha: missing }, 422, 'Object does not exist'],
      [
        'POST',
        'refs',
        { ref: 'refs/tags/v1', sha: main },
        422,
        "Reference name must start with 'refs/heads/' in the stand-in (branches only)",
      ],
      ['PATCH', 'refs/heads/nope', { sha: main }, 422, 'Reference does not exist'],
      ['PATCH', 'refs/heads/main', { sha: missing }, 422, 'Object does not exist'],
      ['GET', `commits/${missing}`, undefined, 404, 'Not Found'],
      ['GET', `trees/${missing}`, undefined, 404, 'Not Found'],
      ['GET', 'ref/heads/nope', undefined, 404, 'Not Found'],
      ['GET', 'blobs/x', undefined, 404, 'Not Found: GET git/blobs/x'],
    ]
    for (const [method, path, body, status, message] of cases)
      expect(await git(method, path, body), `${method} ${path}`).toEqual({ status, json: { message } })
    const tree = (await git('GET', `trees/${main}`)).json.sha
    expect(await git('POST', 'commits', { message: 'm', tree, parents: [missing] })).toEqual({
      status: 422,
      json: { message: 'Parent SHA does not exist or is not a commit object' },
    })
    expect((await git('GET', 'ref/heads/main', undefined, null)).status).toBe(401)
    expect(branchFiles(api.github, 'acme/app', 'main')).toEqual({ 'index.mdx': 'x' }) // nothing moved
    expect(branchFiles(api.github, 'acme/app', 'new')).toBeUndefined()
  })

  it('a commit takes the author and committer given, else the token’s account', async () => {
    const main = seedCommit(api.github, { repo: 'acme/app', branch: 'main', files: { a: 'x' } })
    const tree = (await git('GET', `trees/${main}`)).json.sha
    const author = { name: 'Preview Bot', email: 'bot@example.com', date: '2026-02-01T00:00:00Z' }
    const made = await git('POST', 'commits', { message: 'm', tree, parents: [main], author })
    expect(made.json).toMatchObject({ author, committer: author, parents: [{ sha: main }] })
    const api2 = await startMockApi({ github: { roles: {}, tokenUser: { login: 'maintainer', type: 'User' } } })
    try {
      seedCommit(api2.github, { repo: 'acme/app', branch: 'main', files: { a: 'x' } })
      const res = await fetch(`${api2.url}/repos/acme/app/git/commits`, {
        method: 'POST',
        headers: { authorization: 'token t' },
        body: JSON.stringify({ message: 'm', tree, parents: [] }),
      })
      expect(((await res.json()) as { author: { name: string } }).author.name).toBe('maintainer')
    } finally {
      await api2.close()
    }
  })
})

describe('a deployment names the commit it built', () => {
  it('the head of its branch in the stand-in when triggered, so a push and a new preview names the new commit', async () => {
    const first = seedCommit(api.github, { repo: 'acme/app', branch: 'docs/x', files: { a: '1' }, message: 'First' })
    const trigger = async () => {
      const res = await fetch(`${api.url}/v1/project/preview/p`, {
        method: 'POST',
        headers: { authorization: 'Bearer mint_x' },
        body: JSON.stringify({ branch: 'docs/x' }),
      })
      const { statusId } = (await res.json()) as { statusId: string }
      const status = await fetch(`${api.url}/v1/project/update-status/${statusId}`, {
        headers: { authorization: 'Bearer mint_x' },
      })
      return ((await status.json()) as { commit: { sha: string; message: string } }).commit
    }
    expect(await trigger()).toMatchObject({ sha: first, message: 'First' })
    const second = seedCommit(api.github, { repo: 'acme/app', branch: 'docs/x', files: { a: '2' }, message: 'Second' })
    expect(await trigger()).toMatchObject({ sha: second, message: 'Second' })
  })
})
