/**
 * The local mock API's side for the content gaps action: the three cursor-paged analytics endpoints (search
 * terms, assistant turns, feedback) answered as analytics-openapi.json says, with the knobs of a broken server,
 * views beside feedback, and the GitHub stand-in's issues.
 */
import { getOctokit } from '@actions/github'
import { afterEach, describe, expect, it } from 'vitest'
import {
  gapsSite,
  type MockApi,
  type MockApiOptions,
  sampleFeedback,
  sampleSearch,
  sampleTurn,
  seedIssue,
  startMockApi,
  TOKEN_USER,
} from '../../local/mock-api.ts'

let api: MockApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

async function start(options: MockApiOptions): Promise<MockApi> {
  api = await startMockApi(options)
  return api
}

const DATES = 'dateFrom=2026-01-01&dateTo=2026-01-08'

async function get(path: string, key = 'mint_test') {
  const res = await fetch(`${api?.url}${path}`, { headers: { authorization: `Bearer ${key}` } })
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> }
}

/** Every page of a cursor section, following `nextCursor` (searches) or `hasMore` (the others), at most `max`. */
async function walk(section: string, query: string, max = 50) {
  const pages: Array<Record<string, unknown>> = []
  let cursor: string | null = null
  do {
    const r = await get(`/v1/analytics/p/${section}?${query}${cursor === null ? '' : `&cursor=${cursor}`}`)
    expect(r.status).toBe(200)
    pages.push(r.json)
    const more = section === 'searches' ? r.json.nextCursor !== null : r.json.hasMore === true
    cursor = more ? (r.json.nextCursor as string) : null
  } while (cursor !== null && pages.length < max)
  return pages
}

const rowsOf = (pages: Array<Record<string, unknown>>, key: string) => pages.flatMap((p) => p[key] as unknown[])

describe('searches', () => {
  it('pages by cursor to the end: {searches, totalSearches, nextCursor}, no hasMore, the sum of hits as total', async () => {
    await start({ searches: { count: 250 } })
    const pages = await walk('searches', `${DATES}&limit=100`)
    expect(pages).toHaveLength(3)
    expect(Object.keys(pages[0] ?? {}).sort()).toEqual(['nextCursor', 'searches', 'totalSearches'])
    expect(pages[2]?.nextCursor).toBeNull()
    expect(rowsOf(pages, 'searches')).toEqual(Array.from({ length: 250 }, (_, i) => sampleSearch(i)))
    const hits = Array.from({ length: 250 }, (_, i) => sampleSearch(i).hits).reduce((a, b) => a + b)
    expect(pages.every((p) => p.totalSearches === hits)).toBe(true)
    // Every request is recorded as sent, dates included.
    expect(api?.requests.map((q) => new URL(q.path, 'http://x').searchParams.get('dateTo'))).toEqual([
      '2026-01-08',
      '2026-01-08',
      '2026-01-08',
    ])
  })

  it('an exact multiple of the page size needs no trailing empty page', async () => {
    await start({ searches: { count: 200 } })
    expect(await walk('searches', `${DATES}&limit=100`)).toHaveLength(2)
  })

  it('limits outside 1 to 100 are a 400 {error, details}, as are a made-up cursor and a bad date', async () => {
    await start({ searches: { count: 5 } })
    for (const limit of ['0', '101', '2.5', 'x']) {
      const r = await get(`/v1/analytics/p/searches?${DATES}&limit=${limit}`)
      expect(r.status).toBe(400)
      expect(r.json).toEqual({
        error: 'Invalid query parameters',
        details: [{ message: 'limit must be a whole number between 1 and 100' }],
      })
    }
    expect((await get(`/v1/analytics/p/searches?${DATES}&cursor=nope`)).status).toBe(400)
    expect((await get('/v1/analytics/p/searches?dateFrom=soon')).json.details).toEqual([
      { message: 'dateFrom is not a date' },
    ])
    expect((await get(`/v1/analytics/p/searches?${DATES}`)).json.searches).toHaveLength(5) // default limit 50
  })

  it('a cursor of one section is refused by another', async () => {
    await start({ searches: { count: 5 }, assistant: { count: 5 } })
    const first = await get(`/v1/analytics/p/searches?${DATES}&limit=2`)
    const r = await get(`/v1/analytics/p/assistant?${DATES}&limit=2&cursor=${first.json.nextCursor}`)
    expect(r.status).toBe(400)
  })
})

