/** `npm run demo:preview` (local/preview.ts) run on the bundle, so the documented command cannot rot. */
import { expect, it } from 'vitest'
import { runScript } from '../helpers/scripts.ts'

it("npm run demo:preview shows the pull request's one comment from queued (no link) to ready (the link, the pages)", () => {
  const run = runScript('local/preview.ts')
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  const requests = run.stdout.split('--- requests ---\n')[1]?.split('\n\n')[0] ?? ''
  // One trigger, one comment posted when queued and edited once when done, reads in between.
  expect(requests.match(/^ {2}POST \/v1\/project\/preview\/demo-project$/gm)).toHaveLength(1)
  expect(requests.match(/^ {2}POST \/repos\/acme\/app\/issues\/12\/comments$/gm)).toHaveLength(1)
  expect(requests.match(/^ {2}PATCH \/repos\/acme\/app\/issues\/comments\/\d+$/gm)).toHaveLength(1)
  expect(requests).toMatch(/^ {2}GET \/v1\/project\/update-status\/\w+ {3}\(x\d+\)$/m)
  const [, queued = '', ready = ''] = run.stdout.split(/^--- the comment on #12, .*---$/m)
  expect(queued).toContain('⏳ **Building the preview of `docs/webhooks`.**')
  expect(queued).not.toContain('mintlify.app')
  expect(ready).toContain('✅ **Preview ready**')
  expect(ready).toContain('- [/guides/webhooks](https://acme-docs-webhooks.mintlify.app/guides/webhooks)')
  expect(ready).toContain('- [/quickstart](https://acme-docs-webhooks.mintlify.app/quickstart)')
  expect(ready).not.toMatch(/docs\.json\]|images\//)
  expect(run.stdout).toContain('status=success')
  expect(run.stdout).toContain('preview-url=https://acme-docs-webhooks.mintlify.app')
  expect(run.stdout).toMatch(/comments on #12: 1\n$/)
})
