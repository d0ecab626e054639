/**
 * The GitHub calls the comment features make, against a local stand-in for the API: the requests sent (method,
 * path, query, token, body), what comes back (cleaned), the errors a user reads, and the warnings of `bestEffort`.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bestEffort, connectGitHub, permissionFor } from '../../src/github/client.js'
import type { Target } from '../../src/github/event.js'
import { GitHubError } from '../../src/github/octokit.js'
import { createRedactor } from '../../src/log.js'
import { memoryLog, rejection } from '../helpers/fakes.js'
import { closeServers, json, serve } from '../helpers/server.js'

afterEach(closeServers)

const TOKEN = 'ghs_Un7tK4wQ9eR2tY5uI8oP1aS3dF6gH0j'
const redact = createRedactor([TOKEN])
const repo = { owner: 'acme', repo: 'app' }
const issue: Target = { number: 3, title: 'A title', url: 'https://github.com/acme/app/issues/3', isPullRequest: false }
const pull: Target = { number: 4, title: 'A pull', url: 'https://github.com/acme/app/pull/4', isPullRequest: true }

interface Seen {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
}
type Answer = { status: number; body: unknown; headers?: Record<string, string> }

/** A GitHub stand-in answering `answer(method, path)`, keeping every request it saw. */
async function github(answer: (method: string, path: string) => Answer = () => ({ status: 200, body: {} })) {
  const seen: Seen[] = []
  const s = await serve((req, res, url, body) => {
    seen.push({ method: req.method ?? '', path: url, headers: req.headers, body: body ? JSON.parse(body) : undefined })
    const a = answer(req.method ?? '', url)
    json(res, a.status, a.body, a.headers)
  })
  return { url: s.url, seen, requests: () => seen.map((q) => `${q.method} ${q.path}`) }
}

const connect = (baseUrl: string, timeoutMs = 2000) => connectGitHub(TOKEN, repo, { redact, timeoutMs, baseUrl })

const refusal = (work: Promise<unknown>) => rejection(work, GitHubError)

describe('role', () => {
  it('asks for the permission with the token, and reads the role, and a 404 as no access', async () => {
    const gh = await github((_m, path) =>
      path.includes('/maintainer/')
        ? { status: 200, body: { permission: 'write', role_name: 'maintain' } }
        : { status: 404, body: { message: 'Not Found' } },
    )
    const api = await connect(gh.url)
    expect(await api.role('maintainer')).toBe('maintain')
    expect(await api.role('stranger')).toBeUndefined()
    expect(gh.requests()).toEqual([
      'GET /repos/acme/app/collaborators/maintainer/permission',
      'GET /repos/acme/app/collaborators/stranger/permission',
    ])
    expect(gh.seen[0]?.headers.authorization).toBe(`token ${TOKEN}`)
  })

  it('a custom role counts for the base permission behind it', async () => {
    const gh = await github(() => ({ status: 200, body: { permission: 'write', role_name: 'docs-writer' } }))
    expect(await (await connect(gh.url)).role('dana')).toBe('write')
  })

  it('a refusal other than 404 is an error with its status, not "no access"', async () => {
    const gh = await github(() => ({ status: 403, body: { message: 'Resource not accessible by integration' } }))
    const err = await refusal((await connect(gh.url)).role('writer'))
    expect(err.status).toBe(403)
    expect(err.message).toBe("Checking @writer's permission failed: HTTP 403 (Resource not accessible by integration)")
  })

  it('the permission check redirected to another host that answers admin: an error, not a role', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, { permission: 'admin', role_name: 'admin' }))
    const s = await serve((_req, res, url) => {
      res.writeHead(302, { location: `${elsewhere.url}${url}` })
      res.end()
    })
    const err = await refusal((await connect(s.url)).role('reader'))
    expect(err.problem).toBe('redirect')
    expect(err.message).toBe(
      `Checking @reader's permission failed: a redirect to another host (${elsewhere.url}), which was not followed`,
    )
    expect(elsewhere.hits).toEqual([])
  })

  it('a permission check that hangs fails within the limit', async () => {
    const s = await serve(() => {})
    const started = Date.now()
    const err = await refusal((await connect(s.url, 100)).role('writer'))
    expect(err.message).toBe("Checking @writer's permission failed: no answer within 0.1s")
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('an answer without a role is an error, not "no permission"', async () => {
    const s = await serve((_req, res) => json(res, 200, { user: { login: 'writer' } }))
    const err = await refusal((await connect(s.url)).role('writer'))
    expect(err.message).toBe("Checking @writer's permission failed: the answer holds no role")
  })
})

