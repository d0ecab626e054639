/**
 * A step's log, outputs and summary as the GitHub Actions UI shows them, for the local demos.
 *
 * The runner reads what a step prints line by line (stdout and stderr alike). A line that is a workflow
 * command, `::name key=value,key=value::data` (or the older `##[name key=value;]data`), is acted on
 * instead of shown: `add-mask` and `debug` show nothing, `notice` / `warning` / `error` show as
 * `Notice: ...`, `group` as a heading (`▸ name`, its lines indented here), `endgroup` as nothing.
 * Every value given to `add-mask` is replaced by `***` in all that is shown afterwards, outputs and
 * summary included. A line naming no command the runner knows is shown as it is.
 * The rules follow actions/runner (ActionCommandManager.cs, ActionCommand.cs, SecretMasker.cs).
 *
 * The summary is Markdown, kept as it is (it reads fine raw); its HTML is turned into text:
 * `<details><summary>X</summary>` becomes `▸ X`, links `text (url)`, other tags are dropped, HTML
 * comments hidden, entities decoded. Code (fenced blocks, code spans) is left alone, as Markdown does.
 */

/** What a finished step left: what `runAction` returns, or any part of it. */
export interface StepResult {
  stdout: string
  stderr?: string
  code?: number | null
  outputs?: Record<string, string>
  summary?: string
}

/** The step as the UI shows it. */
export interface RunnerView {
  /** The log, one line per line shown, without a final newline. */
  log: string
  /** The outputs (from GITHUB_OUTPUT, and the old `::set-output::` command), masked. */
  outputs: Record<string, string>
  /** The job summary, masked, as text. */
  summary: string
  /** The values masked. */
  masks: readonly string[]
}

/** What the runner remembers from one line to the next. */
export interface LogState {
  /** Values to replace by `***`: each `add-mask` value, its lines, and their JSON- and URL-escaped forms. */
  readonly masks: readonly string[]
  /** Set by `::stop-commands::TOKEN`: until a `::TOKEN::` line, commands are shown, not acted on. */
  readonly stopToken?: string
  /** `::echo::on`: commands are shown as well as acted on (not masks, debug lines or annotations). */
  readonly echo: boolean
  /** Inside a `::group::`. */
  readonly inGroup: boolean
  /** Outputs set with `::set-output name=...::value`. */
  readonly outputs: Readonly<Record<string, string>>
}

export const START: LogState = { masks: [], echo: false, inGroup: false, outputs: {} }

/** The log of one step's output as the UI shows it. */
export function showLog(output: string): string {
  return readLog(output).lines.join('\n')
}

/** The whole step: stdout then stderr through one runner, then outputs and summary masked with what they set. */
export function runnerView(step: StepResult): RunnerView {
  const out = readLog(step.stdout)
  const err = readLog(step.stderr ?? '', out.state)
  const lines = [...out.lines, ...err.lines]
  if (step.code) lines.push(`Error: Process completed with exit code ${step.code}.`)
  const { masks } = err.state
  const outputs: Record<string, string> = {}
  for (const [name, value] of Object.entries({ ...err.state.outputs, ...step.outputs }))
    outputs[name] = mask(value, masks)
  return { log: lines.join('\n'), outputs, summary: showSummary(mask(step.summary ?? '', masks)), masks }
}

/** The step printed for a terminal: its log, exit code, outputs and summary, each under a heading. */
export function stepText(step: StepResult): string {
  const view = runnerView(step)
  return [
    '--- action log, as the Actions UI shows it ---',
    view.log,
    '',
    `--- exit code: ${step.code} ---`,
    '',
    '--- outputs ---',
    ...Object.entries(view.outputs).map(([name, value]) => `${name}=${value}`),
    '',
    '--- job summary, as the Actions UI shows it (Markdown kept, HTML as text) ---',
    view.summary,
  ].join('\n')
}

// --- the log ---

