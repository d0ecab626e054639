/** What the user is told at the end of a run, for either action; reported in one place (`runner/action.ts`). */
export interface Verdict {
  /** Short heading for the summary. */
  title: string
  emoji: string
  /** The one log line that tells the result. */
  message: string
  level: 'info' | 'notice' | 'warning' | 'error'
  /** Fail the step (with `message` as the failure). */
  fail: boolean
  /** Set on cancellation only: the process exits with it at once. */
  exitCode?: number
}

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 }

export function errorVerdict(error: Error): Verdict {
  return { title: 'Error', emoji: '❌', message: error.message, level: 'error', fail: true }
}

export function cancelledVerdict(signal: NodeJS.Signals, message: string): Verdict {
  return { title: 'Cancelled', emoji: '🛑', message, level: 'warning', fail: false, exitCode: SIGNAL_EXIT[signal] ?? 1 }
}
