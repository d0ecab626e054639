/** `npm run demo:compare` (local/compare.ts) run on the bundle, so the documented command cannot rot. */
import { expect, it } from 'vitest'
import { runScript } from '../helpers/scripts.ts'

it('npm run demo:compare exports two weeks against the local API and prints the summary as text', () => {
  const run = runScript('local/compare.ts')
  expect(run.status).toBe(0)
  expect(run.stdout).toContain('dateFrom=2026-01-01&dateTo=2026-01-08')
  expect(run.stdout).toContain('dateFrom=2026-01-08&dateTo=2026-01-15')
  expect(run.stdout).toContain('total-change=9.9')
  expect(run.stdout).toContain('| Previous period | 11,800 | 1,300 | 12,650 |')
  expect(run.stdout).toContain('5 pages are new since the previous period (seen now, not then):')
  expect(run.stdout).toContain('5 pages were seen in the previous period and not now:')
  expect(run.stdout).toContain('Wrote 45 rows to')
})
