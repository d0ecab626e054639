/**
 * Reads this repository's action.yml files: inputs (required, default, description), outputs and
 * `runs.main`. A line reader for the flat layout these files use, not a general YAML parser.
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'

export interface ActionInput {
  name: string
  required: boolean
  default: string
  description: string
}

export interface ActionYml {
  inputs: ActionInput[]
  outputs: Array<{ name: string; description: string }>
  main: string
  branding: Record<string, string>
}

function scalar(raw: string): string {
  const v = raw.trim()
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'")
  if (v.startsWith('"') && v.endsWith('"')) return JSON.parse(v) as string
  return v
}

export function readActionYml(file: string): ActionYml {
  const result: ActionYml = { inputs: [], outputs: [], main: '', branding: {} }
  let section = ''
  let current: Record<string, string> | undefined
  const flush = () => {
    if (!current?.name) return
    if (section === 'inputs')
      result.inputs.push({
        name: current.name,
        required: current.required === 'true',
        default: current.default ?? '',
        description: current.description ?? '',
      })
    if (section === 'outputs') result.outputs.push({ name: current.name, description: current.description ?? '' })
  }
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(#.*)?$/.test(line)) continue
    const top = /^([\w-]+):\s*(.*)$/.exec(line)
    if (top?.[1]) {
      flush()
      current = undefined
      section = top[1]
      continue
    }
    const key = /^ {2}([\w-]+):\s*(.*)$/.exec(line)
    if (key?.[1]) {
      if (section === 'runs' && key[1] === 'main') result.main = scalar(key[2] ?? '')
      if (section === 'branding') result.branding[key[1]] = scalar(key[2] ?? '')
      if (section === 'inputs' || section === 'outputs') {
        flush()
        current = { name: key[1] }
      }
      continue
    }
    const field = /^ {4}([\w-]+):\s*(.*)$/.exec(line)
    if (field?.[1] && current) current[field[1]] = scalar(field[2] ?? '')
  }
  flush()
  return result
}

export function readAction(root: string, actionDir: string): ActionYml {
  return readActionYml(path.join(root, actionDir, 'action.yml'))
}
