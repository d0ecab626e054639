/**
 * The GitHub stand-in of the local mock API: comments of issues and pull requests stored and served as
 * GitHub's REST API does (pagination with `Link` headers, posting, editing one's own comments, review
 * replies), so the end-to-end tests and the demo can read a thread back as a reader would.
 */
import { getOctokit } from '@actions/github'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type MockApi,
  type MockPullFile,
  mergePull,
  seedComment,
  seedCommit,
  seedIssue,
  startMockApi,
  TOKEN_USER,
} from '../../local/mock-api.ts'

let api: MockApi
beforeEach(async () => {
  api = await startMockApi({ github: { roles: {}, pulls: { 7: { head: 'feature/x', base: 'main' } } } })
})
afterEach(async () => {
  await api.close()
})

const person = { login: 'writer', type: 'User' }
const REPO = `/repos/acme/app`
const ACME = { owner: 'acme', repo: 'app' }

/** A request to the stand-in with a token, as Octokit would make it. */
async function gh(method: string, path: string, body?: unknown) {
  const res = await fetch(`${api.url}${REPO}/${path}`, {
    method,
    headers: { authorization: 'token ghs_test', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, link: res.headers.get('link'), json: (await res.json()) as Record<string, unknown> }
}
const list = async (path: string) => (await gh('GET', path)).json as unknown as Array<Record<string, unknown>>

/** The `rel` → URL pairs of a `Link` header. */
function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of (header ?? '').matchAll(/<([^>]+)>; rel="([a-z]+)"/g)) out[m[2] ?? ''] = m[1] ?? ''
  return out
}

describe('seedComment', () => {
  it('assigns ids and creation times that strictly increase, and keeps what it is given', () => {
    const a = seedComment(api.github, 12, { body: 'first', user: person })
    const b = seedComment(api.github, 12, { body: 'second' })
    const c = seedComment(api.github, 3, { body: 'review', user: person }, true)
    const d = seedComment(api.github, 12, { id: 5000, body: 'given', user: person, created_at: '2020-01-01T00:00:00Z' })
    expect(b.id).toBeGreaterThan(a.id)
    expect(c.id).toBeGreaterThan(b.id)
    expect(Date.parse(b.created_at)).toBeGreaterThan(Date.parse(a.created_at))
    expect(Date.parse(c.created_at)).toBeGreaterThan(Date.parse(b.created_at))
    expect(b.user).toEqual({ login: 'octocat', type: 'User' })
    expect(d).toMatchObject({ id: 5000, created_at: '2020-01-01T00:00:00Z' })
    expect(seedComment(api.github, 12, { body: 'after' }).id).toBeGreaterThan(5000) // never an id twice
    expect(api.github.comments?.[12]?.map((x) => x.body)).toEqual(['first', 'second', 'given', 'after'])
    expect(api.github.reviewComments?.[3]).toEqual([c])
  })

  it('many comments seeded at once still have distinct, increasing times', () => {
    const seeded = Array.from({ length: 50 }, (_, i) => seedComment(api.github, 1, { body: `c${i}` }))
    const times = seeded.map((c) => Date.parse(c.created_at))
    expect(times.every((t, i) => i === 0 || t > (times[i - 1] ?? 0))).toBe(true)
  })
})