describe('the limits by default', () => {
  it('an answer larger than 1 MiB is refused', async () => {
    const gh = await github(() => ({ status: 200, body: { head: { ref: 'x'.repeat(1024 * 1024) } } }))
    const api = await connectGitHub(TOKEN, repo, { redact, baseUrl: gh.url })
    const err = await refusal(api.pullBranches(3))
    expect(err.problem).toBe('too-large')
    expect(err.message).toBe('Reading pull request #3 failed: the answer is larger than 1 MiB, so it was not read')
  })

  it('a request that hangs ends after 10 seconds, not before', async () => {
    const s = await serve(() => {})
    const api = await connectGitHub(TOKEN, repo, { redact, baseUrl: s.url })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let outcome: unknown = 'pending'
      api.role('writer').then(
        (v) => {
          outcome = v
        },
        (e: unknown) => {
          outcome = e
        },
      )
      await vi.advanceTimersByTimeAsync(9_999)
      expect(outcome).toBe('pending')
      await vi.advanceTimersByTimeAsync(1)
      await vi.waitFor(() => expect(outcome).toBeInstanceOf(GitHubError))
      expect((outcome as GitHubError).message).toBe("Checking @writer's permission failed: no answer within 10s")
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('pullBranches', () => {
  it('reads the pull request; branch names lose hidden content and secrets', async () => {
    const gh = await github(() => ({
      status: 200,
      body: { head: { ref: `feature/x\u200b<!-- hidden -->-${TOKEN}` }, base: { ref: 'main\n' } },
    }))
    expect(await (await connect(gh.url)).pullBranches(3)).toEqual({ head: 'feature/x-***', base: 'main ', fork: true })
    expect(gh.requests()).toEqual(['GET /repos/acme/app/pulls/3'])
  })

  it('a token split by an invisible character in a branch name is joined, then caught', async () => {
    const split = `${TOKEN.slice(0, 7)}\u200b${TOKEN.slice(7, 14)}\u200b${TOKEN.slice(14)}`
    const s = await serve((_req, res) => json(res, 200, { head: { ref: `leak-${split}` }, base: { ref: 'main' } }))
    // The long piece goes as the answer arrives, the rest once the invisible characters are gone.
    expect(await (await connect(s.url)).pullBranches(3)).toEqual({ head: 'leak-******', base: 'main', fork: true })
  })

  it('a branch that is missing or only hidden content is unknown, not empty', async () => {
    const gh = await github(() => ({ status: 200, body: { head: { ref: '<!-- x -->\u200b' } } }))
    expect(await (await connect(gh.url)).pullBranches(3)).toStrictEqual({
      head: undefined,
      base: undefined,
      fork: true,
    })
  })

  it('an answer that is not an object is an error naming the request', async () => {
    const gh = await github(() => ({ status: 200, body: null }))
    const err = await refusal((await connect(gh.url)).pullBranches(3))
    expect(err.status).toBe(0)
    expect(err.message).toBe("Reading pull request #3 failed: (Cannot read properties of null (reading 'head'))")
  })

  it("tells a fork's pull request, and one whose fork was deleted, from one of the repository itself", async () => {
    const sha = 'A'.repeat(40)
    const side = (name: string | null) => (name === null ? { repo: null } : { repo: { full_name: name } })
    const answers = [
      { head: { ref: 'x', sha, ...side('Acme/App') }, base: { ref: 'main', ...side('acme/app') } },
      { head: { ref: 'x', sha: 'not-a-sha', ...side('someone/app') }, base: { ref: 'main', ...side('acme/app') } },
      { head: { ref: 'x', ...side(null) }, base: { ref: 'main', ...side('acme/app') } },
    ]
    const gh = await github(() => ({ status: 200, body: answers.shift() }))
    const api = await connect(gh.url)
    expect(await api.pullBranches(3)).toEqual({ head: 'x', base: 'main', headSha: 'a'.repeat(40), fork: false })
    expect(await api.pullBranches(3)).toEqual({ head: 'x', base: 'main', fork: true })
    expect(await api.pullBranches(3)).toEqual({ head: 'x', base: 'main', fork: true })
  })

  it('a head or base repository without a name is a fork’s: doubt is never this repository', async () => {
    const answers = [
      { head: { ref: 'x', repo: { id: 1 } }, base: { ref: 'main', repo: { full_name: 'acme/app' } } },
      { head: { ref: 'x', repo: { full_name: 'acme/app' } }, base: { ref: 'main' } },
    ]
    const gh = await github(() => ({ status: 200, body: answers.shift() }))
    const api = await connect(gh.url)
    expect(await api.pullBranches(3)).toMatchObject({ fork: true })
    expect(await api.pullBranches(3)).toMatchObject({ fork: true })
  })
})

describe('pullBranches: open or closed', () => {
  it('a closed or merged pull request says so; an open one does not', async () => {
    const answers = [
      { state: 'closed', merged: true, head: { ref: 'x' }, base: { ref: 'main' } },
      { state: 'closed', head: { ref: 'x' }, base: { ref: 'main' } },
      { state: 'open', head: { ref: 'x' }, base: { ref: 'main' } },
    ]
    const gh = await github(() => ({ status: 200, body: answers.shift() }))
    const api = await connect(gh.url)
    expect(await api.pullBranches(3)).toMatchObject({ closed: true })
    expect(await api.pullBranches(3)).toMatchObject({ closed: true })
    expect((await api.pullBranches(3)).closed).toBeUndefined()
  })
})

describe('pullFiles', () => {
  it('reads every page of the files, each path cleaned, until a short page', async () => {
    const page = (n: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ filename: `docs/p${n}-${i}.mdx`, status: 'modified' }))
    const gh = await github((_m, path) => {
      const n = Number(new URL(path, 'http://x').searchParams.get('page'))
      if (n === 1)
        return {
          status: 200,
          body: [{ filename: `docs/a\u200b.mdx<!-- x -->-${TOKEN}`, status: 'renamed' }, ...page(1, 99)],
        }
      return { status: 200, body: page(n, n === 2 ? 100 : 3) }
    })
    const files = await (await connect(gh.url)).pullFiles(4)
    expect(files).toHaveLength(203)
    expect(files[0]).toEqual({ path: 'docs/a.mdx-***', status: 'renamed' })
    expect(gh.requests()).toEqual([1, 2, 3].map((n) => `GET /repos/acme/app/pulls/4/files?per_page=100&page=${n}`))
  })

  it('stops at GitHub’s own 3,000 files', async () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ filename: `f${i}.md`, status: 'added' }))
    const gh = await github(() => ({ status: 200, body: full }))
    expect(await (await connect(gh.url)).pullFiles(4)).toHaveLength(3000)
    expect(gh.seen).toHaveLength(30)
  })

  it('an answer that is not a list is an error naming the request', async () => {
    const gh = await github(() => ({ status: 200, body: { message: 'odd' } }))
    const err = await refusal((await connect(gh.url)).pullFiles(4))
    expect(err.message).toBe('Reading the files of pull request #4 failed: the list of files is not a list')
  })
})

