/**
 * The local mock API's deploy family: the three endpoints of deploy-openapi.json (trigger a preview, trigger a
 * deployment, read a status) with the documented answers, the timeline of a build on the mock's clock, the failing
 * branch, and every case a test scripts through `api.deploy` or a fault.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../../local/fake-clock.ts'
import { type MockApi, type MockApiOptions, NO_PREVIEWS, startMockApi } from '../../local/mock-api.ts'

let api: MockApi
let clock: FakeClock
afterEach(async () => {
  await api.close()
})

/** The mock on a fake clock at 0, so a test says when each read happens. */
async function start(options: MockApiOptions = {}): Promise<MockApi> {
  clock = new FakeClock()
  api = await startMockApi({ clock, ...options })
  return api
}

async function call(method: string, path: string, body?: unknown, key = 'mint_test') {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const text = await res.text()
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    json: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
  }
}
const preview = (branch: unknown, project = 'proj_1') => call('POST', `/v1/project/preview/${project}`, { branch })
const production = (project = 'proj_1') => call('POST', `/v1/project/update/${project}`)
const status = (id: unknown) => call('GET', `/v1/project/update-status/${encodeURIComponent(String(id))}`)
/** The trigger requests the mock received, as `METHOD path`. */
const triggers = () =>
  api.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/v1/project/')).map((q) => q.path)