/** The commands the runner acts on; any other `::name::` line is shown as it is. */
const COMMANDS = new Set([
  'add-mask',
  'debug',
  'notice',
  'warning',
  'error',
  'group',
  'endgroup',
  'echo',
  'set-output',
  'save-state',
  'set-env',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'stop-commands',
])
/** Commands not shown even with `::echo::on`. */
const OMIT_ECHO = new Set(['add-mask', 'debug', 'notice', 'warning', 'error'])
const ANNOTATION: Record<string, string> = { notice: 'Notice', warning: 'Warning', error: 'Error' }

const DEPRECATED = (name: string) =>
  `The \`${name}\` command is deprecated and will be disabled soon. Please upgrade to using Environment Files. ` +
  'For more information see: https://github.blog/changelog/2022-10-11-github-actions-deprecating-save-state-and-set-output-commands/'
const DISABLED = (name: string) =>
  `The \`${name}\` command is disabled. Please upgrade to using Environment Files or opt into unsecure command ` +
  'execution by setting the `ACTIONS_ALLOW_UNSECURE_COMMANDS` environment variable to `true`. ' +
  'For more information see: https://github.blog/changelog/2020-10-01-github-actions-deprecating-set-env-and-add-path-commands/'
const BAD_STOP_TOKEN =
  "You cannot use a endToken that is an empty string, the string 'pause-logging', or another workflow command. " +
  'For more information see: https://docs.github.com/actions/learn-github-actions/workflow-commands-for-github-actions#example-stopping-and-starting-workflow-commands ' +
  'or opt into insecure command execution by setting the `ACTIONS_ALLOW_UNSECURE_STOPCOMMAND_TOKENS` environment variable to `true`.'

interface Command {
  /** Lower-cased: the runner matches names and property keys regardless of case. */
  name: string
  props: Map<string, string>
  data: string
}

/** Undoes @actions/core's escaping (its `escapeData` / `escapeProperty`), in the runner's order. */
const unescaped = (text: string, pairs: Array<[string, string]>) =>
  pairs.reduce((s, [code, char]) => s.replaceAll(code, char), text)
const DATA: Array<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
]
const PROPERTY: Array<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%3A', ':'],
  ['%2C', ','],
  ['%25', '%'],
]
/** The `##[name k=v;]data` form escapes `;` and `]` too, for data and properties alike. */
const LEGACY: Array<[string, string]> = [
  ['%3B', ';'],
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%5D', ']'],
  ['%25', '%'],
]

function properties(text: string, separator: string, pairs: Array<[string, string]>): Map<string, string> {
  const props = new Map<string, string>()
  for (const item of text.split(separator)) {
    const eq = item.indexOf('=')
    if (eq > 0 && eq < item.length - 1) props.set(item.slice(0, eq).toLowerCase(), unescaped(item.slice(eq + 1), pairs))
  }
  return props
}

/** The command a line holds, if it names one of `known` (as the runner's ActionCommand.TryParseV2, then TryParse). */
export function parseCommand(line: string, known: (name: string) => boolean): Command | undefined {
  const text = line.trimStart()
  const end = text.startsWith('::') ? text.indexOf('::', 2) : -1
  if (end >= 0) {
    const info = text.slice(2, end)
    const space = info.indexOf(' ')
    const name = (space < 0 ? info : info.slice(0, space)).toLowerCase()
    if (known(name))
      return {
        name,
        props: properties(space > 0 ? info.slice(space + 1).trim() : '', ',', PROPERTY),
        data: unescaped(text.slice(end + 2), DATA),
      }
  }
  const at = line.indexOf('##[')
  const close = at < 0 ? -1 : line.indexOf(']', at)
  if (close < 0) return undefined
  const info = line.slice(at + 3, close)
  const space = info.indexOf(' ')
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase()
  if (!known(name)) return undefined
  return {
    name,
    props: properties(space > 0 ? info.slice(space + 1) : '', ';', LEGACY),
    data: unescaped(line.slice(close + 1), LEGACY),
  }
}

/** The forms of a secret the runner masks: the value and each of its lines, raw, JSON-escaped and URL-escaped. */
function maskedForms(value: string): string[] {
  const parts = [value, ...value.split(/[\r\n]+/).map((l) => l.trim())].filter(Boolean)
  const uri = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return parts.flatMap((p) => [p, JSON.stringify(p).slice(1, -1), uri(p)])
}