describe('react', () => {
  it('puts 👀 on an issue comment, or on a review comment', async () => {
    const gh = await github(() => ({ status: 201, body: { id: 1, content: 'eyes' } }))
    const api = await connect(gh.url)
    await api.react(7, false)
    await api.react(8, true)
    expect(gh.requests()).toEqual([
      'POST /repos/acme/app/issues/comments/7/reactions',
      'POST /repos/acme/app/pulls/comments/8/reactions',
    ])
    expect(gh.seen.map((q) => q.body)).toEqual([{ content: 'eyes' }, { content: 'eyes' }])
  })

  it('a refusal is an error naming the reaction', async () => {
    const gh = await github(() => ({ status: 403, body: { message: 'Forbidden' } }))
    const err = await refusal((await connect(gh.url)).react(7, false))
    expect(err.message).toBe('Reacting to the comment failed: HTTP 403 (Forbidden)')
  })
})

describe('comment', () => {
  it('comments on the issue and returns the comment, its link cleaned', async () => {
    const gh = await github(() => ({
      status: 201,
      body: { id: 42, html_url: `https://github.com/acme/app/issues/3#issuecomment-42\u200b<!-- ${TOKEN} -->` },
    }))
    const posted = await (await connect(gh.url)).comment(issue, 'Working on it')
    expect(posted).toEqual({ id: 42, url: 'https://github.com/acme/app/issues/3#issuecomment-42', review: false })
    expect(gh.requests()).toEqual(['POST /repos/acme/app/issues/3/comments'])
    expect(gh.seen[0]?.body).toEqual({ body: 'Working on it' })
  })

  it("replies in a review comment's thread", async () => {
    const gh = await github(() => ({ status: 201, body: { id: 43, html_url: 'https://github.com/x#r43' } }))
    const posted = await (await connect(gh.url)).comment(pull, 'Done', { reviewCommentId: 9 })
    expect(posted).toEqual({ id: 43, url: 'https://github.com/x#r43', review: true })
    expect(gh.requests()).toEqual(['POST /repos/acme/app/pulls/4/comments/9/replies'])
    expect(gh.seen[0]?.body).toEqual({ body: 'Done' })
  })

  it('an answer without a comment id is an error: the comment could not be edited later', async () => {
    const gh = await github(() => ({ status: 201, body: { id: '42' } }))
    const err = await refusal((await connect(gh.url)).comment(issue, 'hi'))
    expect(err.message).toBe('Commenting failed: the answer holds no comment id')
  })

  it('an error message that echoes the token is redacted in the error itself', async () => {
    const s = await serve((_req, res) => json(res, 403, { message: `Token ${TOKEN} lacks issues: write` }))
    const err = await refusal((await connect(s.url)).comment(issue, 'hi'))
    expect(err.status).toBe(403)
    expect(err.message).toBe('Commenting failed: HTTP 403 (Token *** lacks issues: write)')
  })
})

