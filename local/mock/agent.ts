/**
 * The agent family of the local mock: `POST /v2/agent/{projectId}/job`, `GET .../job/{id}` and
 * `POST .../job/{id}/message`. Jobs are kept in memory and walk through a script of statuses, one step per
 * poll (`JobScript`, which a test may change between runs); `seedJob` adds a job as if created earlier.
 */
import { knownProject, type Route, type SeenRequest, type Send } from './http.ts'

export interface MockJob {
  id: string
  status: string
  source: { repository: string; ref: string | null }
  model: string
  prLink: string | null
  createdAt: string
  archivedAt: string | null
}

/** How a job created (or messaged) on this server behaves. */
export interface JobScript {
  /** Status in the create (or follow-up) answer. */
  createStatus: string
  /** Status each GET reveals, in order; the last one stays. */
  statuses: string[]
  /** `prLink` once the job is terminal; `undefined` makes one up. */
  prLink?: string | null
  /** The id of each job created from now on (any string the API may give); `job_N` when unset. */
  id?: string
  /** Extra fields merged into every answer (to drop or bend fields, e.g. `{ model: undefined }`). */
  extra?: Record<string, unknown>
}

const DEFAULT_SCRIPT: JobScript = { createStatus: 'active', statuses: ['active', 'active', 'completed'] }

export interface AgentFamily {
  jobs: Map<string, MockJob>
  script: JobScript
  /** Forgets every job and puts the script back as the options gave it. */
  reset(): void
  /** Adds a job as if created earlier, with its own script of statuses for the next GETs. */
  seedJob(job: Partial<MockJob> & { id: string }, statuses?: string[]): void
  route: Route
}

export function agentFamily(options: { script?: Partial<JobScript>; projects?: string[] }): AgentFamily {
  const jobs = new Map<string, MockJob>()
  const pending = new Map<string, string[]>() // job id → statuses still to reveal
  const script: JobScript = { ...DEFAULT_SCRIPT, ...options.script }
  let counter = 0

  const finalize = (job: MockJob) => {
    if (['completed', 'archived'].includes(job.status) && job.prLink === null && script.prLink !== null) {
      job.prLink = script.prLink ?? `https://github.com/acme/docs/pull/${100 + Number(job.id.replace(/\D/g, '') || 0)}`
    }
    if (job.status === 'archived' && !job.archivedAt) job.archivedAt = new Date().toISOString()
  }

  const present = (job: MockJob) => JSON.stringify({ ...job, ...script.extra })

  /** One request to a job path: create, read (the next scripted status) or a follow-up message. */
  const answer = (seen: SeenRequest, m: RegExpExecArray, send: Send) => {
    const projectId = decodeURIComponent(m[1] ?? '')
    const jobId = m[2] === undefined ? undefined : decodeURIComponent(m[2])
    if (!knownProject(options.projects, projectId)) return send(404, { error: 'Project not found' })

    const prompt = readPrompt(seen.body)
    if (seen.method === 'POST' && jobId === undefined && !m[3]) {
      if (prompt === undefined) return send(400, { error: 'prompt: String must contain at least 1 character(s)' })
      counter++
      const job: MockJob = {
        id: script.id ?? `job_${counter}`,
        status: script.createStatus,
        source: { repository: 'https://github.com/acme/docs', ref: 'main' },
        model: 'claude-sonnet-4-5',
        prLink: null,
        createdAt: new Date().toISOString(),
        archivedAt: null,
      }
      finalize(job)
      jobs.set(job.id, job)
      pending.set(job.id, [...script.statuses])
      return send(201, present(job))
    }
    const job = jobId === undefined ? undefined : jobs.get(jobId)
    if (!job) return send(404, { error: 'Agent job not found' })
    if (seen.method === 'GET' && !m[3]) {
      const queue = pending.get(job.id) ?? []
      const next = queue.length > 1 ? queue.shift() : queue[0]
      if (next !== undefined) job.status = next
      finalize(job)
      return send(200, present(job))
    }
    if (seen.method === 'POST' && m[3]) {
      if (prompt === undefined) return send(400, { error: 'prompt: String must contain at least 1 character(s)' })
      job.status = script.createStatus
      pending.set(job.id, [...script.statuses])
      return send(200, present(job))
    }
    return send(405, { error: 'Method not allowed' })
  }

  const route: Route = (seen, pathname, _search, send) => {
    const m = /^\/v2\/agent\/([^/]+)\/job(?:\/([^/]+))?(\/message)?$/.exec(pathname)
    if (!m?.[1]) return false
    answer(seen, m, send)
    return true
  }

  return {
    jobs,
    script,
    reset: () => {
      jobs.clear()
      pending.clear()
      for (const key of Object.keys(script)) delete script[key as keyof JobScript]
      Object.assign(script, DEFAULT_SCRIPT, options.script)
      counter = 0
    },
    seedJob: (job, statuses = []) => {
      const full: MockJob = {
        status: 'active',
        source: { repository: 'https://github.com/acme/docs', ref: 'main' },
        model: 'claude-sonnet-4-5',
        prLink: null,
        createdAt: new Date().toISOString(),
        archivedAt: null,
        ...job,
      }
      jobs.set(full.id, full)
      pending.set(full.id, statuses)
    },
    route,
  }
}

function readPrompt(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { prompt?: unknown }
    return typeof parsed.prompt === 'string' && parsed.prompt.length > 0 ? parsed.prompt : undefined
  } catch {
    return undefined
  }
}
