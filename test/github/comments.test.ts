import { describe, expect, it } from 'vitest'
import { COMMENT_LIMIT, clampBody, isBotLogin, newestOwn, someMarked, writtenBy } from '../../src/github/comments.js'
import { BOT, threadComment as comment, PERSON } from '../helpers/fakes.js'

/** The account the action writes as: the stand-in's bot. */
const ME = BOT.login
/** Another automation of the repository, one that quotes comments. */
const quoter = { login: 'quote-bot[bot]', type: 'Bot' }
const marked = (c: { body: string }) => c.body.includes('<!-- mark -->')

describe('whose comments count', () => {
  it("only the action's own account's: not another bot's, not a person's", () => {
    expect(writtenBy(comment('x'), ME)).toBe(true)
    expect(writtenBy(comment('x', quoter), ME)).toBe(false)
    expect(writtenBy(comment('x', PERSON), ME)).toBe(false)
    // A personal access token writes as its person: that person's comments are the action's own, nobody else's.
    expect(writtenBy(comment('x', PERSON), PERSON.login)).toBe(true)
    expect(writtenBy(comment('x'), PERSON.login)).toBe(false)
    // Not known: nobody's.
    expect(writtenBy(comment('x'), undefined)).toBe(false)
  })

  it('a login is a bot’s when it ends with [bot]: the workflow’s token, an App’s; never a person’s', () => {
    expect(isBotLogin('github-actions[bot]')).toBe(true)
    expect(isBotLogin('docs-helper[bot]')).toBe(true)
    expect(isBotLogin('octocat')).toBe(false)
    expect(isBotLogin('bot')).toBe(false)
    expect(isBotLogin('[bot]-not-at-the-end')).toBe(false)
  })

  it("the account is needed only when some comment passes the check, a bot's or a person's", () => {
    expect(someMarked([comment('<!-- mark -->', quoter)], marked)).toBe(true)
    expect(someMarked([comment('<!-- mark -->', PERSON)], marked)).toBe(true)
    expect(someMarked([comment('plain'), comment('<!-- other -->')], marked)).toBe(false)
    expect(someMarked([], () => true)).toBe(false)
  })

  it('the newest comment of the account that passes the check, by time and then by id', () => {
    const older = { ...comment('<!-- mark -->', BOT, '2026-01-01T00:00:00Z'), id: 900 }
    const newer = { ...comment('<!-- mark -->', BOT, '2026-02-01T00:00:00Z'), id: 100 }
    const unmarked = comment('plain', BOT, '2026-03-01T00:00:00Z')
    const theirs = comment('<!-- mark -->', quoter, '2026-04-01T00:00:00Z')
    expect(newestOwn([older, newer, unmarked, theirs], ME, marked)).toBe(newer)
    expect(newestOwn([newer, older], ME, marked)).toBe(newer)
    expect(newestOwn([theirs], ME, marked)).toBeUndefined()
    expect(newestOwn([older, newer], undefined, marked)).toBeUndefined()
  })
})

describe('a body over GitHub’s limit', () => {
  it('is cut to fit, saying so; one within it is kept as it is', () => {
    expect(clampBody('short')).toBe('short')
    const cut = clampBody('x'.repeat(COMMENT_LIMIT + 1))
    expect(cut).toHaveLength(COMMENT_LIMIT)
    expect(cut.endsWith('… (cut to fit GitHub’s comment limit)')).toBe(true)
  })
})