describe('editComment', () => {
  it('rewrites an issue comment, or a review comment', async () => {
    const gh = await github(() => ({ status: 200, body: { id: 1 } }))
    const api = await connect(gh.url)
    await api.editComment({ id: 11, url: '', review: false }, 'First')
    await api.editComment({ id: 12, url: '', review: true }, 'Second')
    expect(gh.requests()).toEqual([
      'PATCH /repos/acme/app/issues/comments/11',
      'PATCH /repos/acme/app/pulls/comments/12',
    ])
    expect(gh.seen.map((q) => q.body)).toEqual([{ body: 'First' }, { body: 'Second' }])
  })

  it('a refusal is an error naming the update', async () => {
    const gh = await github(() => ({ status: 404, body: { message: 'Not Found' } }))
    const err = await refusal((await connect(gh.url)).editComment({ id: 11, url: '', review: false }, 'x'))
    expect(err.status).toBe(404)
    expect(err.message).toBe('Updating the reply failed: HTTP 404 (Not Found)')
  })
})

describe('conversation', () => {
  const item = (id: number, body = `comment ${id}`) => ({
    id,
    html_url: `https://github.com/acme/app/issues/3#issuecomment-${id}`,
    body,
    user: { login: 'writer', type: 'User' },
    created_at: '2026-01-02T03:04:05Z',
  })
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i))
  const page = (path: string) => Number(new URL(path, 'http://x').searchParams.get('page'))

  it('reads the comments of an issue page by page, until a short page', async () => {
    const gh = await github((_m, path) => ({ status: 200, body: page(path) === 1 ? ids(1, 100) : ids(101, 20) }))
    const thread = await (await connect(gh.url)).conversation(issue)
    expect(gh.requests()).toEqual([
      'GET /repos/acme/app/issues/3/comments?per_page=100&page=1',
      'GET /repos/acme/app/issues/3/comments?per_page=100&page=2',
    ])
    expect(thread.map((c) => c.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1))
    expect(thread[0]).toEqual({
      id: 1,
      url: 'https://github.com/acme/app/issues/3#issuecomment-1',
      body: 'comment 1',
      author: { login: 'writer', type: 'User' },
      createdAt: '2026-01-02T03:04:05Z',
      review: false,
    })
  })

  it('a full last page is followed by one more request', async () => {
    const gh = await github((_m, path) => ({ status: 200, body: page(path) === 1 ? ids(1, 100) : [] }))
    expect(await (await connect(gh.url)).conversation(issue)).toHaveLength(100)
    expect(gh.requests()).toHaveLength(2)
  })

  it("a pull request's review comments follow its comments, marked as review comments", async () => {
    const gh = await github((_m, path) => ({
      status: 200,
      body: path.startsWith('/repos/acme/app/pulls/') ? [item(20)] : [item(10)],
    }))
    const thread = await (await connect(gh.url)).conversation(pull)
    expect(gh.requests()).toEqual([
      'GET /repos/acme/app/issues/4/comments?per_page=100&page=1',
      'GET /repos/acme/app/pulls/4/comments?per_page=100&page=1',
    ])
    expect(thread.map((c) => [c.id, c.review])).toEqual([
      [10, false],
      [20, true],
    ])
  })

  it('bodies are redacted but keep their markers (HTML comments)', async () => {
    const gh = await github(() => ({ status: 200, body: [item(1, `<!-- mintlify-job: j1 -->\nkey ${TOKEN}`)] }))
    const [comment] = await (await connect(gh.url)).conversation(issue)
    expect(comment?.body).toBe('<!-- mintlify-job: j1 -->\nkey ***')
  })

  it('a comment without fields reads as empty ones', async () => {
    const gh = await github(() => ({ status: 200, body: [{ id: 5 }] }))
    expect(await (await connect(gh.url)).conversation(issue)).toEqual([
      { id: 5, url: '', body: '', author: { login: '', type: '' }, createdAt: '', review: false },
    ])
  })

  it('more than 30 pages is an error, after 30 requests', async () => {
    const gh = await github((_m, path) => ({ status: 200, body: ids(page(path) * 100, 100) }))
    const err = await refusal((await connect(gh.url)).conversation(issue))
    expect(err.message).toBe('the conversation has more than 3,000 comments')
    expect(gh.requests()).toHaveLength(30)
    expect(gh.requests().at(-1)).toBe('GET /repos/acme/app/issues/3/comments?per_page=100&page=30')
  })

  it.each([
    ['an answer that is not a list', { comments: [] }, 'the list of comments is not a list'],
    ['a comment without a numeric id', [item(1), { ...item(2), id: '2' }], 'a comment in the list has no id'],
  ])('%s is an error, never an empty conversation', async (_, body, message) => {
    const gh = await github(() => ({ status: 200, body }))
    const err = await refusal((await connect(gh.url)).conversation(issue))
    expect(err.message).toBe(message)
  })

  it('a refusal is an error naming the conversation', async () => {
    const gh = await github(() => ({ status: 500, body: { message: 'Server Error' } }))
    const err = await refusal((await connect(gh.url)).conversation(pull))
    expect(err.status).toBe(500)
    expect(err.message).toBe('Reading the conversation of #4 failed: HTTP 500 (Server Error)')
  })
})

