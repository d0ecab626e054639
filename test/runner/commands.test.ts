/**
 * The runner commands the action writes itself (to keep @actions/core and its undici off the start path)
 * must be exactly what @actions/core writes, which the runner is known to parse.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import * as core from '@actions/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appendSummary, outputEntry, setOutput, writeCommand, writeLine } from '../../src/runner/commands.js'
import { stdoutOf } from '../helpers/fakes.js'

const tricky = ['plain', '100% done\r\nline two', 'a:b,c %0A', '', '::error::injected']

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('workflow commands match @actions/core', () => {
  it.each(tricky)('log lines and masks for %j', (message) => {
    expect(stdoutOf(() => writeLine(message))).toBe(stdoutOf(() => core.info(message)))
    expect(stdoutOf(() => writeCommand('debug', message))).toBe(stdoutOf(() => core.debug(message)))
    expect(stdoutOf(() => writeCommand('notice', message))).toBe(stdoutOf(() => core.notice(message)))
    expect(stdoutOf(() => writeCommand('warning', message))).toBe(stdoutOf(() => core.warning(message)))
    expect(stdoutOf(() => writeCommand('error', message))).toBe(stdoutOf(() => core.error(message)))
    if (message) expect(stdoutOf(() => writeCommand('add-mask', message))).toBe(stdoutOf(() => core.setSecret(message)))
  })

  it('outputs: the same heredoc entries in GITHUB_OUTPUT, but for the random delimiter', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cmd-'))
    const ours = path.join(dir, 'ours')
    const theirs = path.join(dir, 'theirs')
    writeFileSync(ours, '')
    writeFileSync(theirs, '')
    for (const value of tricky) {
      setOutput('prLink', value, { GITHUB_OUTPUT: ours })
      vi.stubEnv('GITHUB_OUTPUT', theirs)
      core.setOutput('prLink', value)
    }
    const normal = (file: string) => readFileSync(file, 'utf8').replace(/ghadelimiter_[0-9a-f-]{36}/g, 'DELIM')
    expect(normal(ours)).toBe(normal(theirs))
    expect(normal(ours)).toContain('prLink<<DELIM\n100% done\r\nline two\nDELIM\n')
  })

  it('outputs without GITHUB_OUTPUT fall back to the set-output command, as core does', () => {
    vi.stubEnv('GITHUB_OUTPUT', '')
    expect(stdoutOf(() => setOutput('a:b', 'x\ny', {}))).toBe(stdoutOf(() => core.setOutput('a:b', 'x\ny')))
  })

  it('refuses a value that holds its own delimiter', () => {
    expect(() => outputEntry('x', 'a DELIM b', 'DELIM')).toThrow('holds the delimiter')
  })

  it('summary: appends, and explains a missing or unset file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sum-'))
    const file = path.join(dir, 'summary.md')
    writeFileSync(file, 'before\n')
    appendSummary('### hi\n', { GITHUB_STEP_SUMMARY: file })
    expect(readFileSync(file, 'utf8')).toBe('before\n### hi\n')
    expect(() => appendSummary('x', {})).toThrow('Unable to find environment variable for $GITHUB_STEP_SUMMARY')
    expect(() => appendSummary('x', { GITHUB_STEP_SUMMARY: path.join(dir, 'nope') })).toThrow(
      'Unable to access summary file',
    )
  })
})
