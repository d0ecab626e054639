/**
 * Every bundle against Prism (`@stoplight/prism-cli`) serving the provider's own OpenAPI files in dynamic mode:
 * every answer is random data that the contract allows (job ids such as `occaecat incididunt`, any status of
 * the enum, any finite count, `hasMore` either way). Whatever comes, each run ends with exit 0 and outputs that
 * say what the answers said. Prism runs on loopback, offline; the OpenAPI files are read from `../shared/api`
 * beside the repository, and the tests are skipped, saying why, when that folder or Prism is missing.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MockApi } from '../../local/mock-api.ts'
import { runAgent, runGaps, runPreview, runVisitors } from '../helpers/e2e.js'
import { NO_SPECS, skipped } from '../helpers/skip-reasons.ts'

const SPECS = path.resolve(import.meta.dirname, '../../../shared/api')
/** Runs of each action: Prism answers differently each time. */
const RUNS = 4

function prismCli(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js')
  } catch {
    return undefined
  }
}

const cli = prismCli()
const missing = !existsSync(SPECS) ? NO_SPECS : !cli ? '@stoplight/prism-cli is not installed (npm ci)' : undefined
const GROUP = `against Prism serving the provider OpenAPI (dynamic mode)${skipped(missing)}`

interface Prism {
  url: string
  stop(): void
}

/** `prism mock -d` on 127.0.0.1 with a free port; resolves once Prism says where it listens. */
function startPrism(spec: string): Promise<Prism> {
  const child: ChildProcess = spawn(
    process.execPath,
    [cli as string, 'mock', '-d', '-h', '127.0.0.1', '-p', '0', spec],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const stop = () => child.kill()
  return new Promise((resolve, reject) => {
    let log = ''
    const read = (chunk: Buffer) => {
      log += chunk.toString()
      const listening = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log)
      if (listening?.[1]) resolve({ url: listening[1], stop })
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.on('exit', (code) => reject(new Error(`Prism ended (${code}) before listening:\n${log}`)))
  })
}

/** The run helpers want the mock's URL (and, for the preview, somewhere to look for requests: none are kept). */
const at = (prism: Prism) => ({ url: prism.url, requests: [], builds: new Map() }) as unknown as MockApi

/**
 * deploy-openapi.json names its paths without the `/v1` that its server URL carries (`https://api.mintlify.com/v1`),
 * and Prism serves the paths as written: a copy with `/v1` moved from the server into every path, in a folder of
 * the system temp directory that `remove` deletes.
 */
function underV1(spec: string): { file: string; remove(): void } {
  const doc = JSON.parse(readFileSync(spec, 'utf8')) as { servers?: Array<{ url: string }>; paths: object }
  doc.servers = (doc.servers ?? []).map((server) => ({ ...server, url: server.url.replace(/\/v1\/?$/, '') }))
  doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([route, item]) => [`/v1${route}`, item]))
  const dir = mkdtempSync(path.join(tmpdir(), 'prism-deploy-'))
  const file = path.join(dir, 'deploy-openapi.json')
  writeFileSync(file, JSON.stringify(doc))
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

const finite = (value: string | undefined) => value !== undefined && value !== '' && Number.isFinite(Number(value))