describe('account', () => {
  const viewer = (login: unknown) => ({ status: 200, body: { data: { viewer: { login } } } })

  it("asks GraphQL's viewer once with the token, for any kind of token; later calls reuse the answer", async () => {
    const gh = await github(() => viewer('mintlify-docs[bot]'))
    const api = await connect(gh.url)
    expect(await api.account()).toBe('mintlify-docs[bot]')
    expect(await api.account()).toBe('mintlify-docs[bot]')
    expect(gh.requests()).toEqual(['POST /graphql'])
    expect(gh.seen[0]?.body).toEqual({ query: 'query { viewer { login } }' })
    expect(gh.seen[0]?.headers.authorization).toBe(`token ${TOKEN}`)
  })

  it('after a comment is posted, is its author: nothing asked', async () => {
    const gh = await github((method) =>
      method === 'POST' && gh.requests().length === 1
        ? {
            status: 201,
            body: { id: 42, html_url: 'https://x/1', user: { login: 'github-actions[bot]', type: 'Bot' } },
          }
        : viewer('someone-else[bot]'),
    )
    const api = await connect(gh.url)
    await api.comment(issue, 'Working on it')
    expect(await api.account()).toBe('github-actions[bot]')
    expect(gh.requests()).toEqual(['POST /repos/acme/app/issues/3/comments'])
  })

  it('a posted comment whose answer names no author teaches nothing: GraphQL is asked', async () => {
    const gh = await github((_m, path) =>
      path === '/graphql' ? viewer('github-actions[bot]') : { status: 201, body: { id: 42, user: { login: '' } } },
    )
    const api = await connect(gh.url)
    await api.comment(issue, 'Working on it')
    expect(await api.account()).toBe('github-actions[bot]')
    expect(gh.requests()).toEqual(['POST /repos/acme/app/issues/3/comments', 'POST /graphql'])
  })

  it.each([
    ['no login', viewer(''), 'Finding the account the token writes as failed: the answer holds no login'],
    [
      'a login that is not text',
      viewer(7),
      'Finding the account the token writes as failed: the answer holds no login',
    ],
    [
      'no viewer',
      { status: 200, body: { data: {} } },
      'Finding the account the token writes as failed: the answer holds no login',
    ],
    [
      'a refusal',
      { status: 403, body: { message: 'Resource not accessible by integration' } },
      'Finding the account the token writes as failed: HTTP 403 (Resource not accessible by integration)',
    ],
  ])('an answer with %s is an error, and is not asked again', async (_, answer, message) => {
    const gh = await github(() => answer)
    const api = await connect(gh.url)
    expect((await refusal(api.account())).message).toBe(message)
    expect((await refusal(api.account())).message).toBe(message)
    expect(gh.requests()).toEqual(['POST /graphql'])
  })

  it('a GraphQL error is an error naming the lookup', async () => {
    const gh = await github(() => ({ status: 200, body: { errors: [{ message: 'Something went wrong' }] } }))
    const err = await refusal((await connect(gh.url)).account())
    expect(err.message).toBe(
      'Finding the account the token writes as failed: (Request failed due to following response errors:\n - Something went wrong)',
    )
  })
})

