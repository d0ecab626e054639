/**
 * `npm run demo:loop` (local/loop.ts) run on the bundles, so the documented command cannot rot: what a user reads
 * each week, the issue and the agent's reply, and what was sent to the agent.
 */
import { describe, expect, it } from 'vitest'
import { searchesOfWeek } from '../../local/loop.ts'
import { runScript } from '../helpers/scripts.ts'

describe('the site of each week', () => {
  it('week 2 drops `sso saml` under min-hits and adds `retry policy`; week 3 readers click on `webhooks`', () => {
    const listed = (n: number) =>
      searchesOfWeek(n)
        .filter((r) => r.ctr === 0 && r.hits >= 2)
        .map((r) => r.searchQuery.trim().toLowerCase())
    expect(listed(1)).toEqual(['rate limit', 'webhooks', 'rate limit', 'sso saml'])
    expect(listed(2)).toEqual(['rate limit', 'webhooks', 'rate limit', 'retry policy'])
    expect(listed(3)).toEqual(['rate limit', 'rate limit', 'retry policy', 'audit log'])
    expect(searchesOfWeek(4)).toEqual(searchesOfWeek(3))
  })
})

describe('npm run demo:loop', () => {
  it('plays four Mondays: a new job, a follow-up with what is new, a new job after the merge, the limit', () => {
    const run = runScript('local/loop.ts', [], 60_000)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const weeks = run.stdout.split(/^=== Week \d: /m).slice(1)
    expect(weeks).toHaveLength(4)
    const [one = '', two = '', three = '', four = ''] = weeks
    const part = (week: string, heading: string) => week.split(`--- ${heading}`)[1]?.split('\n--- ')[0] ?? ''
    const issue = (week: string) => part(week, 'issue #1, as a reader sees it ---')
    const reply = (week: string) => part(week, "the agent's newest reply on it ---")

    // Four different Mondays, each issue saying its own week.
    expect(weeks.map((w) => w.slice(7, 17))).toEqual(['2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02'])
    expect(issue(one)).toContain('2026-01-05 to 2026-01-11:')
    expect(issue(four)).toContain('2026-01-26 to 2026-02-01:')

    // Week 1: everything is new; a new job and its pull request, with a preview.
    expect(one).toContain('gaps: exit 0; items=11 new=11 gone=0 issue-number=1')
    expect(one).toContain('sent to the agent: POST /v2/agent/demo-project/job\n')
    expect(issue(one)).toContain('Since the last run: 11 new, 0 listed before; no longer found: 0.')
    expect(reply(one)).toContain('✅ **Mintlify agent: Pull request opened**')
    expect(reply(one)).toContain('Job `job_1` completed: [acme/docs#101](https://github.com/acme/docs/pull/101)')
    expect(reply(one)).toContain('✅ Preview ready: <https://acme-mintlify-docs-gaps-jan-12.mintlify.app>')
    expect(reply(one)).toContain('[hidden: mintlify-agent job=job_1 run=9001]')

    // Week 2: what is new and what is no longer found; the same job, followed up.
    expect(two).toContain('gaps: exit 0; items=11 new=1 gone=1 issue-number=1')
    expect(issue(two)).toContain('Since the last run: 1 new, 10 listed before (the longest since 2026-01-12, 2 runs)')
    expect(issue(two)).toContain('- [ ] "retry policy": 12 searches, no result clicked · **new**')
    expect(issue(two)).toContain('- [ ] "webhooks": 17 searches, no result clicked · listed since 2026-01-12, 2 runs')
    expect(issue(two)).toContain('## No longer found (1, of them 0 ticked)')
    expect(issue(two)).toMatch(/\n {4}- "sso saml": .* · not ticked, listed since 2026-01-12, 1 run\n/)
    expect(two).toContain('sent to the agent: POST /v2/agent/demo-project/job/job_1/message\n')
    expect(reply(two)).toContain('✅ **Mintlify agent: Pull request updated**')
    expect(reply(two)).toContain('This request was a follow-up to job `job_1` of this conversation.')
    expect(reply(two)).toContain('[hidden: mintlify-agent job=job_1 run=9002]')

    // Week 3: #101 merged in between, so a new job, and the reply says why.
    expect(two).toContain('--- A reviewer merges acme/docs#101. ---')
    expect(three).toContain('sent to the agent: POST /v2/agent/demo-project/job\n')
    expect(reply(three)).toContain('Job `job_2` completed: [acme/docs#102](https://github.com/acme/docs/pull/102)')
    expect(reply(three)).toContain(
      'Job `job_1` of this conversation had its pull request [acme/docs#101](https://github.com/acme/docs/pull/101) merged, so this request goes to a new job.',
    )
    expect(issue(three)).toContain('- [ ] "audit log": 8 searches, no result clicked · **new**')
    expect(issue(three)).toMatch(/## No longer found \(1, of them 0 ticked\)[\s\S]*- "webhooks": /)

    // Week 4: the limit: nothing sent, a warning, and the reply says so.
    expect(four).toContain('agent: exit 0; status=skipped job-id= ')
    expect(four).toContain(
      '  warning: Conversation #1 reached its limit of 3 requests to the agent (max-requests), so this request was not sent.',
    )
    expect(four).toContain('sent to the agent: nothing\n')
    expect(reply(four)).toContain('⏭️ **Mintlify agent: Request limit reached**')
    expect(reply(four)).toContain(
      'This conversation reached its limit of 3 requests to the agent (`max-requests`), so this request was not sent.',
    )
    expect(issue(four)).toContain('Since the last run: 0 new, 11 listed before (the longest since 2026-01-12, 4 runs)')
    expect(issue(four)).not.toContain('No longer found')

    expect(run.stdout).toContain('In all: 1 issue, 2 jobs created, 1 follow-up message sent.')
    // Hidden lines are left out of the issue as a reader sees it.
    expect(weeks.map(issue).join()).not.toMatch(/mintlify-gaps|\[hidden/)
  })
})