/** Every occurrence of every value replaced by `***`; overlapping or touching ones become one `***`. */
export function mask(text: string, masks: readonly string[]): string {
  const found: Array<[number, number]> = []
  for (const value of masks)
    if (value)
      for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) found.push([i, i + value.length])
  if (found.length === 0) return text
  found.sort((a, b) => a[0] - b[0])
  let shown = ''
  let from = 0
  let range: [number, number] | undefined
  for (const next of found) {
    if (range && next[0] <= range[1]) range[1] = Math.max(range[1], next[1])
    else {
      if (range) shown += `${text.slice(from, range[0])}***`
      from = range ? range[1] : 0
      range = [...next]
    }
  }
  if (range) shown += `${text.slice(from, range[0])}***`
  return shown + text.slice(range ? range[1] : 0)
}

/**
 * Reads a step's output from `from` on: the lines the UI shows, and what the runner then remembers
 * (so stderr can follow stdout, and the masks can be applied to outputs and summary).
 */
export function readLog(output: string, from: LogState = START): { lines: string[]; state: LogState } {
  const s = { ...from, masks: [...from.masks], outputs: { ...from.outputs } }
  const lines: string[] = []
  const show = (text: string, indent = s.inGroup) => {
    for (const line of mask(text, s.masks).split(/\r?\n/)) lines.push(indent ? `  ${line}` : line)
  }
  const failed = (input: string, message: string) => {
    show(`Error: Unable to process command '${input}' successfully.`)
    show(`Error: ${message}`)
  }
  const rows = output.split('\n')
  if (rows.at(-1) === '') rows.pop()
  for (const row of rows) {
    const input = row.endsWith('\r') ? row.slice(0, -1) : row
    const token = s.stopToken?.toLowerCase()
    const cmd = parseCommand(input, (name) => (token === undefined ? COMMANDS.has(name) : name === token))
    if (token !== undefined) {
      // Stopped: only the token is a command; it is shown, and commands resume.
      if (cmd) s.stopToken = undefined
      show(input)
      continue
    }
    if (!cmd) {
      show(input)
      continue
    }
    if (s.echo && !OMIT_ECHO.has(cmd.name) && cmd.name !== 'stop-commands') show(input)
    const { name, props, data } = cmd
    switch (name) {
      case 'add-mask':
        if (!data.trim()) show("Warning: Can't add secret mask for empty string in ##[add-mask] command.")
        else {
          if (s.echo) show('::add-mask::***')
          for (const form of maskedForms(data)) if (!s.masks.includes(form)) s.masks.push(form)
        }
        break
      case 'debug':
      case 'add-matcher':
      case 'remove-matcher':
        break
      case 'notice':
      case 'warning':
      case 'error': {
        const title = props.get('title')
        if (data || title) show(`${ANNOTATION[name]}: ${title ? `${title}: ` : ''}${data}`)
        break
      }
      case 'group':
        show(`▸ ${data}`, false)
        s.inGroup = true
        break
      case 'endgroup':
        s.inGroup = false
        break
      case 'echo':
        if (/^\s*on\s*$/i.test(data)) s.echo = true
        else if (/^\s*off\s*$/i.test(data)) s.echo = false
        else
          failed(input, `Invalid echo command value. Possible values can be: 'on', 'off'. Current value is: '${data}'.`)
        break
      case 'set-output':
      case 'save-state': {
        show(`Warning: ${DEPRECATED(name)}`)
        const key = props.get('name')
        if (!key) failed(input, `Required field 'name' is missing in ##[${name}] command.`)
        else if (name === 'set-output') s.outputs[key] = data
        break
      }
      case 'set-env':
      case 'add-path':
        failed(input, DISABLED(name))
        break
      case 'stop-commands':
        if (!data || COMMANDS.has(data.toLowerCase()) || data.toLowerCase() === 'pause-logging') {
          show(`Error: ${BAD_STOP_TOKEN}`)
          break
        }
        s.stopToken = data
        if (data.length > 6) s.masks.push(data)
        show(input)
        break
    }
  }
  return { lines, state: s }
}

// --- the summary ---

