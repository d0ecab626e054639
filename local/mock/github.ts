/**
 * The GitHub stand-in of the local mock, under `/repos/{owner}/{repo}/`: the few REST endpoints the comment
 * features use (permissions, pull requests, reactions, and the comments of issues and pull requests, listed
 * page by page with `Link` headers, posted as `github-actions[bot]`, edited only by their author), kept in
 * `GitHubData` so a test can seed a thread and read it back as a reader would; issues (`GitHubData.issues`):
 * listed newest first with `Link` headers, created as `github-actions[bot]`, edited by number; and GraphQL's
 * `viewer { login }` at `/graphql`, which answers the same account. For previews: a pull request's changed files
 * (`GET pulls/N/files`, paged), and the Git data API under `git/` (local/mock/github-git.ts) that a fork preview
 * writes its branch with.
 */
import { createHash } from 'node:crypto'
import { answerGit, headCommit, type MockGit } from './github-git.ts'
import type { Route, SeenRequest, Send } from './http.ts'

/** The few GitHub REST endpoints the comment features call, served under `/repos/`. */
export interface GitHubData {
  /** Login → role (`admin`, `maintain`, `write`, `triage`, `read`); others are not collaborators (404). */
  roles: Record<string, string>
  /** Pull request number → the pull request: `GET pulls/N`, and `GET pulls/N/files` for its changed files. */
  pulls?: Record<number, MockPull>
  /**
   * An issue's (or a pull request's conversation) comments, by number, oldest first: what
   * `GET issues/N/comments` lists and `POST issues/N/comments` adds to. Seed with `seedComment`.
   */
  comments?: Record<number, MockComment[]>
  /** A pull request's review comments, by number: `GET pulls/N/comments`, `POST pulls/N/comments/M/replies`. */
  reviewComments?: Record<number, MockComment[]>
  /**
   * The repository's issues (and pull requests, with `pull_request`): what `GET issues` lists, newest first,
   * `POST issues` adds to and `PATCH issues/N` edits. Seed with `seedIssue`.
   */
  issues?: MockIssue[]
  /**
   * The account the token writes as (GraphQL `viewer`, the author of what it posts); `github-actions[bot]` when
   * unset. A personal access token's user is `{ login, type: 'User' }`.
   */
  tokenUser?: { login: string; type: string }
  /** Git objects and branches (`git/` endpoints); seed a branch with `seedCommit`, read one with `branchFiles`. */
  git?: MockGit
}

/** A pull request as the stand-in keeps it; `GET pulls/N` fills in the rest of GitHub's shape. */
export interface MockPull {
  /** The head branch. */
  head: string
  /** The base branch. */
  base: string
  /**
   * The head's repository (`owner/name`): the repository of the request by default; another one is a pull request
   * from a fork (`head.repo.fork: true`); `null`, a fork since deleted (`head.repo: null`).
   */
  repo?: string | null
  /** `head.sha`: by default the head branch's commit in `git` (of the head's repository), else one made up. */
  sha?: string
  title?: string
  state?: 'open' | 'closed'
  merged?: boolean
  /** Who opened it; `octocat`, a person, by default. */
  user?: { login: string; type: string }
  /**
   * The files it changes, in GitHub's order: what `GET pulls/N/files` pages through (30 a page by default, at
   * most 100; GitHub lists the first 3,000 only, and so does the stand-in).
   */
  files?: MockPullFile[]
}

/** A changed file of a pull request; the answer adds `sha`, `changes`, `blob_url`, `raw_url`, `contents_url`. */
export interface MockPullFile {
  filename: string
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged'
  /** The path before, for `renamed` (and `copied`). */
  previous_filename?: string
  additions?: number
  deletions?: number
}

/** An issue as the stand-in stores it; answers fill `html_url`. */
export interface MockIssue {
  number: number
  title: string
  body: string | null
  state: 'open' | 'closed'
  /** A locked conversation (`locked: true` in answers); unlocked by default. */
  locked?: boolean
  user: { login: string; type: string }
  /** ISO date-time. */
  created_at: string
  updated_at?: string
  html_url?: string
  /** Present on a pull request, as GitHub lists them among issues; answers fill the URLs left out (`{}`). */
  pull_request?: { url?: string; html_url?: string }
}

