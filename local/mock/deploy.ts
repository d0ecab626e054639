/**
 * The deploy family of the local mock, as deploy-openapi.json and the facts in ../shared/api/README.md give it:
 * `POST /v1/project/preview/{projectId}` with `{"branch"}` (202 `{statusId, previewUrl}`),
 * `POST /v1/project/update/{projectId}` with no body (202 `{statusId}`), and
 * `GET /v1/project/update-status/{statusId}` (200, the deployment status).
 *
 * A build walks a timeline on the mock's clock (`queued` for `queuedMs`, `in_progress` for `buildMs`, then its final
 * status), or, when `statuses` is set, one status per read as the agent's jobs do. A branch whose name contains
 * `fail` ends in `failure`, with a summary and log lines. `DeployScript` (what a test changes between runs, as
 * `api.deploy`) scripts the rest: a final status the enum lacks, a build that never ends, a plan without previews,
 * a `previewUrl` of any form, any text in the status. HTTP failures (429 with or without `Retry-After`, 401, a key
 * without `write`) are `fault`s, as for the other families.
 */
import { createHash } from 'node:crypto'
// Type-only: erased when Node runs this file.
import type { Clock } from '../../src/clock.ts'
import { knownProject, type Route, type SeenRequest, type Send } from './http.ts'

/** How builds triggered from now on behave; the timeline, final status and `statuses` are kept per build. */
export interface DeployScript {
  /** How long a build stays `queued`, on the mock's clock, in milliseconds (default 1,000). */
  queuedMs: number
  /** Then how long it stays `in_progress` before its final status (default 3,000). */
  buildMs: number
  /**
   * The status each read reveals, in order, the last one staying (as the agent's `statuses`); when set, it replaces
   * the timeline: `['queued', 'in_progress', 'success']` ends at the third read, `['queued']` never ends.
   */
  statuses?: string[]
  /**
   * The final status: by default `failure` for a branch whose name contains `fail`, else `success`. Any string is
   * sent as it is (`skipped`, which the enum lacks); `null`: the build never ends (`in_progress` for ever).
   */
  final?: string | null
  /**
   * The `previewUrl` of a branch's preview, or a function of the branch; `null` leaves it out of the answer.
   * By default `https://acme-<branch, lower case, runs of other characters as ->.mintlify.app`: one URL per branch,
   * the same on every redeploy.
   */
  previewUrl?: string | null | ((branch: string) => string | null)
  /** The `statusId` of every trigger from now on (any string the API may give); 24 hex characters, one per trigger, by default. */
  statusId?: string
  /**
   * `false`: the plan has no previews: a preview trigger gets 403 `{"error": "Preview deployments are not available
   * on your current plan"}` (a production deployment still works). Default `true`.
   */
  previews: boolean
  /** The branch a production deployment builds (`commit.ref` of its status). Default `main`. */
  deploymentBranch: string
  /**
   * The repository the site builds from (`owner/name`, default `acme/app`): where the GitHub stand-in has the
   * branch, a status names the commit at its head when the build was triggered; else one made up from the branch.
   */
  repository: string
  /**
   * Fields merged over every status answer (`summary`, `logs`, `commit`, `author`...; `undefined` drops one), or a
   * function from the answer the mock would send to the one it sends (to bend one field of `commit`, say).
   */
  extra?: Record<string, unknown> | ((answer: DeployStatus) => Record<string, unknown>)
}

/** A triggered build as the mock keeps it (`api.builds`, by `statusId`). */
export interface MockBuild {
  statusId: string
  projectId: string
  kind: 'preview' | 'production'
  /** The branch built: the trigger's `branch`, or `deploymentBranch` for production. */
  branch: string
  /** The preview's URL, as the trigger answered it; absent for production or when `previewUrl` was `null`. */
  previewUrl?: string
  /** When it was triggered, on the mock's clock (ms). */
  createdAt: number
  /** When it ended, on the mock's clock (ms), once a read has seen it final: the timeline's end, or that read's time. */
  endedAt?: number
  /** The script it was triggered with (timeline, statuses, final). */
  queuedMs: number
  buildMs: number
  statuses?: string[]
  final: string | null
  /** Status reads so far. */
  reads: number
  /** The commit built: the branch's head in the GitHub stand-in when triggered, else one made up. */
  commit: { sha: string; message: string }
}

