import { readFileSync } from 'node:fs'
import { runAgentJob } from './agent.js'
import { type AgentConfig, parseAgentInputs } from './agent-inputs.js'
import { agentSummary } from './agent-summary.js'
import { systemClock } from './clock.js'
import { judge } from './outcome.js'
import { Outputs } from './outputs.js'
import { closeAction, openAction, openApi, setOutput } from './runner.js'
import { errorVerdict } from './verdict.js'

/** The agent job action: inputs → job → wait → outputs, summary and one reported result. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const ctx = openAction(env)
  const { log, redact } = ctx

  let config: AgentConfig
  try {
    config = parseAgentInputs(ctx.input, (file) => readFileSync(file, 'utf8'), env.GITHUB_WORKSPACE || process.cwd())
  } catch (err) {
    return closeAction(ctx, errorVerdict(err as Error))
  }

  const api = openApi(ctx, config)
  const { outcome, waitedMs } = await runAgentJob(config, {
    api: api.client,
    clock: systemClock,
    log,
    outputs: new Outputs(setOutput, redact),
    signal: api.signal,
  })
  api.close()

  const verdict = judge(outcome, config.failOn, config.timeoutMs)
  const job = 'job' in outcome ? outcome.job : undefined
  const summary = config.summary ? agentSummary({ verdict, job, prompt: config.prompt, waitedMs }) : undefined
  await closeAction(ctx, verdict, summary)
}