/** A comment as the stand-in stores it; lists and answers add `node_id`, and fill `updated_at` and `html_url`. */
export interface MockComment {
  id: number
  body: string
  user: { login: string; type: string }
  /** ISO date-time. */
  created_at: string
  updated_at?: string
  html_url?: string
  /** A review comment's reply: the id of the comment it answers. */
  in_reply_to_id?: number
}

/** Who the mock's token is: what GitHub answers for the workflow's `GITHUB_TOKEN`. */
export const TOKEN_USER = { login: 'github-actions[bot]', type: 'Bot' } as const

/** GitHub's comment size limit, in characters. */
const GITHUB_COMMENT_LIMIT = 65_536

/** One id counter and one clock per GitHubData, shared by seeded and posted comments. */
const counters = new WeakMap<GitHubData, { id: number; time: number }>()

/** Starts `data` anew from `fresh`, in place (its users keep the same object), with its id counter and clock. */
export function resetGitHubData(data: GitHubData, fresh: GitHubData): void {
  for (const key of Object.keys(data)) delete data[key as keyof GitHubData]
  Object.assign(data, fresh)
  counters.delete(data)
}

function counterOf(data: GitHubData): { id: number; time: number } {
  let c = counters.get(data)
  if (!c) {
    c = { id: 1000, time: 0 }
    counters.set(data, c)
  }
  // Ids given by a test (or stored by hand) are never issued again.
  for (const store of [data.comments, data.reviewComments])
    for (const list of Object.values(store ?? {})) for (const comment of list) c.id = Math.max(c.id, comment.id)
  return c
}

/** The next issue number: after every issue and pull request the data knows (they share one sequence on GitHub). */
function nextIssueNumber(data: GitHubData): number {
  let n = 0
  for (const issue of data.issues ?? []) n = Math.max(n, issue.number)
  for (const key of Object.keys(data.pulls ?? {})) n = Math.max(n, Number(key))
  for (const key of Object.keys(data.comments ?? {})) n = Math.max(n, Number(key))
  return n + 1
}

/**
 * Adds an issue as if opened earlier: `number` and `created_at` are assigned when missing (both increasing,
 * so the last one seeded is the newest), `user` defaults to a person, `octocat`, `state` to open; `pull: true`
 * makes it a pull request as the issues list shows one. Returns the stored issue (the object the mock edits).
 */
export function seedIssue(
  data: GitHubData,
  issue: Partial<MockIssue> & { body: string | null; pull?: boolean },
): MockIssue {
  const { pull, ...fields } = issue
  const number = fields.number ?? nextIssueNumber(data)
  const stored: MockIssue = {
    title: `Issue ${number}`,
    state: 'open',
    user: { login: 'octocat', type: 'User' },
    ...fields,
    number,
    created_at: fields.created_at ?? nextStamp(data).created_at,
    ...(pull ? { pull_request: {} } : {}),
  }
  data.issues ??= []
  data.issues.push(stored)
  return stored
}

/**
 * Merges pull request `number` as a person would on GitHub: from now on `GET pulls/N` answers `state: closed` and
 * `merged: true`. The stand-in must know it (`GitHubData.pulls`: a test or demo adds the pull request the agent
 * opened); returns the stored pull request.
 */
export function mergePull(data: GitHubData, number: number): MockPull {
  const pr = data.pulls?.[number]
  if (!pr) throw new Error(`Pull request ${number} is not in the stand-in (GitHubData.pulls): add it before merging it`)
  pr.state = 'closed'
  pr.merged = true
  return pr
}

/** The next comment id and creation time for `data`: ids and times strictly increase. */
function nextStamp(data: GitHubData): { id: number; created_at: string } {
  const c = counterOf(data)
  c.id++
  c.time = Math.max(Date.now(), c.time + 1)
  return { id: c.id, created_at: new Date(c.time).toISOString() }
}

/**
 * Adds a comment to issue (or pull request) `number`'s conversation, or with `review` to its review
 * comments, as if written earlier; `id` and `created_at` are assigned when missing (both strictly
 * increasing, so the newest comment is the last one seeded), `user` defaults to a person, `octocat`.
 * Returns the stored comment (the object the mock answers with and edits).
 */
export function seedComment(
  data: GitHubData,
  number: number,
  c: Partial<MockComment> & { body: string },
  review = false,
): MockComment {
  const stamp = nextStamp(data)
  const comment: MockComment = {
    user: { login: 'octocat', type: 'User' },
    ...c,
    id: c.id ?? stamp.id,
    created_at: c.created_at ?? stamp.created_at,
  }
  return storeComment(data, number, comment, review)
}

