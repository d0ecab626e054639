/**
 * `npm run demo:compare`: the visitors export with `compare: previous-period` against the local mock API,
 * which serves generated data for two weeks (some pages grow, some shrink, some are new, some are gone).
 * The bundled action runs as the runner would; its log, outputs and summary are printed as the Actions UI
 * shows them (local/runner-view.ts).
 */
import type { VisitorRow } from '../src/api/types.ts'
import { type MockApi, type MockApiOptions, startMockApi } from './mock-api.ts'
import { type RunResult, runAction } from './run-action.ts'
import { stepText } from './runner-view.ts'

const PAGES = 40
/** This week: pages 0..39; last week: pages 0..34 and 40..44 (so 35..39 are new and 40..44 are gone). */
const thisWeek = (i: number): VisitorRow => row(`/docs/page-${i}`, 500 - 10 * i, i % 4 === 0 ? 60 : 15)
const lastWeek = (i: number): VisitorRow => row(`/docs/page-${i < 35 ? i : i + 5}`, 430 - 9 * i + (i % 3) * 40, 20)

function row(path: string, human: number, ai: number): VisitorRow {
  return { path, human, ai, total: human + ai - Math.floor(ai / 3) }
}

/** Two weeks of a 40-page site, for the mock API. */
export function compareSite(): MockApiOptions {
  return {
    visitors: {
      count: PAGES,
      rowAt: thisWeek,
      totals: { human: 12_400, ai: 2_150, total: 13_900 },
      periods: {
        '2026-01-01': { count: PAGES, rowAt: lastWeek, totals: { human: 11_800, ai: 1_300, total: 12_650 } },
      },
    },
  }
}

/** The export of last week beside the week before (also what `npm run screenshots` pictures). */
export function runCompare(api: MockApi): Promise<RunResult> {
  return runAction({
    action: 'visitors',
    inputs: {
      'api-key': 'mint_local_demo_key',
      'project-id': 'demo-project',
      'api-url': api.url,
      'date-from': '2026-01-08',
      'date-to': '2026-01-15',
      compare: 'previous-period',
      format: 'csv',
      'summary-rows': '5',
    },
  })
}

export async function main(): Promise<number> {
  const api = await startMockApi(compareSite())
  try {
    console.log(`Local Mintlify API on ${api.url}; running dist/visitors/index.js with compare: previous-period...\n`)
    const r = await runCompare(api)
    console.log('--- requests ---')
    for (const q of api.requests) console.log(`  GET ${q.path}`)
    console.log(`\n${stepText(r)}`)
    return r.code ?? 1
  } finally {
    await api.close()
  }
}

if (import.meta.main) process.exitCode = await main()
