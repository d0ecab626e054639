/**
 * A preload for a spawned bundle, `NODE_OPTIONS=--import=<this file's URL>` with `CLOCK_AT` set to an ISO date-time:
 * the process's clock starts at that moment and runs on from there (`Date.now()`, `new Date()`; timers and
 * `performance` are untouched). `npm run demo:loop` (local/loop.ts) runs each week's steps with it, so that the gaps
 * issue's memory ("listed since", `-7d`, `today`) sees four Mondays in under a minute. Nothing in src/ knows of it:
 * the actions read the clock as they do on a runner. Without `CLOCK_AT` (or with a value that is not a date) it does
 * nothing.
 */
import { pathToFileURL } from 'node:url'

/** The environment that makes a spawned Node process start its clock at `at` (merged into a run's `env`). */
export function clockAtEnv(at: string): Record<string, string> {
  return { NODE_OPTIONS: `--import=${pathToFileURL(import.meta.filename).href}`, CLOCK_AT: at }
}

const target = Date.parse(process.env.CLOCK_AT ?? '')
if (!Number.isNaN(target)) {
  const RealDate = Date
  const offset = target - RealDate.now()
  const now = () => RealDate.now() + offset
  /** `Date` with `now` moved: with no argument a date is `now()`; given one, it is that date, as always. */
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now())
      else super(...(args as [number, number])) // one argument or several, passed on as given
    }
  }
  ShiftedDate.now = now
  globalThis.Date = ShiftedDate as DateConstructor
}