/** Appends a comment to the thread of issue or pull request `number`, creating the store as needed. */
function storeComment(data: GitHubData, number: number, comment: MockComment, review: boolean): MockComment {
  const key = review ? 'reviewComments' : 'comments'
  const store = data[key] ?? {}
  data[key] = store
  const list = store[number] ?? []
  store[number] = list
  list.push(comment)
  return comment
}

export interface GitHubFamily {
  data: GitHubData
  /** `/repos/{owner}/{repo}/...` */
  rest: Route
  /** `POST /graphql` */
  graphql: Route
}

/** `origin`: the mock's own URL, once it listens (the `Link` headers point at it). */
export function githubFamily(data: GitHubData | undefined, origin: () => string): GitHubFamily {
  const gh: GitHubData = data ?? { roles: {} }
  const github = (seen: SeenRequest, pathname: string, search: string, send: Send) => {
    if (!seen.headers.authorization) return send(401, { message: 'Requires authentication' })
    const parts = pathname.split('/').slice(4) // after /repos/owner/repo/
    const route = `${seen.method} ${parts.map((p) => (/^\d+$/.test(p) ? 'N' : p)).join('/')}`
    const user = parts[1] ?? ''
    const n = Number(parts[1]) // the issue, pull request or comment number of most routes
    const repo = repoOf(pathname) // `html_url`s name the repository the request was made to
    if (parts[0] === 'git') return answerGit(gh, seen, repo, parts.slice(1), search, gh.tokenUser ?? TOKEN_USER, send)
    switch (route) {
      case `GET collaborators/${user}/permission`: {
        const login = decodeURIComponent(user)
        const role = gh.roles[login]
        if (!role) return send(404, { message: 'Not Found' })
        const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
        return send(200, { permission, role_name: role, user: { login } })
      }
      case 'GET pulls/N': {
        const pr = gh.pulls?.[n]
        if (!pr) return send(404, { message: 'Not Found' })
        return send(200, presentPull(n, pr, repo))
      }
      case 'GET pulls/N/files': {
        const pr = gh.pulls?.[n]
        if (!pr) return send(404, { message: 'Not Found' })
        const sha = presentPull(n, pr, repo).head.sha
        const present = (f: MockPullFile) => presentFile(f, repo, sha)
        return listPage((pr.files ?? []).slice(0, 3000), present, pathname, search, send)
      }
      case 'POST issues/comments/N/reactions':
      case 'POST pulls/comments/N/reactions':
        return send(201, { id: 1, content: 'eyes' })
      case 'GET issues/N/comments':
        return listComments(gh.comments?.[n] ?? [], n, false, pathname, search, send)
      case 'GET pulls/N/comments':
        return listComments(gh.reviewComments?.[n] ?? [], n, true, pathname, search, send)
      case 'GET issues/comments/N':
      case 'GET pulls/comments/N': {
        const review = parts[0] === 'pulls'
        const found = findComment(review ? gh.reviewComments : gh.comments, Number(parts[2]))
        if (!found) return send(404, { message: 'Not Found' })
        return send(200, presentComment(repo, found.comment, found.number, review))
      }
      case 'POST issues/N/comments':
      case 'POST pulls/N/comments/N/replies': {
        const body = commentBody(seen.body)
        if (typeof body !== 'string') return send(body.status, { message: body.message })
        const review = parts[0] === 'pulls'
        const { id, created_at } = nextStamp(gh)
        const comment: MockComment = {
          id,
          body,
          user: { ...(gh.tokenUser ?? TOKEN_USER) },
          created_at,
          updated_at: created_at,
          html_url: commentUrl(repo, n, id, review),
          ...(review ? { in_reply_to_id: Number(parts[3]) } : {}),
        }
        return send(201, presentComment(repo, storeComment(gh, n, comment, review), n, review))
      }
      case 'PATCH issues/comments/N':
      case 'PATCH pulls/comments/N': {
        const review = parts[0] === 'pulls'
        const found = findComment(review ? gh.reviewComments : gh.comments, Number(parts[2]))
        if (!found) return send(404, { message: 'Not Found' })
        // A token may edit only the comments its own identity wrote.
        if (found.comment.user.login !== (gh.tokenUser ?? TOKEN_USER).login)
          return send(403, { message: 'Resource not accessible by integration' })
        const body = commentBody(seen.body)
        if (typeof body !== 'string') return send(body.status, { message: body.message })
        found.comment.body = body
        found.comment.updated_at = new Date(Math.max(Date.now(), Date.parse(found.comment.created_at))).toISOString()
        return send(200, presentComment(repo, found.comment, found.number, review))
      }
      case 'GET issues':
        return listIssues(pathname, search, send)
      case 'GET issues/N': {
        const issue = gh.issues?.find((i) => i.number === n)
        if (!issue) return send(404, { message: 'Not Found' })
        return send(200, presentIssue(issue, pathname))
      }
      case 'POST issues': {
        const fields = issueFields(seen.body, true)
        if ('status' in fields) return send(fields.status, { message: fields.message })
        const created_at = nextStamp(gh).created_at
        const issue: MockIssue = {
          number: nextIssueNumber(gh),
          title: fields.title ?? '',
          body: fields.body ?? null,
          state: 'open',
          user: { ...(gh.tokenUser ?? TOKEN_USER) },
          created_at,
          updated_at: created_at,
        }
        gh.issues ??= []
        gh.issues.push(issue)
        return send(201, presentIssue(issue, pathname))
      }
      case 'PATCH issues/N': {
        const issue = gh.issues?.find((i) => i.number === n)
        if (!issue) return send(404, { message: 'Not Found' })
        const fields = issueFields(seen.body, false)
        if ('status' in fields) return send(fields.status, { message: fields.message })
        if (fields.title !== undefined) issue.title = fields.title
        if (fields.body !== undefined) issue.body = fields.body
        if (fields.state !== undefined) issue.state = fields.state
        issue.updated_at = new Date(Math.max(Date.now(), Date.parse(issue.created_at))).toISOString()
        return send(200, presentIssue(issue, pathname))
      }
      default:
        return send(404, { message: `Not Found: ${route}` })
    }
  }

  /** A pull request in GitHub's shape (the fields a client reads), its head's sha from `git` where it has one. */
  const presentPull = (n: number, pr: MockPull, repo: string) => {
    const headRepo = pr.repo === undefined ? repo : pr.repo
    const user = pr.user ?? { login: 'octocat', type: 'User' }
    const sha = pr.sha ?? (headRepo === null ? undefined : headCommit(gh, headRepo, pr.head)?.sha)
    return {
      url: `https://api.github.com/repos/${repo}/pulls/${n}`,
      number: n,
      state: pr.state ?? 'open',
      title: pr.title ?? `Pull request ${n}`,
      user: { ...user },
      html_url: `https://github.com/${repo}/pull/${n}`,
      draft: false,
      merged: pr.merged ?? false,
      head: {
        label: `${headRepo === null ? user.login : ownerOf(headRepo)}:${pr.head}`,
        ref: pr.head,
        sha: sha ?? madeUpSha(`${headRepo}:${pr.head}`),
        repo: headRepo === null ? null : { full_name: headRepo, fork: headRepo !== repo },
      },
      base: {
        label: `${ownerOf(repo)}:${pr.base}`,
        ref: pr.base,
        sha: headCommit(gh, repo, pr.base)?.sha ?? madeUpSha(`${repo}:${pr.base}`),
        repo: { full_name: repo, fork: false },
      },
    }
  }

  /** GraphQL, as far as the action asks it: who the token is (`viewer { login }`), as GitHub answers. */
  const graphql = (seen: SeenRequest, send: Send) => {
    if (!seen.headers.authorization) return send(401, { message: 'This endpoint requires you to be authenticated.' })
    const query = String((JSON.parse(seen.body || '{}') as { query?: unknown }).query ?? '')
    if (!/\bviewer\s*\{\s*login\s*\}/.test(query))
      return send(200, { errors: [{ message: 'Not served by the stand-in' }] })
    return send(200, { data: { viewer: { login: (gh.tokenUser ?? TOKEN_USER).login } } })
  }

  /** `https://github.com/{owner}/{repo}/issues/N#issuecomment-ID`, `pull/N` for a pull request, `#discussion_rID` for review comments. */
  const commentUrl = (repo: string, n: number, id: number, review: boolean) =>
    review
      ? `https://github.com/${repo}/pull/${n}#discussion_r${id}`
      : `https://github.com/${repo}/${gh.pulls?.[n] ? 'pull' : 'issues'}/${n}#issuecomment-${id}`

  const presentComment = (repo: string, c: MockComment, n: number, review: boolean) => ({
    id: c.id,
    node_id: `${review ? 'PRRC' : 'IC'}_mock${c.id}`,
    body: c.body,
    user: { ...c.user },
    created_at: c.created_at,
    updated_at: c.updated_at ?? c.created_at,
    html_url: c.html_url ?? commentUrl(repo, n, c.id, review),
    ...(review
      ? {
          // GitHub files every review comment under a review; a reply (or a lone comment) is a review of its own.
          pull_request_review_id: 500_000 + c.id,
          ...(c.in_reply_to_id !== undefined ? { in_reply_to_id: c.in_reply_to_id } : {}),
        }
      : {}),
  })

  /** One page of a list, oldest first, with GitHub's `per_page` (default 30, at most 100), `page` and `Link`. */
  const listComments = (
    all: MockComment[],
    n: number,
    review: boolean,
    pathname: string,
    search: string,
    send: Send,
  ) => {
    const sorted = [...all].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id)
    return listPage(sorted, (c) => presentComment(repoOf(pathname), c, n, review), pathname, search, send)
  }

  /** A page of `sorted` as GitHub lists it: `per_page` (default 30, at most 100), `page`, and `Link`. */
  const listPage = <T>(sorted: T[], present: (item: T) => unknown, pathname: string, search: string, send: Send) => {
    const q = new URLSearchParams(search)
    const asked = Number.parseInt(q.get('per_page') ?? '', 10)
    const perPage = Number.isNaN(asked) || asked < 1 ? 30 : Math.min(asked, 100)
    const pageAsked = Number.parseInt(q.get('page') ?? '', 10)
    const page = Number.isNaN(pageAsked) || pageAsked < 1 ? 1 : pageAsked
    const items = sorted.slice((page - 1) * perPage, page * perPage).map(present)
    const last = Math.max(1, Math.ceil(sorted.length / perPage))
    const linkTo = (p: number, rel: string) => {
      const params = new URLSearchParams(search)
      params.set('page', String(p))
      return `<${origin()}${pathname}?${params}>; rel="${rel}"`
    }
    // As GitHub writes it: prev, next, last, first; no header at all for a single page.
    const links: string[] = []
    if (page > 1) links.push(linkTo(Math.min(page - 1, last), 'prev'))
    if (page < last) links.push(linkTo(page + 1, 'next'), linkTo(last, 'last'))
    if (page > 1) links.push(linkTo(1, 'first'))
    return send(200, items, links.length ? { link: links.join(', ') } : {})
  }

  const presentIssue = (issue: MockIssue, pathname: string) => {
    const repo = repoOf(pathname)
    return {
      id: 9_000_000 + issue.number,
      node_id: `I_mock${issue.number}`,
      number: issue.number,
      title: issue.title,
      body: issue.body,
      state: issue.state,
      locked: issue.locked ?? false,
      user: { ...issue.user },
      created_at: issue.created_at,
      updated_at: issue.updated_at ?? issue.created_at,
      html_url:
        issue.html_url ?? `https://github.com/${repo}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}`,
      repository_url: `https://api.github.com/repos/${repo}`,
      ...(issue.pull_request
        ? {
            pull_request: {
              url: issue.pull_request.url ?? `https://api.github.com/repos/${repo}/pulls/${issue.number}`,
              html_url: issue.pull_request.html_url ?? `https://github.com/${repo}/pull/${issue.number}`,
            },
          }
        : {}),
    }
  }

  /** `GET issues`: `state` (open by default, closed, all), `sort=created` with `direction` (desc by default). */
  const listIssues = (pathname: string, search: string, send: Send) => {
    const q = new URLSearchParams(search)
    const state = q.get('state') ?? 'open'
    const sort = q.get('sort') ?? 'created'
    const direction = q.get('direction') ?? 'desc'
    if (!['open', 'closed', 'all'].includes(state) || sort !== 'created' || !['asc', 'desc'].includes(direction))
      return send(422, { message: 'Validation Failed: the stand-in serves state=open|closed|all, sort=created' })
    const sign = direction === 'asc' ? 1 : -1
    // `creator`: only the issues that account opened, as GitHub filters them.
    const creator = q.get('creator')
    const sorted = (gh.issues ?? [])
      .filter((i) => state === 'all' || i.state === state)
      .filter((i) => creator === null || i.user.login === creator)
      .sort((a, b) => sign * (Date.parse(a.created_at) - Date.parse(b.created_at) || a.number - b.number))
    return listPage(sorted, (i) => presentIssue(i, pathname), pathname, search, send)
  }

  return {
    data: gh,
    rest: (seen, pathname, search, send) => {
      if (!pathname.startsWith('/repos/')) return false
      github(seen, pathname, search, send)
      return true
    },
    graphql: (seen, pathname, _search, send) => {
      if (pathname !== '/graphql' || seen.method !== 'POST') return false
      graphql(seen, send)
      return true
    },
  }
}

