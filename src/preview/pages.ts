/**
 * The pages a change touches, as links into its preview: files under `docs-root` ending in `.md` or `.mdx` that
 * were added, modified or renamed (at the new path), each at its path without the extension, `index` as its folder,
 * the root `index` as the preview's root. `docs.json` is no page. Pure.
 */
import type { FilesChanged } from '../api/types.js'
import type { ChangedFile } from '../github/client.js'

/** Links shown in the comment and the summary; the rest are counted ("and N more"). */
export const PAGES_SHOWN = 10

const KEPT_STATUSES = new Set(['added', 'modified', 'renamed'])

/** The files a deployment's commit changed (when no pull request says), in the form GitHub lists them. */
export function commitFiles(files: FilesChanged | undefined): ChangedFile[] {
  return [
    ...(files?.added ?? []).map((path) => ({ path, status: 'added' })),
    ...(files?.modified ?? []).map((path) => ({ path, status: 'modified' })),
  ]
}

/**
 * Each changed page once, in the order of the files: its route under the docs root, without a leading slash (''
 * for the root page), as Mintlify serves it.
 */
export function changedPages(files: readonly ChangedFile[], docsRoot: string): string[] {
  const prefix = docsRoot === '' ? '' : `${docsRoot}/`
  const pages = new Set<string>()
  for (const file of files) {
    if (!KEPT_STATUSES.has(file.status) || !file.path.startsWith(prefix)) continue
    const m = /^(.*?)\.mdx?$/i.exec(file.path.slice(prefix.length))
    if (!m) continue
    const parts = (m[1] ?? '').split('/')
    if (parts.at(-1)?.toLowerCase() === 'index') parts.pop()
    pages.add(parts.join('/'))
  }
  return [...pages]
}

/** A page's address in the preview: each segment percent-encoded, the root page the preview's root. */
export function pageUrl(previewUrl: string, page: string): string {
  const base = previewUrl.replace(/\/+$/, '')
  return page === '' ? base : `${base}/${page.split('/').map(encodeURIComponent).join('/')}`
}

export interface PageList {
  /** The first PAGES_SHOWN pages, as routes (`guides/setup`, '' for the root). */
  shown: string[]
  /** How many more there are. */
  more: number
}

export function pageList(pages: readonly string[]): PageList {
  return { shown: pages.slice(0, PAGES_SHOWN), more: Math.max(0, pages.length - PAGES_SHOWN) }
}