describe('issue', () => {
  const answer = (body: Record<string, unknown>) => ({
    status: 200,
    body: {
      number: 7,
      title: `Documentation gaps\u200b<!-- x --> ${TOKEN}`,
      html_url: 'https://github.com/acme/app/issues/7',
      state: 'open',
      locked: false,
      repository_url: 'https://api.github.com/repos/acme/app',
      ...body,
    },
  })

  it('reads the issue: its title cleaned, open or closed, locked or not, and the repository that answered', async () => {
    const gh = await github(() => answer({ state: 'closed', locked: true }))
    expect(await (await connect(gh.url)).issue(7)).toEqual({
      target: {
        number: 7,
        title: 'Documentation gaps ***',
        url: 'https://github.com/acme/app/issues/7',
        isPullRequest: false,
      },
      state: 'closed',
      locked: true,
      repository: 'acme/app',
    })
    expect(gh.requests()).toEqual(['GET /repos/acme/app/issues/7'])
  })

  it('a pull request is one, as GitHub lists it among issues; an answer without repository_url names none', async () => {
    const gh = await github(() => answer({ pull_request: { url: 'x' }, repository_url: undefined }))
    const read = await (await connect(gh.url)).issue(7)
    expect(read.target.isPullRequest).toBe(true)
    expect(read.repository).toBeUndefined()
    expect(read.locked).toBe(false)
  })

  it.each([
    ['no number', { number: undefined }],
    ['no state', { state: undefined }],
    ['a state GitHub does not use', { state: 'archived' }],
  ])('an answer with %s is an error naming the request', async (_, body) => {
    const gh = await github(() => answer(body))
    const err = await refusal((await connect(gh.url)).issue(7))
    expect(err.message).toBe('Reading #7 failed: the answer holds no number or state')
  })

  it('a 404 is an error with its status', async () => {
    const gh = await github(() => ({ status: 404, body: { message: 'Not Found' } }))
    const err = await refusal((await connect(gh.url)).issue(7))
    expect(err.status).toBe(404)
    expect(err.message).toBe('Reading #7 failed: HTTP 404 (Not Found)')
  })
})