describe('assistant', () => {
  it('{conversations, nextCursor, hasMore}, up to 1,000 a page; 1,001 is a 400', async () => {
    await start({ assistant: { count: 1500 } })
    const pages = await walk('assistant', `${DATES}&limit=1000`)
    expect(pages.map((p) => [(p.conversations as unknown[]).length, p.hasMore])).toEqual([
      [1000, true],
      [500, false],
    ])
    expect(pages[1]?.nextCursor).toBeNull()
    expect(rowsOf(pages, 'conversations')[1499]).toEqual(sampleTurn(1499))
    const r = await get(`/v1/analytics/p/assistant?${DATES}&limit=1001`)
    expect(r.status).toBe(400)
    expect(r.json.details).toEqual([{ message: 'limit must be a whole number between 1 and 1000' }])
  })

  it('200,000 turns are made on the fly: a page makes only its own rows', async () => {
    let made = 0
    const rowAt = (i: number) => {
      made++
      return sampleTurn(i)
    }
    await start({ assistant: { count: 200_000, rowAt } })
    const first = await get(`/v1/analytics/p/assistant?${DATES}&limit=1000`)
    expect(first.json.hasMore).toBe(true)
    expect(made).toBe(1001) // the page, and the look at where the next one starts
  })

  it('empty pages that still have a cursor, then the rest', async () => {
    await start({ assistant: { count: 3, emptyPages: [0, 1] } })
    const pages = await walk('assistant', `${DATES}&limit=1000`)
    expect(pages.map((p) => [(p.conversations as unknown[]).length, p.hasMore])).toEqual([
      [0, true],
      [0, true],
      [3, false],
    ])
  })

  it('a repeated cursor: from the given page on, nextCursor is the cursor that was sent', async () => {
    await start({ assistant: { count: 10, repeatCursorAt: 1 } })
    const p0 = await get(`/v1/analytics/p/assistant?${DATES}&limit=2`)
    const c1 = p0.json.nextCursor as string
    const p1 = await get(`/v1/analytics/p/assistant?${DATES}&limit=2&cursor=${c1}`)
    expect(p1.json.nextCursor).toBe(c1)
    expect(p1.json.hasMore).toBe(true)
    expect(p1.json.conversations).toEqual([sampleTurn(2), sampleTurn(3)])
  })

  it('endless: hasMore true and a new cursor on every page, with no rows past the data', async () => {
    await start({ assistant: { count: 1, endless: true } })
    const pages = await walk('assistant', `${DATES}&limit=1000`, 5)
    expect(pages).toHaveLength(5)
    expect(pages.every((p) => p.hasMore === true)).toBe(true)
    expect(new Set(pages.map((p) => p.nextCursor)).size).toBe(5)
    expect(rowsOf(pages, 'conversations')).toHaveLength(1)
  })

  it('unknown fields in rows and pages', async () => {
    await start({ assistant: { count: 1, rowExtra: { sentiment: 'sad' }, pageExtra: { cost: { credits: 1 } } } })
    const r = await get(`/v1/analytics/p/assistant?${DATES}`)
    expect(r.json).toMatchObject({ cost: { credits: 1 }, conversations: [{ ...sampleTurn(0), sentiment: 'sad' }] })
  })
})

describe('feedback', () => {
  it('items of the three shapes by source; contextual ones carry helpful and contact', () => {
    expect(Object.keys(sampleFeedback(0)).sort()).toEqual(
      ['comment', 'contact', 'createdAt', 'helpful', 'id', 'path', 'source', 'status'].sort(),
    )
    expect(sampleFeedback(1)).toMatchObject({ source: 'code_snippet', code: 'npm i mint', lang: 'bash' })
    expect(Object.keys(sampleFeedback(2)).sort()).toEqual(['comment', 'createdAt', 'id', 'path', 'source', 'status'])
    expect(sampleFeedback(3).source).toBe('thumbs_only')
  })

  it('the status comma list filters, and pages end exactly where the last matching item is', async () => {
    await start({ feedback: { count: 64 } })
    const pages = await walk('feedback', `${DATES}&status=pending,in_progress&limit=16`)
    const items = rowsOf(pages, 'feedback') as Array<{ status: string; id: string }>
    const expected = Array.from({ length: 64 }, (_, i) => sampleFeedback(i)).filter((f) =>
      ['pending', 'in_progress'].includes(f.status),
    )
    expect(items).toEqual(expected)
    expect(pages).toHaveLength(2) // 32 items at 16 a page: no empty page at the end
    expect((await get(`/v1/analytics/p/feedback?${DATES}&status=open`)).status).toBe(400)
    expect((await get(`/v1/analytics/p/feedback?${DATES}&limit=101`)).status).toBe(400)
  })

  it('views can have data of their own, beside visitors', async () => {
    await start({
      visitors: { count: 1 },
      views: { count: 1, rowAt: () => ({ path: '/docs/page-1', human: 40, ai: 2, total: 42 }) },
      feedback: { count: 4 },
    })
    expect((await get(`/v1/analytics/p/views?${DATES}&limit=250`)).json.views).toEqual([
      { path: '/docs/page-1', human: 40, ai: 2, total: 42 },
    ])
    expect((await get(`/v1/analytics/p/visitors?${DATES}&limit=250`)).json.visitors).not.toEqual([
      { path: '/docs/page-1', human: 40, ai: 2, total: 42 },
    ])
  })
})

