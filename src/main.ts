import { readFileSync } from 'node:fs'
import { runAgentJob } from './agent.js'
import { type AgentConfig, parseAgentInputs } from './agent-inputs.js'
import { agentSummary } from './agent-summary.js'
import { MintlifyClient } from './api/client.js'
import { abortOnTermination } from './cancel.js'
import { systemClock } from './clock.js'
import { envInputs } from './inputs.js'
import { createRedactor, redactingLog } from './log.js'
import { judge } from './outcome.js'
import { Outputs } from './outputs.js'
import { maskSecrets, report, runnerLog, setOutput, writeSummary } from './runner.js'
import { USER_AGENT } from './version.js'

/** The agent job action: inputs → job → wait → outputs, summary and one reported result. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const input = envInputs(env)
  const secrets = [input('api-key'), input('github-token')]
  maskSecrets(secrets)
  const redact = createRedactor(secrets)
  const log = redactingLog(runnerLog, redact)

  let config: AgentConfig
  try {
    config = parseAgentInputs(input, (file) => readFileSync(file, 'utf8'), env.GITHUB_WORKSPACE || process.cwd())
  } catch (err) {
    process.exitCode = report(judge({ kind: 'error', error: err as Error }, new Set(), 0), log)
    return
  }

  const controller = new AbortController()
  const stopListening = abortOnTermination(controller)
  const client = new MintlifyClient({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    userAgent: USER_AGENT,
    signal: controller.signal,
    log,
  })
  const outputs = new Outputs(setOutput, redact)
  const { outcome, waitedMs } = await runAgentJob(config, {
    api: client,
    clock: systemClock,
    log,
    outputs,
    signal: controller.signal,
  })
  client.dispose()

  const verdict = judge(outcome, config.failOn, config.timeoutMs)
  const job = 'job' in outcome ? outcome.job : undefined
  if (config.summary) await writeSummary(agentSummary({ verdict, job, prompt: config.prompt, waitedMs }), redact, log)
  const code = report(verdict, log)
  stopListening()
  // A cancelled run ends now, whatever request may still be in flight.
  if (outcome.kind === 'cancelled') process.exit(code)
  process.exitCode = code
}
