/**
 * The GitHub stand-in's Git data API, under `/repos/{owner}/{repo}/git/`, as GitHub's REST API shapes it: what a
 * fork preview calls to write a branch without a checkout. `GET ref/heads/{branch}`, `GET commits/{sha}`,
 * `GET trees/{sha}` (`?recursive=1`), `POST trees` (with `base_tree`, `content` or `sha`, `sha: null` to delete),
 * `POST commits`, `POST refs`, `PATCH refs/heads/{branch}` (`force`, else only a fast forward) and
 * `DELETE refs/heads/{branch}`. Objects have git's own ids (a blob's sha is `git hash-object`'s) and are shared by
 * every repository, as a fork network shares them on GitHub; branches are kept per repository. Tests seed a branch
 * with `seedCommit` and read one back with `branchFiles`.
 */
import { createHash } from 'node:crypto'
import type { SeenRequest, Send } from './http.ts'

export interface GitPerson {
  name: string
  email: string
  /** ISO date-time, to the second, as GitHub gives it. */
  date: string
}

/** One entry of a tree, one level deep, as git stores it. */
export interface GitTreeEntry {
  name: string
  /** `100644` a file, `100755` an executable, `120000` a symbolic link, `040000` a folder, `160000` a submodule. */
  mode: string
  type: 'blob' | 'tree' | 'commit'
  sha: string
}

export type GitObject =
  | { type: 'blob'; content: string }
  | { type: 'tree'; entries: GitTreeEntry[] }
  | { type: 'commit'; tree: string; parents: string[]; message: string; author: GitPerson; committer: GitPerson }

export interface MockGit {
  /** Every object by sha, shared by a repository and its forks. */
  objects: Map<string, GitObject>
  /** Branches: repository (`owner/name`) → branch → commit sha. */
  refs: Record<string, Record<string, string>>
  /** A recursive tree listing longer than this is cut and says `truncated: true` (GitHub cuts at 100,000 entries). */
  maxTreeEntries?: number
}

/** A file of a tree as the stand-in works with it: its full path, mode, type and object. */
interface Leaf {
  mode: string
  type: 'blob' | 'commit'
  sha: string
}

const MODES: Record<string, GitTreeEntry['type']> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
}

/** The objects and branches of `data` (made on first use). */
export function gitOf(data: { git?: MockGit }): MockGit {
  data.git ??= { objects: new Map(), refs: {} }
  return data.git
}

/**
 * Commits `files` (path → content) on `branch` of `repo`, as if pushed earlier: the whole tree is these files, the
 * parent the branch's head (if any), the branch moved to the new commit. Returns the commit's sha.
 */
export function seedCommit(
  data: { git?: MockGit },
  c: { repo: string; branch: string; files: Record<string, string>; message?: string; parents?: string[] },
): string {
  const git = gitOf(data)
  const leaves = new Map<string, Leaf>()
  for (const [path, content] of Object.entries(c.files))
    leaves.set(path, { mode: '100644', type: 'blob', sha: putObject(git, { type: 'blob', content }) })
  const head = git.refs[c.repo]?.[c.branch]
  const person = { name: 'Octo Cat', email: 'octocat@example.com', date: '2026-01-05T10:00:00Z' }
  const sha = putObject(git, {
    type: 'commit',
    tree: writeTree(git, leaves),
    parents: c.parents ?? (head ? [head] : []),
    message: c.message ?? `Update ${c.branch}`,
    author: person,
    committer: person,
  })
  git.refs[c.repo] = { ...git.refs[c.repo], [c.branch]: sha }
  return sha
}

/** The files (path → content) of a branch's head commit, or `undefined` when the repository has no such branch. */
export function branchFiles(data: { git?: MockGit }, repo: string, branch: string): Record<string, string> | undefined {
  const git = gitOf(data)
  const commit = git.objects.get(git.refs[repo]?.[branch] ?? '')
  if (commit?.type !== 'commit') return undefined
  const files: Record<string, string> = {}
  for (const [path, leaf] of flatten(git, commit.tree)) {
    const blob = git.objects.get(leaf.sha)
    files[path] = blob?.type === 'blob' ? blob.content : `(${leaf.type} ${leaf.sha})`
  }
  return files
}

/** The head commit of a branch: its sha and message. */
export function headCommit(
  data: { git?: MockGit },
  repo: string,
  branch: string,
): { sha: string; message: string } | undefined {
  const sha = data.git?.refs[repo]?.[branch]
  const commit = sha ? data.git?.objects.get(sha) : undefined
  return sha && commit?.type === 'commit' ? { sha, message: commit.message } : undefined
}