describe('dates inside the asked window', () => {
  const JULY = 'dateFrom=2026-07-01&dateTo=2026-07-08'
  const [FROM, TO] = [Date.parse('2026-07-01'), Date.parse('2026-07-08')]
  /** Every date of every row of the three sections, as served for the July window. */
  async function datesServed() {
    const dates: Array<string | null> = []
    for (const [section, key, field] of [
      ['searches', 'searches', 'lastSearchedAt'],
      ['assistant', 'conversations', 'timestamp'],
      ['feedback', 'feedback', 'createdAt'],
    ] as const)
      for (const row of rowsOf(await walk(section, `${JULY}&limit=100`), key) as Array<Record<string, string | null>>)
        dates.push(row[field] ?? null)
    return dates
  }

  it("the mock's own site: every search, turn and comment dated inside [dateFrom, dateTo), a repeated turn still one turn", async () => {
    await start(gapsSite())
    const dates = (await datesServed()).filter((d) => d !== null)
    expect(dates).toHaveLength(8 + 8 + 7)
    for (const date of dates) expect(Date.parse(date), date).toBeGreaterThanOrEqual(FROM)
    for (const date of dates) expect(Date.parse(date), date).toBeLessThan(TO)
    const turns = rowsOf(await walk('assistant', `${JULY}&limit=100`), 'conversations') as Array<{
      id: string
      timestamp: string
    }>
    expect(new Set(turns.map((t) => `${t.id} ${t.timestamp}`)).size).toBe(7) // 8 rows, one turn served twice
  })

  it("the mock's sample rows too; asked for a window they already lie in, they are served unchanged", async () => {
    await start({ searches: { count: 250 }, assistant: { count: 250 }, feedback: { count: 250 } })
    for (const date of await datesServed()) {
      expect(Date.parse(date ?? ''), String(date)).toBeGreaterThanOrEqual(FROM)
      expect(Date.parse(date ?? ''), String(date)).toBeLessThan(TO)
    }
    const january = await get(`/v1/analytics/p/assistant?${DATES}&limit=1000`)
    expect(january.json.conversations).toEqual(Array.from({ length: 250 }, (_, i) => sampleTurn(i)))
  })

  it("a test's own rows are served as given, whatever their dates", async () => {
    const old = { ...sampleSearch(0), lastSearchedAt: '1999-12-31T23:59:59Z' }
    await start({ searches: { count: 1, rowAt: () => old } })
    expect((await get(`/v1/analytics/p/searches?${JULY}`)).json.searches).toEqual([old])
  })
})

describe('the same rules as the other analytics endpoints', () => {
  it('keys, projects, and faults with Retry-After come first on the new paths', async () => {
    await start({ searches: { count: 1 }, projects: ['p'] })
    expect((await get(`/v1/analytics/p/searches?${DATES}`, 'mint_dsc_x')).status).toBe(403)
    expect((await get(`/v1/analytics/p/searches?${DATES}`, 'nope')).status).toBe(401)
    expect((await get(`/v1/analytics/q/searches?${DATES}`)).status).toBe(404)
    api?.fault({ path: '/feedback', status: 429, headers: { 'retry-after': '2' }, json: { error: 'Too many' } })
    const r = await get(`/v1/analytics/p/feedback?${DATES}`)
    expect([r.status, r.headers.get('retry-after'), r.json]).toEqual([429, '2', { error: 'Too many' }])
    expect((await get(`/v1/analytics/p/feedback?${DATES}`)).status).toBe(200)
  })
})