/** A deployment status as the mock answers it: the spec's fields, every one of them optional for a client. */
export interface DeployStatus {
  _id: string
  projectId: string
  createdAt: string
  endedAt?: string
  status: string
  summary: string
  logs: string[]
  subdomain: string
  screenshot?: string
  author: { name: string; avatarUrl: string; githubUserId: number } | null
  commit: {
    sha: string
    ref: string
    message: string
    filesChanged: { added: string[]; modified: string[]; removed: string[] }
  }
  source: string
}

/** The plan answer of a preview trigger without previews, verbatim from the provider's description. */
export const NO_PREVIEWS = 'Preview deployments are not available on your current plan'

const DEFAULT_SCRIPT: DeployScript = {
  queuedMs: 1000,
  buildMs: 3000,
  previews: true,
  deploymentBranch: 'main',
  repository: 'acme/app',
}

export interface DeployFamily {
  script: DeployScript
  builds: Map<string, MockBuild>
  route: Route
}

export interface DeployOptions {
  deploy?: Partial<DeployScript>
  projects?: string[]
  /** The mock's clock: when builds are created and how far along they are. `Date.now` by default. */
  clock?: Pick<Clock, 'now'>
  /** The head commit of a repository's branch where the GitHub stand-in has one (the commit a status names). */
  headOf?: (repo: string, branch: string) => { sha: string; message: string } | undefined
}

export function deployFamily(options: DeployOptions): DeployFamily {
  const script: DeployScript = { ...DEFAULT_SCRIPT, ...options.deploy }
  const clock = options.clock ?? { now: () => Date.now() }
  const builds = new Map<string, MockBuild>()
  let counter = 0

  const trigger = (kind: MockBuild['kind'], projectId: string, branch: string): MockBuild => {
    counter++
    const build: MockBuild = {
      statusId: script.statusId ?? `66f1d2c3b4a5${counter.toString(16).padStart(12, '0')}`,
      projectId,
      kind,
      branch,
      createdAt: clock.now(),
      queuedMs: script.queuedMs,
      buildMs: script.buildMs,
      ...(script.statuses ? { statuses: [...script.statuses] } : {}),
      final: script.final === undefined ? (/fail/i.test(branch) ? 'failure' : 'success') : script.final,
      reads: 0,
      commit: options.headOf?.(script.repository, branch) ?? {
        sha: createHash('sha1').update(`commit of ${branch}`).digest('hex'),
        message: 'Update the quickstart',
      },
    }
    if (kind === 'preview') {
      const url = typeof script.previewUrl === 'function' ? script.previewUrl(branch) : script.previewUrl
      if (url !== null) build.previewUrl = url ?? `https://acme-${slug(branch)}.mintlify.app`
    }
    builds.set(build.statusId, build)
    return build
  }

  /** The status a read sees now; the build's end is noted once a read sees it final. */
  const read = (build: MockBuild): string => {
    const age = clock.now() - build.createdAt
    const status = build.statuses
      ? (build.statuses[Math.min(build.reads, build.statuses.length - 1)] ?? 'queued')
      : age < build.queuedMs
        ? 'queued'
        : age < build.queuedMs + build.buildMs || build.final === null
          ? 'in_progress'
          : build.final
    build.reads++
    if (status !== 'queued' && status !== 'in_progress' && build.endedAt === undefined)
      build.endedAt = build.statuses ? clock.now() : build.createdAt + build.queuedMs + build.buildMs
    return status
  }

  const present = (build: MockBuild, status: string): Record<string, unknown> => {
    const answer: DeployStatus = {
      _id: build.statusId,
      projectId: build.projectId,
      createdAt: new Date(build.createdAt).toISOString(),
      ...(build.endedAt === undefined ? {} : { endedAt: new Date(build.endedAt).toISOString() }),
      status,
      ...story(status, build),
      subdomain: 'acme',
      ...(status === 'success'
        ? { screenshot: 'https://mintlify.s3.us-west-1.amazonaws.com/acme/screenshot.png' }
        : {}),
      author: {
        name: 'Ada Lovelace',
        avatarUrl: 'https://avatars.githubusercontent.com/u/583231',
        githubUserId: 583231,
      },
      commit: {
        sha: build.commit.sha,
        ref: build.branch,
        message: build.commit.message,
        filesChanged: { added: ['guides/webhooks.mdx'], modified: ['quickstart.mdx', 'docs.json'], removed: [] },
      },
      source: 'api',
    }
    return typeof script.extra === 'function' ? script.extra(answer) : { ...answer, ...script.extra }
  }

  const answer = (seen: SeenRequest, m: RegExpExecArray, send: Send) => {
    const [, action, id = ''] = m
    const param = decodeURIComponent(id)
    if (action === 'update-status') {
      if (seen.method !== 'GET') return send(405, { error: 'Method not allowed' })
      const build = builds.get(param)
      if (!build) return send(404, { error: 'Deployment status not found' })
      return send(200, present(build, read(build)))
    }
    if (seen.method !== 'POST') return send(405, { error: 'Method not allowed' })
    if (!knownProject(options.projects, param)) return send(404, { error: 'Project not found' })
    if (action === 'update')
      return send(202, { statusId: trigger('production', param, script.deploymentBranch).statusId })
    const branch = readBranch(seen.body)
    if (branch === undefined) return send(400, { error: 'Invalid request. The branch field is required.' })
    if (!script.previews) return send(403, { error: NO_PREVIEWS })
    const build = trigger('preview', param, branch)
    return send(202, {
      statusId: build.statusId,
      ...(build.previewUrl === undefined ? {} : { previewUrl: build.previewUrl }),
    })
  }

  const route: Route = (seen, pathname, _search, send) => {
    const m = /^\/v1\/project\/(preview|update|update-status)\/([^/]+)$/.exec(pathname)
    if (!m) return false
    answer(seen, m, send)
    return true
  }

  return { script, builds, route }
}

