/**
 * `npm run screenshots`: the README's pictures, made from the local demos as they run now. Each demo runs the
 * bundle in dist/ against the local mock API (as `npm start`, `npm run demo:conversation`, `demo:compare` and
 * `demo:gaps` do); its job summary or the reply thread it left is rendered the way GitHub renders it
 * (cmark-gfm, GitHub's stylesheet, Mermaid; local/github-render.ts) and photographed by the distribution's
 * headless Chromium (tools/headless-chromium.ts). Writes docs/images/*.png. Not part of `npm test`: it needs
 * `cmark-gfm` and `chromium` (`sudo apt-get install cmark-gfm chromium`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { compareSite, runCompare } from '../local/compare.ts'
import { CONVERSATION_GITHUB, playConversation } from '../local/conversation.ts'
import { runAgentDemo } from '../local/demo.ts'
import { runGapsDemo } from '../local/gaps.ts'
import { summaryPage, threadPage } from '../local/github-render.ts'
import { gapsSite, startMockApi } from '../local/mock-api.ts'
import { ROOT, type RunResult } from '../local/run-action.ts'
import { openBrowser } from './headless-chromium.ts'

const OUT = path.join(ROOT, 'docs', 'images')

/** A run's job summary, or why there is none. */
function summaryOf(r: RunResult, what: string): string {
  if (!r.summary.trim()) throw new Error(`${what} wrote no summary (exit ${r.code}):\n${r.stdout}`)
  return r.summary
}

/** Each picture: its file name and the page to photograph. */
async function pages(): Promise<Array<{ file: string; html: string }>> {
  const agent = await startMockApi()
  const conversation = await startMockApi(CONVERSATION_GITHUB)
  const visitors = await startMockApi(compareSite())
  const gaps = await startMockApi({ ...gapsSite(), github: { roles: {} } })
  try {
    const job = summaryOf(await runAgentDemo(agent), 'The agent demo')
    const { thread } = await playConversation(conversation)
    const compare = summaryOf(await runCompare(visitors), 'The visitors demo')
    const found = summaryOf(await runGapsDemo(gaps), 'The gaps demo')
    return [
      { file: 'agent-summary.png', html: summaryPage('docs', job) },
      {
        file: 'reply-thread.png',
        html: threadPage(
          thread.map((c) => {
            const bot = c.user.type === 'Bot'
            return {
              login: c.user.login,
              bot,
              note: bot ? 'replied (edited as the job went)' : 'commented',
              markdown: c.body,
            }
          }),
        ),
      },
      { file: 'visitors-summary.png', html: summaryPage('export', compare) },
      { file: 'gaps-summary.png', html: summaryPage('gaps', found) },
    ]
  } finally {
    await Promise.all([agent.close(), conversation.close(), visitors.close(), gaps.close()])
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'screenshots-'))
try {
  const made = await pages()
  const browser = await openBrowser()
  try {
    mkdirSync(OUT, { recursive: true })
    for (const { file, html } of made) {
      const page = path.join(work, file.replace(/\.png$/, '.html'))
      writeFileSync(page, html)
      writeFileSync(path.join(OUT, file), await browser.shoot(page))
      console.log(`docs/images/${file}`)
    }
  } finally {
    await browser.close()
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
