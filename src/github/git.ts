/**
 * The few calls of GitHub's Git data API a fork preview makes: it writes a branch of the base repository from
 * objects GitHub already holds (a fork network shares them), with no checkout and nothing of the fork run.
 */
import type { Repo } from './event.js'
import { obj, str } from './json.js'
import { type ConnectOptions, GitHubError, openOctokit } from './octokit.js'

/** `100644`, `100755`, `120000` (a file), `040000` (a folder), `160000` (a submodule). */
const MODES = ['100644', '100755', '120000', '040000', '160000'] as const

/** An entry of a tree, one level deep, as `POST git/trees` takes it back (by `sha`). */
export interface TreeEntry {
  path: string
  mode: (typeof MODES)[number]
  type: 'blob' | 'tree' | 'commit'
  sha: string
}

export interface GitData {
  /** The commit at the head of `branch`, or undefined when the repository has no such branch (a 404). */
  branchHead(branch: string): Promise<string | undefined>
  /** The tree of a commit. */
  commitTree(sha: string): Promise<string>
  /** The entries at the top of a tree (not recursive). A listing GitHub cut (`truncated`) is an error. */
  treeEntries(sha: string): Promise<TreeEntry[]>
  /** A new tree of exactly these entries (no `base_tree`); its sha. */
  createTree(entries: TreeEntry[]): Promise<string>
  /** A new commit; its sha. */
  createCommit(c: { message: string; tree: string; parents: string[] }): Promise<string>
  /** Points `branch` at `sha`: creates it, or moves it there (force) when it exists (`existed`: known before). */
  setBranch(branch: string, sha: string, existed: boolean): Promise<void>
  deleteBranch(branch: string): Promise<void>
}

/**
 * A recursive listing of a large repository runs to megabytes (GitHub's limit is 7 MB); one level of a tree stays far
 * under the 1 MiB every GitHub answer is allowed, so the default limit stands.
 */
export async function connectGitData(token: string, repo: Repo, options: ConnectOptions): Promise<GitData> {
  const { octokit, call } = await openOctokit(token, options)
  const SHA = /^[0-9a-f]{40}$/
  const sha = (value: unknown, what: string): string => {
    const s = str(value)
    if (!SHA.test(s)) throw new GitHubError(0, `${what} failed: the answer holds no object id`)
    return s
  }
  return {
    branchHead: (branch) =>
      call(`Reading branch ${branch}`, async () => {
        try {
          const { data } = await octokit.rest.git.getRef({ ...repo, ref: `heads/${branch}` })
          return sha(obj(obj(data).object).sha, `Reading branch ${branch}`)
        } catch (err) {
          if ((err as { status?: number }).status === 404) return undefined
          throw err
        }
      }),
    commitTree: (commit) =>
      call(`Reading commit ${commit.slice(0, 12)}`, async () => {
        const { data } = await octokit.rest.git.getCommit({ ...repo, commit_sha: commit })
        return sha(obj(obj(data).tree).sha, `Reading commit ${commit.slice(0, 12)}`)
      }),
    treeEntries: (tree) => {
      const what = `Reading tree ${tree.slice(0, 12)}`
      return call(what, async () => {
        const { data } = await octokit.rest.git.getTree({ ...repo, tree_sha: tree })
        const answer = obj(data)
        if (answer.truncated === true)
          throw new GitHubError(
            0,
            `${what} failed: GitHub cut the listing (truncated), so the tree cannot be copied whole`,
          )
        if (!Array.isArray(answer.tree)) throw new GitHubError(0, `${what} failed: the answer holds no list of entries`)
        return (answer.tree as unknown[]).map((item) => {
          const e = obj(item)
          const type = str(e.type)
          const mode = MODES.find((m) => m === str(e.mode))
          if ((type !== 'blob' && type !== 'tree' && type !== 'commit') || !mode || !str(e.path))
            throw new GitHubError(0, `${what} failed: an entry has no known type, mode or path`)
          return { path: str(e.path), mode, type, sha: sha(e.sha, what) }
        })
      })
    },
    createTree: (entries) =>
      call('Writing the preview tree', async () => {
        const { data } = await octokit.rest.git.createTree({ ...repo, tree: entries })
        return sha(obj(data).sha, 'Writing the preview tree')
      }),
    createCommit: (c) =>
      call('Writing the preview commit', async () => {
        const { data } = await octokit.rest.git.createCommit({ ...repo, ...c })
        return sha(obj(data).sha, 'Writing the preview commit')
      }),
    setBranch: (branch, to, existed) =>
      call(`Writing branch ${branch}`, async () => {
        if (existed) await octokit.rest.git.updateRef({ ...repo, ref: `heads/${branch}`, sha: to, force: true })
        else await octokit.rest.git.createRef({ ...repo, ref: `refs/heads/${branch}`, sha: to })
      }),
    deleteBranch: (branch) =>
      call(`Deleting branch ${branch}`, async () => {
        await octokit.rest.git.deleteRef({ ...repo, ref: `heads/${branch}` })
      }),
  }
}
