/** The workspace a step runs in, and files as the log and the summary name them. */
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shownPath, workspaceOf } from '../../src/runner/workspace.js'

describe('workspaceOf', () => {
  it("is the runner's GITHUB_WORKSPACE, or the current folder in a run by hand", () => {
    expect(workspaceOf({ GITHUB_WORKSPACE: '/home/runner/work/app' })).toBe('/home/runner/work/app')
    expect(workspaceOf({ GITHUB_WORKSPACE: '' })).toBe(process.cwd())
    expect(workspaceOf({})).toBe(process.cwd())
  })

  it('names a file inside it relative to it, any other by its full path', () => {
    expect(shownPath(path.join(process.cwd(), 'out', 'a.json'), process.cwd())).toBe(path.join('out', 'a.json'))
    expect(shownPath(path.resolve('/', 'tmp', 'a.json'), process.cwd())).toBe(path.resolve('/', 'tmp', 'a.json'))
  })
})
