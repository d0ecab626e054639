import { describe, expect, it } from 'vitest'
import { cell, escapeHtml, link } from '../src/summary.js'

describe('summary helpers', () => {
  it('escape HTML, pipes and line breaks', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    expect(cell('a | b\nc')).toBe('a &#124; b c')
    expect(link('https://x.test/?a="b"')).toBe(
      '<a href="https://x.test/?a=&quot;b&quot;">https://x.test/?a=&quot;b&quot;</a>',
    )
  })
})