describe('GitHub issues', () => {
  const REPO = '/repos/acme/app'
  async function gh(method: string, path: string, body?: unknown) {
    const res = await fetch(`${api?.url}${REPO}/${path}`, {
      method,
      headers: { authorization: 'token ghs_test', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, link: res.headers.get('link'), json: (await res.json()) as Record<string, unknown> }
  }

  it('lists open issues and pull requests newest first, in GitHub’s shape, paged with Link headers', async () => {
    const a = await start({ github: { roles: {} } })
    const person = seedIssue(a.github, { body: '<!-- mintlify-gaps -->' })
    seedIssue(a.github, { body: 'old', state: 'closed', user: { ...TOKEN_USER } })
    const pull = seedIssue(a.github, { body: 'a change', pull: true })
    const bot = seedIssue(a.github, { body: 'worklist', user: { login: 'other[bot]', type: 'Bot' } })
    const r = await gh('GET', 'issues?state=open&sort=created&direction=desc&per_page=2&page=1')
    expect(r.status).toBe(200)
    expect((r.json as unknown as Array<{ number: number }>).map((i) => i.number)).toEqual([bot.number, pull.number])
    expect(r.json[0]).toMatchObject({
      number: bot.number,
      title: `Issue ${bot.number}`,
      body: 'worklist',
      state: 'open',
      user: { login: 'other[bot]', type: 'Bot' },
      html_url: `https://github.com/acme/app/issues/${bot.number}`,
    })
    expect(r.json[1]).toMatchObject({ pull_request: { html_url: `https://github.com/acme/app/pull/${pull.number}` } })
    expect(r.json[0]).not.toHaveProperty('pull_request')
    expect(r.link).toContain('page=2>; rel="next"')
    const octokit = getOctokit('ghs_test', { baseUrl: a.url })
    const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'acme',
      repo: 'app',
      state: 'open',
      per_page: 1,
    })
    expect(all.map((i) => i.number)).toEqual([bot.number, pull.number, person.number])
  })

  it('POST creates as github-actions[bot]; PATCH edits body and title; both kept for the test to read', async () => {
    const a = await start({ github: { roles: {}, pulls: { 7: { head: 'x', base: 'main' } } } })
    const created = await gh('POST', 'issues', { title: 'Documentation gaps', body: 'list' })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      number: 8,
      user: TOKEN_USER,
      html_url: 'https://github.com/acme/app/issues/8',
    })
    const edited = await gh('PATCH', 'issues/8', { body: 'new list', title: 'Gaps' })
    expect(edited.status).toBe(200)
    expect(a.github.issues).toMatchObject([{ number: 8, title: 'Gaps', body: 'new list', state: 'open' }])
    expect((await gh('PATCH', 'issues/99', { body: 'x' })).status).toBe(404)
    expect((await gh('POST', 'issues', { body: 'no title' })).status).toBe(422)
    expect((await gh('POST', 'issues', { title: 't', body: 'x'.repeat(65_537) })).status).toBe(422)
  })

  it('GET issues/N answers one issue or pull request: locked or not, the repository it belongs to; 404 for none', async () => {
    const a = await start({ github: { roles: {} } })
    const locked = seedIssue(a.github, { body: 'gaps', locked: true })
    const pull = seedIssue(a.github, { body: 'a change', pull: true, state: 'closed' })
    const one = await gh('GET', `issues/${locked.number}`)
    expect(one.json).toMatchObject({
      number: locked.number,
      state: 'open',
      locked: true,
      repository_url: 'https://api.github.com/repos/acme/app',
    })
    expect(one.json).not.toHaveProperty('pull_request')
    const other = await gh('GET', `issues/${pull.number}`)
    expect(other.json).toMatchObject({ state: 'closed', locked: false, pull_request: { url: expect.any(String) } })
    expect((await gh('GET', 'issues/99')).status).toBe(404)
  })

  it('a seeded role-free 403 refuses the write and stores nothing', async () => {
    const a = await start({ github: { roles: {} } })
    a.fault({
      method: 'POST',
      path: '/issues',
      status: 403,
      json: { message: 'Resource not accessible by integration' },
    })
    expect((await gh('POST', 'issues', { title: 't', body: 'b' })).status).toBe(403)
    expect(a.github.issues ?? []).toEqual([])
  })
})