/**
 * Answers a request under `/repos/{repo}/git/`; `rest` is the path after `git/`, still percent-encoded.
 * `author` is who the token is, the default author of a commit it makes.
 */
export function answerGit(
  data: { git?: MockGit },
  seen: SeenRequest,
  repo: string,
  rest: string[],
  search: string,
  author: { login: string },
  send: Send,
) {
  const git = gitOf(data)
  const api = `https://api.github.com/repos/${repo}/git`
  const [kind = '', ...tail] = rest
  const name = decodeURIComponent(tail.join('/'))
  const branch = /^heads\/(.+)$/.exec(name)?.[1]
  const refs = () => {
    git.refs[repo] ??= {}
    return git.refs[repo]
  }
  const presentRef = (b: string, sha: string) => ({
    ref: `refs/heads/${b}`,
    node_id: `REF_mock${Buffer.from(`${repo}:${b}`).toString('base64url')}`,
    url: `${api}/refs/heads/${b}`,
    object: { sha, type: 'commit', url: `${api}/commits/${sha}` },
  })
  const body = (): Record<string, unknown> | undefined => {
    try {
      const parsed = JSON.parse(seen.body) as unknown
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined
    } catch {
      return undefined
    }
  }
  const isCommit = (sha: unknown) => typeof sha === 'string' && git.objects.get(sha)?.type === 'commit'
  const route = `${seen.method} ${kind}`

  if ((route === 'GET ref' || route === 'GET refs') && branch !== undefined) {
    const sha = git.refs[repo]?.[branch]
    return sha ? send(200, presentRef(branch, sha)) : send(404, { message: 'Not Found' })
  }
  if (route === 'GET commits' && tail.length === 1) {
    const commit = git.objects.get(name)
    return commit?.type === 'commit'
      ? send(200, presentCommit(repo, name, commit))
      : send(404, { message: 'Not Found' })
  }
  if (route === 'GET trees' && name) {
    const sha = treeOf(git, name) ?? treeOf(git, git.refs[repo]?.[name] ?? '')
    if (!sha) return send(404, { message: 'Not Found' })
    const recursive = new URLSearchParams(search).has('recursive') // any value, as GitHub reads it
    return send(200, presentTree(git, repo, sha, recursive))
  }
  if (seen.method === 'POST' && tail.length === 0 && ['trees', 'commits', 'refs'].includes(kind)) {
    const fields = body()
    if (!fields) return send(400, { message: 'Problems parsing JSON' })
    if (kind === 'trees') {
      const made = buildTree(git, fields)
      return typeof made === 'string'
        ? send(201, presentTree(git, repo, made, false))
        : send(422, { message: made.message })
    }
    if (kind === 'commits') {
      const made = buildCommit(git, fields, author.login)
      return 'sha' in made ? send(201, presentCommit(repo, made.sha, made.commit)) : send(422, made)
    }
    const { ref, sha } = fields
    const made = typeof ref === 'string' ? /^refs\/heads\/(.+)$/.exec(ref)?.[1] : undefined
    if (made === undefined)
      return send(422, { message: "Reference name must start with 'refs/heads/' in the stand-in (branches only)" })
    if (!isCommit(sha)) return send(422, { message: 'Object does not exist' })
    if (refs()[made]) return send(422, { message: 'Reference already exists' })
    refs()[made] = sha as string
    return send(201, presentRef(made, sha as string))
  }
  if ((route === 'PATCH refs' || route === 'DELETE refs') && branch !== undefined) {
    const current = git.refs[repo]?.[branch]
    if (!current) return send(422, { message: 'Reference does not exist' })
    if (seen.method === 'DELETE') {
      delete refs()[branch]
      return send(204, '')
    }
    const fields = body()
    if (!fields) return send(400, { message: 'Problems parsing JSON' })
    if (!isCommit(fields.sha)) return send(422, { message: 'Object does not exist' })
    const sha = fields.sha as string
    if (fields.force !== true && !descends(git, sha, current))
      return send(422, { message: 'Update is not a fast forward' })
    refs()[branch] = sha
    return send(200, presentRef(branch, sha))
  }
  return send(404, { message: `Not Found: ${seen.method} git/${rest.join('/')}` })
}