/** What the status says and logs at each stage; a build's log grows as it goes. */
function story(status: string, build: MockBuild): { summary: string; logs: string[] } {
  const start = [
    `Cloning acme/docs at ${build.branch}`,
    'Reading docs.json',
    'Installing the theme and 14 components',
    'Validating the navigation: 42 pages in 6 groups',
    'Building pages',
  ]
  if (status === 'queued') return { summary: 'Waiting for a build slot', logs: [] }
  if (status === 'in_progress') return { summary: 'Building', logs: start }
  if (status === 'success')
    return {
      summary: build.kind === 'preview' ? 'Preview deployed' : 'Deployment successful',
      logs: [...start, 'Built 42 pages in 38.2s', 'Uploading', 'Deployed'],
    }
  if (status === 'failure')
    return {
      summary: 'Build failed: docs.json lists a page that does not exist (guides/missing)',
      logs: [
        ...start,
        ...Array.from({ length: 20 }, (_, i) => `Built page ${i + 1} of 42`),
        'Error: guides/setup.mdx:14:3: Unexpected closing tag </Steps>, expected </Step>',
        'Error: docs.json: navigation.groups[2].pages[4]: guides/missing does not exist',
        'Build failed with 2 errors',
      ],
    }
  return { summary: `Update ${status}: a newer update of ${build.branch} was queued`, logs: [] }
}

/** `feature/Add Webhooks` → `feature-add-webhooks`: the branch as a preview's host name has it. */
function slug(branch: string): string {
  return branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The preview trigger's `branch` (a string of at least one character), or `undefined`. */
function readBranch(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { branch?: unknown } | null
    return typeof parsed?.branch === 'string' && parsed.branch.length > 0 ? parsed.branch : undefined
  } catch {
    return undefined
  }
}
