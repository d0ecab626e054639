import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 4708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 951:
/***/ ((__webpack_module__, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(__webpack_module__, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8865);

await (0,_main_js__WEBPACK_IMPORTED_MODULE_0__/* .run */ .e)();

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 8865:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  e: () => (/* binding */ run)
});

;// CONCATENATED MODULE: ./lib/clock.js
const systemClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
/** `65_000` → `1m 05s`; `4_200` → `4.2s`; `20` → `20ms`; `1_800_000` → `30m`; `90 * 60_000` → `1h 30m`. */
function formatDuration(ms) {
    if (ms < 100)
        return `${Math.round(ms)}ms`;
    if (ms < 10_000)
        return `${Math.round(ms / 100) / 10}s`;
    const totalSeconds = Math.round(ms / 1000);
    const h = Math.floor(totalSeconds / 3600);
    const m = Math.floor((totalSeconds % 3600) / 60);
    const s = totalSeconds % 60;
    if (h > 0)
        return m > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${h}h`;
    if (m > 0)
        return s > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${m}m`;
    return `${s}s`;
}

;// CONCATENATED MODULE: ./lib/redact.js
/**
 * Removing secrets from outside text. The redactor is applied where text enters the action (API answers,
 * GitHub answers, the event payload), before anything cuts, escapes or formats it, and once more on the
 * way out (log, outputs, summary) as a second line of defence.
 *
 * Not only whole secrets: any run of WINDOW or more characters that also stands in a secret (in plain,
 * URL-encoded or JSON-escaped form) becomes `***`. An answer that echoes a key cut short, or a message that
 * was cut in the middle of a key, then shows no more than WINDOW - 1 of its characters.
 */
/** The shortest piece of a secret that is removed on its own. */
const WINDOW = 8;
/** Secrets shorter than this are not redacted at all: masking a tiny string would garble every line. */
const MIN_SECRET = 4;
/**
 * The public start of a key or token (`mint_`, `mint_dsc_`, `ghs_`, `github_pat_`...): the same for every
 * key of its kind and named in our own messages, so a piece made only of it is no secret.
 */
const PUBLIC_PREFIX = /^(?:mint_(?:dsc_|us_)?|gh[pousr]_|github_pat_)/;
/** Every form in which a secret can come back inside an answer or a URL. */
function formsOf(secret) {
    return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
}
/** 31^(WINDOW-1) mod 2^32: what the oldest character weighs in the rolling hash, to take it out again. */
const OUT_WEIGHT = (() => {
    let w = 1;
    for (let i = 1; i < WINDOW; i++)
        w = Math.imul(w, 31);
    return w;
})();
function windowHash(text, start) {
    let h = 0;
    for (let i = start; i < start + WINDOW; i++)
        h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    return h;
}
function createRedactor(secrets) {
    const short = new Set();
    const windows = new Set();
    // A 2^16-bit filter on the rolling hash: the scan touches the set of windows only on a filter hit, so a
    // page of 250 rows (about 20 kB) is scanned in about 40 µs; most texts come back unchanged, uncopied.
    const filter = new Uint8Array(8192);
    for (const secret of secrets) {
        if (secret.length < MIN_SECRET)
            continue;
        const prefix = PUBLIC_PREFIX.exec(secret)?.[0].length ?? 0;
        for (const form of formsOf(secret)) {
            if (form.length < WINDOW) {
                short.add(form);
                continue;
            }
            // Windows that hold at least one character past the public prefix (the forms share the prefix).
            for (let i = Math.max(0, prefix - WINDOW + 1); i + WINDOW <= form.length; i++) {
                windows.add(form.slice(i, i + WINDOW));
                const bucket = windowHash(form, i) >>> 16;
                filter[bucket >>> 3] = (filter[bucket >>> 3] ?? 0) | (1 << (bucket & 7));
            }
        }
    }
    const shortForms = [...short].sort((a, b) => b.length - a.length);
    if (windows.size === 0 && shortForms.length === 0)
        return (text) => text;
    return (text) => {
        let out = windows.size > 0 ? redactWindows(text, windows, filter) : text;
        for (const form of shortForms)
            if (out.includes(form))
                out = out.split(form).join('***');
        return out;
    };
}
/** Replaces every run of text covered by windows of a secret with one `***`. */
function redactWindows(text, windows, filter) {
    if (text.length < WINDOW)
        return text;
    let spans; // start, end, start, end... merged as they are found
    let h = windowHash(text, 0);
    for (let i = 0;; i++) {
        const bucket = h >>> 16;
        if (((filter[bucket >>> 3] ?? 0) & (1 << (bucket & 7))) !== 0 && windows.has(text.slice(i, i + WINDOW))) {
            spans ??= [];
            const last = spans.length - 1;
            if (last > 0 && (spans[last] ?? 0) >= i)
                spans[last] = i + WINDOW;
            else
                spans.push(i, i + WINDOW);
        }
        const next = i + WINDOW;
        if (next >= text.length)
            break;
        h = (Math.imul(h - Math.imul(text.charCodeAt(i), OUT_WEIGHT), 31) + text.charCodeAt(next)) | 0;
    }
    if (!spans)
        return text;
    let out = '';
    let from = 0;
    for (let k = 0; k < spans.length; k += 2) {
        out += `${text.slice(from, spans[k])}***`;
        from = spans[k + 1] ?? text.length;
    }
    return out + text.slice(from);
}
/** An answer whose secrets could not be checked: it cannot be read at all. */
class UnreadableAnswer extends Error {
    constructor(why) {
        super(`the answer cannot be read (${why})`);
        this.name = 'UnreadableAnswer';
    }
}
/**
 * An answer body as the action may see it, the one function both doors (the API client and the GitHub
 * fetch) read answers through, before any log line, parser or check. A backslash means an escape such as
 * `\u006d` could spell a secret that the raw text does not show: a JSON answer is then parsed, redacted
 * string by string and written out again (escapes resolved); other text is shown decoded where its
 * decoding holds a secret. Throws `UnreadableAnswer` when a JSON answer is nested too deeply to write out.
 */
function redactAnswer(raw, redact) {
    const text = redact(raw);
    if (!text.includes('\\'))
        return text;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        const decoded = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
        const clean = redact(decoded);
        return clean === decoded ? text : clean;
    }
    try {
        return JSON.stringify(redactParsed(value, redact));
    }
    catch {
        throw new UnreadableAnswer('it is nested too deeply');
    }
}
/**
 * Redacts every string inside a parsed JSON value, object keys included, in place. Iterative: an answer
 * nests as deep as it likes within its size limit, and must not exhaust the stack here.
 */
function redactParsed(value, redact) {
    if (typeof value === 'string')
        return redact(value);
    // Every value that is not a string goes on the stack; numbers, booleans and null come off it again untouched.
    const stack = [value];
    while (stack.length > 0) {
        const node = stack.pop();
        if (Array.isArray(node)) {
            for (let i = 0; i < node.length; i++) {
                const item = node[i];
                if (typeof item === 'string')
                    node[i] = redact(item);
                else
                    stack.push(item);
            }
        }
        else if (typeof node === 'object' && node !== null) {
            const record = node;
            for (const key of Object.keys(record)) {
                const item = record[key];
                const clean = redact(key);
                if (clean !== key)
                    delete record[key];
                if (typeof item === 'string')
                    record[clean] = redact(item);
                else {
                    record[clean] = item;
                    stack.push(item);
                }
            }
        }
    }
    return value;
}

;// CONCATENATED MODULE: ./lib/text.js
/**
 * Bounding and flattening outside text, after it was redacted and before it is escaped for where it goes.
 */
/**
 * Line breaks (CR, LF, NEL, U+2028/9), other control characters (ANSI escapes included) and the bidi
 * controls that can reorder what a line appears to say. The runner reads its commands line by line, so
 * none of these may reach a log line or an output.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
/** One line: every run of line breaks and control characters becomes one space. */
function text_oneLine(text) {
    return text.replace(BREAKING, ' ');
}
/** At most `max` characters, ending with `…` when cut; never splits a surrogate pair. */
function clip(text, max) {
    if (text.length <= max)
        return text;
    let end = Math.max(0, max - 1);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff)
        end--; // a high surrogate without its partner
    return `${text.slice(0, end)}…`;
}
/**
 * One line in which the runner can find no command of its own: besides `::name::` at the start of a line,
 * the runner still reads the old `##[name]data` form at any position of a line.
 */