/** The commit a `POST commits` asks for (stored), or GitHub's 422 reason; `login` is the default author. */
function buildCommit(
  git: MockGit,
  fields: Record<string, unknown>,
  login: string,
): { sha: string; commit: Extract<GitObject, { type: 'commit' }> } | { message: string } {
  const { message, tree, parents = [] } = fields
  if (typeof message !== 'string') return { message: 'Invalid request.\n\n"message" wasn\'t supplied.' }
  if (typeof tree !== 'string' || git.objects.get(tree)?.type !== 'tree') return { message: 'Tree SHA does not exist' }
  if (!Array.isArray(parents) || !parents.every((p) => git.objects.get(p)?.type === 'commit'))
    return { message: 'Parent SHA does not exist or is not a commit object' }
  const token = {
    name: login,
    email: `${login}@users.noreply.github.com`,
    date: `${new Date().toISOString().slice(0, 19)}Z`,
  }
  const commit = {
    type: 'commit' as const,
    tree,
    parents: parents as string[],
    message,
    author: { ...token, ...person(fields.author) },
    committer: { ...token, ...person(fields.committer ?? fields.author) },
  }
  return { sha: putObject(git, commit), commit }
}

/** A commit's `author` or `committer` from a request: the fields given that are strings. */
function person(value: unknown): Partial<GitPerson> {
  const out: Partial<GitPerson> = {}
  if (value === null || typeof value !== 'object') return out
  for (const key of ['name', 'email', 'date'] as const) {
    const field = (value as Record<string, unknown>)[key]
    if (typeof field === 'string') out[key] = field
  }
  return out
}

/** Whether `sha` is `ancestor` or has it among its ancestors. */
function descends(git: MockGit, sha: string, ancestor: string): boolean {
  const queue = [sha]
  const seen = new Set<string>()
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next === ancestor) return true
    if (seen.has(next)) continue
    seen.add(next)
    const commit = git.objects.get(next)
    if (commit?.type === 'commit') queue.push(...commit.parents)
  }
  return false
}

/** The tree of a tree or commit sha, or `undefined`. */
function treeOf(git: MockGit, sha: string): string | undefined {
  const object = git.objects.get(sha)
  return object?.type === 'tree' ? sha : object?.type === 'commit' ? object.tree : undefined
}

/**
 * The tree a `POST trees` asks for: `base_tree`'s files (none without it), then each entry of `tree` in order:
 * a blob by `content` or `sha`, a folder by a tree's `sha`, a submodule, or `sha: null` to remove the path.
 * Its sha, or GitHub's 422 reason.
 */
function buildTree(git: MockGit, fields: Record<string, unknown>): string | { message: string } {
  const { tree, base_tree: base } = fields
  if (!Array.isArray(tree)) return { message: 'Invalid request.\n\n"tree" wasn\'t supplied.' }
  if (base !== undefined && (typeof base !== 'string' || !treeOf(git, base)))
    return { message: 'base_tree is not a valid tree oid' }
  const leaves = base === undefined ? new Map<string, Leaf>() : flatten(git, treeOf(git, base as string) ?? '')
  for (const raw of tree as unknown[]) {
    const entry = (raw ?? {}) as Record<string, unknown>
    const { path, mode, type, sha, content } = entry
    if (typeof path !== 'string' || path === '' || path.split('/').some((p) => p === '' || p === '.' || p === '..'))
      return { message: `tree.path contains a malformed path component: ${JSON.stringify(path)}` }
    if (typeof mode !== 'string' || MODES[mode] === undefined || MODES[mode] !== type)
      return { message: `tree.mode and tree.type do not agree for ${path}` }
    const removed = [...leaves.keys()].filter((p) => p === path || p.startsWith(`${path}/`))
    for (const p of removed) leaves.delete(p)
    if (sha === null && content === undefined) continue
    if ((sha === undefined) === (content === undefined))
      return { message: `Must supply either tree.sha or tree.content for ${path}` }
    if (typeof content === 'string') {
      if (type !== 'blob') return { message: `tree.content is for blobs only: ${path}` }
      leaves.set(path, { mode, type: 'blob', sha: putObject(git, { type: 'blob', content }) })
      continue
    }
    if (typeof sha !== 'string') return { message: `tree.sha must be a string: ${path}` }
    if (type === 'commit') leaves.set(path, { mode, type: 'commit', sha })
    else if (type === 'blob' && git.objects.get(sha)?.type === 'blob') leaves.set(path, { mode, type: 'blob', sha })
    else if (type === 'tree' && git.objects.get(sha)?.type === 'tree')
      for (const [p, leaf] of flatten(git, sha)) leaves.set(`${path}/${p}`, leaf)
    else return { message: 'GitRPC::BadObjectState' }
  }
  return writeTree(git, leaves)
}

