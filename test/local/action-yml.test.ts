import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readActionYml } from '../../local/action-yml.ts'
import { tempDir } from '../helpers/temp.ts'

describe('reading action.yml', () => {
  it('reads block scalars, flow mappings and quoting as the runner does', () => {
    const file = path.join(tempDir('action-yml-'), 'action.yml')
    writeFileSync(
      file,
      [
        'name: x',
        "description: 'An action: it does y'",
        'inputs:',
        '  prompt:',
        '    description: |',
        '      The instruction.',
        '      Two lines: with a colon.',
        '    required: false',
        "    default: 'it''s'",
        '  wait: { description: "Wait?", required: true, default: true }',
        '  limit:',
        '    description: >-',
        '      folded',
        '      text',
        '    default: 250',
        'outputs:',
        '  status: { description: "last status" }',
        'runs: { using: node24, main: dist/index.js }',
        'branding: { icon: book-open, color: green }',
        '',
      ].join('\n'),
    )
    expect(readActionYml(file)).toEqual({
      name: 'x',
      description: 'An action: it does y',
      inputs: [
        {
          name: 'prompt',
          required: false,
          default: "it's",
          description: 'The instruction.\nTwo lines: with a colon.\n',
        },
        { name: 'wait', required: true, default: 'true', description: 'Wait?' },
        { name: 'limit', required: false, default: '250', description: 'folded text' },
      ],
      outputs: [{ name: 'status', description: 'last status' }],
      main: 'dist/index.js',
      branding: { icon: 'book-open', color: 'green' },
    })
  })
})