function inertLine(text) {
    return text_oneLine(text).replace(/##\[/g, '## [');
}
/** A plain log line (not a command): also never starting with `::`, which the runner looks for after trimming. */
function plainLine(text) {
    const line = inertLine(text);
    return /^\s*::/.test(line) ? `> ${line}` : line;
}

;// CONCATENATED MODULE: ./lib/api/errors.js
/**
 * Typed failures of the Mintlify API client. They carry what a user needs to act (HTTP status, the
 * API's own `error` text, what to check) and whether waiting and asking again could help.
 */
const DOING = {
    create: 'Creating the agent job',
    get: 'Reading the agent job',
    message: 'Sending the follow-up message',
    visitors: 'Reading unique visitors',
    views: 'Reading page views',
};
class ApiError extends Error {
    operation;
    status;
    apiText;
    retryAfterMs;
    malformed;
    constructor(operation, 
    /** HTTP status; for an answer that is not the JSON expected, the status it came with. */
    status, 
    /** The API's `error` text (plus `details[].message`), or a short description of a malformed answer. */
    apiText, 
    /** From a `Retry-After` header, in milliseconds. */
    retryAfterMs, 
    /** True when the answer was not the JSON the API documents (HTML error page, wrong shape). */
    malformed = false) {
        super(`${DOING[operation]} failed: HTTP ${status}${apiText ? ` (${apiText})` : ''}. ${hint(operation, status, malformed)}`);
        this.operation = operation;
        this.status = status;
        this.apiText = apiText;
        this.retryAfterMs = retryAfterMs;
        this.malformed = malformed;
        this.name = 'ApiError';
    }
    /** Worth asking again later: rate limits and server-side trouble. */
    get transient() {
        return this.status === 429 || this.status >= 500;
    }
}
/** No answer at all: connection refused or reset, DNS failure, or the request's own time limit. */
class NetworkError extends Error {
    operation;
    reason;
    timedOut;
    constructor(operation, reason, timedOut = false) {
        super(`${DOING[operation]} failed: ${reason}. Check \`api-url\` and the runner's network and proxy settings.`);
        this.operation = operation;
        this.reason = reason;
        this.timedOut = timedOut;
        this.name = 'NetworkError';
    }
    transient = true;
}
const RATE_LIMITS = {
    create: 'Rate limit reached: agent jobs allow 100 per project per hour. Re-run later.',
    message: 'Rate limit reached: agent jobs allow 100 uses per project per hour. Re-run later.',
    get: 'Rate limit reached while reading the job (the API documents no limit for reads). Re-run later, or raise `poll-interval`.',
    visitors: 'Rate limit reached: analytics allow 100 requests per organization per hour. Re-run later.',
    views: 'Rate limit reached: analytics allow 100 requests per organization per hour. Re-run later.',
};
/** A 403: the key lacks the scope the call needs, or its IP allowlist keeps this runner out. */
function forbidden(operation) {
    const scope = operation === 'create' || operation === 'message'
        ? `the \`write\` scope (${operation === 'create' ? 'creating a job' : 'sending a message'} needs it)`
        : 'the `read` scope';
    return `Check \`api-key\`: it may lack ${scope}, or have an IP allowlist that leaves out this runner (GitHub-hosted runners have no fixed address), or belong to another organization.`;
}
function hint(operation, status, malformed) {
    if (malformed)
        return 'Check `api-url`: it must point at the Mintlify API (https://api.mintlify.com).';
    if (status === 401)
        return 'Check `api-key`: it is invalid or has expired (new keys expire after 90 days). Create an admin API key (`mint_...`) on the API keys page of the Mintlify dashboard and update the secret.';
    if (status === 403)
        return forbidden(operation);
    if (status === 404) {
        if (operation === 'create' || operation === 'visitors' || operation === 'views')
            return 'Check `project-id`: copy it from the API keys page of the Mintlify dashboard.';
        return 'Check `job-id` and `project-id`: no such job in this project.';
    }
    if (status === 429)
        return RATE_LIMITS[operation];
    if (status === 400)
        return 'The API refused the request as invalid; check the inputs named in its message.';
    if (status >= 500)
        return 'The Mintlify API had trouble on its side; re-run later.';
    return 'Check `api-url`, `api-key` and `project-id`.';
}

;// CONCATENATED MODULE: ./lib/api/types.js
/** Shapes from `admin-openapi.json`. Every field may be missing in practice, so all are optional. */
const TERMINAL_STATUSES = ['completed', 'archived', 'failed'];
function isTerminal(status) {
    return TERMINAL_STATUSES.includes(status);
}
/** The analytics metrics the export reads: unique visitors, or content view events (`total` not deduplicated). */
const METRICS = ['visitors', 'views'];

;// CONCATENATED MODULE: ./lib/api/shapes.js
/**
 * Checks every value the API sends before the action uses it. Each check returns the value, or the
 * problem in one line naming the field (`visitors[12].total is "12", not a number`), which the client turns
 * into an ApiError. Strings arrive here already redacted; here they are cut to a bound, so no later layer
 * (log, outputs, summary, comment) can be flooded by one field.
 */


const ok = (value) => ({ ok: true, value });
const bad = (problem) => ({ ok: false, problem });
/** Bounds for API strings, in characters: far above any real value, far below what would flood a summary. */
const FIELD_MAX = { id: 1024, status: 64, url: 2048, text: 256 };
/** `a number`, `"abc"`, `an object`...: what a wrong value was, briefly. */
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'string')
        return JSON.stringify(clip(value, 20));
    if (typeof value === 'object')
        return 'an object';
    if (typeof value === 'number')
        return String(value);
    return `a ${typeof value}`;
}
function isRecord(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/**
 * Why a job id cannot be used, or undefined when it can. The API types an id as any string: any non-empty
 * one up to FIELD_MAX.id characters is used as it is (white space, `/`, `..`, `-->` included). The client
 * sends it as one percent-encoded path segment, and every place that shows it escapes it. Only a lone
 * surrogate (JSON can carry one, UTF-8 cannot) is refused: no request could name such a job.
 */
function jobIdProblem(id) {
    if (id === '')
        return 'is empty';
    if (id.length > FIELD_MAX.id)
        return `is longer than ${FIELD_MAX.id} characters`;
    if (!id.isWellFormed())
        return 'holds a lone UTF-16 surrogate, which no URL can carry';
    return undefined;
}
/** An optional string field: absent or null is undefined; another type is a problem. */
function optionalString(record, key, name, max) {
    const v = record[key];
    if (v === undefined || v === null)
        return ok(undefined);
    if (typeof v !== 'string')
        return bad(`\`${name}\` is ${describe(v)}, not a string`);
    return ok(clip(v, max));
}
/** Known statuses compared case-insensitively; any other is kept (cut) and treated as not yet terminal. */
function normalStatus(status) {
    const lower = status.toLowerCase();
    return lower === 'active' || TERMINAL_STATUSES.includes(lower)
        ? lower
        : clip(status, FIELD_MAX.status);
}
/**
 * An AgentJob. `requestedId`: the job asked for (a read or a follow-up), whose id is ours; a create answer
 * must bring a usable id of its own.
 */
function toAgentJob(value, requestedId) {
    if (!isRecord(value))
        return bad(`the answer is ${describe(value)}, not a JSON object`);
    let id = requestedId;
    if (value.id !== undefined || requestedId === undefined) {
        if (typeof value.id !== 'string')
            return bad(`\`id\` is ${value.id === undefined ? 'missing' : describe(value.id)}`);
        const problem = jobIdProblem(value.id);
        if (problem)
            return bad(`\`id\` ${problem}`);
        id ??= value.id;
    }
    const job = { id: id };
    const status = optionalString(value, 'status', 'status', Number.POSITIVE_INFINITY);
    if (!status.ok)
        return status;
    if (status.value !== undefined)
        job.status = normalStatus(status.value);
    for (const [key, max] of [
        ['model', FIELD_MAX.text],
        ['prLink', FIELD_MAX.url],
        ['createdAt', FIELD_MAX.text],
        ['archivedAt', FIELD_MAX.text],
    ]) {
        const field = optionalString(value, key, key, max);
        if (!field.ok)
            return field;
        if (field.value !== undefined)
            job[key] = field.value;
    }
    // The API documents these as nullable: null says "none yet", and is kept as such.
    if (value.prLink === null)
        job.prLink = null;
    if (value.archivedAt === null)
        job.archivedAt = null;
    if (value.source !== undefined && value.source !== null) {
        if (!isRecord(value.source))
            return bad(`\`source\` is ${describe(value.source)}, not an object`);
        const repository = optionalString(value.source, 'repository', 'source.repository', FIELD_MAX.url);
        if (!repository.ok)
            return repository;
        const ref = optionalString(value.source, 'ref', 'source.ref', FIELD_MAX.text);
        if (!ref.ok)
            return ref;
        job.source = {};
        if (repository.value !== undefined)
            job.source.repository = repository.value;
        if (ref.value !== undefined)
            job.source.ref = ref.value;
        else if (value.source.ref === null)
            job.source.ref = null;
    }
    return ok(job);
}
function countsProblem(value, name) {
    if (!isRecord(value))
        return `\`${name}\` is ${value === undefined ? 'missing' : describe(value)}`;
    for (const key of ['human', 'ai', 'total']) {
        const n = value[key];
        if (typeof n !== 'number' || !Number.isFinite(n))
            return `\`${name}.${key}\` is ${n === undefined ? 'missing' : describe(n)}, not a finite number`;
    }
    return undefined;
}
/**
 * A page of visitors, all or nothing: a row without a path or counts would make the export quietly wrong.
 * Rows are checked in place, not copied (a million rows pass through here); writers pick the four fields
 * they write. A path is data for the file and is written whole; the summary and log cut what they show.
 */
function toVisitorsPage(value, metric = 'visitors') {
    if (!isRecord(value))
        return bad(`the answer is ${describe(value)}, not a JSON object`);
    const totals = countsProblem(value.totals, 'totals');
    if (totals)
        return bad(totals);
    const rows = value[metric];
    if (!Array.isArray(rows))
        return bad(`\`${metric}\` is ${rows === undefined ? 'missing' : describe(rows)}, not a list`);
    for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        const name = `${metric}[${i}]`;
        if (!isRecord(row))
            return bad(`\`${name}\` is ${describe(row)}, not an object`);
        if (typeof row.path !== 'string')
            return bad(`\`${name}.path\` is ${row.path === undefined ? 'missing' : describe(row.path)}, not a string`);
        const counts = countsProblem(row, name);
        if (counts)
            return bad(counts);
    }
    if (typeof value.hasMore !== 'boolean')
        return bad(`\`hasMore\` is ${value.hasMore === undefined ? 'missing' : describe(value.hasMore)}, not true or false`);
    return ok({ totals: value.totals, rows, hasMore: value.hasMore });
}
/** How many `details` of an analytics error are shown. */
const DETAILS_SHOWN = 10;
/** The API's error text as shown in messages, in characters. */
const ERROR_TEXT_MAX = 500;
/** `{"error": "...", "details": [{"message": "..."}]}` → one line, bounded; undefined when not that shape. */
function errorText(json) {
    if (!isRecord(json) || typeof json.error !== 'string')
        return undefined;
    const parts = [json.error];
    if (Array.isArray(json.details)) {
        for (const d of json.details.slice(0, DETAILS_SHOWN))
            if (isRecord(d) && typeof d.message === 'string')
                parts.push(d.message);
        if (json.details.length > DETAILS_SHOWN)
            parts.push(`${json.details.length - DETAILS_SHOWN} more`);
    }
    return clip(parts.join('; ').replace(/\s+/g, ' ').trim(), ERROR_TEXT_MAX);
}

;// CONCATENATED MODULE: external "node:string_decoder"
const external_node_string_decoder_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/proxy.js
var proxy = __nccwpck_require__(9783);
;// CONCATENATED MODULE: ./lib/api/transport.js


/** An answer body larger than the limit: the request was stopped, the body never held in full. */
class BodyTooLarge extends Error {
    status;
    maxBytes;
    constructor(status, maxBytes) {
        super(`the answer is larger than ${Math.round(maxBytes / 1024)} kB`);
        this.status = status;
        this.maxBytes = maxBytes;
        this.name = 'BodyTooLarge';
    }
}
function createTransport(userAgent) {
    const agents = new Map();
    let proxied;
    const agentFor = async (url) => {
        if ((0,proxy/* getProxyUrl */.s)(url)) {
            proxied ??= __nccwpck_require__.e(/* import() */ 779).then(__nccwpck_require__.bind(__nccwpck_require__, 2779)).then(
            // Kept alive, the client hands out one tunnelling agent for every proxied request rather than one each;
            // nothing a request sends or receives differs, so Stryker is told these options are not observable.
            // Stryker disable next-line ArrayDeclaration,ObjectLiteral,BooleanLiteral: agent reuse only, see above
            ({ HttpClient }) => new HttpClient(userAgent, [], { keepAlive: true }));
            return (await proxied).getAgent(url.href);
        }
        let agent = agents.get(url.protocol);
        if (!agent) {
            const mod = url.protocol === 'https:' ? await Promise.resolve(/* import() */).then(__nccwpck_require__.t.bind(__nccwpck_require__, 4708, 19)) : await Promise.resolve(/* import() */).then(__nccwpck_require__.t.bind(__nccwpck_require__, 7067, 19));
            agent = new mod.Agent({ keepAlive: true });
            agents.set(url.protocol, agent);
        }
        return agent;
    };
    return {
        send: async (method, href, headers, body, options) => {
            const url = new URL(href);
            const mod = url.protocol === 'https:' ? await Promise.resolve(/* import() */).then(__nccwpck_require__.t.bind(__nccwpck_require__, 4708, 19)) : await Promise.resolve(/* import() */).then(__nccwpck_require__.t.bind(__nccwpck_require__, 7067, 19));
            const agent = await agentFor(url);
            const all = {
                ...headers,
                'user-agent': userAgent,
                // Bytes, not characters (a prompt in any language arrives whole). Node would count them the same way for a
                // body sent in one piece, so Stryker is told that leaving the header out is not observable.
                // Stryker disable next-line ObjectLiteral: Node sets the same Content-Length itself
                ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
            };
            return request(mod.request, url, { method, headers: all, agent, path: pathOf(href) }, body, options);
        },
        dispose: () => {
            for (const agent of agents.values())
                agent.destroy();
            void proxied?.then((client) => client.dispose());
        },
    };
}
/**
 * The path and query of `href` as written (empty, which Node sends as `/`, for a bare origin). `URL` would
 * resolve `%2E` and `%2E%2E` segments (a job id of `.` or `..`) away and send the request to another endpoint;
 * the server must see every segment the client wrote.
 */