describe('listing comments', () => {
  it('oldest first, in GitHub’s shape, html_url and updated_at filled in', async () => {
    const c = seedComment(api.github, 12, { body: 'hello', user: person })
    const r = await gh('GET', 'issues/12/comments')
    expect(r.status).toBe(200)
    expect(r.link).toBeNull() // one page: no Link header, as GitHub does
    expect(r.json).toEqual([
      {
        id: c.id,
        node_id: `IC_mock${c.id}`,
        body: 'hello',
        user: person,
        created_at: c.created_at,
        updated_at: c.created_at,
        html_url: `https://github.com/acme/app/issues/12#issuecomment-${c.id}`,
      },
    ])
  })

  it('an issue or pull request without comments lists none, and the store is left as it was', async () => {
    expect(await list('issues/99/comments')).toEqual([])
    expect(await list('pulls/99/comments')).toEqual([])
    expect(api.github.comments).toBeUndefined()
    expect(api.github.reviewComments).toBeUndefined()
  })

  it('pages: 30 by default, at most 100, with prev, next, last and first links on the mock’s origin', async () => {
    for (let i = 0; i < 250; i++) seedComment(api.github, 12, { body: `c${i}`, user: person })
    const first = await gh('GET', 'issues/12/comments')
    expect((first.json as unknown as unknown[]).length).toBe(30)
    expect(links(first.link)).toEqual({
      next: `${api.url}${REPO}/issues/12/comments?page=2`,
      last: `${api.url}${REPO}/issues/12/comments?page=9`,
    })
    const big = await gh('GET', 'issues/12/comments?per_page=500&page=2')
    expect((big.json as unknown as Array<{ body: string }>).map((c) => c.body)).toEqual(
      Array.from({ length: 100 }, (_, i) => `c${100 + i}`),
    )
    expect(big.link).toBe(
      [
        `<${api.url}${REPO}/issues/12/comments?per_page=500&page=1>; rel="prev"`,
        `<${api.url}${REPO}/issues/12/comments?per_page=500&page=3>; rel="next"`,
        `<${api.url}${REPO}/issues/12/comments?per_page=500&page=3>; rel="last"`,
        `<${api.url}${REPO}/issues/12/comments?per_page=500&page=1>; rel="first"`,
      ].join(', '),
    )
    const end = await gh('GET', 'issues/12/comments?per_page=100&page=3')
    expect((end.json as unknown as unknown[]).length).toBe(50)
    expect(Object.keys(links(end.link))).toEqual(['prev', 'first'])
    expect(await list('issues/12/comments?per_page=100&page=4')).toEqual([])
  })

  it('following rel="next" by hand walks every comment once, in order', async () => {
    for (let i = 0; i < 75; i++) seedComment(api.github, 12, { body: `c${i}`, user: person })
    const seen: string[] = []
    let next: string | undefined = `${api.url}${REPO}/issues/12/comments?per_page=20`
    let pages = 0
    while (next) {
      const res: Response = await fetch(next, { headers: { authorization: 'token t' } })
      for (const c of (await res.json()) as Array<{ body: string }>) seen.push(c.body)
      next = links(res.headers.get('link')).next
      pages++
    }
    expect(pages).toBe(4)
    expect(seen).toEqual(Array.from({ length: 75 }, (_, i) => `c${i}`))
  })

  it("Octokit's paginate follows the Link headers to the end, issue and review comments alike", async () => {
    for (let i = 0; i < 130; i++) seedComment(api.github, 7, { body: `c${i}`, user: person })
    for (let i = 0; i < 45; i++) seedComment(api.github, 7, { body: `r${i}`, user: person }, true)
    const octokit = getOctokit('ghs_test', { baseUrl: api.url })
    const issue = await octokit.paginate(octokit.rest.issues.listComments, {
      owner: 'acme',
      repo: 'app',
      issue_number: 7,
      per_page: 50,
    })
    expect(issue.map((c) => c.body)).toEqual(Array.from({ length: 130 }, (_, i) => `c${i}`))
    expect(issue[0]?.html_url).toMatch(/^https:\/\/github\.com\/acme\/app\/pull\/7#issuecomment-\d+$/)
    const review = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
      owner: 'acme',
      repo: 'app',
      pull_number: 7,
    })
    expect(review).toHaveLength(45)
    const gets = api.requests.filter((q) => q.method === 'GET').map((q) => q.path)
    expect(gets.filter((p) => p.includes('/issues/7/comments'))).toHaveLength(3)
    expect(gets.filter((p) => p.includes('/pulls/7/comments'))).toHaveLength(2)
  })

  it('lists by creation time, whatever order the store holds', async () => {
    seedComment(api.github, 12, { body: 'later', created_at: '2025-01-02T00:00:00Z' })
    seedComment(api.github, 12, { body: 'earlier', created_at: '2025-01-01T00:00:00Z' })
    expect((await list('issues/12/comments')).map((c) => c.body)).toEqual(['earlier', 'later'])
  })
})

