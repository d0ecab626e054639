import * as path from 'node:path'

/** The workspace the runner gives a step (the current folder when run by hand). */
export function workspaceOf(env: NodeJS.ProcessEnv): string {
  return env.GITHUB_WORKSPACE || process.cwd()
}

/** A file as a reader of the log or the summary wants it: relative to the workspace when it is inside it. */
export function shownPath(file: string, workspace: string): string {
  const relative = path.relative(workspace, file)
  return relative && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative) ? relative : file
}
