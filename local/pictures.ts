/**
 * What the README's pictures show: the local demos' job summaries, the reply thread and the preview comment they
 * leave, produced by running them now (each runs the bundle in dist/ against the local mock API, as `npm start`,
 * `npm run demo:conversation`, `demo:compare`, `demo:gaps` and `demo:preview` do). `npm run screenshots` photographs them;
 * docs/images/sources.json keeps each picture's hash and what it was made from; a test checks both against the
 * files and a fresh run, so a picture that no longer shows what the demos produce is caught.
 */
import { createHash } from 'node:crypto'
import { compareSite, runCompare } from './compare.ts'
import { CONVERSATION_GITHUB, playConversation } from './conversation.ts'
import { runAgentDemo } from './demo.ts'
import { runGapsDemo } from './gaps.ts'
import type { ThreadComment } from './github-render.ts'
import { gapsSite, startMockApi } from './mock-api.ts'
import { runPreviewDemo, startPreviewMock } from './preview.ts'
import type { RunResult } from './run-action.ts'

export type Picture =
  | { file: string; kind: 'summary'; job: string; markdown: string }
  | { file: string; kind: 'thread'; comments: ThreadComment[] }

/** What docs/images/sources.json records of a picture: the PNG's hash and what it shows (`stableText`). */
export interface PictureSource {
  sha256: string
  shows: string
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A run's job summary, or why there is none. */
function summaryOf(r: RunResult, what: string): string {
  if (!r.summary.trim()) throw new Error(`${what} wrote no summary (exit ${r.code}):\n${r.stdout}`)
  return r.summary
}

/** Runs the five demos; what each picture shows. */
export async function pictures(): Promise<Picture[]> {
  const agent = await startMockApi()
  const conversation = await startMockApi(CONVERSATION_GITHUB)
  const visitors = await startMockApi(compareSite())
  const gaps = await startMockApi({ ...gapsSite(), github: { roles: {} } })
  const preview = await startPreviewMock()
  try {
    const job = summaryOf(await runAgentDemo(agent), 'The agent demo')
    const { thread } = await playConversation(conversation)
    const compare = summaryOf(await runCompare(visitors), 'The visitors demo')
    const found = summaryOf(await runGapsDemo(gaps), 'The gaps demo')
    const previewed = await runPreviewDemo(preview)
    const comment = Object.values(preview.github.comments ?? {}).flat()
    if (previewed.code !== 0 || comment.length !== 1)
      throw new Error(`The preview demo left ${comment.length} comments (exit ${previewed.code}):\n${previewed.stdout}`)
    return [
      { file: 'agent-summary.png', kind: 'summary', job: 'docs', markdown: job },
      {
        file: 'reply-thread.png',
        kind: 'thread',
        comments: thread.map((c) => {
          const bot = c.user.type === 'Bot'
          return {
            login: c.user.login,
            bot,
            note: bot ? 'replied (edited as the job went)' : 'commented',
            markdown: c.body,
          }
        }),
      },
      { file: 'visitors-summary.png', kind: 'summary', job: 'export', markdown: compare },
      { file: 'gaps-summary.png', kind: 'summary', job: 'gaps', markdown: found },
      {
        file: 'preview-comment.png',
        kind: 'thread',
        comments: comment.map((c) => ({
          login: c.user.login,
          bot: true,
          note: 'commented (edited when the build was done)',
          markdown: c.body,
        })),
      },
    ]
  } finally {
    await Promise.all([agent.close(), conversation.close(), visitors.close(), gaps.close(), preview.close()])
  }
}

/**
 * A picture's text with what changes from run to run left out (clock times, durations, ports, run ids), so
 * two runs of the same demos give the same text.
 */
export function stableText(picture: Picture): string {
  const text =
    picture.kind === 'summary'
      ? picture.markdown
      : picture.comments.map((c) => `${c.login} ${c.note}\n${c.markdown}`).join('\n\n---\n\n')
  return text
    .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?( ?UTC|Z)?/g, '<time>')
    .replace(/\b(under )?\d+(\.\d+)?(ms|s)\b|\b\d+m( \d\ds)?\b|\b\d+h( \d\dm)?\b/g, '<duration>')
    .replace(/127\.0\.0\.1:\d+/g, '<host>')
}
