import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { systemClock } from '../clock.js'
import { InputError } from '../inputs.js'
import { type ActionContext, closeAction, type Ending, openAction, openApi, openOutputs } from '../runner/action.js'
import { errorVerdict, type Verdict } from '../runner/verdict.js'
import { shownPath, workspaceOf } from '../runner/workspace.js'
import { UnansweredQuestions } from './assistant.js'
import { writeDataFile } from './data-file.js'
import { ReportedPages } from './feedback.js'
import { countsOf, type Found } from './found.js'
import { type GapsConfig, parseGapsInputs } from './inputs.js'
import { connectIssues, type KeptIssue, keepIssue } from './issue.js'
import { failedVerdict, foundVerdict, gapsOutputs, issueVerdict, type Written } from './outcome.js'
import { agentPrompt } from './prompt.js'
import { readGaps } from './read.js'
import { ZeroClickSearches } from './searches.js'
import type { SinceLastRun } from './since.js'
import { gapsSummary } from './summary.js'
import { issueBody, worklist } from './worklist.js'

/**
 * The content gaps action: inputs → the chosen sections, page by page → files and outputs → the issue → the
 * summary and one reported verdict. A run ends in exactly one place: the `closeAction` below.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const now = new Date()
  let config: GapsConfig
  try {
    config = parseGapsInputs(ctx.input, { workspace: workspaceOf(env), repository: env.GITHUB_REPOSITORY }, now)
    for (const [input, file] of [
      ['output', config.output],
      ['worklist', config.worklist],
      ['prompt-output', config.promptOutput],
    ] as const)
      checkWritable(input, file)
  } catch (err) {
    await closeAction(ctx, { verdict: errorVerdict(err as Error) })
    return
  }
  await closeAction(ctx, await gaps(ctx, config, env, now))
}

/** A file that could not be written is bad input, found before any request spends the hourly budget. */
function checkWritable(input: string, file: string): void {
  const dir = path.dirname(file)
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
  } catch (err) {
    throw new InputError(
      input,
      // Stryker disable next-line StringLiteral: mkdirSync and accessSync fail with a code
      `its folder cannot be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      'a path in a folder the step may write, relative to the workspace',
    )
  }
}

async function gaps(ctx: ActionContext, config: GapsConfig, env: NodeJS.ProcessEnv, now: Date): Promise<Ending> {
  // The questions' texts wait beside the data file, as the visitors export's `.partial` does: its folder was found
  // writable before any request, and they never need more room than the data file itself will.
  const questions = new UnansweredQuestions({ file: `${config.output}.${process.pid}.questions` })
  try {
    return await readAndReport(ctx, config, env, now, questions)
  } finally {
    questions.close()
  }
}

async function readAndReport(
  ctx: ActionContext,
  config: GapsConfig,
  env: NodeJS.ProcessEnv,
  now: Date,
  questions: UnansweredQuestions,
): Promise<Ending> {
  const api = openApi(ctx, config)
  const { client } = api
  const collectors = {
    searches: new ZeroClickSearches(config.minHits),
    assistant: questions,
    feedback: new ReportedPages(),
  }
  let found: Found
  try {
    const read = await readGaps(config, collectors, {
      source: {
        searches: (q) => client.getSearches(config.projectId, q),
        assistant: (q) => client.getAssistant(config.projectId, q),
        feedback: (q) => client.getFeedback(config.projectId, q),
        views: (q) => client.getAnalytics('views', config.projectId, q),
      },
      clock: systemClock,
      log: ctx.log,
      signal: api.signal,
    })
    found = {
      dateFrom: config.dateFrom,
      dateTo: config.dateTo,
      sections: config.sections,
      read,
      searches: collectors.searches.found(),
      totalSearches: collectors.searches.totalSearches,
      unanswered: collectors.assistant.found(config.maxItems),
      allQuestions: (category) => collectors.assistant.all(category),
      unansweredCount: collectors.assistant.count,
      pages: collectors.feedback.found(),
      maxItems: config.maxItems,
      minHits: config.minHits,
      feedbackStatus: config.feedbackStatus,
    }
  } catch (error) {
    const verdict = failedVerdict(error)
    return { verdict, summary: config.summary ? gapsSummary({ verdict }) : undefined }
  } finally {
    api.close()
  }

  // The issue first: what it remembers tells the files and the summary what is new. When GitHub fails, the files,
  // outputs and summary are still written, without it.
  let verdict: Verdict = foundVerdict(found)
  let issue: (KeptIssue & { created: boolean }) | undefined
  let issueError: Error | undefined
  if (config.issue) {
    const target = config.issue
    try {
      const issues = await connectIssues(
        target.token,
        { owner: target.owner, repo: target.repo },
        { redact: ctx.redact, log: ctx.log },
      )
      const composed: { since?: SinceLastRun } = {}
      const kept = await keepIssue(issues, target.title, (previous) => {
        const body = issueBody(found, previous, { today: now.toISOString().slice(0, 10) })
        composed.since = body.since
        return body.body
      })
      if (composed.since) found = { ...found, since: { ...composed.since, issue: kept.number } }
      issue = kept
      ctx.log.info(`Issue #${kept.number} ${kept.created ? 'opened' : 'updated'}: ${kept.url}`)
    } catch (err) {
      issueError = err as Error
      verdict = issueVerdict(issueError)
    }
  }

  const workspace = workspaceOf(env)
  const shown = (file: string) => shownPath(file, workspace)
  let written: Written
  try {
    writeDataFile(config.output, found, now.toISOString())
    writeFileSync(config.worklist, worklist(found))
    written = { data: config.output, worklist: config.worklist }
    if (countsOf(found).items > 0) {
      writeFileSync(config.promptOutput, agentPrompt(found))
      written.prompt = config.promptOutput
    }
  } catch (err) {
    const verdict = errorVerdict(new Error(`Writing the files failed: ${(err as Error).message}.`))
    return { verdict, summary: config.summary ? gapsSummary({ verdict }) : undefined }
  }
  openOutputs(ctx).setAll(gapsOutputs(found, written, issue))
  ctx.log.info(
    `Wrote ${[written.data, written.worklist, written.prompt]
      .filter((f) => f !== undefined)
      .map(shown)
      .join(', ')}.`,
  )
  return {
    verdict,
    summary: config.summary
      ? gapsSummary({
          verdict,
          found,
          files: {
            data: shown(written.data),
            worklist: shown(written.worklist),
            prompt: written.prompt && shown(written.prompt),
          },
          issue,
          issueError,
        })
      : undefined,
  }
}
