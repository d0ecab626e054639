import type { Redact } from '../log.js'
import { oneLine } from '../text.js'

/**
 * Sets step outputs, each only when its value changes, always redacted and on one line: a value from the
 * API is read by later steps, and a line break in it could pass for a second value there.
 */
export class Outputs {
  private readonly written = new Map<string, string>()

  constructor(
    private readonly write: (name: string, value: string) => void,
    private readonly redact: Redact,
  ) {}

  set(name: string, value: string): void {
    const clean = oneLine(this.redact(value))
    if (this.written.get(name) === clean) return
    this.written.set(name, clean)
    this.write(name, clean)
  }

  setAll(values: Record<string, string>): void {
    for (const [name, value] of Object.entries(values)) this.set(name, value)
  }
}
