/** The folders show the architecture: each action in its own folder, what several share beside them. */
import { readdirSync, readFileSync } from 'node:fs'
import * as path from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'

const ACTIONS = ['agent', 'visitors', 'gaps', 'preview']

/** Every relative import of a TypeScript file, resolved to a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/from '(\.[^']+)'|import\('(\.[^']+)'\)/g)].map((m) =>
    path.relative(path.join(ROOT, 'src'), path.resolve(path.dirname(file), m[1] ?? m[2] ?? '')),
  )
}

it('no action imports another action’s modules; shared code sits beside them', () => {
  const crossings: string[] = []
  for (const action of ACTIONS) {
    const dir = path.join(ROOT, 'src', action)
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
      const file = path.join(entry.parentPath, entry.name)
      for (const target of importsOf(file)) {
        const owner = target.split(path.sep)[0] ?? ''
        if (ACTIONS.includes(owner) && owner !== action) crossings.push(`${path.relative(ROOT, file)} → src/${target}`)
      }
    }
  }
  expect(crossings).toEqual([])
  // Shared modules belong to no action: nothing outside an action's folder imports from one.
  const shared = readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true }).filter(
    (e) =>
      e.isFile() &&
      e.name.endsWith('.ts') &&
      !ACTIONS.includes(path.relative(path.join(ROOT, 'src'), e.parentPath).split(path.sep)[0] ?? ''),
  )
  expect(shared.length).toBeGreaterThan(10)
  const intoActions = shared.flatMap((e) =>
    importsOf(path.join(e.parentPath, e.name))
      .filter((t) => ACTIONS.includes(t.split(path.sep)[0] ?? ''))
      .map((t) => `${e.name} → src/${t}`),
  )
  expect(intoActions).toEqual([])
})