/** Every file under a tree, by full path. */
function flatten(git: MockGit, sha: string, prefix = '', into = new Map<string, Leaf>()): Map<string, Leaf> {
  const tree = git.objects.get(sha)
  if (tree?.type !== 'tree') return into
  for (const e of tree.entries) {
    if (e.type === 'tree') flatten(git, e.sha, `${prefix}${e.name}/`, into)
    else into.set(`${prefix}${e.name}`, { mode: e.mode, type: e.type, sha: e.sha })
  }
  return into
}

/** Stores the trees that hold these files (a folder per path prefix) and returns the root's sha. */
function writeTree(git: MockGit, leaves: Map<string, Leaf>): string {
  const here = new Map<string, Leaf | Map<string, Leaf>>()
  for (const [path, leaf] of leaves) {
    const slash = path.indexOf('/')
    if (slash < 0) {
      here.set(path, leaf)
      continue
    }
    const folder = path.slice(0, slash)
    const inside = here.get(folder)
    const map = inside instanceof Map ? inside : new Map<string, Leaf>()
    map.set(path.slice(slash + 1), leaf)
    here.set(folder, map)
  }
  const entries: GitTreeEntry[] = [...here].map(([name, v]) =>
    v instanceof Map ? { name, mode: '040000', type: 'tree', sha: writeTree(git, v) } : { name, ...v },
  )
  // Git's order: by name, a folder compared as if its name ended with `/`.
  const key = (e: GitTreeEntry) => (e.type === 'tree' ? `${e.name}/` : e.name)
  entries.sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))))
  return putObject(git, { type: 'tree', entries })
}

/** Stores an object under git's own id for it (`git hash-object`) and returns the id. */
function putObject(git: MockGit, object: GitObject): string {
  let payload: Buffer
  if (object.type === 'blob') payload = Buffer.from(object.content)
  else if (object.type === 'tree')
    payload = Buffer.concat(
      object.entries.map((e) =>
        Buffer.concat([Buffer.from(`${e.mode.replace(/^0/, '')} ${e.name}\0`), Buffer.from(e.sha, 'hex')]),
      ),
    )
  else {
    const who = (p: GitPerson) => `${p.name} <${p.email}> ${Math.floor(Date.parse(p.date) / 1000)} +0000`
    payload = Buffer.from(
      [
        `tree ${object.tree}`,
        ...object.parents.map((p) => `parent ${p}`),
        `author ${who(object.author)}`,
        `committer ${who(object.committer)}`,
        '',
        object.message,
      ].join('\n'),
    )
  }
  const sha = createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${object.type} ${payload.length}\0`), payload]))
    .digest('hex')
  git.objects.set(sha, object)
  return sha
}

function presentCommit(repo: string, sha: string, c: Extract<GitObject, { type: 'commit' }>) {
  const api = `https://api.github.com/repos/${repo}/git`
  return {
    sha,
    node_id: `C_mock${sha.slice(0, 12)}`,
    url: `${api}/commits/${sha}`,
    html_url: `https://github.com/${repo}/commit/${sha}`,
    author: { ...c.author },
    committer: { ...c.committer },
    tree: { sha: c.tree, url: `${api}/trees/${c.tree}` },
    message: c.message,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${api}/commits/${p}`,
      html_url: `https://github.com/${repo}/commit/${p}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  }
}

/** A tree as GitHub answers it: its entries (every one below it, by full path, when `recursive`), cut past the limit. */
function presentTree(git: MockGit, repo: string, sha: string, recursive: boolean) {
  const api = `https://api.github.com/repos/${repo}/git`
  const list: Array<Record<string, unknown>> = []
  const walk = (treeSha: string, prefix: string) => {
    const tree = git.objects.get(treeSha)
    if (tree?.type !== 'tree') return
    for (const e of tree.entries) {
      const blob = git.objects.get(e.sha)
      list.push({
        path: `${prefix}${e.name}`,
        mode: e.mode,
        type: e.type,
        sha: e.sha,
        ...(blob?.type === 'blob' ? { size: Buffer.byteLength(blob.content) } : {}),
        ...(e.type === 'commit' ? {} : { url: `${api}/${e.type}s/${e.sha}` }),
      })
      if (recursive && e.type === 'tree') walk(e.sha, `${prefix}${e.name}/`)
    }
  }
  walk(sha, '')
  const max = git.maxTreeEntries ?? 100_000
  return { sha, url: `${api}/trees/${sha}`, tree: list.slice(0, max), truncated: list.length > max }
}