describe('posting and editing', () => {
  it('POST then PATCH: the token’s own comment, stored, then edited in place', async () => {
    seedComment(api.github, 12, { body: '/docs document the flag', user: person })
    const posted = await gh('POST', 'issues/12/comments', { body: 'working' })
    expect(posted.status).toBe(201)
    const id = posted.json.id as number
    expect(posted.json).toMatchObject({
      body: 'working',
      user: TOKEN_USER,
      html_url: `https://github.com/acme/app/issues/12#issuecomment-${id}`,
    })
    expect(Date.parse(posted.json.created_at as string)).toBeGreaterThan(Date.now() - 5000)
    const edited = await gh('PATCH', `issues/comments/${id}`, { body: 'done' })
    expect(edited.status).toBe(200)
    expect(edited.json).toMatchObject({ id, body: 'done', created_at: posted.json.created_at })
    expect(Date.parse(edited.json.updated_at as string)).toBeGreaterThanOrEqual(
      Date.parse(posted.json.created_at as string),
    )
    // One comment, edited: the thread as a reader sees it.
    expect(api.github.comments?.[12]?.map((c) => [c.user.login, c.body])).toEqual([
      ['writer', '/docs document the flag'],
      ['github-actions[bot]', 'done'],
    ])
    expect((await gh('GET', `issues/comments/${id}`)).json.body).toBe('done')
  })

  it('a comment on a pull request links to pull/N; ids come from one counter for every kind of comment', async () => {
    const a = (await gh('POST', 'issues/7/comments', { body: 'one' })).json
    const b = (await gh('POST', 'pulls/7/comments/55/replies', { body: 'two' })).json
    const c = (await gh('POST', 'issues/12/comments', { body: 'three' })).json
    expect(a.html_url).toBe(`https://github.com/acme/app/pull/7#issuecomment-${a.id}`)
    expect(c.html_url).toBe(`https://github.com/acme/app/issues/12#issuecomment-${c.id}`)
    expect([b.id, c.id]).toEqual([(a.id as number) + 1, (a.id as number) + 2])
  })

  it("a PATCH of a person's comment is refused, as GitHub refuses another user's comment", async () => {
    const theirs = seedComment(api.github, 12, { body: '/docs please', user: person })
    const r = await gh('PATCH', `issues/comments/${theirs.id}`, { body: 'rewritten' })
    expect(r.status).toBe(403)
    expect(r.json).toEqual({ message: 'Resource not accessible by integration' })
    expect(theirs.body).toBe('/docs please')
    // Another bot's comment is not the token's either.
    const other = seedComment(api.github, 12, { body: 'hi', user: { login: 'renovate[bot]', type: 'Bot' } })
    expect((await gh('PATCH', `issues/comments/${other.id}`, { body: 'x' })).status).toBe(403)
  })

  it('a seeded comment of the token’s identity may be edited', async () => {
    const ours = seedComment(api.github, 12, { body: 'old', user: { ...TOKEN_USER } })
    expect((await gh('PATCH', `issues/comments/${ours.id}`, { body: 'new' })).status).toBe(200)
    expect(ours.body).toBe('new')
    expect(ours.updated_at).toBeDefined()
  })

  it('unknown ids are 404; a missing, blank or oversized body is 422; bad JSON is 400', async () => {
    expect(await gh('PATCH', 'issues/comments/424242', { body: 'x' })).toMatchObject({
      status: 404,
      json: { message: 'Not Found' },
    })
    expect((await gh('PATCH', 'pulls/comments/424242', { body: 'x' })).status).toBe(404)
    expect((await gh('GET', 'issues/comments/424242')).status).toBe(404)
    expect((await gh('POST', 'issues/12/comments', {})).status).toBe(422)
    expect((await gh('POST', 'issues/12/comments', { body: '  ' })).status).toBe(422)
    expect((await gh('POST', 'issues/12/comments', { body: 'x'.repeat(65_537) })).status).toBe(422)
    expect((await gh('POST', 'issues/12/comments', { body: 'x'.repeat(65_536) })).status).toBe(201)
    const res = await fetch(`${api.url}${REPO}/issues/12/comments`, {
      method: 'POST',
      headers: { authorization: 'token t' },
      body: '{not json',
    })
    expect(res.status).toBe(400)
    expect(api.github.comments?.[12]).toHaveLength(1)
  })

  it('without a token: 401, nothing stored', async () => {
    const res = await fetch(`${api.url}${REPO}/issues/12/comments`, { method: 'POST', body: '{"body":"x"}' })
    expect(res.status).toBe(401)
    expect(api.github.comments).toBeUndefined()
  })

  it('fault injection still comes first: a 403 on POST issues/12/comments stores nothing', async () => {
    api.fault({
      method: 'POST',
      path: '/issues/12/comments',
      status: 403,
      json: { message: 'Resource not accessible by integration' },
    })
    expect((await gh('POST', 'issues/12/comments', { body: 'x' })).status).toBe(403)
    expect(api.github.comments).toBeUndefined()
    expect((await gh('POST', 'issues/12/comments', { body: 'x' })).status).toBe(201) // once only
  })
})