/** Tags that open an HTML block running to the next blank line (CommonMark's type 6); Markdown is not read inside. */
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|' +
  'fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|' +
  'menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul'
const BLOCK_START = new RegExp(`^ {0,3}</?(?:${BLOCK_TAGS})(?:[\\s/>]|$)`, 'i')
/** Blocks that run to their closing tag (types 1 and 2). */
const RAW_START = /^ {0,3}<(pre|script|style|textarea)(?:[\s>]|$)/i

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  middot: '·',
  copy: '©',
}

export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z]+));/g,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name) return ENTITIES[name] ?? whole
      const code = dec ? Number(dec) : Number.parseInt(hex ?? '', 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    },
  )
}

const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s(?:"[^"]*"|'[^']*'|[^'">])*)?\/?>/g
const attribute = (attrs: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i')
    .exec(attrs)
    ?.slice(1)
    .find((v) => v !== undefined)

/** Code spans of a line, in Markdown terms: a run of backticks up to the next run of the same length. */
function keepCodeSpans(line: string, keep: (code: string) => string): string {
  let shown = ''
  let from = 0
  const runs = /`+/g
  for (let run = runs.exec(line); run; run = runs.exec(line)) {
    if (line[run.index - 1] === '\\') continue
    const closing = new RegExp(`(?<!\`)\`{${run[0].length}}(?!\`)`, 'g')
    closing.lastIndex = run.index + run[0].length
    const end = closing.exec(line)
    if (!end) continue
    const after = end.index + run[0].length
    shown += line.slice(from, run.index) + keep(line.slice(run.index, after))
    from = after
    runs.lastIndex = after
  }
  return shown + line.slice(from)
}

/** The HTML of a summary as text (code already set aside). */
function htmlAsText(text: string): string {
  return text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .split('\n')
    .map((line) => line.replace(/<br\s*\/?>/gi, line.trimStart().startsWith('|') ? ' ' : '\n'))
    .join('\n')
    .replace(/<\/?details\b[^>]*>/gi, '')
    .replace(/<summary\b[^>]*>([\s\S]*?)<\/summary>/gi, (_, inner: string) => `▸ ${inner.trim()}`)
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_, attrs: string, inner: string) => {
      const href = attribute(attrs, 'href')
      const label = decodeEntities(inner.replace(TAG, '')).trim()
      if (!href || decodeEntities(href) === label) return href ?? inner
      return label ? `${inner} (${href})` : href
    })
    .replace(/<img\b([^>]*)>/gi, (_, attrs: string) => attribute(attrs, 'alt') ?? '')
    .replace(TAG, '')
}

/** The job summary as text: Markdown as it is, HTML turned into text (see the top of this file). */
export function showSummary(markdown: string): string {
  const kept: string[] = []
  const keep = (code: string) => `\uE000${kept.push(code) - 1}\uE001`
  const lines: string[] = []
  let fence: RegExp | undefined
  let html: RegExp | 'blank' | undefined
  for (const line of markdown.split('\n')) {
    if (fence) {
      lines.push(keep(line))
      if (fence.test(line)) fence = undefined
      continue
    }
    if (!html) {
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(line)
      if (open?.[1] && !(open[1][0] === '`' && line.slice(open[0].length).includes('`'))) {
        fence = new RegExp(`^ {0,3}${open[1][0]}{${open[1].length},}\\s*$`)
        lines.push(keep(line))
        continue
      }
      const raw = RAW_START.exec(line)
      if (raw?.[1]) html = new RegExp(`</${raw[1]}>`, 'i')
      else if (/^ {0,3}<!--/.test(line)) html = /-->/
      else if (BLOCK_START.test(line)) html = 'blank'
    }
    if (html === 'blank') {
      if (line.trim()) {
        lines.push(line)
        continue
      }
      html = undefined
    } else if (html) {
      lines.push(line)
      if (html.test(line)) html = undefined
      continue
    }
    lines.push(keepCodeSpans(line, keep))
  }
  return decodeEntities(htmlAsText(lines.join('\n')))
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\s+$/, '')
    .replace(/\uE000(\d+)\uE001/g, (_, i: string) => kept[Number(i)] ?? '')
}
