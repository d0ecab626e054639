// Loaded with `node --import` into the measured action process: at exit, writes its own CPU time and
// peak RSS (from the kernel's rusage) to BENCH_USAGE_FILE.
import { writeFileSync } from 'node:fs'

process.on('exit', () => {
  const u = process.resourceUsage()
  const file = process.env.BENCH_USAGE_FILE
  if (file) writeFileSync(file, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKb: u.maxRSS }))
})