describe('review comments', () => {
  it('a reply is stored in its thread, with in_reply_to_id, and edited through the pulls API', async () => {
    const root = seedComment(api.github, 7, { body: '/docs document this option', user: person }, true)
    const r = await gh('POST', `pulls/7/comments/${root.id}/replies`, { body: 'working' })
    expect(r.status).toBe(201)
    const id = r.json.id as number
    expect(r.json).toMatchObject({
      body: 'working',
      user: TOKEN_USER,
      in_reply_to_id: root.id,
      node_id: `PRRC_mock${id}`,
      html_url: `https://github.com/acme/app/pull/7#discussion_r${id}`,
    })
    expect(typeof r.json.pull_request_review_id).toBe('number')
    expect(api.github.comments).toBeUndefined() // not in the conversation
    expect((await gh('PATCH', `pulls/comments/${id}`, { body: 'done' })).json).toMatchObject({ id, body: 'done' })
    expect((await gh('PATCH', `issues/comments/${id}`, { body: 'x' })).status).toBe(404) // not an issue comment
    const thread = await list('pulls/7/comments')
    expect(thread.map((c) => [c.body, c.in_reply_to_id])).toEqual([
      ['/docs document this option', undefined],
      ['done', root.id],
    ])
    expect(api.github.reviewComments?.[7]?.[1]).toMatchObject({ in_reply_to_id: root.id })
  })
})

describe('permissions', () => {
  it('GET collaborators/{user}/permission: the role as GitHub words it, the login decoded; 404 for others', async () => {
    api.github.roles = { octocat: 'maintain', 'renovate[bot]': 'write', watcher: 'triage', boss: 'admin' }
    const permission = async (login: string) =>
      (await gh('GET', `collaborators/${encodeURIComponent(login)}/permission`)).json
    expect(await permission('octocat')).toEqual({
      permission: 'write',
      role_name: 'maintain',
      user: { login: 'octocat' },
    })
    expect(await permission('renovate[bot]')).toEqual({
      permission: 'write',
      role_name: 'write',
      user: { login: 'renovate[bot]' },
    })
    expect((await permission('watcher')).permission).toBe('read')
    expect((await permission('boss')).permission).toBe('admin')
    expect(await gh('GET', 'collaborators/stranger/permission')).toMatchObject({ status: 404 })
  })
})

describe('pull requests', () => {
  it("GET pulls/N in GitHub's shape: the branches, their commits, and the head's repository (a fork or not)", async () => {
    api.github.pulls = {
      7: { head: 'feature/x', base: 'main' },
      8: {
        head: 'patch-1',
        base: 'main',
        repo: 'fork/app',
        sha: 'f'.repeat(40),
        user: { login: 'forker', type: 'User' },
      },
      9: { head: 'gone', base: 'main', repo: null, state: 'closed', title: 'Old' },
    }
    const seven = (await gh('GET', 'pulls/7')).json
    expect(seven).toEqual({
      url: 'https://api.github.com/repos/acme/app/pulls/7',
      number: 7,
      state: 'open',
      title: 'Pull request 7',
      user: { login: 'octocat', type: 'User' },
      html_url: 'https://github.com/acme/app/pull/7',
      draft: false,
      merged: false,
      head: {
        label: 'acme:feature/x',
        ref: 'feature/x',
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        repo: { full_name: 'acme/app', fork: false },
      },
      base: {
        label: 'acme:main',
        ref: 'main',
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        repo: { full_name: 'acme/app', fork: false },
      },
    })
    expect((await gh('GET', 'pulls/7')).json).toEqual(seven) // the same made-up commits every time
    expect((await gh('GET', 'pulls/8')).json).toMatchObject({
      user: { login: 'forker' },
      head: { label: 'fork:patch-1', sha: 'f'.repeat(40), repo: { full_name: 'fork/app', fork: true } },
    })
    expect((await gh('GET', 'pulls/9')).json).toMatchObject({ state: 'closed', title: 'Old', head: { repo: null } })
    expect(await gh('GET', 'pulls/10')).toMatchObject({ status: 404, json: { message: 'Not Found' } })
  })

  it("a head's and a base's sha are their branches' commits where the Git data has them", async () => {
    const base = seedCommit(api.github, { repo: 'acme/app', branch: 'main', files: { 'docs.json': '{}' } })
    const head = seedCommit(api.github, { repo: 'fork/app', branch: 'patch-1', files: { 'docs.json': '{"x":1}' } })
    api.github.pulls = { 8: { head: 'patch-1', base: 'main', repo: 'fork/app' } }
    expect((await gh('GET', 'pulls/8')).json).toMatchObject({ head: { sha: head }, base: { sha: base } })
  })

  it('GET pulls/N/files: every status, previous_filename for a rename, 30 a page and Link headers, 3,000 at most', async () => {
    const files: MockPullFile[] = [
      { filename: 'guides/new.mdx', status: 'added' },
      { filename: 'index.mdx', status: 'modified', additions: 10, deletions: 2 },
      { filename: 'guides/after.mdx', status: 'renamed', previous_filename: 'guides/before.mdx' },
      { filename: 'old.md', status: 'removed' },
      ...Array.from({ length: 3100 }, (_, i) => ({ filename: `pages/p${i}.mdx`, status: 'modified' as const })),
    ]
    api.github.pulls = { 7: { head: 'feature/x', base: 'main', sha: 'a'.repeat(40), files } }
    const first = await gh('GET', 'pulls/7/files')
    const page = first.json as unknown as Array<Record<string, unknown>>
    expect(page).toHaveLength(30)
    expect(page[1]).toEqual({
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      filename: 'index.mdx',
      status: 'modified',
      additions: 10,
      deletions: 2,
      changes: 12,
      blob_url: `https://github.com/acme/app/blob/${'a'.repeat(40)}/index.mdx`,
      raw_url: `https://github.com/acme/app/raw/${'a'.repeat(40)}/index.mdx`,
      contents_url: `https://api.github.com/repos/acme/app/contents/index.mdx?ref=${'a'.repeat(40)}`,
    })
    expect(page.slice(0, 4).map((f) => [f.status, f.previous_filename])).toEqual([
      ['added', undefined],
      ['modified', undefined],
      ['renamed', 'guides/before.mdx'],
      ['removed', undefined],
    ])
    expect(links(first.link).last).toBe(`${api.url}${REPO}/pulls/7/files?page=100`)
    const octokit = getOctokit('ghs_test', { baseUrl: api.url })
    const all = await octokit.paginate(octokit.rest.pulls.listFiles, { ...ACME, pull_number: 7, per_page: 100 })
    expect(all).toHaveLength(3000)
    expect(all.at(-1)?.filename).toBe('pages/p2995.mdx')
    expect(await list('pulls/7/files?per_page=100&page=31')).toEqual([])
    expect((await gh('GET', 'pulls/99/files')).status).toBe(404)
  })
})

