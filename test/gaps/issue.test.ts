/** `issue: update`: which issue is ours, update or create, and how the open issues are listed (local server). */
import { afterEach, describe, expect, it } from 'vitest'
import { connectIssues, type IssueApi, keepIssue, type OpenIssue, ourIssue } from '../../src/gaps/issue.js'
import { ISSUE_MARKER } from '../../src/gaps/worklist.js'
import { GitHubError } from '../../src/github/octokit.js'
import { BOT, PERSON } from '../helpers/fakes.js'
import { closeServers, json, serve } from '../helpers/server.js'

afterEach(closeServers)

const open = (number: number, body: string, author = BOT): OpenIssue => ({
  number,
  body,
  author,
  url: `https://github.com/acme/docs/issues/${number}`,
})

/** The account the token writes as, for a token that is no bot (a personal access token). */
const OWN_USER = { login: 'docs-maintainer', type: 'User' }

function fakeIssues(issues: OpenIssue[], account = 'github-actions[bot]') {
  const calls: string[] = []
  const api: IssueApi = {
    account: async () => {
      calls.push('account')
      return account
    },
    openIssues: async () => {
      calls.push('list')
      return issues
    },
    create: async (title, body) => {
      calls.push(`create ${title} ${body}`)
      return { number: 99, url: 'https://github.com/acme/docs/issues/99' }
    },
    update: async (number, body) => {
      calls.push(`update ${number} ${body}`)
      return { number, url: `https://github.com/acme/docs/issues/${number}` }
    },
  }
  return { api, calls }
}

describe('keepIssue', () => {
  it('updates the newest bot-written issue holding the marker, handing its old body to body()', async () => {
    const { api, calls } = fakeIssues([
      open(9, `mine too ${ISSUE_MARKER}`, PERSON),
      open(8, 'no marker'),
      open(7, `old body ${ISSUE_MARKER}`),
      open(5, `older ${ISSUE_MARKER}`),
    ])
    const seen: string[] = []
    const kept = await keepIssue(api, 'Documentation gaps', (previous) => {
      seen.push(previous)
      return 'new body'
    })
    expect(kept).toEqual({ number: 7, url: 'https://github.com/acme/docs/issues/7', created: false })
    expect(seen).toEqual([`old body ${ISSUE_MARKER}`])
    // The person's newer marked issue made it ask who the token is, once.
    expect(calls).toEqual(['list', 'account', 'update 7 new body'])
  })

  it('creates one, with an empty previous body, when there is none (a person’s issue with the marker is not ours)', async () => {
    const { api, calls } = fakeIssues([open(3, `copied ${ISSUE_MARKER}`, PERSON)])
    const seen: string[] = []
    const kept = await keepIssue(api, 'Gaps', (previous) => {
      seen.push(previous)
      return 'body'
    })
    expect(kept).toEqual({ number: 99, url: 'https://github.com/acme/docs/issues/99', created: true })
    expect(seen).toEqual([''])
    expect(calls).toEqual(['list', 'account', 'create Gaps body'])
  })

  it('ourIssue wants the marker, and a bot or the token’s own account as the author', async () => {
    const asked: string[] = []
    const account = (login: string) => async () => {
      asked.push(login)
      return login
    }
    expect(
      await ourIssue([open(1, 'x', BOT), open(2, ISSUE_MARKER, PERSON)], account('github-actions[bot]')),
    ).toBeUndefined()
    expect((await ourIssue([open(2, ISSUE_MARKER, { login: 'app[bot]', type: 'Bot' })], account('x')))?.number).toBe(2)
    expect(asked).toEqual(['github-actions[bot]']) // a bot's marked issue needs no question
    expect(
      (await ourIssue([open(4, ISSUE_MARKER, OWN_USER), open(3, ISSUE_MARKER)], account(OWN_USER.login)))?.number,
    ).toBe(4)
    expect(
      (await ourIssue([open(4, ISSUE_MARKER, PERSON), open(3, ISSUE_MARKER, OWN_USER)], account(OWN_USER.login)))
        ?.number,
    ).toBe(3)
  })

  it('asks who the token is only once, and not at all without a marked issue by a person', async () => {
    const twoPeople = fakeIssues([open(5, ISSUE_MARKER, PERSON), open(4, ISSUE_MARKER, PERSON)], OWN_USER.login)
    await keepIssue(twoPeople.api, 'Gaps', () => 'b')
    expect(twoPeople.calls).toEqual(['list', 'account', 'create Gaps b'])
    const none = fakeIssues([open(5, 'no marker', PERSON)])
    await keepIssue(none.api, 'Gaps', () => 'b')
    expect(none.calls).toEqual(['list', 'create Gaps b'])
  })

  it('a failure to learn the account fails the keeping: no issue is created on doubt', async () => {
    const { api, calls } = fakeIssues([open(5, ISSUE_MARKER, PERSON)])
    api.account = async () => {
      throw new GitHubError(0, 'Finding the account the token writes as failed: no answer within 10s')
    }
    await expect(keepIssue(api, 'Gaps', () => 'b')).rejects.toThrow(
      'Finding the account the token writes as failed: no answer within 10s; so whether issue #5 (holding the marker, written by writer) is the one this action keeps cannot be told, and no issue was changed. If it is not, remove the marker `<!-- mintlify-gaps -->` from it; else re-run',
    )
    expect(calls).toEqual(['list'])
  })
})

