/**
 * docs/decisions.md states the limits the code enforces; each figure it gives is worked out here from the constant
 * the code uses, so a change of the code that the page does not follow fails.
 */
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'
import { FOLLOW_UP_SETTLE_MS } from '../../src/agent/job.ts'
import { PERSISTENT_FAILURES } from '../../src/api/poll.ts'
import { number } from '../../src/format.ts'
import { ISSUE_PAGES } from '../../src/gaps/issue.ts'
import { PROMPT_MAX } from '../../src/gaps/prompt.ts'
import { MAX_RETRY_AFTER_MS } from '../../src/gaps/read.ts'
import { ISSUE_BODY_MAX } from '../../src/gaps/worklist.ts'
import { CONVERSATION_PAGES } from '../../src/github/client.ts'
import { GITHUB_TIMEOUT_MS } from '../../src/github/http.ts'

/** The page as one line of text (its Markdown lines wrap anywhere). */
const page = readFileSync(path.join(ROOT, 'docs/decisions.md'), 'utf8').replace(/\s+/g, ' ')

describe('docs/decisions.md', () => {
  it.each([
    [`a conversation of more than ${number(CONVERSATION_PAGES * 100)} comments fails the request`],
    [`Each list is read in pages of 100, up to ${CONVERSATION_PAGES} pages`],
    [`or after ${FOLLOW_UP_SETTLE_MS / 1000} s`],
    [`only when the last ${PERSISTENT_FAILURES} polls or more all failed`],
    [`no answer within ${GITHUB_TIMEOUT_MS / 1000} s`],
    [`holds the step at most ${GITHUB_TIMEOUT_MS / 1000} s`],
    [`among the ${number(ISSUE_PAGES * 100)} newest open issues (${ISSUE_PAGES} pages of 100`],
    [`When the body would pass ${number(ISSUE_BODY_MAX)} characters`],
    [`Under ${number(PROMPT_MAX)} characters`],
    [
      `A Retry-After up to ${MAX_RETRY_AFTER_MS === 60_000 ? 'a minute' : `${MAX_RETRY_AFTER_MS / 1000} s`} is waited for`,
    ],
  ])('says %j, as the code does', (claim) => {
    expect(page).toContain(claim)
  })

  it('says that the four actions talk to the runner through @actions/core', () => {
    expect(page).toContain('all four actions use `@actions/core` at runtime')
    expect(readFileSync(path.join(ROOT, 'src/runner/action.ts'), 'utf8')).toContain("from '@actions/core'")
  })
})