describe('mergePull', () => {
  it('merges a pull request the stand-in knows: GET pulls/N answers closed and merged from then on', async () => {
    expect((await gh('GET', 'pulls/7')).json).toMatchObject({ state: 'open', merged: false })
    const stored = mergePull(api.github, 7)
    expect(stored).toBe(api.github.pulls?.[7])
    expect((await gh('GET', 'pulls/7')).json).toMatchObject({
      number: 7,
      state: 'closed',
      merged: true,
      head: { ref: 'feature/x' },
    })
  })

  it('refuses a pull request the stand-in does not know, naming it, and adds none', () => {
    expect(() => mergePull(api.github, 8)).toThrow('Pull request 8 is not in the stand-in')
    expect(Object.keys(api.github.pulls ?? {})).toEqual(['7'])
  })
})

describe('the repository of the request', () => {
  it('html_url names the repository the request was made to, for comments, review replies and issues; so does a head that is no fork', async () => {
    const other = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${api.url}/repos/octo-org/handbook/${path}`, {
          method,
          headers: { authorization: 'token ghs_test', 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).json() as Promise<Record<string, unknown> & Array<Record<string, unknown>>>
    const posted = await other('POST', 'issues/12/comments', { body: 'hi' })
    expect(posted.html_url).toBe(`https://github.com/octo-org/handbook/issues/12#issuecomment-${posted.id}`)
    const reply = await other('POST', 'pulls/7/comments/55/replies', { body: 'there' })
    expect(reply.html_url).toBe(`https://github.com/octo-org/handbook/pull/7#discussion_r${reply.id}`)
    const seeded = seedComment(api.github, 7, { body: 'seeded' })
    const listed = await other('GET', 'issues/7/comments')
    expect(listed[0]?.html_url).toBe(`https://github.com/octo-org/handbook/pull/7#issuecomment-${seeded.id}`)
    seedIssue(api.github, { number: 30, body: 'a change', pull: true })
    expect((await other('GET', 'issues/30')).pull_request).toEqual({
      url: 'https://api.github.com/repos/octo-org/handbook/pulls/30',
      html_url: 'https://github.com/octo-org/handbook/pull/30',
    })
    // A pull request of the repository itself: its head is in the repository asked.
    expect((await other('GET', 'pulls/7')).head).toMatchObject({
      ref: 'feature/x',
      repo: { full_name: 'octo-org/handbook', fork: false },
    })
    // The same data through acme/app still answers acme/app.
    expect((await gh('GET', 'issues/30')).json.pull_request).toMatchObject({
      html_url: 'https://github.com/acme/app/pull/30',
    })
  })
})