/** An issue as GitHub lists it. */
const listed = (number: number, body = '', type = 'User', extra: Record<string, unknown> = {}) => ({
  number,
  body,
  user: { login: type === 'Bot' ? 'github-actions[bot]' : 'writer', type },
  html_url: `https://github.com/acme/docs/issues/${number}`,
  ...extra,
})

const connect = (baseUrl: string) =>
  connectIssues('ghs_token', { owner: 'acme', repo: 'docs' }, { redact: (t) => t, baseUrl, timeoutMs: 5000 })

describe('connectIssues', () => {
  it('lists open issues newest first, 100 a page, stopping at a short page; pull requests left out', async () => {
    const s = await serve((_req, res, url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'))
      if (page === 1)
        json(
          res,
          200,
          Array.from({ length: 100 }, (_, i) => listed(1000 - i, '', 'User', i === 0 ? { pull_request: {} } : {})),
        )
      else json(res, 200, [listed(5, 'null body?'), { ...listed(4), body: null }])
    })
    const issues = await (await connect(s.url)).openIssues()
    expect(s.hits).toEqual([
      'GET /repos/acme/docs/issues?state=open&sort=created&direction=desc&per_page=100&page=1',
      'GET /repos/acme/docs/issues?state=open&sort=created&direction=desc&per_page=100&page=2',
    ])
    expect(issues).toHaveLength(101)
    expect(issues[0]).toEqual({
      number: 999,
      body: '',
      author: { login: 'writer', type: 'User' },
      url: 'https://github.com/acme/docs/issues/999',
    })
    expect(issues.some((i) => i.number === 1000)).toBe(false)
    expect(issues.at(-1)).toMatchObject({ number: 4, body: '' })
  })

  it('stops as soon as a page holds ours', async () => {
    const s = await serve((_req, res) =>
      json(
        res,
        200,
        Array.from({ length: 100 }, (_, i) => listed(500 - i, i === 50 ? ISSUE_MARKER : '', 'Bot')),
      ),
    )
    const issues = await (await connect(s.url)).openIssues()
    expect(s.hits).toHaveLength(1)
    expect((await ourIssue(issues, async () => 'github-actions[bot]'))?.number).toBe(450)
  })

  it('past 1,000 open issues without ours, reads only those the token’s account opened, and finds it there', async () => {
    const s = await serve((req, res, url) => {
      if (req.method === 'POST') return json(res, 200, { data: { viewer: { login: 'github-actions[bot]' } } })
      const q = new URL(url, 'http://x').searchParams
      if (q.get('creator') === 'github-actions[bot]') return json(res, 200, [listed(7, `old ${ISSUE_MARKER}`, 'Bot')])
      json(
        res,
        200,
        Array.from({ length: 100 }, (_, i) => listed(2000 - i)),
      )
    })
    const issues = await (await connect(s.url)).openIssues()
    expect(s.hits).toHaveLength(12) // 10 pages of everyone's, the account, 1 page of its own
    expect(issues.map((i) => i.number)).toEqual([7])
  })

  it('refuses to guess past 1,000 open issues of the token’s own account without the marker', async () => {
    const s = await serve((req, res) => {
      if (req.method === 'POST') return json(res, 200, { data: { viewer: { login: 'github-actions[bot]' } } })
      json(
        res,
        200,
        Array.from({ length: 100 }, (_, i) => listed(i + 1)),
      )
    })
    const err = await (await connect(s.url)).openIssues().catch((e: unknown) => e)
    expect(s.hits).toHaveLength(21)
    expect(err).toBeInstanceOf(GitHubError)
    expect((err as Error).message).toBe(
      "Finding the issue failed: the token's account has more than 1000 open issues in the repository and none of the newest holds the marker; close old ones or use `issue: none`",
    )
  })

  it('refuses a list that is not a list', async () => {
    const s = await serve((_req, res) => json(res, 200, { message: 'odd' }))
    await expect((await connect(s.url)).openIssues()).rejects.toThrow(
      'Finding the issue failed: the list of issues is not a list',
    )
  })

  it('creates with title and body, updates by number with the body, and reads number and URL back', async () => {
    const bodies: string[] = []
    const s = await serve((req, res, url, body) => {
      bodies.push(`${req.method} ${url} ${body}`)
      json(res, req.method === 'POST' ? 201 : 200, { number: 12, html_url: 'https://github.com/acme/docs/issues/12' })
    })
    const api = await connect(s.url)
    await expect(api.create('Gaps', 'the body')).resolves.toEqual({
      number: 12,
      url: 'https://github.com/acme/docs/issues/12',
    })
    await expect(api.update(12, 'new')).resolves.toEqual({ number: 12, url: 'https://github.com/acme/docs/issues/12' })
    expect(bodies).toEqual([
      'POST /repos/acme/docs/issues {"title":"Gaps","body":"the body"}',
      'PATCH /repos/acme/docs/issues/12 {"body":"new"}',
    ])
  })

  it('names the call that failed and its status', async () => {
    const s = await serve((req, res) =>
      req.method === 'PATCH'
        ? json(res, 403, { message: 'Resource not accessible by integration' })
        : json(res, 201, { html_url: 'x' }),
    )
    const api = await connect(s.url)
    const err = (await api.update(3, 'b').catch((e: unknown) => e)) as GitHubError
    expect(err).toBeInstanceOf(GitHubError)
    expect(err.status).toBe(403)
    expect(err.message).toMatch(/^Updating issue #3 failed: HTTP 403/)
    await expect(api.create('t', 'b')).rejects.toThrow('Opening the issue failed: the answer holds no issue number')
  })

  it('reads on past a page whose only marked issue is a person’s: ours on page 2 is found, no second one made', async () => {
    const s = await serve((_req, res, url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'))
      if (page === 1)
        json(
          res,
          200,
          Array.from({ length: 100 }, (_, i) => listed(300 - i, i === 0 ? ISSUE_MARKER : '')),
        )
      else json(res, 200, [listed(150, ISSUE_MARKER, 'Bot')])
    })
    const issues = await (await connect(s.url)).openIssues()
    expect(s.hits).toHaveLength(2)
    expect((await ourIssue(issues, async () => 'github-actions[bot]'))?.number).toBe(150)
  })

  it('leaves out a listed item without a number (it could not be updated)', async () => {
    const s = await serve((_req, res) => json(res, 200, [{ ...listed(1, ISSUE_MARKER, 'Bot'), number: '7' }]))
    expect(await (await connect(s.url)).openIssues()).toEqual([])
  })

  it('names what failed: finding, opening or updating the issue', async () => {
    const s = await serve((_req, res) => json(res, 403, { message: 'Resource not accessible by integration' }))
    const api = await connect(s.url)
    await expect(api.openIssues()).rejects.toThrow(/^Finding the issue failed: HTTP 403/)
    await expect(api.create('T', 'b')).rejects.toThrow(/^Opening the issue failed: HTTP 403/)
    await expect(api.update(3, 'b')).rejects.toThrow(/^Updating issue #3 failed: HTTP 403/)
  })

  it('an answer without an issue number is an error naming the step, never an issue-url of nothing', async () => {
    const s = await serve((_req, res) => json(res, 200, { html_url: 'https://github.com/acme/docs/issues/3' }))
    const api = await connect(s.url)
    await expect(api.update(3, 'b')).rejects.toThrow('Updating issue #3 failed: the answer holds no issue number')
    await expect(api.create('T', 'b')).rejects.toThrow('Opening the issue failed: the answer holds no issue number')
  })
})

describe('UndecidedIssue', () => {
  it('joins the cause without its final period, and names an author without a login as unknown', async () => {
    const { api } = fakeIssues([open(7, ISSUE_MARKER, { login: '', type: 'User' })])
    api.account = async () => {
      throw new GitHubError(0, 'Finding the account the token writes as failed: no answer within 2.5s.')
    }
    const err = await keepIssue(api, 'Gaps', () => 'b').catch((e: Error) => e)
    expect((err as Error).message).toBe(
      'Finding the account the token writes as failed: no answer within 2.5s; so whether issue #7 (holding the marker, written by an unknown account) is the one this action keeps cannot be told, and no issue was changed. If it is not, remove the marker `<!-- mintlify-gaps -->` from it; else re-run',
    )
  })
})