/** A changed file as `GET pulls/N/files` lists it, at the head commit `sha`. */
function presentFile(f: MockPullFile, repo: string, sha: string) {
  const additions = f.additions ?? (f.status === 'removed' ? 0 : 3)
  const deletions = f.deletions ?? (f.status === 'added' ? 0 : 1)
  return {
    sha: madeUpSha(`${f.filename}@${sha}`),
    filename: f.filename,
    status: f.status,
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `https://github.com/${repo}/blob/${sha}/${encodeURI(f.filename)}`,
    raw_url: `https://github.com/${repo}/raw/${sha}/${encodeURI(f.filename)}`,
    contents_url: `https://api.github.com/repos/${repo}/contents/${encodeURI(f.filename)}?ref=${sha}`,
    ...(f.previous_filename === undefined ? {} : { previous_filename: f.previous_filename }),
  }
}

/** A 40-hex id that stands for a commit or blob the stand-in has no object for, the same for the same text. */
function madeUpSha(text: string): string {
  return createHash('sha1').update(text).digest('hex')
}

/** `acme` from `acme/app`. */
function ownerOf(repo: string): string {
  return repo.split('/')[0] ?? repo
}

/** `acme/app` from `/repos/acme/app/...`. */
function repoOf(pathname: string): string {
  return pathname.split('/').slice(2, 4).map(decodeURIComponent).join('/')
}