describe.skipIf(missing !== undefined)(GROUP, () => {
  describe('admin-openapi.json: the agent job action', () => {
    let prism: Prism
    beforeAll(async () => {
      prism = await startPrism(path.join(SPECS, 'admin-openapi.json'))
    })
    afterAll(() => prism?.stop())

    it(`creates, waits and reports, then follows up on the id it got: ${RUNS} runs`, async () => {
      for (let i = 0; i < RUNS; i++) {
        // No outcome fails the step: `failed` and `archived` are answers the contract allows.
        const r = await runAgent(at(prism), { 'fail-on': '' })
        expect(r.code, r.stdout).toBe(0)
        const id = r.outputs['job-id'] ?? ''
        expect(id.length).toBeGreaterThan(0)
        expect(id.length).toBeLessThanOrEqual(1024)
        expect(['completed', 'archived', 'failed']).toContain(r.outputs.status)
        expect(r.outputs).toMatchObject({ 'timed-out': 'false', 'follow-up': 'false' })
        const pr = r.outputs['pr-number'] ?? ''
        if (pr !== '') expect(r.outputs.prLink?.endsWith(pr)).toBe(true)
        expect(r.stdout).toMatch(/^::(notice|warning|error)::Job .+ (completed|was archived|failed)/m)
        expect(r.summary).toContain('| Job id | `')

        const again = await runAgent(at(prism), { 'job-id': id, prompt: 'Also the changelog', 'fail-on': '' })
        expect(again.code, again.stdout).toBe(0)
        expect(again.outputs).toMatchObject({ 'job-id': id, 'follow-up': 'true' })
      }
    })
  })

  describe('analytics-openapi.json: the visitors export and the content gaps', () => {
    let prism: Prism
    beforeAll(async () => {
      prism = await startPrism(path.join(SPECS, 'analytics-openapi.json'))
    })
    afterAll(() => prism?.stop())

    it.each(['visitors', 'views'])(`exports metric %s: ${RUNS} runs`, async (metric) => {
      for (let i = 0; i < RUNS; i++) {
        const r = await runVisitors(at(prism), { metric, 'date-from': '2026-01-01', 'date-to': '2026-01-08' })
        expect(r.code, r.stdout).toBe(0)
        for (const name of ['human', 'ai', 'total', 'rows']) expect(finite(r.outputs[name]), name).toBe(true)
        expect(['true', 'false']).toContain(r.outputs.complete)
        const file = JSON.parse(readFileSync(r.outputs.file ?? '', 'utf8'))
        expect(path.basename(r.outputs.file ?? '')).toBe(`mintlify-${metric}.json`)
        expect(file[metric]).toHaveLength(Number(r.outputs.rows))
        for (const row of file[metric]) {
          expect(typeof row.path).toBe('string')
          for (const count of [row.human, row.ai, row.total]) expect(Number.isFinite(count)).toBe(true)
        }
        expect(r.summary).not.toBe('')
      }
    })

    it(`reads the content gaps, whatever the contract allows: ${RUNS} runs`, async () => {
      for (let i = 0; i < RUNS; i++) {
        // Prism's cursors and `hasMore` are random, so a section may never end: `max-requests` ends it then.
        const r = await runGaps(at(prism), { 'date-from': '2026-01-01', 'date-to': '2026-01-08', 'max-requests': '12' })
        expect(r.code, r.stdout).toBe(0)
        for (const name of ['searches', 'unanswered', 'pages', 'items', 'requests'])
          expect(finite(r.outputs[name]), name).toBe(true)
        expect(Number(r.outputs.requests)).toBeLessThanOrEqual(12)
        expect(['true', 'false']).toContain(r.outputs.complete)
        const data = JSON.parse(readFileSync(r.outputs.file ?? '', 'utf8'))
        expect(data.counts.items).toBe(Number(r.outputs.items))
        expect(JSON.stringify(data)).not.toContain('"contact"')
        expect(r.summary).toMatch(/Mintlify content gaps/)
      }
    })
  })

  describe('deploy-openapi.json, served under /v1: the preview action', () => {
    let prism: Prism
    let spec: ReturnType<typeof underV1>
    beforeAll(async () => {
      spec = underV1(path.join(SPECS, 'deploy-openapi.json'))
      prism = await startPrism(spec.file)
    })
    afterAll(() => {
      prism?.stop()
      spec?.remove()
    })

    const FINAL = ['success', 'failure']

    it(`previews a branch and waits, whatever status the contract allows: ${RUNS} runs`, async () => {
      for (let i = 0; i < RUNS; i++) {
        // No outcome fails the step: `failure`, and a build still going at `timeout`, are answers the contract allows.
        const r = await runPreview(at(prism), { branch: 'docs/x', 'fail-on': '', timeout: '5s' })
        expect(r.code, r.stdout).toBe(0)
        expect(r.outputs['status-id']?.length).toBeGreaterThan(0)
        expect(r.outputs.branch).toBe('docs/x')
        expect(['true', 'false']).toContain(r.outputs['timed-out'])
        expect(r.outputs['timed-out'] === 'true' ? ['queued', 'in_progress'] : FINAL).toContain(r.outputs.status)
        // Prism's `previewUrl` is any string: an output as sent, linked only when it is https.
        const url = r.outputs['preview-url'] ?? ''
        if (!url.startsWith('https://')) expect(r.summary).not.toContain(`](${url}`)
        expect(r.stdout).toMatch(/Queued the preview of docs\/x \(status id .+\)/)
        expect(r.summary).toMatch(/^### .+ Mintlify: /)
      }
    })

    it(`deploys production, no branch, and waits: ${RUNS} runs`, async () => {
      for (let i = 0; i < RUNS; i++) {
        const r = await runPreview(at(prism), { deployment: 'production', 'fail-on': '', timeout: '5s' })
        expect(r.code, r.stdout).toBe(0)
        expect(r.outputs['status-id']?.length).toBeGreaterThan(0)
        expect(r.outputs).toMatchObject({ branch: '', 'preview-url': '' })
        expect(r.outputs['timed-out'] === 'true' ? ['queued', 'in_progress'] : FINAL).toContain(r.outputs.status)
        expect(r.stdout).toMatch(/Queued the deployment \(status id .+\)/)
      }
    })
  })
})