describe('pullState', () => {
  it.each([
    [{ state: 'open', merged: false }, 'open'],
    [{ state: 'closed', merged: true }, 'merged'],
    [{ state: 'closed', merged: false }, 'closed'],
    [{ state: 'closed' }, 'closed'],
  ])('reads a pull request of any repository: %o is %s', async (body, state) => {
    const gh = await github(() => ({ status: 200, body }))
    expect(await (await connect(gh.url)).pullState({ owner: 'acme', repo: 'docs' }, 31)).toBe(state)
    expect(gh.requests()).toEqual(['GET /repos/acme/docs/pulls/31'])
  })

  it('an answer without a state is an error naming the pull request; a 403 keeps its status', async () => {
    const gh = await github((_m, path) =>
      path.endsWith('/31') ? { status: 200, body: { merged: false } } : { status: 403, body: { message: 'Forbidden' } },
    )
    const api = await connect(gh.url)
    const odd = await refusal(api.pullState({ owner: 'acme', repo: 'docs' }, 31))
    expect(odd.message).toBe('Reading pull request acme/docs#31 failed: the answer holds no state')
    const refused = await refusal(api.pullState({ owner: 'acme', repo: 'docs' }, 32))
    expect(refused.status).toBe(403)
    expect(refused.message).toBe('Reading pull request acme/docs#32 failed: HTTP 403 (Forbidden)')
  })
})

describe("Octokit's own messages", () => {
  it('a deprecation notice goes to the debug log', async () => {
    const gh = await github(() => ({
      status: 200,
      body: { permission: 'write', role_name: 'write' },
      headers: { deprecation: 'true', sunset: '2027-01-01' },
    }))
    const log = memoryLog()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = await connectGitHub(TOKEN, repo, { redact, baseUrl: gh.url, log })
    expect(await api.role('writer')).toBe('write')
    expect(log.lines).toEqual([
      {
        level: 'debug',
        message: `[@octokit/request] "GET ${gh.url}/repos/acme/app/collaborators/writer/permission" is deprecated. It is scheduled to be removed on 2027-01-01`,
      },
    ])
    expect(warn).not.toHaveBeenCalled()
  })

  it('without a log, a notice is dropped and the request still answers', async () => {
    const gh = await github(() => ({
      status: 200,
      body: { permission: 'read', role_name: 'read' },
      headers: { deprecation: 'true' },
    }))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await (await connectGitHub(TOKEN, repo, { redact, baseUrl: gh.url })).role('reader')).toBe('read')
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('bestEffort', () => {
  it('returns what the work returns, and logs nothing', async () => {
    const log = memoryLog()
    expect(await bestEffort('Could not reply', issue, log, async () => 5)).toBe(5)
    expect(log.lines).toEqual([])
  })

  it.each([
    [403, issue, 'issues: write'],
    [404, issue, 'issues: write'],
    [403, pull, 'pull-requests: write'],
  ])('a %i is a warning naming the permission to add', async (status, target, permission) => {
    const log = memoryLog()
    const result = await bestEffort('Could not reply', target, log, async () => {
      throw new GitHubError(status, `Commenting failed: HTTP ${status} (Forbidden)`)
    })
    expect(result).toBeUndefined()
    expect(log.lines).toEqual([
      {
        level: 'warning',
        message: `Could not reply: Commenting failed: HTTP ${status} (Forbidden). Give the workflow \`permissions: ${permission}\` (and make sure \`github-token\` may write).`,
      },
    ])
  })

  it.each([0, 401, 500])('a failure with status %i is a warning without advice on permissions', async (status) => {
    const log = memoryLog()
    await bestEffort('Could not react to the comment', pull, log, async () => {
      throw new GitHubError(status, 'Reacting to the comment failed: no answer within 10s')
    })
    expect(log.lines).toEqual([
      {
        level: 'warning',
        message: 'Could not react to the comment: Reacting to the comment failed: no answer within 10s.',
      },
    ])
  })

  it('names the permission an issue or a pull request needs', () => {
    expect(permissionFor(issue)).toBe('issues: write')
    expect(permissionFor(pull)).toBe('pull-requests: write')
  })
})
