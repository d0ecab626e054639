/**
 * `npm run demo:conversation` (local/conversation.ts): the thread as a reader sees it, and the demo itself
 * run on the bundle, so the documented command cannot rot.
 */
import { describe, expect, it } from 'vitest'
import { asRead } from '../../local/conversation.ts'
import { runScript } from '../helpers/scripts.ts'

describe('a comment as a reader sees it', () => {
  it('shows hidden markers on one line, links with their URL, code in backticks, entities decoded', () => {
    const body =
      '✅ **Done** <a href="https://github.com/acme/docs/pull/1">Pull request</a>\n\n' +
      'Job <code>job&#95;1</code> &lt;ok&gt; &amp; @\u200bteam\n\n<!-- mintlify-agent\n job=job_1 -->'
    expect(asRead(body)).toBe(
      '✅ **Done** Pull request <https://github.com/acme/docs/pull/1>\n\n' +
        'Job `job_1` <ok> & @team\n\n[hidden: mintlify-agent job=job_1]',
    )
    expect(asRead('<a href="https://x.test/a">https://x.test/a</a>')).toBe('<https://x.test/a>')
    expect(asRead('text <!-- unclosed')).toBe('text [hidden: unclosed]')
  })
})

describe('npm run demo:conversation', () => {
  it('runs two requests on issue 12 and prints the thread and the Mintlify requests', () => {
    const run = runScript('local/conversation.ts')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const thread = run.stdout.slice(run.stdout.indexOf('--- the thread of issue #12'))
    // The person's two requests, in order, each followed by the action's reply naming its job.
    const writer = [...thread.matchAll(/^@writer:\n {4}(.*)$/gm)].map((m) => m[1])
    expect(writer).toEqual(['/docs document the new --dry-run flag', '/docs also mention it in the changelog'])
    expect(thread).toMatch(/^@github-actions\[bot\]:/m)
    expect(thread).toMatch(/\[hidden: mintlify-agent job=job_\d+ request=\d+\]/)
    expect(thread).not.toContain('<!--')
    expect(run.stdout).toContain('--- Mintlify requests ---')
    // One job, and the second request sent to it as a follow-up.
    const requests = run.stdout.slice(run.stdout.indexOf('--- Mintlify requests ---'))
    expect(requests.match(/POST \S+/g)).toEqual([
      'POST /v2/agent/demo-project/job',
      'POST /v2/agent/demo-project/job/job_1/message',
    ])
    // Each reply names the one job, and the request it answers (the two requests' comments).
    const markers = [...thread.matchAll(/\[hidden: mintlify-agent job=(\S+) request=(\d+)\]/g)]
    expect(markers.map((m) => m[1])).toEqual(['job_1', 'job_1'])
    expect(new Set(markers.map((m) => m[2])).size).toBe(2)
    // Counts through counted(): "1 job", never "1 job(s)".
    expect(run.stdout).toContain('\n1 job created, 1 follow-up message sent. The second request went to the first job.')
  }, 30_000)
})
