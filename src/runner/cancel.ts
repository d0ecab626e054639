/** The reason an AbortSignal carries when the runner cancels the step. */
export class Cancelled extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`Cancelled by ${signal}`)
    this.name = 'Cancelled'
  }
}

/** The runner cancels with SIGINT, then SIGTERM. The last resort exit keeps the promise of "within a second". */
export function abortOnTermination(controller: AbortController, hardExitMs = 900): () => void {
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return
    controller.abort(new Cancelled(signal))
    setTimeout(() => process.exit(signal === 'SIGINT' ? 130 : 143), hardExitMs).unref()
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return () => {
    process.off('SIGINT', handler)
    process.off('SIGTERM', handler)
  }
}
