import { afterEach, beforeEach } from 'vitest'
import { removeRuns } from '../../local/run-action.ts'
import { removeTempDirs } from './temp.ts'

// A developer's proxy settings would send nock-intercepted requests to the proxy instead.
for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'])
  delete process.env[name]

// Each run of a bundle works in a folder of the system temp directory, as do some tests: once the test has read
// it, it goes.
afterEach(() => {
  removeRuns()
  removeTempDirs()
})

// A test of the actions' signal handling (or a mutant of it, under `npm run mutation`) may leave a SIGINT or SIGTERM
// listener behind: it goes after the test, so that the test process still ends when its runner signals it.
let listening: Record<'SIGINT' | 'SIGTERM', NodeJS.SignalsListener[]> = { SIGINT: [], SIGTERM: [] }
beforeEach(() => {
  listening = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
})
afterEach(() => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const handler of process.listeners(signal))
      if (!listening[signal].includes(handler)) process.off(signal, handler)
})
