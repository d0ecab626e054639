/** `npm run demo:gaps` (local/gaps.ts) run on the bundle, so the documented command cannot rot. */
import { expect, it } from 'vitest'
import { runScript } from '../helpers/scripts.ts'

it('npm run demo:gaps reads the made-up site once, writes the worklist and keeps one issue, ticks kept', () => {
  const run = runScript('local/gaps.ts')
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  // Searches, assistant, feedback, then the views of the reported pages: one request each, both dates on each.
  const analytics = run.stdout.match(/^ {2}GET \/v1\/analytics\/demo-project\/\w+\?.*$/gm) ?? []
  expect(analytics.map((l) => /\/(\w+)\?/.exec(l)?.[1])).toEqual(['searches', 'assistant', 'feedback', 'views'])
  for (const line of analytics) expect(line).toContain('dateFrom=2026-01-08&dateTo=2026-01-15')
  // rate limit (23 + 9, two spellings), webhooks (17), sso saml (6); 5 distinct unanswered questions; 3 pages.
  expect(run.stdout).toContain('searches=3')
  expect(run.stdout).toContain('unanswered=5')
  expect(run.stdout).toContain('pages=3')
  expect(run.stdout).toContain('issue-url=https://github.com/acme/app/issues/1')
  expect(run.stdout).toContain('  POST /repos/acme/app/issues')
  expect(run.stdout).toMatch(/ {2}PATCH \/repos\/acme\/app\/issues\/1\n/)
  expect(run.stdout).toContain('issues in the repository: 1')
  const body = run.stdout.split("--- the issue's body ---\n")[1] ?? ''
  expect(body).toContain('<!-- mintlify-gaps -->')
  expect(body.match(/^- \[x\]/gm)).toHaveLength(1)
  expect(run.stdout).not.toContain('reader1@example.com')
})