/** The comment with this id, and the issue or pull request number it belongs to. */
function findComment(
  store: Record<number, MockComment[]> | undefined,
  id: number,
): { comment: MockComment; number: number } | undefined {
  for (const [number, list] of Object.entries(store ?? {})) {
    const comment = list.find((c) => c.id === id)
    if (comment) return { comment, number: Number(number) }
  }
  return undefined
}

/** The `body` of a comment request, or the error GitHub answers (400 for bad JSON, 422 for a bad body). */
function commentBody(raw: string): string | { status: number; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { status: 400, message: 'Problems parsing JSON' }
  }
  const body = (parsed as { body?: unknown } | null)?.body
  if (typeof body !== 'string' || body.trim() === '')
    return { status: 422, message: 'Invalid request.\n\n"body" wasn\'t supplied.' }
  if (body.length > GITHUB_COMMENT_LIMIT)
    return { status: 422, message: `Body is too long (maximum is ${GITHUB_COMMENT_LIMIT} characters)` }
  return body
}

/** The fields of an issue request (a title is required to create one), or the error GitHub answers. */
function issueFields(
  raw: string,
  create: boolean,
): { title?: string; body?: string; state?: 'open' | 'closed' } | { status: number; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { status: 400, message: 'Problems parsing JSON' }
  }
  const { title, body, state } = (parsed ?? {}) as Record<string, unknown>
  if (create ? typeof title !== 'string' || title.trim() === '' : title !== undefined && typeof title !== 'string')
    return { status: 422, message: 'Invalid request.\n\n"title" wasn\'t supplied.' }
  if (body !== undefined && typeof body !== 'string') return { status: 422, message: 'Invalid request: "body"' }
  if (typeof body === 'string' && body.length > GITHUB_COMMENT_LIMIT)
    return { status: 422, message: `Body is too long (maximum is ${GITHUB_COMMENT_LIMIT} characters)` }
  if (state !== undefined && state !== 'open' && state !== 'closed')
    return { status: 422, message: 'Invalid request: "state"' }
  return {
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof body === 'string' ? { body } : {}),
    ...(state === 'open' || state === 'closed' ? { state } : {}),
  }
}
