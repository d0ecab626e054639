import { describe, expect, it } from 'vitest'
import { changedPages, commitFiles, PAGES_SHOWN, pageList, pageUrl } from '../../src/preview/pages.js'

const file = (path: string, status = 'modified') => ({ path, status })

describe('changed pages', () => {
  it('are the .md and .mdx files under docs-root, at their path without the extension', () => {
    const files = [
      file('docs/guides/setup.mdx'),
      file('docs/quickstart.md', 'added'),
      file('docs/api/Ref.MDX', 'renamed'),
      file('docs/docs.json'),
      file('docs/images/a.png'),
      file('README.md'),
      file('docsite/other.mdx'),
      file('docs/gone.mdx', 'removed'),
      file('docs/copied.mdx', 'copied'),
    ]
    expect(changedPages(files, 'docs')).toEqual(['guides/setup', 'quickstart', 'api/Ref'])
  })

  it('an index page is its folder, the root index the root; each page once', () => {
    const files = [file('index.mdx'), file('guides/index.md'), file('guides/INDEX.mdx'), file('guides/indexing.mdx')]
    expect(changedPages(files, '')).toEqual(['', 'guides', 'guides/indexing'])
  })

  it('a run without a pull request takes the deployment’s commit, added and modified', () => {
    expect(commitFiles({ added: ['a.mdx'], modified: ['b.md'], removed: ['c.mdx'] })).toEqual([
      file('a.mdx', 'added'),
      file('b.md'),
    ])
    expect(commitFiles(undefined)).toEqual([])
  })

  it('link into the preview, each segment encoded; the root page is the preview’s root', () => {
    expect(pageUrl('https://acme-x.mintlify.app/', 'guides/set up')).toBe('https://acme-x.mintlify.app/guides/set%20up')
    expect(pageUrl('https://acme-x.mintlify.app', '')).toBe('https://acme-x.mintlify.app')
    expect(pageUrl('https://acme-x.mintlify.app', 'a/(b)?#c')).toBe('https://acme-x.mintlify.app/a/(b)%3F%23c')
  })

  it('ten are shown, the rest counted', () => {
    const pages = Array.from({ length: PAGES_SHOWN + 3 }, (_, i) => `p${i}`)
    expect(pageList(pages)).toEqual({ shown: pages.slice(0, 10), more: 3 })
    expect(pageList(pages.slice(0, 10))).toEqual({ shown: pages.slice(0, 10), more: 0 })
  })
})
