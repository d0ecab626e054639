/** Numbers as every summary, log line and file of the actions shows them: one format. */

/** `1234567` → `1,234,567`. Not toLocaleString: its first call sets up ICU, about 12 ms of start-up. */
export function number(n: number): string {
  const [whole = '', fraction] = String(n).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** `part` as a percentage of `whole`, or a dash where no share makes sense (a negative count, part > whole). */
export function share(part: number, whole: number): string {
  // part / whole first: 100 * part overflows to Infinity for counts near 1e308.
  return whole > 0 && part >= 0 && part <= whole ? `${(100 * (part / whole)).toFixed(1)}%` : '–'
}

/** A size limit as people read it: `1,024` → `1 KiB`, `4 * 1024 * 1024` → `4 MiB`. */
export function bytes(n: number): string {
  return n >= 1024 * 1024 ? `${number(n / (1024 * 1024))} MiB` : `${number(Math.round(n / 1024))} KiB`
}

/** `1 row`, `1,200 rows`: a count in the one number format, with its noun. */
export function counted(n: number, one: string, many: string): string {
  return `${number(n)} ${n === 1 ? one : many}`
}
