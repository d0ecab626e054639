/**
 * Reads this repository's action.yml files (inputs with `required`, `default` and `description`, outputs,
 * `runs.main`, branding) with a real YAML parser, so block scalars, flow sequences and quoting read as the
 * runner reads them. Defaults come back as the strings the runner passes (`INPUT_*` values are text).
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { parse } from 'yaml'

export interface ActionInput {
  name: string
  required: boolean
  default: string
  description: string
}

export interface ActionYml {
  /** The action's name and description, as the Marketplace and the workflow editor show them. */
  name: string
  description: string
  inputs: ActionInput[]
  outputs: Array<{ name: string; description: string }>
  main: string
  branding: Record<string, string>
}

type Entry = Record<string, unknown> | null | undefined

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value))

export function readActionYml(file: string): ActionYml {
  // The failsafe schema keeps every scalar as the text written (`0.10` stays `0.10`), as the runner passes it.
  const doc = (parse(readFileSync(file, 'utf8'), { schema: 'failsafe' }) ?? {}) as {
    name?: unknown
    description?: unknown
    inputs?: Record<string, Entry>
    outputs?: Record<string, Entry>
    runs?: { main?: unknown }
    branding?: Record<string, unknown>
  }
  return {
    name: text(doc.name),
    description: text(doc.description),
    inputs: Object.entries(doc.inputs ?? {}).map(([name, input]) => ({
      name,
      required: input?.required === true || input?.required === 'true',
      default: text(input?.default),
      description: text(input?.description),
    })),
    outputs: Object.entries(doc.outputs ?? {}).map(([name, output]) => ({
      name,
      description: text(output?.description),
    })),
    main: text(doc.runs?.main),
    branding: Object.fromEntries(Object.entries(doc.branding ?? {}).map(([k, v]) => [k, text(v)])),
  }
}

export function readAction(root: string, actionDir: string): ActionYml {
  return readActionYml(path.join(root, actionDir, 'action.yml'))
}
