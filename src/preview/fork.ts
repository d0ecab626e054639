/**
 * A fork's pull request, previewed on a maintainer's request: the branch `mintlify-preview/pr-<number>` of the base
 * repository, written through the Git data API from objects GitHub already holds (a fork network shares them). The
 * fork's code is never checked out or run, and the branch carries the base branch's `.github/`, never the fork's,
 * so no workflow of the fork can run from it.
 */
import type { Target } from '../github/event.js'
import type { GitData, TreeEntry } from '../github/git.js'
import { GitHubError } from '../github/octokit.js'

/** The branch of the base repository a fork's pull request is previewed from. */
export function forkBranch(pull: number): string {
  return `mintlify-preview/pr-${pull}`
}

/**
 * The preview's tree, one level deep: every top entry of the fork's tree (files and folders by their ids) except
 * `.github`, which is the base branch's (or absent when the base has none). Pure.
 *
 * Why one level and not the recursive listings: a folder goes by its own id, so the fork's `docs/` of 5,000 files
 * is one entry; a recursive listing is cut past 100,000 entries or 7 MB, and its POST would resend every path.
 */
export function previewTree(fork: readonly TreeEntry[], base: readonly TreeEntry[]): TreeEntry[] {
  return [...fork.filter((e) => e.path !== '.github'), ...base.filter((e) => e.path === '.github')]
}

/** What a fork preview wrote: the branch, the commit on it, and the fork's commit it holds. */
export interface ForkPreview {
  branch: string
  commit: string
  forkSha: string
}

/**
 * Writes `mintlify-preview/pr-<number>`: the fork's tree at `pull.headSha` (read once, with the comment) with the
 * base branch's `.github/`, committed on top of the base branch's head; created, or moved there (force) when it
 * exists. A refusal to write (403, or 404 for a token that may not see the write) names `contents: write`.
 */
export async function writeForkBranch(git: GitData, pull: Target): Promise<ForkPreview> {
  const forkSha = pull.headSha
  if (!forkSha) throw new Error(`Pull request #${pull.number} names no head commit; nothing was sent to Mintlify.`)
  if (!pull.base) throw new Error(`Pull request #${pull.number} names no base branch; nothing was sent to Mintlify.`)
  const branch = forkBranch(pull.number)
  const baseHead = await git.branchHead(pull.base)
  if (!baseHead)
    throw new Error(`The base branch ${pull.base} of pull request #${pull.number} was not found; nothing was sent.`)
  const [forkTree, baseTree] = await Promise.all([git.commitTree(forkSha), git.commitTree(baseHead)])
  const [forkEntries, baseEntries] = await Promise.all([git.treeEntries(forkTree), git.treeEntries(baseTree)])
  try {
    const tree = await git.createTree(previewTree(forkEntries, baseEntries))
    const commit = await git.createCommit({
      message: `Preview of pull request #${pull.number} at ${forkSha}\n\nThe fork's files, with .github/ from ${pull.base}.`,
      tree,
      parents: [baseHead],
    })
    const existed = (await git.branchHead(branch)) !== undefined
    await git.setBranch(branch, commit, existed)
    return { branch, commit, forkSha }
  } catch (err) {
    const status = (err as GitHubError).status
    if (status === 403 || status === 404)
      throw new GitHubError(
        status,
        `${(err as Error).message.replace(/\.$/, '')}. Writing the branch ${branch} needs \`permissions: contents: write\` for the workflow (and a \`github-token\` that may push); nothing was sent to Mintlify.`,
      )
    throw err
  }
}
