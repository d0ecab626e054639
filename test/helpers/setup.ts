import { afterEach } from 'vitest'
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
