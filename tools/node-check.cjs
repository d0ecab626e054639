// Runs before `npm start`, `npm test`, the demos and the bench: says exactly what to do when the Node running
// the scripts is older than 24. Plain CommonJS, nothing Node 14 cannot parse: it must run (and explain) under
// whatever old Node a contributor has, while the other tools are TypeScript, which only Node 24 runs.
//
// Which advice applies comes from the lockfile: a platform has a packaged Node 24 when an optional dependency
// with a `node` binary is locked for its os/cpu. Tests override the platform, arch and version with
// NODE_CHECK_PLATFORM, NODE_CHECK_ARCH and NODE_CHECK_VERSION (nothing else reads them).
'use strict'

// biome-ignore lint/style/useNodejsImportProtocol: `node:` specifiers fail in require() before Node 14.18
const fs = require('fs')
// biome-ignore lint/style/useNodejsImportProtocol: as above
const path = require('path')

const NEEDED = 24
const root = path.join(__dirname, '..')
const platform = process.env.NODE_CHECK_PLATFORM || process.platform
const arch = process.env.NODE_CHECK_ARCH || process.arch
const version = process.env.NODE_CHECK_VERSION || process.version

/** The lockfile's optional dependency that brings a `node` binary for this os/cpu, or undefined. */
function packagedNode(lockText) {
  let lock
  try {
    lock = JSON.parse(lockText)
  } catch (_) {
    return undefined
  }
  const packages = lock?.packages || {}
  const optional = packages['']?.optionalDependencies || {}
  const listed = (list, value) => list === undefined || [].concat(list).indexOf(value) >= 0
  for (const name of Object.keys(optional)) {
    const entry = packages[`node_modules/${name}`]
    if (!entry?.optional || !entry.bin?.node) continue
    if (listed(entry.os, platform) && listed(entry.cpu, arch))
      return { name, version: entry.version, bin: entry.bin.node }
  }
  return undefined
}

function read(file) {
  try {
    return fs.readFileSync(path.join(root, file), 'utf8')
  } catch (_) {
    return ''
  }
}

const major = Number(String(version).replace(/^v/, '').split('.')[0])
if (major >= NEEDED) process.exit(0)

const where = `${platform}-${arch}`
const lines = [
  `node-check: this project needs Node ${NEEDED}; the node running it is ${version} (${process.execPath}).`,
]
const packaged = packagedNode(read('package-lock.json'))
if (packaged && fs.existsSync(path.join(root, 'node_modules', packaged.name, packaged.bin))) {
  lines.push(
    `Node ${packaged.version} for ${where} is installed (node_modules/${packaged.name}) but is not the node on PATH.`,
    'Run the project through npm (`npm start`, `npm test`, `npm run <script>`), which puts node_modules/.bin first,',
    'or call node_modules/.bin/node directly.',
  )
} else if (packaged) {
  lines.push(
    `The npm registry has Node ${NEEDED} for ${where} (${packaged.name}@${packaged.version}, an optional dependency),`,
    'but it is not installed: run `npm ci` (without --omit=optional or --no-optional), then your command again.',
  )
} else {
  lines.push(
    `The npm registry has no Node ${NEEDED} for ${where}: install Node ${NEEDED} yourself, with your Node manager`,
    '(`nvm install` or `fnm use`, which read .nvmrc / .node-version; `volta install node@24`;',
    '`asdf install nodejs latest:24`) or from https://nodejs.org; then run `npm ci` and your command again.',
  )
}
console.error(lines.join('\n'))
process.exit(1)