function pathOf(href) {
    return href.replace(/^[^:/?#]+:\/\/[^/?#]*/, '');
}
function request(send, url, init, body, { signal, maxBytes }) {
    return new Promise((resolve, reject) => {
        let settled = false;
        const finish = (error, answer) => {
            if (settled)
                return;
            settled = true;
            signal.removeEventListener('abort', onAbort);
            if (answer)
                resolve(answer);
            else {
                req.destroy();
                reject(error);
            }
        };
        const onAbort = () => finish(signal.reason);
        const req = send(url, init, (res) => {
            // Decoded as it arrives, as setEncoding would, so no chunk outlives its event: holding a page's
            // Buffers until its end raised the 1M-row export's peak RSS by about 30 MiB.
            const decoder = new external_node_string_decoder_namespaceObject.StringDecoder('utf8');
            let text = '';
            let bytes = 0;
            res.on('data', (chunk) => {
                bytes += chunk.length;
                if (bytes > maxBytes)
                    return finish(new BodyTooLarge(res.statusCode ?? 0, maxBytes));
                text += decoder.write(chunk);
            });
            res.on('error', (err) => finish(err));
            res.on('aborted', () => finish(new Error('the connection closed mid-answer')));
            res.on('end', () => finish(undefined, answerOf(res, text + decoder.end())));
        });
        req.on('error', (err) => finish(err));
        if (signal.aborted)
            return onAbort();
        signal.addEventListener('abort', onAbort); // finish() removes it, whichever way the request ends
        req.end(body);
    });
}
function answerOf(res, text) {
    const retryAfter = res.headers['retry-after'];
    return {
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type'] ?? ''),
        retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
        text,
    };
}

;// CONCATENATED MODULE: ./lib/api/client.js






const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** A create or follow-up is never repeated, so it gets longer before it is given up as unanswered. */
const WRITE_TIMEOUT_MS = 60_000;
/**
 * A job answer is under 1 kB and a page of 250 visitor rows about 20 kB; 4 MiB leaves room for very long
 * paths and stops an endless or hostile answer long before it costs memory.
 */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * The one HTTP client of both actions, and the door through which API text enters: Bearer auth, a time
 * limit per request (the socket is destroyed when it passes), a size limit per answer, secrets removed
 * from every answer as it is received, every value checked before use, and every failure turned into an
 * `ApiError` or `NetworkError`. It never retries by itself: whether a request may be repeated is the
 * caller's decision (a create must never be sent twice).
 */
class MintlifyClient {
    opts;
    transport;
    timeoutMs;
    writeTimeoutMs;
    redact;
    constructor(opts) {
        this.opts = opts;
        this.timeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
        this.writeTimeoutMs = opts.writeTimeoutMs ?? WRITE_TIMEOUT_MS;
        this.redact = opts.redact ?? ((text) => text);
        this.transport = createTransport(opts.userAgent);
    }
    async createJob(projectId, prompt) {
        const answer = await this.send('create', 'POST', `/v2/agent/${enc(projectId)}/job`, { prompt });
        return this.parse('create', answer, (v) => toAgentJob(v));
    }
    async getJob(projectId, jobId, limit = {}) {
        const answer = await this.send('get', 'GET', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}`, undefined, limit);
        return this.parse('get', answer, (v) => toAgentJob(v, jobId));
    }
    async sendMessage(projectId, jobId, prompt) {
        const answer = await this.send('message', 'POST', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}/message`, {
            prompt,
        });
        return this.parse('message', answer, (v) => toAgentJob(v, jobId));
    }
    /** One page of `metric` (unique visitors or page views): same query, same paging, rows under the metric's name. */
    async getAnalytics(metric, projectId, query) {
        const params = new URLSearchParams();
        if (query.dateFrom)
            params.set('dateFrom', query.dateFrom);
        if (query.dateTo)
            params.set('dateTo', query.dateTo);
        params.set('limit', String(query.limit));
        params.set('offset', String(query.offset));
        const answer = await this.send(metric, 'GET', `/v1/analytics/${enc(projectId)}/${metric}?${params}`);
        return this.parse(metric, answer, (value) => toVisitorsPage(value, metric));
    }
    /** Closes kept-alive connections so the process can exit at once. */
    dispose() {
        this.transport.dispose();
    }
    async send(operation, method, path, body, limit = {}) {
        const url = `${this.opts.baseUrl}${path}`;
        const headers = { authorization: `Bearer ${this.opts.apiKey}`, accept: 'application/json' };
        const started = Date.now();
        this.opts.log?.debug(`${method} ${path}`);
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const own = operation === 'create' || operation === 'message' ? this.writeTimeoutMs : this.timeoutMs;
        const timeoutMs = Math.max(1, Math.min(own, limit.timeoutMs ?? own));
        const { signal, done } = this.limitSignal(operation, timeoutMs);
        let raw;
        try {
            raw = await this.transport.send(method, url, payload === undefined ? headers : { ...headers, 'content-type': 'application/json' }, payload, { signal, maxBytes: this.opts.maxBodyBytes ?? MAX_BODY_BYTES });
        }
        catch (err) {
            // Cancelled: whatever the signal was aborted with (the runner's `Cancelled`) goes up as it is; the
            // caller that aborts decides what that reason is.
            if (this.opts.signal?.aborted)
                throw this.opts.signal.reason;
            throw toClientError(operation, err);
        }
        finally {
            done();
        }
        // The door: nothing below, nor any caller, ever sees the answer before its secrets are gone.
        let text;
        try {
            text = redactAnswer(raw.text, this.redact);
        }
        catch (err) {
            throw new ApiError(operation, raw.status, err.message, undefined, true);
        }
        const answer = {
            status: raw.status,
            contentType: clip(text_oneLine(this.redact(raw.contentType)), 100),
            retryAfter: raw.retryAfter,
            text,
        };
        this.opts.log?.debug(`HTTP ${answer.status} in ${Date.now() - started} ms: ${clip(answer.text, 2000)}`);
        return answer;
    }
    /**
     * A signal that aborts on cancellation (with the `Cancelled` reason) or when the request's own time is
     * up (with a NetworkError): the transport then destroys the request, whether it hangs or trickles.
     */
    limitSignal(operation, timeoutMs) {
        const controller = new AbortController();
        const cancel = this.opts.signal;
        const onCancel = () => controller.abort(cancel?.reason);
        const timer = setTimeout(() => controller.abort(new NetworkError(operation, `no answer within ${formatDuration(timeoutMs)}`, true)), timeoutMs);
        if (cancel?.aborted)
            onCancel();
        else
            cancel?.addEventListener('abort', onCancel, { once: true });
        return {
            signal: controller.signal,
            done: () => {
                clearTimeout(timer);
                cancel?.removeEventListener('abort', onCancel);
            },
        };
    }
    parse(operation, answer, shape) {
        const json = tryJson(answer.text);
        const ok = answer.status >= 200 && answer.status < 300;
        if (!ok) {
            const retryAfterMs = parseRetryAfter(answer.retryAfter, this.opts.now?.() ?? Date.now());
            const text = errorText(json) ?? `the answer is not JSON${describeType(answer.contentType)}`;
            // An error page that is not the API's JSON, on a status the API would answer in JSON, hints at a wrong URL.
            const malformed = json === undefined && answer.status < 500 && answer.status !== 429;
            throw new ApiError(operation, answer.status, text, retryAfterMs, malformed);
        }
        if (json === undefined)
            throw new ApiError(operation, answer.status, `the answer is not JSON${describeType(answer.contentType)}`, undefined, true);
        const shaped = shape(json);
        if (!shaped.ok)
            throw new ApiError(operation, answer.status, shaped.problem, undefined, true);
        return shaped.value;
    }
}
/**
 * One path segment, percent-encoded: `/`, `?`, `#`, `%` and white space cannot end or split it. `.` and `..`
 * (which encodeURIComponent leaves as they are) become `%2E` and `%2E%2E`, the same id to a server; a WHATWG
 * URL would still resolve those away, so the transport sends the path exactly as written.
 */
function enc(segment) {
    return segment === '.' || segment === '..' ? segment.replace(/\./g, '%2E') : encodeURIComponent(segment);
}
function tryJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function describeType(contentType) {
    const type = contentType.split(';')[0]?.trim();
    return type ? ` (${type})` : '';
}
/** Seconds (decimals accepted) or an HTTP date; undefined when absent or unreadable. */
function parseRetryAfter(header, now) {
    if (header === undefined || header.trim() === '')
        return undefined;
    const value = header.trim();
    if (/^\d+(\.\d+)?$/.test(value))
        return Math.round(Number(value) * 1000);
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
/** Anything the transport threw, as a typed error. */
function toClientError(operation, err) {
    if (err instanceof NetworkError || err instanceof ApiError)
        return err;
    if (err instanceof BodyTooLarge)
        return new ApiError(operation, err.status, err.message, undefined, true);
    if (!(err instanceof Error))
        return err;
    const e = err;
    const reason = e.code ? `connection failed (${e.code})` : `connection failed (${clip(text_oneLine(e.message ?? ''), 200)})`;
    return new NetworkError(operation, reason, /timeout/i.test(e.message ?? ''));
}

;// CONCATENATED MODULE: ./lib/inputs.js
/**
 * The input layer shared by both actions: reading `INPUT_*` variables and turning raw strings into
 * checked values. Parsers are pure and throw `InputError`, which names the input, what is wrong and
 * what is accepted; nothing here makes a request.
 */
class InputError extends Error {
    input;
    problem;
    accepted;
    constructor(input, problem, accepted) {
        super(`Input \`${input}\`: ${problem}. Accepted: ${accepted}.`);
        this.input = input;
        this.problem = problem;
        this.accepted = accepted;
        this.name = 'InputError';
    }
}
/** Reads inputs the way the runner passes them: `INPUT_` + the name upper-cased, hyphens kept. */
function envInputs(env) {
    const key = (name) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
    return Object.assign((name) => (env[key(name)] ?? '').trim(), {
        isSet: (name) => env[key(name)] !== undefined,
    });
}
/** Shows a user's value in a message without letting a long or multi-line value flood the log. */
function quote(value) {
    const oneLine = value.replace(/\s+/g, ' ');
    return JSON.stringify(oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine);
}
function required(name, value, accepted) {
    if (value === '')
        throw new InputError(name, 'it is required but empty', accepted);
    return value;
}
const API_KEY_ACCEPTED = 'a Mintlify admin API key (starts with `mint_`), passed from a repository secret';
/** Checks the key's shape without ever putting the key itself into a message. */
function parseApiKey(value) {
    const name = 'api-key';
    required(name, value, API_KEY_ACCEPTED);
    if (/\s/.test(value))
        throw new InputError(name, 'the key contains whitespace', API_KEY_ACCEPTED);
    if (value.startsWith('mint_dsc_'))
        throw new InputError(name, 'this is an assistant key (`mint_dsc_...`), which these endpoints refuse', API_KEY_ACCEPTED);
    if (value.startsWith('mint_us_'))
        throw new InputError(name, 'this is an index key (`mint_us_...`), which these endpoints refuse', API_KEY_ACCEPTED);
    if (!value.startsWith('mint_'))
        throw new InputError(name, 'the value does not look like a Mintlify API key', API_KEY_ACCEPTED);
    return value;
}
function parseProjectId(value) {
    const accepted = 'the project id from the API keys page of the Mintlify dashboard';
    required('project-id', value, accepted);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    if (/[\s\u0000-\u001f]/.test(value))
        throw new InputError('project-id', `${quote(value)} contains whitespace`, accepted);
    return value;
}
function parseBoolean(name, value, fallback) {
    if (value === '')
        return fallback;
    const lower = value.toLowerCase();
    if (lower === 'true')
        return true;
    if (lower === 'false')
        return false;
    throw new InputError(name, `${quote(value)} is not a boolean`, '`true` or `false`');
}
function parseChoice(name, value, choices, fallback) {
    if (value === '')
        return fallback;
    const lower = value.toLowerCase();
    const match = choices.find((c) => c === lower);
    if (match === undefined)
        throw new InputError(name, `${quote(value)} is not one of the choices`, listOf(choices));
    return match;
}
/** A comma (or newline) separated list of choices; empty means none. Duplicates collapse. */
function parseChoiceList(name, value, choices) {
    const result = new Set();
    for (const raw of value.split(/[,\n]/)) {
        const item = raw.trim().toLowerCase();
        if (item === '')
            continue;
        const match = choices.find((c) => c === item);
        if (match === undefined)
            throw new InputError(name, `${quote(raw.trim())} is not a known value`, `a comma list of ${listOf(choices)}, or empty`);
        result.add(match);
    }
    return result;
}
function listOf(choices) {
    return choices.map((c) => `\`${c}\``).join(', ');
}
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/**
 * `90s`, `15m`, `2h`, `500ms`, or a bare number in `bareUnit`. Returns milliseconds.
 * `minMs` keeps a typo such as `0` from turning into a hot loop or an instant timeout.
 */
function parseDuration(name, value, opts) {
    if (value === '')
        return opts.fallbackMs;
    const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(value);
    if (!m?.[1])
        throw new InputError(name, `${quote(value)} is not a duration`, opts.accepted);
    const unit = (m[2]?.toLowerCase() ?? opts.bareUnit);
    const ms = Math.round(Number(m[1]) * UNIT_MS[unit]);
    if (ms < opts.minMs)
        throw new InputError(name, `${quote(value)} is too short`, opts.accepted);
    return ms;
}
/** The Mintlify API, for both actions unless `api-url` says otherwise. */
const DEFAULT_API_URL = 'https://api.mintlify.com';
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/**
 * The API base URL. `https://` only, except on a loopback host, so the key never crosses a network
 * in clear text. Credentials, queries and fragments are refused: they would end up in logs or requests.
 */
function parseApiUrl(value, fallback) {
    const name = 'api-url';
    const accepted = 'an `https://` URL such as https://api.mintlify.com, or `http://` on a loopback host (localhost, 127.0.0.0/8, [::1])';
    if (value === '')
        return fallback;
    // Checked on the raw text: `https://host/?` parses to an empty query, and would still reach requests.
    if (/[?#]/.test(value))
        throw new InputError(name, 'the URL has a query or fragment', accepted);
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw new InputError(name, `${quote(value)} is not a URL`, accepted);
    }
    // Checked first so that the messages below never echo credentials.
    if (url.username || url.password)
        throw new InputError(name, 'the URL holds credentials', accepted);
    const loopback = LOOPBACK.test(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
        throw new InputError(name, `${quote(value)} does not use https`, accepted);
    return url.href.replace(/\/+$/, '');
}
/** A whole number within bounds; `fallback` when empty. */
function parseInteger(name, value, opts) {
    if (value === '')
        return opts.fallback;
    const accepted = opts.max === undefined ? `a whole number, ${opts.min} or more` : `a whole number from ${opts.min} to ${opts.max}`;
    if (!/^[+-]?\d+$/.test(value))
        throw new InputError(name, `${quote(value)} is not a whole number`, accepted);
    const n = Number(value);
    if (n < opts.min || (opts.max !== undefined && n > opts.max) || !Number.isSafeInteger(n))
        throw new InputError(name, `${quote(value)} is out of range`, accepted);
    return n;
}

;// CONCATENATED MODULE: ./lib/log.js

function redactingLog(target, redact) {
    return {
        info: (m) => target.info(redact(m)),
        notice: (m) => target.notice(redact(m)),
        warning: (m) => target.warning(redact(m)),
        error: (m) => target.error(redact(m)),
        debug: (m) => target.debug(redact(m)),
    };
}

;// CONCATENATED MODULE: ./lib/version.js
const VERSION = '0.1.0';
const USER_AGENT = `mintlify-action/${VERSION}`;

;// CONCATENATED MODULE: ./lib/runner/cancel.js
/** The reason an AbortSignal carries when the runner cancels the step. */
class Cancelled extends Error {
    signal;
    constructor(signal) {
        super(`Cancelled by ${signal}`);
        this.signal = signal;
        this.name = 'Cancelled';
    }
}
/** The runner cancels with SIGINT, then SIGTERM. The last resort exit keeps the promise of "within a second". */
function abortOnTermination(controller, hardExitMs = 900) {
    const handler = (signal) => {
        if (controller.signal.aborted)
            return;
        controller.abort(new Cancelled(signal));
        setTimeout(() => process.exit(signal === 'SIGINT' ? 130 : 143), hardExitMs).unref();
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: ./lib/runner/commands.js
/**
 * The runner's workflow commands, written directly: log lines, masks, outputs and the job summary.
 * @actions/core does the same, but importing it loads its OIDC client and with it undici (~1 MB), which
 * more than doubled the action's start-up; test/runner/commands.test.ts checks that the text written
 * here is byte for byte what @actions/core writes.
 */



/** As @actions/core: `%`, CR and LF are escaped in command data. */
function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text) {
    return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::name::message` plus the line end, as the runner parses it. */
function command(name, message) {
    return `::${name}::${escapeData(message)}${external_node_os_namespaceObject.EOL}`;
}
/** A GITHUB_OUTPUT entry: `name<<delimiter`, the value, the delimiter (a value may span lines). */
function outputEntry(name, value, delimiter = `ghadelimiter_${(0,external_node_crypto_.randomUUID)()}`) {
    if (name.includes(delimiter) || value.includes(delimiter))
        throw new Error(`Unexpected input: the output ${name} holds the delimiter`);
    return `${name}<<${delimiter}${external_node_os_namespaceObject.EOL}${value}${external_node_os_namespaceObject.EOL}${delimiter}${external_node_os_namespaceObject.EOL}`;
}
function writeCommand(name, message) {
    process.stdout.write(command(name, message));
}
function writeLine(message) {
    process.stdout.write(message + external_node_os_namespaceObject.EOL);
}
function setOutput(name, value, env = process.env) {
    const file = env.GITHUB_OUTPUT;
    if (!file) {
        // Runners without file commands (very old ones, or a plain shell): the deprecated command.
        process.stdout.write(`${external_node_os_namespaceObject.EOL}::set-output name=${escapeProperty(name)}::${escapeData(value)}${external_node_os_namespaceObject.EOL}`);
        return;
    }
    if (!(0,external_node_fs_namespaceObject.existsSync)(file))
        throw new Error(`Missing file at path: ${file}`);
    (0,external_node_fs_namespaceObject.appendFileSync)(file, outputEntry(name, value), { encoding: 'utf8' });
}
function appendSummary(text, env = process.env) {
    const file = env.GITHUB_STEP_SUMMARY;
    if (!file)
        throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY');
    try {
        (0,external_node_fs_namespaceObject.accessSync)(file, external_node_fs_namespaceObject.constants.R_OK | external_node_fs_namespaceObject.constants.W_OK);
    }
    catch {
        throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
    }
    (0,external_node_fs_namespaceObject.appendFileSync)(file, text, { encoding: 'utf8' });
}

;// CONCATENATED MODULE: ./lib/runner/outputs.js

/**
 * Sets step outputs, each only when its value changes, always redacted and on one line: a value from the
 * API is read by later steps, and a line break in it could pass for a second value there.
 */
class Outputs {
    write;
    redact;
    written = new Map();
    constructor(write, redact) {
        this.write = write;
        this.redact = redact;
    }
    set(name, value) {
        const clean = text_oneLine(this.redact(value));
        if (this.written.get(name) === clean)
            return;
        this.written.set(name, clean);
        this.write(name, clean);
    }
    setAll(values) {
        for (const [name, value] of Object.entries(values))
            this.set(name, value);
    }
}

;// CONCATENATED MODULE: ./lib/runner/verdict.js
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };
function errorVerdict(error) {
    return { title: 'Error', emoji: '❌', message: error.message, level: 'error', fail: true };
}
function cancelledVerdict(signal, message) {
    return { title: 'Cancelled', emoji: '🛑', message, level: 'warning', fail: false, exitCode: SIGNAL_EXIT[signal] ?? 1 };
}

;// CONCATENATED MODULE: ./lib/runner/action.js









/**
 * The longest log line, in characters. Our own messages stay far below it (an API error with its 500
 * characters of API text is about 800); a longer one comes from outside text and is cut.
 */
const LOG_LINE_MAX = 4000;
/** One bounded line, whatever the message holds: outside text can neither start a command nor flood the log. */
const bounded = (m) => clip(inertLine(m), LOG_LINE_MAX);
/** The runner's log; wrap it with `redactingLog` before use, so that secrets go before anything is cut. */
const runnerLog = {
    info: (m) => writeLine(plainLine(bounded(m))),
    notice: (m) => writeCommand('notice', bounded(m)),
    warning: (m) => writeCommand('warning', bounded(m)),
    error: (m) => writeCommand('error', bounded(m)),
    debug: (m) => writeCommand('debug', bounded(m)),
};
/** Masks secrets in the runner's log first thing. An empty value would mask nothing useful and garble output. */
function maskSecrets(secrets) {
    for (const secret of secrets)
        if (secret)
            writeCommand('add-mask', secret);
}
/**
 * The runner drops a step summary over 1 MiB whole. Every part of ours is bounded far below that (the
 * visitors table at 1,000 rows is the largest, under 400 kB); this limit is the last line of defence.
 */
const SUMMARY_MAX_BYTES = 1_000_000;
/** Cuts a summary at a line boundary to fit the runner's limit, saying so. */
function fitSummary(markdown, maxBytes = SUMMARY_MAX_BYTES) {
    if (Buffer.byteLength(markdown) <= maxBytes)
        return markdown;
    const note = '\n\n<em>… the rest of this summary was cut to fit the runner’s 1 MiB limit.</em>\n';
    let text = markdown.slice(0, maxBytes - Buffer.byteLength(note)); // characters ≤ bytes: an upper bound
    while (Buffer.byteLength(text) + Buffer.byteLength(note) > maxBytes)
        text = text.slice(0, text.length * 0.9);
    const lineEnd = text.lastIndexOf('\n');
    return (lineEnd > 0 ? text.slice(0, lineEnd) : '') + note;
}
/** Appends to the job summary. A missing summary file (a local run) costs a warning, not the step. */
function writeSummary(markdown, redact, log) {
    try {
        appendSummary(fitSummary(redact(markdown)));
    }
    catch (err) {
        log.warning(`Could not write the job summary: ${err.message}`);
    }
}
/** Start of either action: secrets masked before anything else, then a log that redacts them too. */
function openAction(env) {
    const input = envInputs(env);
    const secrets = [input('api-key'), input('github-token')];
    maskSecrets(secrets);
    const redact = createRedactor(secrets);
    return { input, redact, log: redactingLog(runnerLog, redact) };
}
/** The API client of either action, cancelled by the runner's signals. */
function openApi(ctx, settings) {
    const controller = new AbortController();
    const stopListening = abortOnTermination(controller);
    const client = new MintlifyClient({
        baseUrl: settings.apiUrl,
        apiKey: settings.apiKey,
        userAgent: USER_AGENT,
        signal: controller.signal,
        log: ctx.log,
        redact: ctx.redact,
    });
    return {
        client,
        signal: controller.signal,
        close: () => {
            client.dispose();
            stopListening();
        },
    };
}
/** End of either action, the one call that ends a run: outputs, summary, what follows it, the verdict, the exit code. */
async function closeAction(ctx, ending) {
    let { verdict } = ending;
    try {
        if (ending.outputs)
            new Outputs(setOutput, ctx.redact).setAll(ending.outputs);
    }
    catch (err) {
        verdict = errorVerdict(err); // GITHUB_OUTPUT not writable: one clear line, never a stack trace
    }
    if (ending.summary !== undefined)
        writeSummary(ending.summary, ctx.redact, ctx.log);
    await ending.afterSummary?.();
    const code = report(verdict, ctx.log);
    // A cancelled run ends now, whatever request may still be in flight.
    if (verdict.exitCode !== undefined)
        process.exit(code);
    process.exitCode = code;
}
/**
 * The one place where a run's result reaches the user: the log line at its level and, for a failure,
 * the failed step. Returns the exit code the process should end with.
 */
function report(verdict, log) {
    if (verdict.fail) {
        log.error(verdict.message); // what core.setFailed prints, but through the redacting log
        return verdict.exitCode ?? 1;
    }
    log[verdict.level](verdict.message);
    return verdict.exitCode ?? 0;
}

;// CONCATENATED MODULE: ./lib/api/retry.js


/** Doubling backoff: `initialMs` first, then twice the previous wait, never above `capMs`. */
function backoff(previousMs, initialMs, capMs) {
    return previousMs === undefined ? initialMs : Math.min(capMs, previousMs * 2);
}
/** Worth asking again later: 429, 5xx, a dropped or hung connection. */
function isTransient(err) {
    return (err instanceof ApiError || err instanceof NetworkError) && err.transient;
}
/** `HTTP 503 (Service unavailable)` or the network reason: the short form for a retry line. */
function briefly(err) {
    if (err instanceof NetworkError)
        return err.reason;
    return `HTTP ${err.status}${err.apiText ? ` (${err.apiText})` : ''}`;
}
function retryAfterOf(err) {
    return err instanceof ApiError ? err.retryAfterMs : undefined;
}
/** The log line before a retry, saying how long it waits and why. */
function retryLine(err, waitMs, what = 'Poll') {
    const asked = retryAfterOf(err);
    const why = asked !== undefined ? ` as the API asked (Retry-After ${formatDuration(asked)})` : '';
    return `${what} failed: ${briefly(err)}. Waiting ${formatDuration(waitMs)}${why} before trying again.`;
}
/**
 * Runs a read until it succeeds, retrying transient failures with backoff and honouring Retry-After.
 * Anything else, or trouble that outlasts the attempts, is thrown as is. Only for requests that are
 * safe to repeat.
 */
async function retryTransient(read, o) {
    let delay;
    for (let attempt = 1;; attempt++) {
        try {
            return await read();
        }
        catch (err) {
            if (!isTransient(err) || attempt >= o.attempts)
                throw err;
            const asked = retryAfterOf(err);
            if (asked !== undefined && asked > o.maxRetryAfterMs)
                throw err;
            delay = backoff(delay, o.initialDelayMs, o.maxDelayMs);
            const wait = asked ?? delay;
            o.log.info(retryLine(err, wait, o.what));
            await o.clock.sleep(wait, o.signal);
        }
    }
}

;// CONCATENATED MODULE: ./lib/visitors/half-siphash.js

/** A fresh key from the operating system's CSPRNG, so no one outside this run can know it. */
function randomKey() {
    return (0,external_node_crypto_.randomFillSync)(new Uint32Array(2));
}
/**
 * HalfSipHash-2-4 with a 64-bit output (Aumasson and Bernstein's reference `halfsiphash.c`), over the string's
 * UTF-16 code units as little-endian bytes: two code units make one 32-bit message word, and the last word
 * holds the odd code unit, if any, under the byte length (2 × `text.length`, mod 256) in its top byte. So the
 * result is the reference's over `Buffer.from(text, 'utf16le')`; the tests check it against the published
 * vectors. Writes the output's bytes 0 to 3 to `out[0]` and 4 to 7 to `out[1]`, both little-endian: two
 * numbers without allocating, a million times an export.
 *
 * Why this function: it is a PRF built for hash tables fed by untrusted keys (SipHash's purpose), on 32-bit
 * words, which is what JavaScript's bit operators work on; SipHash proper needs 64-bit arithmetic (BigInt, far
 * slower). Everything is 32-bit addition, rotation and XOR: `| 0` keeps sums in int32.
 */
function halfSipHash64(key, text, out) {
    const k0 = key[0] ?? 0;
    const k1 = key[1] ?? 0;
    let v0 = k0;
    let v1 = k1 ^ 0xee;
    let v2 = 0x6c796765 ^ k0;
    let v3 = 0x74656462 ^ k1;
    const n = text.length;
    const words = n >>> 1;
    // Step w < words: a message word, 2 rounds. Step words: the last word (the tail and the length), 2 rounds.
    // Steps words + 1 and + 2: the two 4-round finalizations, each giving 32 bits. One round body serves all.
    for (let w = 0; w <= words + 2; w++) {
        let m = 0;
        let rounds = 2;
        if (w < words)
            m = text.charCodeAt(2 * w) | (text.charCodeAt(2 * w + 1) << 16);
        else if (w === words)
            m = (n << 25) | (n & 1 ? text.charCodeAt(n - 1) : 0);
        else {
            rounds = 4;
            if (w === words + 1)
                v2 ^= 0xee;
            else {
                out[0] = v1 ^ v3;
                v1 ^= 0xdd;
            }
        }
        v3 ^= m;
        for (let r = 0; r < rounds; r++) {
            v0 = (v0 + v1) | 0;
            v1 = (v1 << 5) | (v1 >>> 27);
            v1 ^= v0;
            v0 = (v0 << 16) | (v0 >>> 16);
            v2 = (v2 + v3) | 0;
            v3 = (v3 << 8) | (v3 >>> 24);
            v3 ^= v2;
            v0 = (v0 + v3) | 0;
            v3 = (v3 << 7) | (v3 >>> 25);
            v3 ^= v0;
            v2 = (v2 + v1) | 0;
            v1 = (v1 << 13) | (v1 >>> 19);
            v1 ^= v2;
            v2 = (v2 << 16) | (v2 >>> 16);
        }
        v0 ^= m;
    }
    out[1] = v1 ^ v3;
}

;// CONCATENATED MODULE: ./lib/visitors/seen-paths.js

/**
 * Remembers which paths were written, for dedup across pages, in 8 bytes a slot: a 64-bit keyed hash per path
 * (HalfSipHash-2-4 under a key drawn at random for each run) in an open-addressing table kept at most half
 * full, so 16 to 32 bytes a path. A million paths take 16 to 32 MiB instead of the ~100 MiB a Set of strings
 * would, and the 1M-row export stays under its 150 MiB peak RSS (`npm run bench`).
 *
 * Why keyed: a row is dropped only when its hash equals one already written. The unkeyed 53-bit hash this
 * replaced could be attacked offline: a birthday search over 2.5e8 short strings found `/docs/da6ghk` and
 * `/docs/db6jxe` sharing it in about a minute, so a server (or whoever names pages) could make the export drop
 * a real page. Under a key nobody outside the run knows there is nothing to search, and two different paths
 * share a hash by accident with odds of about n²/2⁶⁵: one in 37 million at a million paths. Cost: a million
 * `/docs/page-N` paths are hashed and added in about 0.35 s, against 0.42 to 0.53 s with the unkeyed
 * fingerprint (same machine), and the 1M-row export's CPU time did not change measurably (`npm run bench`).
 */
class SeenPaths {
    key;
    /** Slot i is words 2i and 2i + 1; both 0 marks it empty. */
    table = new Uint32Array(2 * 1024);
    slots = 1024;
    count = 0;
    /** The one hash, 0:0, that cannot live in the table because it marks empty slots. */
    zeroSeen = false;
    hash = new Uint32Array(2);
    constructor(key = randomKey()) {
        this.key = key;
    }
    /** Adds the path; returns false when it was already there. */
    add(path) {
        halfSipHash64(this.key, path, this.hash);
        const lo = this.hash[0] ?? 0;
        const hi = this.hash[1] ?? 0;
        if (lo === 0 && hi === 0) {
            if (this.zeroSeen)
                return false;
            this.zeroSeen = true;
        }
        else if (!this.insert(lo, hi))
            return false;
        this.count++;
        if (this.count * 2 > this.slots)
            this.grow();
        return true;
    }
    get size() {
        return this.count;
    }
    insert(lo, hi) {
        const t = this.table;
        const mask = this.slots - 1;
        for (let i = lo & mask;; i = (i + 1) & mask) {
            const a = t[2 * i];
            const b = t[2 * i + 1];
            if (a === lo && b === hi)
                return false;
            if (a === 0 && b === 0) {
                t[2 * i] = lo;
                t[2 * i + 1] = hi;
                return true;
            }
        }
    }
    grow() {
        const old = this.table;
        this.slots *= 2;
        this.table = new Uint32Array(2 * this.slots);
        for (let i = 0; i < old.length; i += 2) {
            const lo = old[i] ?? 0;
            const hi = old[i + 1] ?? 0;
            if (lo !== 0 || hi !== 0)
                this.insert(lo, hi);
        }
    }
}

;// CONCATENATED MODULE: ./lib/visitors/export.js




/** A page that could not be read, with where the export stopped. */
class ExportError extends Error {
    cause;
    offset;
    rows;
    constructor(cause, offset, rows) {
        super(`${cause.message} The export stopped at offset ${offset}, after ${rows} rows; no file was written.`);
        this.cause = cause;
        this.offset = offset;
        this.rows = rows;
        this.name = 'ExportError';
    }
}
const DUPLICATES_NAMED = 5;
/**
 * Pages through the visitors endpoint from `offset`, writing each new row as it arrives. A path seen
 * before is skipped with a warning; a page that is empty or brings no new path ends the export, so a
 * server that keeps saying `hasMore: true` cannot keep the step running. Memory: the page in hand, the
 * top rows and 16 to 32 bytes per path seen (`SeenPaths`).
 */
async function exportVisitors(start, deps) {
    const { log, writer, top } = deps;
    const seen = new SeenPaths();
    let offset = start.offset;
    let rows = 0;
    let requests = 0;
    let duplicates = 0;
    let totals;
    /**
     * Takes in one page, synchronously, and returns only numbers. Keeping the page out of the async loop's
     * frame matters: a page still referenced while the next one is awaited survives into V8's old space,
     * and a million rows of such pages grew the heap past 150 MiB.
     */
    const consume = (page) => {
        log.debug(`Offset ${offset}: ${page.rows.length} rows, hasMore ${page.hasMore}`);
        if (!totals) {
            totals = page.totals;
            writer.begin(totals);
        }
        let fresh = 0;
        for (const row of page.rows) {
            if (!seen.add(row.path)) {
                duplicates++;
                if (duplicates <= DUPLICATES_NAMED)
                    log.warning(`Path ${JSON.stringify(clip(row.path, 200))} came again at offset ${offset}; it is written once.`);
                continue;
            }
            fresh++;
            if (start.maxRows > 0 && rows >= start.maxRows)
                return { cut: true, fresh, length: page.rows.length, hasMore: page.hasMore };
            writer.write(row);
            top.offer(row);
            rows++;
        }
        return { cut: false, fresh, length: page.rows.length, hasMore: page.hasMore };
    };
    const read = async () => {
        try {
            return consume(await retryTransient(() => {
                requests++;
                return deps.fetchPage(offset);
            }, {
                attempts: 6,
                initialDelayMs: 1000,
                maxDelayMs: 30_000,
                maxRetryAfterMs: 15 * 60_000,
                ...deps.retry,
                clock: deps.clock,
                log,
                signal: deps.signal,
                what: `Page at offset ${offset}`,
            }));
        }
        catch (err) {
            if (err instanceof Cancelled || !(err instanceof Error))
                throw err;
            throw new ExportError(err, offset, rows);
        }
    };
    for (;;) {
        const page = await read();
        if (page.cut)
            return end(false);
        if (!page.hasMore)
            return end(true);
        if (start.maxRows > 0 && rows >= start.maxRows)
            return end(false);
        if (page.length === 0 || page.fresh === 0) {
            log.warning(`The API says more rows follow offset ${offset}, but that page ${page.length === 0 ? 'was empty' : 'brought no path not seen before'}; stopping here. The file holds the ${rows} rows read.`);
            return end(false);
        }
        offset += page.length;
    }
    function end(complete) {
        if (duplicates > DUPLICATES_NAMED)
            log.warning(`${duplicates} rows repeated a path already written; each path is written once.`);
        return { totals: totals, rows, complete, requests, duplicates };
    }
}

;// CONCATENATED MODULE: ./lib/visitors/top-rows.js
/**
 * Keeps the `size` rows that rank highest by `score` (by default the total: the busiest; ties: the earlier row
 * wins) in a min-heap, so the summary needs no more than `size` rows in memory whatever the export's length.
 */
class TopRows {
    size;
    score;
    heap = [];
    seen = 0;
    constructor(size, score = (row) => row.total) {
        this.size = size;
        this.score = score;
    }
    offer(row) {
        const order = this.seen++;
        if (this.size === 0)
            return;
        const score = this.score(row);
        if (this.heap.length < this.size) {
            this.heap.push({ row, order, score });
            this.up(this.heap.length - 1);
            return;
        }
        // Most rows rank below the root; they are turned away without allocating anything.
        const root = this.heap[0];
        if (score > root.score) {
            this.heap[0] = { row, order, score };
            this.down(0);
        }
    }
    /** Highest first. */
    sorted() {
        return [...this.heap].sort((a, b) => (before(a, b) ? -1 : 1)).map((r) => r.row);
    }
    get held() {
        return this.heap.length;
    }
    up(i) {
        const h = this.heap;
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (!before(h[parent], h[i]))
                break;
            [h[parent], h[i]] = [h[i], h[parent]];
            i = parent;
        }
    }
    down(i) {
        const h = this.heap;
        for (;;) {
            let low = i;
            for (const c of [2 * i + 1, 2 * i + 2])
                if (c < h.length && before(h[low], h[c]))
                    low = c;
            if (low === i)
                return;
            [h[low], h[i]] = [h[i], h[low]];
            i = low;
        }
    }
}
/** True when `a` ranks above `b`: a higher score, or as high and seen first. The heap's root ranks lowest. */
function before(a, b) {
    return a.score > b.score || (a.score === b.score && a.order < b.order);
}

;// CONCATENATED MODULE: ./lib/visitors/compare.js


/** Reads the previous period in full, from offset 0, with the export's own pager (retries, dedup, stops). */
async function readPrevious(fetchPage, deps) {
    const byPath = new Map();
    let totals = { human: 0, ai: 0, total: 0 };
    const collector = {
        begin: (t) => {
            totals = { human: t.human, ai: t.ai, total: t.total };
        },
        // Copied, so that no page of the answer stays alive through its rows.
        write: (r) => {
            byPath.set(r.path, { human: r.human, ai: r.ai, total: r.total });
        },
        finish: () => '',
        discard: () => { },
    };
    let result;
    try {
        result = await exportVisitors({ offset: 0, maxRows: 0 }, { ...deps, fetchPage, writer: collector, top: new TopRows(0) });
    }
    catch (err) {
        if (!(err instanceof ExportError))
            throw err;
        throw new Error(`${err.cause.message} Reading the previous period stopped at offset ${err.offset}; no file was written.`);
    }
    return { totals, byPath, requests: result.requests };
}
/** What the comparison found, for the summary: pages new and vanished, the biggest changes of total. */
class Trends {
    fresh = 0;
    vanished = 0;
    gains;
    drops;
    constructor(size) {
        this.gains = new TopRows(size, (r) => change(r));
        this.drops = new TopRows(size, (r) => -change(r));
    }
    offer(row) {
        if (change(row) > 0)
            this.gains.offer(row);
        else if (change(row) < 0)
            this.drops.offer(row);
    }
}
/** The change of a page's total since the previous period. */
function change(row) {
    return row.total - (row.previous?.total ?? 0);
}
/**
 * Wraps the file's writer: each row gets its previous counts (and leaves the map, so what is left at the end
 * are the pages seen only before); `finish` appends those vanished pages with zeros when every page of the
 * export was read (when `max-rows` or a stop cut it short they cannot be known).
 */
function joiningWriter(file, previous, trends) {
    const { byPath } = previous;
    return {
        begin: (totals) => file.begin(totals, previous.totals),
        write: (row) => {
            const before = byPath.get(row.path);
            if (before)
                byPath.delete(row.path);
            else
                trends.fresh++;
            const joined = { path: row.path, human: row.human, ai: row.ai, total: row.total, previous: before };
            trends.offer(joined);
            file.write(joined);
        },
        finish: (complete) => {
            if (complete)
                for (const [path, before] of byPath) {
                    const gone = { path, human: 0, ai: 0, total: 0, previous: before };
                    trends.vanished++;
                    trends.offer(gone);
                    file.write(gone);
                }
            return file.finish(complete);
        },
        discard: () => file.discard(),
    };
}
/** `total-change`: percent, one decimal, no plus sign, no `-0.0`; empty when the previous total is 0. */
function totalChange(now, before) {
    if (before === 0 || !Number.isFinite(now) || !Number.isFinite(before))
        return '';
    const text = ((100 * (now - before)) / Math.abs(before)).toFixed(1);
    return text === '-0.0' ? '0.0' : text;
}

;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./lib/visitors/dates.js

const ACCEPTED = '`YYYY-MM-DD`, an ISO 8601 date-time, `today`, or `-Nd` (N days before today, UTC)';
const DAY_MS = 86_400_000;
/** `date-from` / `date-to` as the API takes them; relative forms become UTC dates. Undefined when empty. */
function resolveDate(name, value, now) {
    if (value === '')
        return undefined;
    const lower = value.toLowerCase();
    if (lower === 'today')
        return isoDay(now.getTime());
    const relative = /^-(\d{1,5})d$/.exec(lower);
    if (relative)
        return isoDay(now.getTime() - Number(relative[1]) * DAY_MS);
    const m = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value);
    if (!m?.[1] || Number.isNaN(Date.parse(value)))
        throw new InputError(name, `${quote(value)} is not a date`, ACCEPTED);
    // Date.parse rolls 2024-02-30 over to March; a real calendar date survives the round trip.
    if (isoDay(Date.parse(m[1])) !== m[1])
        throw new InputError(name, `${quote(value)} is not a calendar date`, ACCEPTED);
    return value;
}
/** `dateTo` is exclusive, so a range is empty unless it ends after it starts. */
function checkRange(dateFrom, dateTo) {
    if (dateFrom === undefined || dateTo === undefined)
        return;
    if (Date.parse(dateTo) <= Date.parse(dateFrom))
        throw new InputError('date-to', `${quote(dateTo)} is not after date-from ${quote(dateFrom)} (date-to is exclusive)`, 'a date after `date-from`');
}
function isoDay(ms) {
    return new Date(ms).toISOString().slice(0, 10);
}
/**
 * The previous period of `dateFrom`..`dateTo`: the same length, ending at `dateFrom` (the same text, so the two
 * windows meet exactly). Its start takes the form `date-from` was given in: a date stays a date when the
 * length is whole days; otherwise an ISO 8601 date-time in UTC.
 */
function previousPeriod(dateFrom, dateTo) {
    const from = Date.parse(dateFrom);
    const start = from - (Date.parse(dateTo) - from);
    const asDay = /^\d{4}-\d{2}-\d{2}$/.test(dateFrom) && (from - start) % DAY_MS === 0;
    return { dateFrom: asDay ? isoDay(start) : new Date(start).toISOString(), dateTo: dateFrom };
}

;// CONCATENATED MODULE: ./lib/visitors/inputs.js




const FORMATS = ['json', 'csv', 'jsonl'];
const MAX_LIMIT = 250;
const COMPARE_MODES = ['none', 'previous-period'];
/** Every input of the visitors export, checked before any request is made. */
function parseVisitorsInputs(input, workspace, now) {
    const apiKey = parseApiKey(input('api-key'));
    const projectId = parseProjectId(input('project-id'));
    const apiUrl = parseApiUrl(input('api-url'), DEFAULT_API_URL);
    const dateFrom = resolveDate('date-from', input('date-from'), now);
    const dateTo = resolveDate('date-to', input('date-to'), now);
    checkRange(dateFrom, dateTo);
    const format = parseChoice('format', input('format'), FORMATS, 'json');
    const metric = parseChoice('metric', input('metric'), METRICS, 'visitors');
    const offset = parseInteger('offset', input('offset'), { fallback: 0, min: 0 });
    let previous;
    if (parseChoice('compare', input('compare'), COMPARE_MODES, 'none') === 'previous-period') {
        if (dateFrom === undefined || dateTo === undefined)
            throw new InputError('compare', '`previous-period` needs both `date-from` and `date-to`', 'both dates set, or `none`');
        // The previous period is read whole: rows skipped from the current one could not be joined.
        if (offset !== 0)
            throw new InputError('offset', `${offset} with \`compare\``, '0 when `compare` is `previous-period`');
        previous = previousPeriod(dateFrom, dateTo);
    }
    return {
        apiKey,
        projectId,
        apiUrl,
        dateFrom,
        dateTo,
        limit: parseInteger('limit', input('limit'), { fallback: MAX_LIMIT, min: 1, max: MAX_LIMIT }),
        offset,
        maxRows: parseInteger('max-rows', input('max-rows'), { fallback: 0, min: 0 }),
        format,
        metric,
        previous,
        output: external_node_path_namespaceObject.resolve(workspace, input('output') || `mintlify-${metric}.${format}`),
        summary: parseBoolean('summary', input('summary'), true),
        // Bounded so the summary stays far below the runner's 1 MiB limit.
        summaryRows: parseInteger('summary-rows', input('summary-rows'), { fallback: 20, min: 0, max: 1000 }),
    };
}

;// CONCATENATED MODULE: ./lib/visitors/outcome.js




/** Every row written to the file: the export's, and with `compare` the vanished pages appended after them. */
function rowsWritten(result, compared) {
    return result.rows + (compared?.trends.vanished ?? 0);
}
/** A file as a reader of the log or the summary wants it: relative to the workspace when it is inside it. */
function shownPath(file, workspace) {
    const relative = external_node_path_namespaceObject.relative(workspace, file);
    return relative && relative.split(external_node_path_namespaceObject.sep)[0] !== '..' && !external_node_path_namespaceObject.isAbsolute(relative) ? relative : file;
}
/** Maps an outcome to what the user is told. Pure: the reporting happens in one place elsewhere. */
function exportVerdict(outcome) {
    if (outcome.kind === 'failed') {
        const { error } = outcome;
        return error instanceof Cancelled
            ? cancelledVerdict(error.signal, `Cancelled (${error.signal}); no file was written.`)
            : errorVerdict(error);
    }
    const { result, shown, compared } = outcome;
    const rows = rowsWritten(result, compared);
    const requests = result.requests + (compared?.requests ?? 0);
    return {
        title: result.complete ? 'exported' : 'exported in part',
        emoji: '📊',
        message: `Wrote ${rows} rows to \`${shown}\` (${result.complete ? 'every page read' : 'not every page read'}; ${requests} ${requests === 1 ? 'request' : 'requests'}).`,
        level: 'notice',
        fail: false,
    };
}
/**
 * The export's outputs as the interface names them: the API's own totals, never sums of rows; with
 * `compare`, the previous period's totals and the change of `total` in percent. `rows` counts every row
 * written, the vanished pages included.
 */
function exportOutputs(result, file, compared) {
    const outputs = {
        human: String(result.totals.human),
        ai: String(result.totals.ai),
        total: String(result.totals.total),
        rows: String(rowsWritten(result, compared)),
        file,
        complete: String(result.complete),
    };
    if (!compared)
        return outputs;
    return {
        ...outputs,
        'previous-human': String(compared.totals.human),
        'previous-ai': String(compared.totals.ai),
        'previous-total': String(compared.totals.total),
        'total-change': totalChange(result.totals.total, compared.totals.total),
    };
}

;// CONCATENATED MODULE: ./lib/markdown.js
/**
 * Markdown for the job summaries of both actions and for the reply comments. Outside text reaches here
 * already redacted and cut (so escaping can never bring a secret back); each builder escapes only what
 * Markdown or HTML would misread at the place it puts the text, so that the raw text reads as cleanly as the
 * rendered one: `job_1` stays `job_1`, an apostrophe stays an apostrophe. What untrusted text can never do
 * here: start HTML, a link other than an `http(s)` one, an image, a mention, or a new line or table column.
 */

/** Letters and digits: an `_` between two of them never starts or ends emphasis (GFM's intraword rule). */
const WORD = /[\p{L}\p{N}]/u;
/**
 * `@name` and `@org/team` would notify someone, and `a@b.example` would become a `mailto:` link: a zero
 * width space after every `@` (what Renovate writes into its pull requests for the same reason) keeps the
 * text as it reads and makes it inert.
 */
function inertAt(text) {
    return text.replace(/@/g, '@\u200b');
}
/**
 * `#12`, `owner/repo#12` and `GH-12` would link an issue, and in a comment leave a cross-reference in its
 * timeline (another repository's too). GitHub finds them in the rendered text, so a backslash cannot stop them;
 * a zero width space after the `#` or the `-` does, as for mentions.
 */
function inertRefs(text) {
    return text.replace(/(?<!&)#(?=\d)/g, '#\u200b').replace(/\b(GH)-(?=\d)/gi, '$1-\u200b');
}
/**
 * One character as Markdown would read it at offset `i` of `all`: a backslash before the punctuation that
 * starts markup (emphasis, code, links and images, strike-through, math, escapes), nothing before an
 * intraword `_`, and `&amp;` only where an `&` would begin an entity. `<` alone becomes `&lt;`: after text
 * that GitHub links as a URL (`https://x.com/a\<b>`), the link takes in a backslash and leaves the `<` to start
 * HTML; GitHub ends such a link only at a space or a real `<`, so an entity stays text (cmark-gfm, tested).
 */
function escapeChar(c, i, all) {
    if (c === '_')
        return WORD.test(all[i - 1] ?? '') && WORD.test(all[i + 1] ?? '') ? c : '\\_';
    if (c === '&')
        return /^&#?[A-Za-z0-9]+;/.test(all.slice(i, i + 34)) ? '&amp;' : c;
    if (c === '<')
        return '&lt;';
    return `\\${c}`;
}
/**
 * At the start of a line, these make a heading (`# `), a quote (`>`), a list item (`- `, `+ `, `1. `, `1) `),
 * or a rule or setext underline (a line of `-` or `=`). Anything else there is text, `0.9s` included.
 */
const BLOCK_START = /^(?:#{1,6}(?= |$)|>|[-+](?= |$)|\d{1,9}[.)](?= |$)|[-=]+ *$)/;
/** One line, each run of white space one space (so no text can start a block or a table row of its own). */
function squash(value) {
    return text_oneLine(value).replace(/\s+/g, ' ');
}
/**
 * A URL that GitHub certainly links as it stands (GFM's extended autolink, checked with cmark-gfm): `http(s)://`
 * or `www.` at the start or after a space or `(` (after other characters, `\[` or `-` for instance, GitHub may
 * not link it), a domain of letters, digits and hyphens with at least one dot (stricter than GFM), then
 * characters that need no escaping. GFM reads such a URL from the raw text, so escaping inside it would only
 * corrupt the link (`a\_b`); and inside a link no mention or reference is made, so it is kept as it is.
 */
const URL_RUN = /(?<=^|[ (])(?:https?:\/\/|www\.)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?(?:[/?#][^\s<>[\]`\\"|{}^]*)?/g;
/**
 * Where GFM ends such a link: it leaves out trailing `?!.,:*_~`, an unbalanced `)` and an entity-like `&x;`.
 * What it leaves out goes back to the text around the URL.
 */
function urlEnd(url) {
    let end = url.length;
    for (;;) {
        const head = url.slice(0, end);
        const entity = /&[A-Za-z0-9]+;$/.exec(head);
        if (entity)
            end -= entity[0].length;
        else if ('?!.,:*_~'.includes(head.at(-1) ?? '_x'))
            end--;
        else if (head.endsWith(')') && count(head, '(') < count(head, ')'))
            end--;
        else
            return end;
    }
}
function count(text, c) {
    return text.split(c).length - 1;
}
/** Escaped and inert, for a place inside a line; URLs GitHub links are kept as they are. */
function inline(flat) {
    let out = '';
    let at = 0;
    for (const m of flat.matchAll(URL_RUN)) {
        const end = m.index + urlEnd(m[0]);
        if (!/\.[A-Za-z0-9-]/.test(flat.slice(m.index, end)))
            continue;
        out += label(inertRefs(flat.slice(at, m.index))) + flat.slice(m.index, end);
        at = end;
        // What GFM leaves out, before a space or the end: a `*`, `_` or `~` there cannot open emphasis (a space
        // follows) and has nothing to close (all else is escaped), so it stays as it is, or GitHub's link would
        // take in the backslash (`a_b\`).
        const tail = flat.slice(end, m.index + m[0].length);
        const next = flat[m.index + m[0].length];
        if (/^[?!.,:*_~)]+$/.test(tail) && (next === undefined || next === ' ')) {
            out += tail;
            at += tail.length;
        }
    }
    return out + label(inertRefs(flat.slice(at)));
}
/** Escaped, with inert `@`: for a link's label, which cannot link anything else (a reference there is shown as is). */
function label(flat) {
    return inertAt(flat.replace(/[\\`*_~[\]<&$]/g, escapeChar));
}
/** What a line starts with cannot make it a heading, a quote, a list item or a rule. */
function lineStart(line) {
    return line.replace(BLOCK_START, (m) => (/^\d/.test(m) ? `${m.slice(0, -1)}\\${m.slice(-1)}` : `\\${m}`));
}
/** Untrusted text as one line of inline Markdown that shows exactly that text, and is inert. */
function md(value) {
    return lineStart(inline(squash(value).trim()));
}
/**
 * A code span showing `value` literally (code spans read nothing inside them: no HTML, no mention). The
 * fence is one backtick longer than the longest run inside; a space pads content that starts or ends with a
 * backtick or a space, which Markdown strips again.
 */
function code(value) {
    const content = text_oneLine(value);
    if (content === '')
        return '';
    const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    const pad = /^[` ]|[` ]$/.test(content) ? ' ' : '';
    return `${fence}${pad}${content}${pad}${fence}`;
}
/**
 * Our own message grammar (plain words with `input` names and values in backticks, and untrusted text
 * inside) as Markdown: backticked parts become code spans, the rest is escaped text. Untrusted backticks can
 * only move a boundary between the two, both of which are inert. Where `links` names a URL that the text
 * holds, it becomes that Markdown link, so a URL shown elsewhere is not repeated raw.
 */
function message(value, links = {}) {
    const urls = Object.keys(links).filter((url) => url !== '');
    const pattern = urls.length > 0 ? new RegExp(`(${urls.map(escapeRegExp).join('|')})`) : undefined;
    const text = squash(value)
        .trim()
        .split(/(`[^`]+`)/)
        .map((part, i) => {
        if (i % 2 === 1)
            return code(part.slice(1, -1));
        if (!pattern)
            return inline(part);
        // Split on the URLs first, so that escaping never touches them.
        return part
            .split(pattern)
            .map((piece, j) => (j % 2 === 1 ? (links[piece] ?? inline(piece)) : inline(piece)))
            .join('');
    })
        .join('');
    return lineStart(text);
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/**
 * The characters a link destination cannot hold as they are, percent-encoded (same URL to a server): ASCII as
 * its code, any other space (U+00A0, U+3000) as its UTF-8 bytes, as a browser does. Control characters are
 * already spaces here (`oneLine`).
 */
function destination(url) {
    return url.replace(/[\s()<>\\`"']/g, (c) => c.charCodeAt(0) < 0x80 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c));
}
function isHttpUrl(url) {
    return /^https?:\/\/[^\s]/i.test(url);
}
/**
 * A Markdown link for an `http(s)` URL: `[label](url)`, or `<url>` without a label so the URL is shown once.
 * Any other URL (`javascript:`, `data:`) is shown as text, never as a link.
 */
function markdown_link(url, text) {
    if (!isHttpUrl(url))
        return md(url);
    const target = destination(oneLine(url));
    return text === undefined ? `<${target}>` : `[${lineStart(label(squash(text).trim()))}](${target})`;
}
/**
 * The pull request link, named the way GitHub and GitLab name one: `acme/docs#101`, `group/docs!45`; any other
 * URL is linked as it is.
 */
function pullRequestLink(url) {
    const github = /^https?:\/\/[^/]+\/([^/\s]+\/[^/\s]+)\/pull\/(\d+)\/?$/i.exec(url);
    if (github)
        return markdown_link(url, `${github[1]}#${github[2]}`);
    const gitlab = /^https?:\/\/[^/]+\/(.+?)\/-\/merge_requests\/(\d+)\/?$/i.exec(url);
    if (gitlab)
        return markdown_link(url, `${gitlab[1]}!${gitlab[2]}`);
    return markdown_link(url);
}
/**
 * Inline Markdown made safe inside a table cell: every `|` gets a backslash, in code spans and links too.
 * GitHub (cmark-gfm) then never splits the row there, whatever backslashes come before (its cell scanner takes
 * the longest match), and drops that one backslash again, so a code span shows the pipe exactly. (marked reads
 * backslashes in pairs and would split after an even run; GitHub is the renderer that matters here.)
 */
function inCell(inline) {
    return inline.replace(/\|/g, '\\|');
}
/** A table with a header row; every cell is inline Markdown, already escaped. */
function table(header, align, rows) {
    const line = (cells) => `| ${cells.map(inCell).join(' | ')} |`;
    const rule = `|${align.map((a) => (a === 'right' ? '---:' : '---')).join('|')}|`;
    return [line(header), rule, ...rows.map(line)].join('\n');
}
/** Two columns, what and its value; rows whose value is empty are left out. */
function fieldTable(rows) {
    const kept = rows.filter(([, value]) => value !== '');
    return table(['Field', 'Value'], ['left', 'left'], kept.map(([label, value]) => [md(label), value]));
}
/** Text in HTML element content (`<summary>`): only `&` and `<` begin markup there. */
function htmlText(value) {
    return inertAt(inertRefs(oneLine(value)).replace(/&/g, '&amp;').replace(/</g, '&lt;'));
}
/** At most `max` characters, and how many were cut; never half a surrogate pair. */
function truncate(text, max) {
    if (text.length <= max)
        return { text, cut: 0 };
    const last = text.charCodeAt(max - 1);
    const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
    return { text: text.slice(0, end), cut: text.length - end };
}
/**
 * A fenced code block showing `body` literally, lines and all: its fence is longer than any backtick run
 * inside, so nothing in the body can close it.
 */
function codeBlock(body) {
    const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    return `${fence}text\n${body.replace(/\r\n?/g, '\n')}\n${fence}`;
}
/** A collapsible block holding `body` as a code block, cut at `max` characters with a note saying so. */
function collapsedText(heading, body, max) {
    const { text: shown, cut } = truncate(body, max);
    const note = cut > 0 ? `\n\n_… ${cut} more characters not shown._` : '';
    return `<details><summary>${htmlText(heading)}</summary>\n\n${codeBlock(shown)}${note}\n\n</details>`;
}

;// CONCATENATED MODULE: ./lib/visitors/summary.js



const CHART_ROWS = 10;
const BAR_WIDTH = 10;
/**
 * Characters of a path shown in the table. As a code span in a cell, one UTF-16 code unit takes at most 3 bytes
 * (`|` becomes `\|`; a character outside ASCII is 3 bytes, a surrogate pair 4) and the fences at most 2 × 121
 * backticks, so a shown path is under 0.7 kB and a table row under 1 kB whatever the API sends: at the largest
 * `summary-rows` (1000) the summary stays under the runner's 1 MiB (tested). The file keeps the whole path.
 */
const PATH_SHOWN = 120;
/** Gains and drops shown with `compare`, each. */
const TRENDS_SHOWN = 5;
/** `1234567` → `1,234,567`. Not toLocaleString: its first call sets up ICU, about 12 ms of start-up. */
function number(n) {
    const [whole = '', fraction] = String(n).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
/** `part` as a percentage of `whole`, or a dash where no share makes sense (a negative count, part > whole). */
function share(part, whole) {
    // part / whole first: 100 * part overflows to Infinity for counts near 1e308.
    return whole > 0 && part >= 0 && part <= whole ? `${(100 * (part / whole)).toFixed(1)}%` : '–';
}
/**
 * Human (█) against AI (░) visitors of one page, ten characters wide; empty where no bar means anything: both
 * counts 0, or either negative or not finite. The API's schema allows any number, so this never assumes more.
 */
function humanAiBar(row) {
    const { human, ai } = row;
    if (!(human >= 0 && ai >= 0 && Number.isFinite(human) && Number.isFinite(ai)))
        return '';
    const sum = human + ai;
    if (sum === 0)
        return '';
    // Halved where the sum overflows (two counts near 1e308); the fraction is the same and stays within 0 to 1.
    const fraction = Number.isFinite(sum) ? human / sum : human / 2 / (human / 2 + ai / 2);
    const width = Math.round(BAR_WIDTH * fraction);
    return `${'█'.repeat(width)}${'░'.repeat(BAR_WIDTH - width)}`;
}
/**
 * A path cut to `max` UTF-16 code units, the last one an ellipsis. Cut before escaping, so no escape is cut in
 * half, and never between the two halves of a surrogate pair.
 */
function shortPath(path, max = PATH_SHOWN) {
    return clip(path, max);
}
function range(dateFrom, dateTo) {
    if (!dateFrom && !dateTo)
        return "the API's default date range";
    const from = dateFrom ? `from ${code(dateFrom)}` : 'up to the start';
    const to = dateTo ? `up to, not including, ${code(dateTo)}` : 'up to now';
    return `${from} ${to}`;
}
/** How each metric is named in the summary, and what its total means. */
const WORDS = {
    visitors: {
        title: 'unique visitors',
        unit: 'Visitors',
        total: 'Total counts each visitor once, so it is not Human + AI.',
    },
    views: { title: 'page views', unit: 'Views', total: 'Total counts every view of a page.' },
};
/**
 * A bar as Mermaid reads it: a plain non-negative number (a negative count has no bar above an axis that
 * starts at 0; a huge one is kept in digits, never `1e+308`).
 */
function barValue(n) {
    return String(Math.round(Math.min(Math.max(0, n), Number.MAX_SAFE_INTEGER) * 100) / 100);
}
/**
 * The top ten as a bar chart. The bars are labelled `#1` to `#10`, the numbers of the table above, and the
 * paths stay in the table: no path, whatever it holds, can end a label or the diagram. The axis starts at 0,
 * as Mermaid would otherwise start it at the smallest bar and make small differences look large.
 */
function chart(rows, metric) {
    const { unit } = WORDS[metric];
    const values = rows.map((r) => barValue(r.total));
    const top = Math.max(1, ...values.map(Number));
    return [
        '```mermaid',
        'xychart-beta',
        `  title "Top ${rows.length} pages by total ${unit.toLowerCase()}"`,
        `  x-axis [${rows.map((_, i) => `"#${i + 1}"`).join(', ')}]`,
        `  y-axis "${unit}" 0 --> ${top}`,
        `  bar [${values.join(', ')}]`,
        '```',
    ].join('\n');
}
/**
 * The visitors export's job summary. Pure; its size is bounded by `tableRows`, not by the export or by what the
 * API sends: paths are cut (`PATH_SHOWN`), counts are numbers. Counts are shown as given, whatever their sign.
 */
function visitorsSummary(s) {
    const metric = s.metric ?? 'visitors';
    const words = WORDS[metric];
    const parts = [
        `### ${s.verdict.emoji} Mintlify ${words.title}: ${md(s.verdict.title)}`,
        '',
        message(s.verdict.message),
    ];
    parts.push('', `Date range: ${range(s.dateFrom, s.dateTo)}.`);
    if (s.previous)
        parts.push('', `Compared with the previous period: ${range(s.previous.dateFrom, s.previous.dateTo)}.`);
    if (s.totals) {
        const t = s.totals;
        const p = s.compared?.totals;
        const rows = [[p ? 'This period' : 'Site-wide', ...counts(t)]];
        if (p)
            rows.push(['Previous period', ...counts(p)], ['Change', percent(t.human, p.human), percent(t.ai, p.ai), percent(t.total, p.total), '']);
        parts.push('', table(['Period', 'Human', 'AI', 'Total', 'AI share'], ['left', 'right', 'right', 'right', 'right'], rows), '', `${words.total} AI share is AI / Total.`);
    }
    if (s.compared)
        parts.push(...trendTables(s.compared, s.complete !== false));
    if (s.rows !== undefined) {
        const file = s.file ? ` in ${code(s.file)}` : '';
        parts.push('', `${number(s.rows)} pages${file}${s.complete ? '' : ' (not every page was read)'}.`);
    }
    const shown = s.top.slice(0, s.tableRows);
    if (shown.length > 0) {
        parts.push('', `#### Busiest ${shown.length} pages`, '', table(['#', 'Page', 'Human', 'AI', 'Total', 'Human █ / AI ░'], ['right', 'left', 'right', 'right', 'right', 'left'], shown.map((r, i) => [String(i + 1), page(r.path), ...counts(r).slice(0, 3), humanAiBar(r)])));
        parts.push('', chart(s.top.slice(0, CHART_ROWS), metric));
    }
    return `${parts.join('\n')}\n`;
}
/** Human, AI, Total and the AI share, as numbers a reader can take in. */
function counts(c) {
    return [number(c.human), number(c.ai), number(c.total), share(c.ai, c.total)];
}
/** A page's path in a table: cut, then a code span (the path is shown literally, whatever it holds). */
function page(path) {
    return code(shortPath(path)) || '(empty path)';
}
function percent(now, before) {
    const change = totalChange(now, before);
    return change === '' ? '–' : `${change.startsWith('-') ? '' : '+'}${change}%`;
}
function signed(n) {
    return n > 0 ? `+${number(n)}` : number(n);
}
/** The biggest gains and drops by change in total, and how many pages are new and how many vanished. */
function trendTables(c, complete) {
    const trend = (title, rows) => rows.length === 0
        ? []
        : [
            '',
            `#### ${title}`,
            '',
            table(['#', 'Page', 'Previous total', 'Total', 'Change'], ['right', 'left', 'right', 'right', 'right'], rows.map((r, i) => [
                String(i + 1),
                page(r.path),
                number(r.previous?.total ?? 0),
                number(r.total),
                signed(change(r)),
            ])),
        ];
    return [
        '',
        complete
            ? `${number(c.trends.fresh)} pages are new since the previous period; ${number(c.trends.vanished)} pages were seen then and not now.`
            : `${number(c.trends.fresh)} pages are new since the previous period. Pages seen then and not now are not listed: not every page of this period was read, so they cannot be known.`,
        ...trend('Biggest gains', c.trends.gains.sorted()),
        ...trend('Biggest drops', c.trends.drops.sorted()),
    ];
}

;// CONCATENATED MODULE: ./lib/visitors/writers.js



/** Small on purpose: text waiting here outlives young-generation collections and swells V8's heap. */
const FLUSH_AT = 16 * 1024;
/** RFC 4180: a field holding a comma, a quote or a line break is quoted, with quotes doubled. */
function csvField(text) {
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const NONE = { human: 0, ai: 0, total: 0 };
const writers_counts = (c) => ({ human: c.human, ai: c.ai, total: c.total });
/** The fields of a row, in the order of the CSV header; the previous counts only with `compare`. */
function rowFields(r, compare) {
    const row = { path: r.path, human: r.human, ai: r.ai, total: r.total };
    if (!compare)
        return row;
    const p = r.previous ?? NONE;
    return { ...row, previousHuman: p.human, previousAi: p.ai, previousTotal: p.total };
}
function encodings(compare) {
    const rowJson = (r) => JSON.stringify(rowFields(r, compare));
    return {
        csv: {
            header: () => ({
                text: compare ? 'path,human,ai,total,previousHuman,previousAi,previousTotal\r\n' : 'path,human,ai,total\r\n',
            }),
            row: (r) => {
                const p = r.previous ?? NONE;
                const tail = compare ? `,${p.human},${p.ai},${p.total}` : '';
                return `${csvField(r.path)},${r.human},${r.ai},${r.total}${tail}\r\n`;
            },
            footer: () => '',
        },
        jsonl: {
            header: () => ({ text: '' }),
            row: (r) => `${rowJson(r)}\n`,
            footer: () => '',
        },
        json: {
            // `complete` is only known at the end: it is written as `false` and, if need be, overwritten in
            // place by ` true` (same length; the space is valid JSON), so rows never wait in memory.
            header: (meta, totals, previous) => {
                const before = `{\n  "metric": ${JSON.stringify(meta.metric)},\n  "dateFrom": ${JSON.stringify(meta.dateFrom ?? null)},\n  "dateTo": ${JSON.stringify(meta.dateTo ?? null)},\n  "exportedAt": ${JSON.stringify(meta.exportedAt)},\n  "complete": `;
                const earlier = compare && meta.previous
                    ? `\n  "previous": ${JSON.stringify({ ...meta.previous, totals: writers_counts(previous ?? NONE) })},`
                    : '';
                const after = `false,\n  "totals": ${JSON.stringify(writers_counts(totals))},${earlier}\n  ${JSON.stringify(meta.metric)}: [`;
                return { text: before + after, flagAt: Buffer.byteLength(before) };
            },
            row: (r, i) => `${i === 0 ? '' : ','}\n    ${rowJson(r)}`,
            footer: (rows) => `${rows === 0 ? '' : '\n  '}]\n}\n`,
        },
    };
}
function openWriter(format, file, meta) {
    const encoding = encodings(meta.previous !== undefined)[format];
    const partial = `${file}.${process.pid}.partial`;
    const accepted = 'a writable file path, relative to the workspace';
    if ((0,external_node_fs_namespaceObject.statSync)(file, { throwIfNoEntry: false })?.isDirectory())
        throw new InputError('output', `${quote(file)} is a directory`, accepted);
    let fd;
    try {
        (0,external_node_fs_namespaceObject.mkdirSync)(external_node_path_namespaceObject.dirname(file), { recursive: true });
        fd = (0,external_node_fs_namespaceObject.openSync)(partial, 'w');
    }
    catch (err) {
        const code = err.code ?? 'error';
        throw new InputError('output', `${quote(file)} cannot be written (${code})`, accepted);
    }
    let buffer = '';
    let rows = 0;
    let flagAt;
    let open = true;
    const flush = () => {
        if (buffer)
            (0,external_node_fs_namespaceObject.writeSync)(fd, buffer);
        buffer = '';
    };
    const append = (text) => {
        buffer += text;
        if (buffer.length >= FLUSH_AT)
            flush();
    };
    return {
        begin(totals, previous) {
            const header = encoding.header(meta, totals, previous);
            flagAt = header.flagAt;
            append(header.text);
        },
        write(row) {
            append(encoding.row(row, rows));
            rows++;
        },
        finish(complete) {
            append(encoding.footer(rows));
            flush();
            if (complete && flagAt !== undefined)
                (0,external_node_fs_namespaceObject.writeSync)(fd, ' true', flagAt);
            (0,external_node_fs_namespaceObject.closeSync)(fd);
            open = false;
            (0,external_node_fs_namespaceObject.renameSync)(partial, file);
            return file;
        },
        discard() {
            if (open)
                (0,external_node_fs_namespaceObject.closeSync)(fd);
            open = false;
            (0,external_node_fs_namespaceObject.rmSync)(partial, { force: true });
        },
    };
}

;// CONCATENATED MODULE: ./lib/visitors/main.js












/**
 * The visitors export: prepare (inputs, the file) → every page → ending (outputs, summary, one reported
 * verdict). A run ends in exactly one place: the `closeAction` below.
 */
async function run(env = process.env) {
    const ctx = openAction(env);
    const now = new Date();
    const start = prepare(ctx, env, now);
    await closeAction(ctx, 'ending' in start ? start.ending : await exportAll(ctx, start));
}
/** Inputs, and the file opened before any request, so an unwritable `output` is bad input, not a wasted export. */
function prepare(ctx, env, now) {
    try {
        const workspace = env.GITHUB_WORKSPACE || process.cwd();
        const config = parseVisitorsInputs(ctx.input, workspace, now);
        const writer = openWriter(config.format, config.output, {
            metric: config.metric,
            previous: config.previous,
            dateFrom: config.dateFrom,
            dateTo: config.dateTo,
            exportedAt: now.toISOString(),
        });
        return { config, writer, workspace };
    }
    catch (err) {
        return { ending: { verdict: errorVerdict(err) } };
    }
}
/** Every page into the file, then how the run ends. A failed or cancelled export leaves no file behind. */
async function exportAll(ctx, { config, writer, workspace }) {
    const api = openApi(ctx, config);
    const top = new TopRows(Math.max(config.summaryRows, CHART_ROWS));
    const { projectId, dateFrom, dateTo, limit } = config;
    const pages = (period) => (offset) => api.client.getAnalytics(config.metric, projectId, { ...period, limit, offset });
    const deps = { clock: systemClock, log: ctx.log, signal: api.signal };
    let outcome;
    try {
        // With `compare`, the previous period first (whole, from offset 0), then the export joined with it.
        let compared;
        let rows = writer;
        if (config.previous) {
            const previous = await readPrevious(pages(config.previous), deps);
            compared = { totals: previous.totals, requests: previous.requests, trends: new Trends(TRENDS_SHOWN) };
            rows = joiningWriter(writer, previous, compared.trends);
        }
        const result = await exportVisitors({ offset: config.offset, maxRows: config.maxRows }, { ...deps, fetchPage: pages({ dateFrom, dateTo }), writer: rows, top });
        const file = rows.finish(result.complete);
        new Outputs(setOutput, ctx.redact).setAll(exportOutputs(result, file, compared)); // as soon as known
        outcome = { kind: 'exported', result, file, shown: shownPath(file, workspace), compared };
    }
    catch (error) {
        writer.discard();
        outcome = { kind: 'failed', error };
    }
    api.close();
    const verdict = exportVerdict(outcome);
    const exported = outcome.kind === 'exported' ? outcome : undefined;
    return {
        verdict,
        summary: config.summary
            ? visitorsSummary({
                verdict,
                metric: config.metric,
                dateFrom,
                dateTo,
                totals: exported?.result.totals,
                rows: exported && rowsWritten(exported.result, exported.compared),
                complete: exported?.result.complete,
                file: exported?.shown,
                top: exported ? top.sorted() : [],
                compared: exported?.compared,
                previous: config.previous,
                tableRows: config.summaryRows,
            })
            : undefined,
    };
}


/***/ }),

/***/ 9783:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ getProxyUrl)
/* harmony export */ });
/* unused harmony export checkBypass */
function getProxyUrl(reqUrl) {
    const usingSsl = reqUrl.protocol === 'https:';
    if (checkBypass(reqUrl)) {
        return undefined;
    }
    const proxyVar = (() => {
        if (usingSsl) {
            return process.env['https_proxy'] || process.env['HTTPS_PROXY'];
        }
        else {
            return process.env['http_proxy'] || process.env['HTTP_PROXY'];
        }
    })();
    if (proxyVar) {
        try {
            return new DecodedURL(proxyVar);
        }
        catch (_a) {
            if (!proxyVar.startsWith('http://') && !proxyVar.startsWith('https://'))
                return new DecodedURL(`http://${proxyVar}`);
        }
    }
    else {
        return undefined;
    }
}
function checkBypass(reqUrl) {
    if (!reqUrl.hostname) {
        return false;
    }
    const reqHost = reqUrl.hostname;
    if (isLoopbackAddress(reqHost)) {
        return true;
    }
    const noProxy = process.env['no_proxy'] || process.env['NO_PROXY'] || '';
    if (!noProxy) {
        return false;
    }
    // Determine the request port
    let reqPort;
    if (reqUrl.port) {
        reqPort = Number(reqUrl.port);
    }
    else if (reqUrl.protocol === 'http:') {
        reqPort = 80;
    }
    else if (reqUrl.protocol === 'https:') {
        reqPort = 443;
    }
    // Format the request hostname and hostname with port
    const upperReqHosts = [reqUrl.hostname.toUpperCase()];
    if (typeof reqPort === 'number') {
        upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
    }
    // Compare request host against noproxy
    for (const upperNoProxyItem of noProxy
        .split(',')
        .map(x => x.trim().toUpperCase())
        .filter(x => x)) {
        if (upperNoProxyItem === '*' ||
            upperReqHosts.some(x => x === upperNoProxyItem ||
                x.endsWith(`.${upperNoProxyItem}`) ||
                (upperNoProxyItem.startsWith('.') &&
                    x.endsWith(`${upperNoProxyItem}`)))) {
            return true;
        }
    }
    return false;
}
function isLoopbackAddress(host) {
    const hostLower = host.toLowerCase();
    return (hostLower === 'localhost' ||
        hostLower.startsWith('127.') ||
        hostLower.startsWith('[::1]') ||
        hostLower.startsWith('[0:0:0:0:0:0:0:1]'));
}
class DecodedURL extends URL {
    constructor(url, base) {
        super(url, base);
        this._decodedUsername = decodeURIComponent(super.username);
        this._decodedPassword = decodeURIComponent(super.password);
    }
    get username() {
        return this._decodedUsername;
    }
    get password() {
        return this._decodedPassword;
    }
}
//# sourceMappingURL=proxy.js.map

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(951);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