describe('a preview', () => {
  it('202 {statusId, previewUrl}, then queued, in_progress and success along the mock clock', async () => {
    await start()
    const t = await preview('feature/Add Webhooks')
    expect(t.status).toBe(202)
    expect(t.json).toEqual({
      statusId: expect.stringMatching(/^[0-9a-f]{24}$/),
      previewUrl: 'https://acme-feature-add-webhooks.mintlify.app',
    })
    const id = t.json.statusId
    const seen: Array<[number, unknown, unknown, unknown]> = []
    for (const at of [0, 999, 1000, 3999, 4000, 60_000]) {
      clock.time = at
      const s = (await status(id)).json
      seen.push([at, s.status, (s.logs as string[]).length, s.endedAt])
    }
    expect(seen).toEqual([
      [0, 'queued', 0, undefined],
      [999, 'queued', 0, undefined],
      [1000, 'in_progress', 5, undefined],
      [3999, 'in_progress', 5, undefined],
      [4000, 'success', 8, '1970-01-01T00:00:04.000Z'],
      [60_000, 'success', 8, '1970-01-01T00:00:04.000Z'],
    ])
    expect((await status(id)).json).toEqual({
      _id: id,
      projectId: 'proj_1',
      createdAt: '1970-01-01T00:00:00.000Z',
      endedAt: '1970-01-01T00:00:04.000Z',
      status: 'success',
      summary: 'Preview deployed',
      logs: expect.arrayContaining(['Cloning acme/docs at feature/Add Webhooks', 'Deployed']),
      subdomain: 'acme',
      screenshot: expect.stringMatching(/^https:\/\//),
      author: { name: 'Ada Lovelace', avatarUrl: expect.stringMatching(/^https:\/\//), githubUserId: 583231 },
      commit: {
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        ref: 'feature/Add Webhooks',
        message: 'Update the quickstart',
        filesChanged: { added: ['guides/webhooks.mdx'], modified: ['quickstart.mdx', 'docs.json'], removed: [] },
      },
      source: 'api',
    })
    // What the mock received: the one trigger with its body, then the reads; and the build it keeps.
    expect(api.requests[0]).toMatchObject({ method: 'POST', body: '{"branch":"feature/Add Webhooks"}' })
    expect(api.requests[0]?.headers.authorization).toBe('Bearer mint_test')
    expect(triggers()).toEqual(['/v1/project/preview/proj_1'])
    expect(api.builds.get(String(id))).toMatchObject({ kind: 'preview', branch: 'feature/Add Webhooks', reads: 7 })
  })

  it('by default a build takes a few seconds of real time: queued for 1 s, building for 3 s', async () => {
    api = await startMockApi()
    const before = Date.now()
    const { statusId } = (await preview('main')).json
    const build = api.builds.get(String(statusId))
    expect(build).toMatchObject({ queuedMs: 1000, buildMs: 3000, final: 'success' })
    expect(build?.createdAt).toBeGreaterThanOrEqual(before)
    expect((await status(statusId)).json.status).toBe('queued')
  })

  it('the same branch again: redeployed at the same URL, under a new statusId', async () => {
    await start()
    const a = (await preview('docs/x')).json
    const b = (await preview('docs/x')).json
    expect(b.previewUrl).toBe(a.previewUrl)
    expect(b.statusId).not.toBe(a.statusId)
    expect((await preview('docs/y')).json.previewUrl).not.toBe(a.previewUrl)
    expect(api.builds.size).toBe(3)
  })

  it('a branch whose name contains "fail" ends in failure, with a summary and the log lines that say why', async () => {
    await start()
    const { statusId } = (await preview('fix/FAILING-nav')).json
    clock.time = 9000 // read well after the end: endedAt is when the build ended, 4 s in
    const s = (await status(statusId)).json
    expect(s.status).toBe('failure')
    expect(s.summary).toBe('Build failed: docs.json lists a page that does not exist (guides/missing)')
    expect((s.logs as string[]).length).toBeGreaterThan(20)
    expect((s.logs as string[]).slice(-3)).toEqual([
      'Error: guides/setup.mdx:14:3: Unexpected closing tag </Steps>, expected </Step>',
      'Error: docs.json: navigation.groups[2].pages[4]: guides/missing does not exist',
      'Build failed with 2 errors',
    ])
    expect(s.endedAt).toBe('1970-01-01T00:00:04.000Z')
    expect(s).not.toHaveProperty('screenshot')
  })

  it('no branch, an empty or non-string one, or a body that is not JSON: 400, nothing built', async () => {
    await start()
    for (const body of [{}, { branch: '' }, { branch: 7 }, 'not json', ''])
      expect(await call('POST', '/v1/project/preview/proj_1', body)).toEqual({
        status: 400,
        retryAfter: null,
        json: { error: 'Invalid request. The branch field is required.' },
      })
    expect(api.builds.size).toBe(0)
  })
})

describe('a production deployment', () => {
  it('POST update with no body: 202 {statusId} alone, building the deployment branch', async () => {
    await start({ deploy: { deploymentBranch: 'production' } })
    const t = await production()
    expect(t).toEqual({ status: 202, retryAfter: null, json: { statusId: expect.stringMatching(/^[0-9a-f]{24}$/) } })
    expect(api.requests[0]?.body).toBe('')
    clock.time = 4000
    const s = (await status(t.json.statusId)).json
    expect(s).toMatchObject({ status: 'success', summary: 'Deployment successful', commit: { ref: 'production' } })
    expect(api.builds.get(String(t.json.statusId))).toMatchObject({ kind: 'production', branch: 'production' })
    expect(api.builds.get(String(t.json.statusId))).not.toHaveProperty('previewUrl')
  })
})

describe('what a test scripts through api.deploy', () => {
  it('a final status the enum lacks is sent as it is, once the build is done', async () => {
    await start()
    api.deploy.final = 'skipped'
    const { statusId } = (await preview('main')).json
    clock.time = 3999
    expect((await status(statusId)).json.status).toBe('in_progress')
    clock.time = 4000
    const s = (await status(statusId)).json
    expect(s).toMatchObject({ status: 'skipped', summary: 'Update skipped: a newer update of main was queued' })
    expect(s.endedAt).toBe('1970-01-01T00:00:04.000Z')
  })

  it('final: null never ends; statuses: [queued] never leaves the queue', async () => {
    await start({ deploy: { final: null } })
    const building = (await preview('main')).json.statusId
    clock.time = 7 * 24 * 3_600_000
    expect((await status(building)).json).toMatchObject({ status: 'in_progress' })
    expect((await status(building)).json).not.toHaveProperty('endedAt')
    api.deploy.statuses = ['queued']
    const queued = (await preview('main')).json.statusId
    for (let i = 0; i < 5; i++) expect((await status(queued)).json.status).toBe('queued')
  })

  it('statuses: one per read, the last one staying, whatever the clock says; each build keeps its own script', async () => {
    await start({ deploy: { statuses: ['queued', 'in_progress', 'failure'] } })
    const first = (await preview('main')).json.statusId
    api.deploy.statuses = undefined
    const second = (await preview('main')).json.statusId
    const reads = []
    for (let i = 0; i < 4; i++) {
      clock.time = 5 * i
      reads.push((await status(first)).json.status)
    }
    expect(reads).toEqual(['queued', 'in_progress', 'failure', 'failure'])
    // It ended when a read first saw it final, and stays ended then.
    expect((await status(first)).json.endedAt).toBe('1970-01-01T00:00:00.010Z')
    expect((await status(second)).json.status).toBe('queued') // the timeline, at time 0
  })

  it('previews: false is a plan without previews: 403 with its text on a preview, production still deploys', async () => {
    await start({ deploy: { previews: false } })
    expect(await preview('main')).toEqual({ status: 403, retryAfter: null, json: { error: NO_PREVIEWS } })
    expect(NO_PREVIEWS).toContain('not available on your current plan')
    expect(api.builds.size).toBe(0)
    expect((await production()).status).toBe(202)
  })

  it('previewUrl: any string (not https), a function of the branch, or null for none', async () => {
    await start({ deploy: { previewUrl: 'http://acme-main.mintlify.app' } })
    expect((await preview('main')).json.previewUrl).toBe('http://acme-main.mintlify.app')
    api.deploy.previewUrl = (branch) => `javascript:alert('${branch}')`
    expect((await preview('x')).json.previewUrl).toBe("javascript:alert('x')")
    api.deploy.previewUrl = null
    const none = await preview('main')
    expect(Object.keys(none.json)).toEqual(['statusId'])
    expect(api.builds.get(String(none.json.statusId))).not.toHaveProperty('previewUrl')
  })

  it('statusId: any string, read back through a percent-encoded path', async () => {
    await start({ deploy: { statusId: 'st/1 <b>' } })
    expect((await preview('main')).json.statusId).toBe('st/1 <b>')
    expect((await status('st/1 <b>')).json._id).toBe('st/1 <b>')
  })

  it('extra: hostile text in the summary, logs, commit and author; or a function that bends one field', async () => {
    const hostile = '@acme/team <img src=x> ::error::pwned\n::set-output name=x::y mint_Zq8vX2pLr7'
    await start()
    api.deploy.extra = {
      summary: hostile,
      logs: [hostile, hostile],
      commit: { sha: 'abc', ref: 'main', message: hostile },
      author: { name: hostile },
      screenshot: undefined,
    }
    const { statusId } = (await preview('main')).json
    clock.time = 4000
    const s = (await status(statusId)).json
    expect(s).toMatchObject({
      summary: hostile,
      logs: [hostile, hostile],
      commit: { message: hostile },
      author: { name: hostile },
    })
    expect(s).not.toHaveProperty('screenshot')
    api.deploy.extra = (answer) => ({ ...answer, commit: { ...answer.commit, message: hostile }, status: 7 })
    const bent = (await status(statusId)).json
    expect(bent).toMatchObject({ status: 7, summary: 'Preview deployed', commit: { ref: 'main', message: hostile } })
  })
})

describe('the rules every family follows', () => {
  it('keys as for the other endpoints; projects; an unknown status id; another method', async () => {
    await start({ projects: ['proj_1'] })
    expect((await call('POST', '/v1/project/preview/proj_1', { branch: 'main' }, 'mint_dsc_x')).status).toBe(403)
    expect((await call('POST', '/v1/project/update/proj_1', undefined, 'mint_us_x')).status).toBe(403)
    expect(await call('GET', '/v1/project/update-status/x', undefined, 'nope')).toMatchObject({
      status: 401,
      json: { error: 'Invalid or missing API key' },
    })
    expect(await preview('main', 'proj_2')).toMatchObject({ status: 404, json: { error: 'Project not found' } })
    expect(await status('66f1d2c3b4a5000000000999')).toMatchObject({
      status: 404,
      json: { error: 'Deployment status not found' },
    })
    expect((await call('GET', '/v1/project/preview/proj_1')).status).toBe(405)
    expect((await call('POST', '/v1/project/update-status/x')).status).toBe(405)
    expect(api.builds.size).toBe(0)
  })

  it('faults come first: 429 with and without Retry-After, 401, each recorded, the trigger after them built once', async () => {
    await start()
    const limited = { error: 'Too many requests' }
    api.fault({ path: '/v1/project/preview/', status: 429, headers: { 'Retry-After': '12' }, json: limited })
    api.fault({ path: '/v1/project/preview/', status: 429, json: limited })
    api.fault({ path: '/v1/project/preview/', status: 401, json: { error: 'API key expired' } })
    expect(await preview('main')).toEqual({ status: 429, retryAfter: '12', json: limited })
    expect(await preview('main')).toEqual({ status: 429, retryAfter: null, json: limited })
    expect(await preview('main')).toMatchObject({ status: 401, json: { error: 'API key expired' } })
    expect((await preview('main')).status).toBe(202)
    expect(triggers()).toHaveLength(4)
    expect(api.builds.size).toBe(1)
    api.fault({ method: 'GET', path: '/update-status/', status: 429, headers: { 'Retry-After': '0' }, json: limited })
    const [id] = api.builds.keys()
    expect((await status(id)).status).toBe(429)
    expect((await status(id)).json.status).toBe('queued')
  })
})
