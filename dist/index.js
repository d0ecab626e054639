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

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

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

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

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

/***/ 7993:
/***/ ((__webpack_module__, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(__webpack_module__, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3807);

await (0,_main_js__WEBPACK_IMPORTED_MODULE_0__/* .run */ .e)();

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 3807:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  e: () => (/* binding */ run)
});

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
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
function oneLine(text) {
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
    return oneLine(text).replace(/##\[/g, '## [');
}
/** A plain log line (not a command): also never starting with `::`, which the runner looks for after trimming. */
function plainLine(text) {
    const line = inertLine(text);
    return /^\s*::/.test(line) ? `> ${line}` : line;
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
    return oneLine(value).replace(/\s+/g, ' ');
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
    const content = oneLine(value);
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
const METRICS = (/* unused pure expression or super */ null && (['visitors', 'views']));

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
            contentType: clip(oneLine(this.redact(raw.contentType)), 100),
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
    const reason = e.code ? `connection failed (${e.code})` : `connection failed (${clip(oneLine(e.message ?? ''), 200)})`;
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
        const clean = oneLine(this.redact(value));
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

;// CONCATENATED MODULE: ./lib/agent/github/hidden.js
/**
 * HTML comments as CommonMark reads them: `<!-->` and `<!--->` are whole (empty) comments; otherwise
 * `<!--` up to the next `-->`, or to the end of the text when it is never closed (GitHub hides the rest).
 */
const HTML_COMMENT = /<!---?>|<!--[\s\S]*?(?:-->|$)/g;
/**
 * A link reference definition whose destination is `#` or `<>` (`[//]: # (note)`, `[comment]: <> (note)`):
 * the Markdown idiom for a comment, rendered as nothing.
 */
const LINK_COMMENT = /^ {0,3}\[[^\]\n]*\]:[ \t]*(?:#|<>)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$\n?/gm;
/**
 * Format characters (`\p{Cf}`: zero-width space and joiners, word joiner, BOM, soft hyphen, bidi controls,
 * the tag characters U+E0000–U+E007F used to smuggle ASCII), variation selectors (U+FE00–FE0F and
 * U+E0100–E01EF, which can carry arbitrary bytes after an emoji), the combining grapheme joiner, the Hangul
 * fillers that render blank, and control characters other than tab and line feed (carriage returns are
 * turned into line feeds first).
 */
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}\p{Variation_Selector}\u115f\u1160\u3164\uffa0]|\u034f/gu;
/**
 * The text as a reader sees it on GitHub: no HTML comments, no invisible characters, `\n` line ends.
 * Comments go first, as GitHub reads them: `<!-- x --\u200b>` does not close the comment there, so the
 * text after it stays hidden, and goes.
 */
function removeHidden(text) {
    return text.replace(/\r\n?/g, '\n').replace(HTML_COMMENT, '').replace(LINK_COMMENT, '').replace(INVISIBLE, '');
}
/** For one-line context (a title, a branch): hidden content removed and line breaks made spaces. */
function visibleLine(text) {
    return removeHidden(text).replace(/[\n\t\u2028\u2029]+/g, ' ');
}
/**
 * Outside text as the action keeps it, from the event or a GitHub answer alike: hidden content removed
 * first, then secrets, so that a secret split by an invisible character is still caught.
 */
const received = {
    body: (text, redact) => redact(removeHidden(text)),
    line: (text, redact) => redact(visibleLine(text)),
};

;// CONCATENATED MODULE: ./lib/agent/github/http.js
/**
 * The one door for GitHub HTTP: every Octokit request goes through `boundedFetch`, which wraps the runner's
 * (proxy-aware) fetch with a time limit, a size limit, same-origin redirects only, and redaction of the
 * answer before anyone parses it.
 */


const GITHUB_TIMEOUT_MS = 10_000;
const GITHUB_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;
/** Why a GitHub request got no usable answer; the message is redacted and fit for the log. */
class GitHubHttpError extends Error {
    problem;
    constructor(problem, message) {
        super(message);
        this.problem = problem;
        this.name = 'GitHubHttpError';
    }
}
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Hop-by-hop or no longer true once the body has been read, decoded and redacted. */
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);
function formatBytes(bytes) {
    return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
/** `base`, bounded: see the module comment. Errors are `GitHubHttpError`s, never stack traces. */
function boundedFetch(base, options) {
    const { redact, timeoutMs, maxBytes } = options;
    const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
    const fail = (problem, message) => new GitHubHttpError(problem, redact(message));
    return async (input, init = {}) => {
        const deadline = new AbortController();
        const timer = setTimeout(() => deadline.abort(fail('timeout', `no answer within ${formatDuration(timeoutMs)}`)), timeoutMs);
        const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
        // Whatever the underlying fetch is doing, the deadline ends the wait.
        const expired = new Promise((_, reject) => {
            deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true });
        });
        expired.catch(() => { }); // only raced below; never an unhandled rejection
        const bounded = (work) => Promise.race([work, expired]);
        try {
            let url = new URL(input instanceof Request ? input.url : input);
            let method = init.method ?? 'GET';
            let body = init.body;
            for (let hops = 0;; hops++) {
                const res = await bounded(base(url, { ...init, method, body, signal, redirect: 'manual' })).catch((err) => {
                    throw asHttpError(err, deadline.signal, fail);
                });
                if (!(res.status >= 300 && res.status < 400 && res.status !== 304)) {
                    const text = await bounded(readText(res, maxBytes, fail));
                    return rebuild(res, text, redact);
                }
                await res.body?.cancel().catch(() => { });
                const location = res.headers.get('location');
                const next = location && REDIRECTS.has(res.status) ? new URL(location, url) : undefined;
                if (!next)
                    throw fail('redirect', `an unexpected redirect answer (HTTP ${res.status})`);
                if (next.origin !== url.origin)
                    throw fail('redirect', `a redirect to another host (${next.origin}), which was not followed`);
                if (hops >= maxRedirects)
                    throw fail('redirect', `more than ${maxRedirects} redirects`);
                // As browsers do: 303, and 301/302 after a POST, go on as a GET without a body.
                if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
                    method = method === 'HEAD' ? 'HEAD' : 'GET';
                    body = undefined;
                }
                url = next;
            }
        }
        catch (err) {
            throw asHttpError(err, deadline.signal, fail);
        }
        finally {
            clearTimeout(timer);
        }
    };
}
function asHttpError(err, deadline, fail) {
    if (err instanceof GitHubHttpError)
        return err;
    if (deadline.aborted && deadline.reason instanceof GitHubHttpError)
        return deadline.reason;
    const e = err;
    // Octokit's own signal (not used by this action today) keeps its AbortError, so callers see it as such.
    if (e.name === 'AbortError')
        return err;
    const why = e.cause?.message || e.cause?.code || e.message || String(err);
    return fail('network', `connection failed (${why})`);
}
/** The body as text, refusing more than `maxBytes` (by its declared length first, then by counting). */
async function readText(res, maxBytes, fail) {
    const tooLarge = () => fail('too-large', `the answer is larger than ${formatBytes(maxBytes)}, so it was not read`);
    const declared = Number(res.headers.get('content-length'));
    if (declared > maxBytes) {
        await res.body?.cancel().catch(() => { });
        throw tooLarge();
    }
    if (!res.body)
        return '';
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let size = 0;
    let text = '';
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.byteLength;
        if (size > maxBytes) {
            await reader.cancel().catch(() => { });
            throw tooLarge();
        }
        text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
}
/** A fresh answer with the redacted body (see `redactAnswer`), for Octokit to parse. */
function rebuild(res, raw, redact) {
    let text;
    try {
        text = redactAnswer(raw, redact);
    }
    catch (err) {
        throw new GitHubHttpError('unreadable', err.message);
    }
    const headers = new Headers();
    for (const [name, value] of res.headers)
        if (!DROPPED_HEADERS.has(name))
            headers.append(name, redact(value));
    const empty = res.status === 204 || res.status === 205 || res.status === 304;
    const answer = new Response(empty ? null : text, { status: res.status, statusText: res.statusText, headers });
    Object.defineProperty(answer, 'url', { value: res.url });
    return answer;
}

;// CONCATENATED MODULE: ./lib/agent/github/json.js
const obj = (v) => (typeof v === 'object' && v !== null ? v : {});
const str = (v) => (typeof v === 'string' ? v : '');
const num = (v) => (typeof v === 'number' ? v : 0);

;// CONCATENATED MODULE: ./lib/agent/github/client.js



/**
 * Pages of 100 comments read from each list: a conversation of 3,000 comments is read whole; a longer one
 * fails the request (the newest comments, and so the conversation's job, would be unknown).
 */
const CONVERSATION_PAGES = 30;
const PAGE_SIZE = 100;
class GitHubError extends Error {
    status;
    problem;
    constructor(
    /** The HTTP status, or 0 when there was no usable answer (see `problem`). */
    status, message, problem) {
        super(message);
        this.status = status;
        this.problem = problem;
        this.name = 'GitHubError';
    }
}
function toGitHubError(what, err) {
    if (err instanceof GitHubError)
        return err;
    // Octokit wraps what our fetch throws in a RequestError (status 500) and keeps it as the cause.
    const cause = err.cause;
    const http = err instanceof GitHubHttpError ? err : cause instanceof GitHubHttpError ? cause : undefined;
    if (http)
        return new GitHubError(0, `${what} failed: ${http.message}`, http.problem);
    const e = err;
    return new GitHubError(e.status ?? 0, `${what} failed: ${e.status ? `HTTP ${e.status} ` : ''}(${e.message ?? String(err)})`);
}
/**
 * Loads @actions/github only now: runs that never touch GitHub don't pay for it at start. Octokit takes
 * GITHUB_API_URL (GitHub Enterprise Server) and the runner's proxy settings through @actions/github; its
 * proxy-aware fetch is kept and wrapped by `boundedFetch`, the only way our requests reach GitHub.
 */
async function connectGitHub(token, repo, options) {
    const { GitHub, defaults, getOctokitOptions } = await Promise.all(/* import() */[__nccwpck_require__.e(779), __nccwpck_require__.e(845)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1845));
    const fetch = boundedFetch((defaults.request?.fetch ?? globalThis.fetch), {
        redact: options.redact,
        timeoutMs: options.timeoutMs ?? GITHUB_TIMEOUT_MS,
        maxBytes: options.maxBytes ?? GITHUB_MAX_BYTES,
    });
    const debug = (m) => options.log?.debug(m);
    const log = { debug, info: debug, warn: debug, error: debug };
    const octokit = new GitHub(getOctokitOptions(token, {
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        // The request's own log too: a `deprecation` header's notice goes there, else to the console.
        request: { ...defaults.request, fetch, log },
        log,
    }));
    const call = async (what, work) => {
        try {
            return await work();
        }
        catch (err) {
            throw toGitHubError(what, err);
        }
    };
    // Why these two sources: a re-run must know the account before it posts anything (to find its first attempt's
    // reply), so the comment it would post cannot tell it. `GET /user` refuses installation tokens (403), which
    // GITHUB_TOKEN and an App's token are, and guessing `github-actions[bot]` is wrong for an App's token. GraphQL's
    // `viewer` answers for every kind of token, in one request. A comment just posted names the account for free, in
    // the very form the comment lists use, so a run that posted its reply never asks.
    let account;
    return {
        role: (username) => call(`Checking @${username}'s permission`, async () => {
            let data;
            try {
                ;
                ({ data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username }));
            }
            catch (err) {
                if (err.status === 404)
                    return undefined; // not a collaborator
                throw err;
            }
            const answer = obj(data);
            const role = effectiveRole(str(answer.role_name), str(answer.permission));
            if (!role)
                throw new GitHubError(0, `Checking @${username}'s permission failed: the answer holds no role`);
            return role;
        }),
        pullBranches: (number) => call(`Reading pull request #${number}`, async () => {
            const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
            const branch = (side) => received.line(str(obj(side).ref), options.redact) || undefined;
            return { head: branch(data.head), base: branch(data.base) };
        }),
        react: (commentId, review) => call('Reacting to the comment', async () => {
            if (review)
                await octokit.rest.reactions.createForPullRequestReviewComment({
                    ...repo,
                    comment_id: commentId,
                    content: 'eyes',
                });
            else
                await octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content: 'eyes' });
        }),
        comment: (target, body, replyTo) => call('Commenting', async () => {
            const { data } = replyTo
                ? await octokit.rest.pulls.createReplyForReviewComment({
                    ...repo,
                    pull_number: target.number,
                    comment_id: replyTo.reviewCommentId,
                    body,
                })
                : await octokit.rest.issues.createComment({ ...repo, issue_number: target.number, body });
            const answer = obj(data);
            if (typeof answer.id !== 'number')
                throw new GitHubError(0, 'Commenting failed: the answer holds no comment id');
            const login = str(obj(answer.user).login);
            if (login)
                account ??= Promise.resolve(login);
            return {
                id: answer.id,
                url: received.line(str(answer.html_url), options.redact),
                review: replyTo !== undefined,
            };
        }),
        editComment: (comment, body) => call('Updating the reply', async () => {
            if (comment.review)
                await octokit.rest.pulls.updateReviewComment({ ...repo, comment_id: comment.id, body });
            else
                await octokit.rest.issues.updateComment({ ...repo, comment_id: comment.id, body });
        }),
        conversation: (target) => call(`Reading the conversation of #${target.number}`, async () => {
            // Page by page until a short page: the same count of requests as following `Link` headers.
            const all = async (list, review) => {
                const comments = [];
                // Whatever cannot be read whole is an error, never "no marker": a new job on doubt is worse than none.
                for (let page = 1; page <= CONVERSATION_PAGES; page++) {
                    const { data } = await list(page);
                    if (!Array.isArray(data))
                        throw new GitHubError(0, 'the list of comments is not a list');
                    for (const item of data) {
                        const c = threadComment(item, review);
                        if (!c)
                            throw new GitHubError(0, 'a comment in the list has no id');
                        comments.push(c);
                    }
                    if (data.length < PAGE_SIZE)
                        return comments;
                }
                throw new GitHubError(0, `the conversation has more than ${CONVERSATION_PAGES * PAGE_SIZE} comments`);
            };
            const issue = await all((page) => octokit.rest.issues.listComments({ ...repo, issue_number: target.number, per_page: PAGE_SIZE, page }), false);
            if (!target.isPullRequest)
                return issue;
            const review = await all((page) => octokit.rest.pulls.listReviewComments({ ...repo, pull_number: target.number, per_page: PAGE_SIZE, page }), true);
            return [...issue, ...review];
        }),
        account: () => {
            account ??= call('Finding the account the token writes as', async () => {
                const data = await octokit.graphql('query { viewer { login } }');
                const login = str(obj(obj(data).viewer).login);
                if (!login)
                    throw new GitHubError(0, 'Finding the account the token writes as failed: the answer holds no login');
                return login;
            });
            return account;
        },
    };
}
/** One comment of a list, as much of it as the conversation needs; undefined when it has no usable id. */
function threadComment(value, review) {
    const c = obj(value);
    if (typeof c.id !== 'number')
        return undefined;
    const user = obj(c.user);
    return {
        id: c.id,
        url: str(c.html_url),
        body: str(c.body),
        author: { login: str(user.login), type: str(user.type) },
        createdAt: str(c.created_at),
        review,
    };
}
const BASE_ROLES = ['admin', 'maintain', 'write', 'triage', 'read'];
/**
 * `role_name` names one of GitHub's base roles, or an organization's custom role; `permission` is the base
 * permission behind it (`admin`, `write`, `read`, `none`: maintain reads as write, triage as read). A custom
 * role counts for what it is based on.
 */
function effectiveRole(roleName, permission) {
    if (BASE_ROLES.includes(roleName))
        return roleName;
    return permission || roleName;
}
/** The workflow permission a 403 on a reaction or comment points at. */
function permissionFor(target) {
    return target.isPullRequest ? 'pull-requests: write' : 'issues: write';
}
/**
 * Runs a reaction or comment; a refusal (403, or anything else) is a warning naming what to add,
 * never a failure of the job the comment is about.
 */
async function bestEffort(what, target, log, work) {
    try {
        return await work();
    }
    catch (err) {
        const e = err;
        const fix = e.status === 403 || e.status === 404
            ? ` Give the workflow \`permissions: ${permissionFor(target)}\` (and make sure \`github-token\` may write).`
            : '';
        log.warning(`${what}: ${e.message}.${fix}`);
        return undefined;
    }
}

;// CONCATENATED MODULE: ./lib/agent/summary.js


const PROMPT_SHOWN_CHARS = 4000;
/**
 * The verdict's message as Markdown, with the job's pull request as a Markdown link where the message names
 * it. Returns whether it did, so that the pull request is shown once.
 */
function verdictText(verdict, job) {
    const pr = job?.prLink;
    const links = pr ? { [pr]: pullRequestLink(pr) } : {};
    return { text: message(verdict.message, links), linksPull: !!pr && verdict.message.includes(pr) };
}
/** The job summary of the agent job action, as Markdown that reads the same raw and rendered. Pure. */
function agentSummary({ verdict, job, prompt, waitedMs }) {
    const { text, linksPull } = verdictText(verdict, job);
    const parts = [`### ${verdict.emoji} Mintlify agent: ${md(verdict.title)}`, '', text];
    if (job) {
        parts.push('', fieldTable([
            ['Status', job.status ? md(job.status) : ''],
            ['Pull request', job.prLink && !linksPull ? pullRequestLink(job.prLink) : ''],
            ['Job id', code(job.id)],
            ['Model', job.model ? md(job.model) : ''],
            ['Source repository', job.source?.repository ? markdown_link(job.source.repository) : ''],
            ['Source ref', job.source?.ref ? code(job.source.ref) : ''],
            ['Created at', job.createdAt ? md(job.createdAt) : ''],
            ['Time waited', waitedMs !== undefined ? md(formatDuration(waitedMs)) : ''],
        ]));
    }
    if (prompt) {
        parts.push('', collapsedText(`Prompt (${prompt.length} characters)`, prompt, PROMPT_SHOWN_CHARS));
    }
    return `${parts.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./lib/agent/github/comments.js


/** GitHub refuses comment bodies over 65,536 characters. */
const COMMENT_LIMIT = 65_536;
/** Keeps a body under GitHub's limit, saying so when it had to cut. */
function clampBody(body, limit = COMMENT_LIMIT) {
    if (body.length <= limit)
        return body;
    const note = '\n\n… (cut to fit GitHub’s comment limit)';
    return body.slice(0, limit - note.length) + note;
}
function runLine(runUrl) {
    return runUrl ? `\n\n${markdown_link(runUrl, 'Workflow run')}` : '';
}
/** The reply with a run's outcome, naming the pull request once. Every value from the API is escaped, mentions included. */
function resultComment(verdict, job, runUrl) {
    const { text, linksPull } = verdictText(verdict, job);
    const lines = [`${verdict.emoji} **Mintlify agent: ${md(verdict.title)}**`, '', text];
    if (job?.prLink && !linksPull)
        lines.push('', `Pull request: ${pullRequestLink(job.prLink)}`);
    if (job)
        lines.push('', `Job ${code(job.id)}${job.status ? `, status ${code(job.status)}` : ''}.`);
    return clampBody(lines.join('\n') + runLine(runUrl));
}
function usageComment(phrase, runUrl) {
    return clampBody(`👋 Tell the Mintlify agent what to do after ${code(phrase)}, for example:\n\n` +
        `${code(`${phrase} document the new --dry-run flag`)}${runLine(runUrl)}`);
}

;// CONCATENATED MODULE: ./lib/agent/github/marker.js
/**
 * The hidden marker by which a reply names its job, `<!-- mintlify-agent job=ID -->`, and how a conversation
 * is read for the job it already has. Pure: the comments come from the GitHub client.
 */
/**
 * The marker of a reply: the request it answers (the comment's id) and, once known, its job. The id is
 * percent-encoded, so that no id (any string: white space, line breaks, `<`, `-->` included) can end the HTML
 * comment early and show what follows, and every id reads back exactly.
 */
function markerOf(jobId, requestId) {
    const job = jobId === undefined ? '' : ` job=${encodeURIComponent(jobId)}`;
    const request = requestId === undefined ? '' : ` request=${requestId}`;
    return `<!-- mintlify-agent${job}${request} -->`;
}
const MARKER = /<!-- mintlify-agent(?: job=([^\s<>]+))?(?: request=(\d+))? -->/g;
/** The markers a body holds, in order. */
function markersOf(body) {
    const found = [];
    for (const m of body.matchAll(MARKER)) {
        const marker = {};
        if (m[1] !== undefined) {
            try {
                marker.jobId = decodeURIComponent(m[1]);
            }
            catch {
                continue; // a malformed escape is no marker of ours
            }
            if (marker.jobId === '')
                continue;
        }
        if (m[2] !== undefined)
            marker.requestId = Number(m[2]);
        if (marker.jobId !== undefined || marker.requestId !== undefined)
            found.push(marker);
    }
    return found;
}
/** The job ids a body names, in order. */
function markersIn(body) {
    return markersOf(body).flatMap((m) => (m.jobId === undefined ? [] : [m.jobId]));
}
/**
 * A reply that this action already wrote for the request `requestId` (an earlier attempt of the same run): a
 * comment of `account` (see `writtenBy`) whose marker names the request.
 */
function replyTo(comments, requestId, account) {
    for (const comment of comments) {
        if (!writtenBy(comment, account))
            continue;
        const marker = markersOf(comment.body).find((m) => m.requestId === requestId);
        if (marker)
            return { comment, jobId: marker.jobId };
    }
    return undefined;
}
/** A comment written by a bot account (GitHub's `user.type` is `Bot`): an app, or the workflow's token. */
function byBot(comment) {
    return comment.author.type === 'Bot';
}
/**
 * A comment written by the account the action writes as, `account` (its login; undefined: not known, so no
 * comment is), and that account a bot: only such a comment's marker counts. Not a person's, so pasting a marker
 * cannot point a request at a job; not another bot's, so an automation that quotes comments cannot either. With a
 * personal token the action writes as a person, and its markers do not count either.
 */
function writtenBy(comment, account) {
    return byBot(comment) && comment.author.login === account;
}
/**
 * Whether some bot comment holds a marker that `wanted` picks: only then can a marker of the action's own count,
 * and so only then is the account it writes as needed.
 */
function botMarked(comments, wanted) {
    return comments.some((c) => byBot(c) && markersOf(c.body).some(wanted));
}
/** The job the conversation already has: the last marker of the newest comment of `account` that holds one. */
function conversationJob(comments, account) {
    let newest;
    for (const comment of comments) {
        if (!writtenBy(comment, account))
            continue;
        const jobId = markersIn(comment.body).at(-1);
        if (jobId === undefined)
            continue;
        if (!newest || isNewer(comment, newest.comment))
            newest = { jobId, comment };
    }
    return newest;
}
function isNewer(a, b) {
    const ta = Date.parse(a.createdAt);
    const tb = Date.parse(b.createdAt);
    if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb))
        return ta > tb;
    return a.id > b.id;
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

;// CONCATENATED MODULE: ./lib/agent/polling.js




/**
 * How long the job keeps its `poll-interval` waits. "How long the job has run" is measured from the start
 * of the wait (the create answer, the follow-up answer, or the pickup of a `job-id`) on the injected clock:
 * the API does not say when a job started, and a picked-up job may be older than that.
 */
const EARLY_PHASE_MS = 120_000;
/** The longest wait once the early phase is over, unless `poll-interval` is longer. */
const POLL_CAP_MS = 10_000;
/**
 * The least time a poll is given to answer. The last poll is made at the deadline, with no time left: it
 * gets this much, so the step ends at most this long after `timeout`.
 */
const MIN_POLL_LIMIT_MS = 1000;
const HEARTBEAT_MS = 60_000;
/**
 * The wait before the next poll, given the previous one and how long the wait has lasted so far: `poll-interval`
 * during the first two minutes, then doubling up to 10 s (or `poll-interval`, when larger). At the default
 * 5 s: 24 polls in the first two minutes, then one every 10 s, so a ten-minute job takes 72 polls and the end
 * of a job is seen within 10 s at any length (within 5 s in the first two minutes); `npm run bench` measures it.
 */
function nextDelay(previousMs, initialMs, elapsedMs) {
    return backoff(elapsedMs < EARLY_PHASE_MS ? undefined : previousMs, initialMs, pollCapMs(initialMs));
}
/** The longest wait between polls: 10 s, or `poll-interval` when that is larger. */
function pollCapMs(initialMs) {
    return Math.max(POLL_CAP_MS, initialMs);
}
/** The schedule in words, for the log line that starts the wait: `every 5s for 2m, then up to every 10s`. */
function describeSchedule(initialMs) {
    const cap = pollCapMs(initialMs);
    if (cap === initialMs)
        return `every ${formatDuration(initialMs)}`;
    return `every ${formatDuration(initialMs)} for ${formatDuration(EARLY_PHASE_MS)}, then up to every ${formatDuration(cap)}`;
}
/** How long the poll starting now may take: the time left until the deadline, but at least MIN_POLL_LIMIT_MS. */
function pollLimit(deadline, now) {
    return Math.max(MIN_POLL_LIMIT_MS, deadline - now);
}
/**
 * A poll that got no answer before the deadline (less than MIN_POLL_LIMIT_MS is left once it gave up) was cut
 * off by `timeout`, not by trouble worth reporting: the wait ends there, as a timeout.
 */
function cutOffByDeadline(err, deadline, now) {
    return err instanceof NetworkError && err.timedOut && deadline - now < MIN_POLL_LIMIT_MS;
}
/** Failed polls in a row that make trouble "persistent" at the deadline rather than a blip. */
const PERSISTENT_FAILURES = 3;
/**
 * Polls until the job is terminal or the deadline passes. Transient failures (5xx, 429, dropped or
 * hung requests) are retried on the same schedule, honouring Retry-After; anything else is thrown.
 * The poll in flight is bounded by the deadline too (see `WaitOptions.fetch`), so the wait ends at most
 * MIN_POLL_LIMIT_MS after it, whatever the server does.
 * Logs a line per status change and about one a minute while active; each poll goes to debug.
 */
async function waitForJob(start, o) {
    const { clock, log } = o;
    const began = clock.now();
    let job = start;
    let delay;
    let polls = 0;
    let failures = 0;
    let lastError;
    let lastLine = began;
    let first = true;
    let seenActive = start.status === 'active';
    const done = () => isTerminal(job.status) && (seenActive || clock.now() >= (o.terminalAfter ?? 0));
    // Trouble counts against the job only when it lasted: the last PERSISTENT_FAILURES polls or more all failed.
    const timedOut = () => ({
        kind: 'timeout',
        job,
        polls,
        lastError: failures >= PERSISTENT_FAILURES ? lastError : undefined,
    });
    while (!done()) {
        const remaining = o.deadline - clock.now();
        if (remaining <= 0) {
            if (lastError && failures < PERSISTENT_FAILURES)
                log.info(`The last poll failed (${briefly(lastError)}); reporting the job as last seen.`);
            return timedOut();
        }
        let wait = 0;
        if (!(first && o.immediate)) {
            delay = nextDelay(delay, o.initialDelayMs, clock.now() - began);
            wait = delay;
        }
        first = false;
        if (lastError) {
            const asked = retryAfterOf(lastError);
            if (asked !== undefined && asked > remaining) {
                // Polling before the server allows would only be refused again: wait out the time left instead.
                log.info(`${retryLine(lastError, remaining)} The API asks for more than the time left, so no further poll.`);
                await clock.sleep(remaining, o.signal);
                continue;
            }
            wait = Math.max(wait, asked ?? 0);
            log.info(retryLine(lastError, wait));
            lastLine = clock.now();
        }
        wait = Math.min(wait, remaining); // the last poll happens at the deadline, not after it
        log.debug(`Next poll in ${formatDuration(wait)}`);
        await clock.sleep(wait, o.signal);
        const limit = pollLimit(o.deadline, clock.now());
        try {
            const next = await o.fetch(limit);
            polls++;
            failures = 0;
            lastError = undefined;
            if (next.status !== job.status) {
                log.info(`Job ${next.id}: ${describeStatus(next.status)} after ${formatDuration(clock.now() - began)}.`);
                lastLine = clock.now();
            }
            job = next;
            if (job.status === 'active')
                seenActive = true;
            o.onUpdate?.(job);
        }
        catch (err) {
            if (!isTransient(err))
                throw err;
            polls++;
            if (cutOffByDeadline(err, o.deadline, clock.now())) {
                // Not a failure of the API: the wait ran out while the poll was in flight. Earlier trouble still counts.
                log.info(`The poll at the deadline was given up (${briefly(err)}); reporting the job as last seen.`);
                return timedOut();
            }
            failures++;
            lastError = err; // logged with the wait it causes, at the top of the loop
        }
        if (!done() && clock.now() - lastLine >= HEARTBEAT_MS) {
            log.info(`Job ${job.id} is still ${job.status ?? 'pending'} after ${formatDuration(clock.now() - began)}.`);
            lastLine = clock.now();
        }
    }
    return { kind: 'terminal', job, polls };
}
function describeStatus(status) {
    if (status === undefined)
        return 'no status in the answer, still waiting';
    if (status === 'active' || isTerminal(status))
        return status;
    return `${status} (not a known status; still waiting)`;
}

;// CONCATENATED MODULE: ./lib/agent/conversation.js
/**
 * Conversations: one reply per request, edited as the run goes, and later requests in the same thread
 * sent to the job the thread already has. See "Conversations" in the README.
 */







/**
 * The one reply of a comment-triggered run: posted right after the gate (or, when the run is started again,
 * the reply its first attempt posted), then only ever edited: never a second reply for the same request.
 * Every version carries the marker of the request it answers and, once known, of its job. Edits are
 * coalesced: while one is on its way only the newest text waits, so the final one is never behind a queue.
 */
class TrackingReply {
    github;
    place;
    requestId;
    log;
    redact;
    posted;
    jobId;
    note = '';
    latest;
    sending = Promise.resolve();
    constructor(github, place, requestId, log, redact) {
        this.github = github;
        this.place = place;
        this.requestId = requestId;
        this.log = log;
        this.redact = redact;
    }
    /** Posts "working on it"; returns the reply's URL, or undefined when it could not be posted. */
    async open() {
        const { target, replyTo } = this.place;
        this.posted = await bestEffort('Could not reply', target, this.log, async () => (await this.github()).comment(target, this.body(workingText(this.place.runUrl)), replyTo));
        return this.posted?.url;
    }
    /** Takes over the reply an earlier attempt of this run posted for the same request; returns its URL. */
    adopt(comment) {
        this.posted = { id: comment.id, url: comment.url, review: comment.review };
        return comment.url;
    }
    /** Why this request went where it went (a follow-up, a new job instead of an archived one), shown in every edit. */
    explain(note) {
        this.note = note;
    }
    /** The job is known: the reply names it in its marker at once. */
    nameJob(jobId) {
        if (this.jobId === jobId)
            return;
        this.jobId = jobId;
        this.edit(workingText(this.place.runUrl));
    }
    /** The final text (the outcome); resolves once it is sent (or given up). */
    async close(text) {
        this.edit(text);
        await this.sending;
    }
    edit(text) {
        if (!this.posted)
            return;
        const idle = this.latest === undefined;
        this.latest = this.body(text);
        if (idle)
            this.sending = this.sending.then(() => this.flush());
    }
    async flush() {
        const posted = this.posted;
        while (posted && this.latest !== undefined) {
            const body = this.latest;
            this.latest = undefined;
            await bestEffort('Could not update the reply', this.place.target, this.log, async () => (await this.github()).editComment(posted, body));
        }
    }
    body(text) {
        const parts = [text];
        if (this.note)
            parts.push(this.note);
        // Cut before the marker goes on, so that no text can push the marker off the end.
        return `${clampBody(this.redact(parts.join('\n\n')), COMMENT_LIMIT - 400)}\n\n${markerOf(this.jobId, this.requestId)}`;
    }
}
function workingText(runUrl) {
    const run = runUrl ? ` ${markdown_link(runUrl, 'Workflow run')}` : '';
    return `⏳ **Mintlify agent: working on it.**${run}`;
}
/**
 * The login the action writes as, asked for only when `comments` hold a bot's marker that `wanted` picks (only
 * then can a marker of its own be there); undefined, without a request, otherwise. An account that cannot be
 * learned is thrown: never "no marker of ours" on doubt, which would post a second reply or start a second job.
 */
async function accountFor(github, comments, wanted) {
    return botMarked(comments, wanted) ? (await github()).account() : undefined;
}
/** The reply an earlier attempt of this run posted for request `requestId`, with the job it names: ours only. */
async function earlierReply(github, thread, requestId) {
    return replyTo(thread, requestId, await accountFor(github, thread, (m) => m.requestId === requestId));
}
/**
 * With `follow-up: auto`, the job named by the newest marker of the action's own account in the conversation: `completed`, the
 * request goes to it; `active` (or not yet known), it is waited for, within `deadline`, then judged the
 * same way; `failed`, `archived` or not found, a new job. Any other error reading the job is thrown:
 * never a new job on doubt.
 */
async function planJob(config, thread, deadline, deps) {
    if (config.followUp === 'never')
        return { kind: 'create' };
    const found = conversationJob(thread, await accountFor(deps.github, thread, (m) => m.jobId !== undefined));
    if (!found)
        return { kind: 'create' };
    const { jobId } = found;
    deps.log.info(`This conversation already has job ${jobId}.`);
    const read = (limitMs) => deps.api.getJob(config.projectId, jobId, { timeoutMs: limitMs });
    let job;
    try {
        job = await read(pollLimit(deadline, deps.clock.now()));
    }
    catch (err) {
        if (err instanceof ApiError && err.status === 404)
            return {
                kind: 'create',
                note: `Job ${code(jobId)} of this conversation was not found, so this request goes to a new job.`,
            };
        throw err;
    }
    if (!isTerminal(job.status)) {
        deps.log.info(`Job ${jobId} is ${job.status ?? 'not yet reporting a status'}; waiting for it before sending.`);
        const waited = await waitForJob(job, {
            fetch: read,
            initialDelayMs: config.pollIntervalMs,
            deadline,
            clock: deps.clock,
            log: deps.log,
            signal: deps.signal,
        });
        if (waited.kind === 'timeout' && waited.lastError)
            throw waited.lastError;
        job = waited.job;
        if (waited.kind === 'timeout')
            return {
                kind: 'not-sent',
                job,
                note: `The request was not sent: job ${code(jobId)} of this conversation was still working when \`timeout\` ran out. Ask again once it is done.`,
            };
    }
    if (job.status === 'completed')
        return {
            kind: 'message',
            jobId,
            note: `This request goes to job ${code(jobId)} of this conversation, as a follow-up.`,
        };
    return {
        kind: 'create',
        note: `Job ${code(jobId)} of this conversation was ${job.status}, so this request goes to a new job.`,
    };
}
/** `https://github.com/acme/docs/pull/12` → 12 when it is a pull request of `repository` on `server`. */
function pullOfRepository(prLink, server, repository) {
    const base = `${server.replace(/\/+$/, '')}/${repository}/pull/`.toLowerCase();
    if (!prLink.toLowerCase().startsWith(base))
        return undefined;
    const m = /^(\d+)(?:[/?#].*)?$/.exec(prLink.slice(base.length));
    return m?.[1] ? Number(m[1]) : undefined;
}
/**
 * On the agent's own pull request (one of the repository the workflow runs in), one comment with the job's
 * marker saying that a request there refines it: not again when the pull request already has a comment of the
 * action's own account with that marker (another bot's, or a person's, does not count).
 */
async function introducePull(github, pull, job, phrase, log) {
    await bestEffort('Could not comment on the pull request', pull, log, async () => {
        const gh = await github();
        const thread = await gh.conversation(pull);
        const account = await accountFor(github, thread, (m) => m.jobId === job.id);
        if (thread.some((c) => writtenBy(c, account) && markersIn(c.body).includes(job.id)))
            return;
        await gh.comment(pull, `🤖 The Mintlify agent opened this pull request (job ${code(job.id)}). Comment ${code(`${phrase} <request>`)} here to refine it; the request goes to the same job.\n\n${markerOf(job.id)}`);
    });
}

;// CONCATENATED MODULE: ./lib/agent/github/trigger.js
/**
 * `/docs document the flag` → `document the flag`; undefined when the comment does not start with the
 * phrase as a whole word (case-insensitive). An empty string means the phrase alone. `body` is the
 * comment as received (event.ts): hidden content is already gone, so what matches is what people see.
 */
function matchTrigger(body, phrase) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const m = new RegExp(`^\\s*${escaped}(?![\\w-])([\\s\\S]*)$`, 'i').exec(body);
    return m ? (m[1] ?? '').trim() : undefined;
}
const WRITERS = ['admin', 'maintain', 'write'];
/** Only a newly created comment counts: an edit or a deletion must not start a (second) job. */
function checkNewComment(event) {
    if (event.action === 'created')
        return { allowed: true, reason: 'The comment is new.' };
    return { allowed: false, reason: `The comment was ${event.action}; only a newly created comment triggers a run.` };
}
function isBot(author) {
    return author.type === 'Bot' || author.login.endsWith('[bot]');
}
/** Bots never trigger; people need write, maintain or admin on the repository. */
function checkCommenter(author, role) {
    if (isBot(author))
        return { allowed: false, reason: `@${author.login} is a bot; comments by bots do not trigger a run.` };
    if (role && WRITERS.includes(role))
        return { allowed: true, reason: `@${author.login} has ${role} permission.` };
    return {
        allowed: false,
        reason: `@${author.login} has ${role ?? 'no'} permission on the repository; only users with write, maintain or admin permission can trigger a run.`,
    };
}
/**
 * The comment's request, followed by where it was asked, so the agent knows the context. The target's
 * texts arrive cleaned (one line each, no hidden content, no secret: `received` in hidden.ts), whoever
 * wrote them.
 */
function promptFromComment(request, repo, target) {
    const kind = target.isPullRequest ? 'pull request' : 'issue';
    const lines = [
        request,
        '',
        '---',
        `Requested in a comment on ${kind} #${target.number} of ${repo.owner}/${repo.repo}: ${target.title}`,
        `URL: ${target.url}`,
    ];
    if (target.head)
        lines.push(`Head branch: ${target.head}`);
    if (target.base)
        lines.push(`Base branch: ${target.base}`);
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./lib/agent/github/admission.js



/** Why no job was started when the permission check failed, and what to do about it. */
function permissionCheckFailed(error) {
    return (`No job was started: ${error.message.replace(/\.$/, '')}. Re-run the workflow; if this happens again, check ` +
        'that `github-token` may read the repository (the workflow token can) and that the GitHub API answers.');
}
/**
 * After the phrase matched: bots, then the commenter's permission, then 👀 and the prompt. Every
 * refusal is a value: an unrelated or unauthorised comment is a skip (the step still succeeds); a
 * permission check that fails, times out or is answered from elsewhere refuses the request and fails it.
 */
async function admitComment(o) {
    const { event, log } = o;
    if (isBot(event.author))
        return { kind: 'skip', reason: checkCommenter(event.author, undefined).reason, level: 'notice' };
    let gh;
    let role;
    try {
        gh = await o.github();
        role = await gh.role(event.author.login);
    }
    catch (err) {
        return { kind: 'refuse', reason: permissionCheckFailed(err) };
    }
    const gate = checkCommenter(event.author, role);
    if (!gate.allowed)
        return { kind: 'skip', reason: gate.reason, level: 'notice' };
    log.info(gate.reason);
    const review = event.name === 'pull_request_review_comment';
    await bestEffort('Could not react to the comment', event.target, log, () => gh.react(event.commentId, review));
    if (o.request === '') {
        const replyTo = review ? { reviewCommentId: event.commentId } : undefined;
        const replied = o.reply &&
            (await bestEffort('Could not reply', event.target, log, () => gh.comment(event.target, usageComment(o.phrase, o.runUrl), replyTo)));
        return {
            kind: 'skip',
            reason: `The comment holds ${o.phrase} but no request${replied ? '; replied with how to use it' : ''}.`,
            level: 'notice',
        };
    }
    const target = { ...event.target };
    if (target.isPullRequest && (!target.head || !target.base)) {
        // issue_comment events on pull requests don't carry the branches.
        Object.assign(target, await gh.pullBranches(target.number));
    }
    return { kind: 'run', prompt: promptFromComment(o.request, o.repo, target) };
}

;// CONCATENATED MODULE: ./lib/agent/github/event.js


function receiver(redact) {
    return {
        text: (v) => redact(str(v)),
        line: (v) => received.line(str(v), redact),
        body: (v) => received.body(str(v), redact),
    };
}
function pullTarget(pr, r) {
    return {
        number: num(pr.number),
        title: r.line(pr.title),
        url: r.line(pr.html_url),
        isPullRequest: true,
        head: r.line(obj(pr.head).ref) || undefined,
        base: r.line(obj(pr.base).ref) || undefined,
    };
}
function issueTarget(issue, r) {
    return {
        number: num(issue.number),
        title: r.line(issue.title),
        url: r.line(issue.html_url),
        isPullRequest: issue.pull_request !== undefined,
    };
}
/**
 * Classifies a payload, with its texts redacted. A comment event keeps its `action`: only a newly created
 * comment triggers, since an edit or a deletion must not start a second job.
 */
function classifyEvent(name, payload, redact) {
    const r = receiver(redact);
    const p = obj(payload);
    const comment = obj(p.comment);
    if ((name === 'issue_comment' || name === 'pull_request_review_comment') && p.comment) {
        const user = obj(comment.user);
        return {
            kind: 'comment',
            name,
            action: p.action === undefined ? 'created' : r.text(p.action),
            commentId: num(comment.id),
            body: r.body(comment.body),
            author: { login: r.text(user.login), type: r.text(user.type) },
            target: name === 'issue_comment' ? issueTarget(obj(p.issue), r) : pullTarget(obj(p.pull_request), r),
        };
    }
    if (p.pull_request)
        return { kind: 'target', name, target: pullTarget(obj(p.pull_request), r) };
    if (p.issue)
        return { kind: 'target', name, target: issueTarget(obj(p.issue), r) };
    return { kind: 'other', name };
}
/** The event and where the run is; every text from the event file is redacted as it is read. */
function readWorkflowContext(env, readText, redact) {
    const name = env.GITHUB_EVENT_NAME ?? '';
    let payload = {};
    if (env.GITHUB_EVENT_PATH) {
        try {
            payload = JSON.parse(readText(env.GITHUB_EVENT_PATH));
        }
        catch {
            payload = {}; // no readable event: behave as a plain run
        }
    }
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const server = env.GITHUB_SERVER_URL || 'https://github.com';
    return {
        event: classifyEvent(name, payload, redact),
        repo: owner && repo ? { owner, repo } : undefined,
        runUrl: env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
            ? redact(`${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`)
            : undefined,
    };
}

;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./lib/agent/outcome.js



const FAIL_ON = ['failed', 'archived', 'timeout', 'no-pr'];
const STARTED = {
    created: (id) => `Created agent job ${id}`,
    messaged: (id) => `Sent a follow-up message to job ${id}`,
    found: (id) => `Job ${id} is active`,
};
/**
 * What a failed run leaves behind: a job seen running goes on; a create that got no clear answer may have
 * worked. Only a 4xx is a clear refusal: a 2xx the action could not read (no id, an empty 204, an odd
 * shape, too large), a 3xx, a 5xx or no answer at all may each have come after the job was made.
 */
function afterError(error, job) {
    if (job?.status !== undefined)
        return ` Job ${job.id} may still be running.`;
    const unclear = error instanceof NetworkError || (error instanceof ApiError && !(error.status >= 400 && error.status < 500));
    if (unclear && error.operation === 'create')
        return ' The job may have been created anyway: check the Mintlify dashboard before running this again.';
    if (unclear && error.operation === 'message')
        return ' The message may have reached the job anyway: check the job before sending it again.';
    return '';
}
/** Maps an outcome and `fail-on` to what the user sees. Pure: the reporting happens in one place elsewhere. */
function judge(outcome, failOn, timeoutMs) {
    switch (outcome.kind) {
        case 'started':
            return {
                title: 'Agent job started',
                emoji: '🚀',
                message: `${STARTED[outcome.how](outcome.job.id)}; not waiting for it (wait: false).`,
                level: 'info',
                fail: false,
            };
        case 'timeout': {
            const fail = failOn.has('timeout');
            if (outcome.notSent)
                return {
                    title: 'Request not sent',
                    emoji: '⏳',
                    message: `The request was not sent: job ${outcome.job.id} of this conversation was still active after ${formatDuration(timeoutMs)}. Ask again once it is done.`,
                    level: fail ? 'error' : 'warning',
                    fail,
                };
            return {
                title: 'Still running at timeout',
                emoji: '⏳',
                message: `Job ${outcome.job.id} is still active after ${formatDuration(timeoutMs)}; it keeps running on Mintlify. Run again with job-id: ${outcome.job.id} to wait for it.`,
                level: fail ? 'error' : 'warning',
                fail,
            };
        }
        case 'cancelled': {
            const id = outcome.job?.id;
            return cancelledVerdict(outcome.signal, id
                ? `Cancelled (${outcome.signal}) while waiting; job ${id} keeps running on Mintlify.`
                : `Cancelled (${outcome.signal}) before the job id was known; a job may still have been created, check the Mintlify dashboard.`);
        }
        case 'error': {
            const verdict = errorVerdict(outcome.error);
            return { ...verdict, message: `${verdict.message}${afterError(outcome.error, outcome.job)}` };
        }
        case 'finished':
            return judgeFinished(outcome.job, failOn);
    }
}
function judgeFinished(job, failOn) {
    if (job.status === 'completed' && job.prLink) {
        return {
            title: 'Pull request opened',
            emoji: '✅',
            message: `Job ${job.id} completed: ${job.prLink}`,
            level: 'notice',
            fail: false,
        };
    }
    if (job.status === 'completed') {
        const fail = failOn.has('no-pr');
        return {
            title: 'Completed, no pull request',
            emoji: fail ? '❌' : '✅',
            message: `Job ${job.id} completed and opened no pull request: the agent changed nothing, or your organization publishes agent changes straight to its deploy branch (Mintlify-hosted sites, or the "Push to main" review setting).`,
            level: fail ? 'error' : 'notice',
            fail,
        };
    }
    if (job.status === 'archived') {
        const fail = failOn.has('archived');
        return {
            title: 'Archived',
            emoji: '📦',
            message: `Job ${job.id} was archived${job.prLink ? ` (pull request: ${job.prLink})` : ''}.`,
            level: fail ? 'error' : 'warning',
            fail,
        };
    }
    return {
        title: 'Failed',
        emoji: '❌',
        message: `Job ${job.id} failed on Mintlify.`,
        level: 'error',
        fail: failOn.has('failed'),
    };
}
/** A run that no comment triggered (not new, no phrase, a bot, no permission): status `skipped`, green, no summary. */
function skipped(reason, level) {
    return {
        verdict: { title: 'Skipped', emoji: '⏭️', message: reason, level, fail: false },
        outputs: { status: 'skipped' },
    };
}
/** A comment whose author's permission could not be established: no job on doubt, and the step fails. */
function notStarted(reason) {
    return { verdict: { title: 'Not started', emoji: '⛔', message: reason, level: 'error', fail: true } };
}

;// CONCATENATED MODULE: ./lib/agent/inputs.js




const DEFAULT_FAIL_ON = ['failed', 'timeout'];
const COMMENT_MODES = ['auto', 'always', 'never'];
const FOLLOW_UP_MODES = ['auto', 'never'];
/**
 * Every input of the agent job action, checked before any request is made. `fromComment`: a comment
 * triggered the run and brings the prompt, so `prompt` and `prompt-file` must be empty.
 */
function parseAgentInputs(input, readText, workspace, fromComment = false) {
    const apiKey = parseApiKey(input('api-key'));
    const projectId = parseProjectId(input('project-id'));
    const apiUrl = parseApiUrl(input('api-url'), DEFAULT_API_URL);
    const jobId = parseJobId(input('job-id'));
    if (fromComment) {
        for (const name of ['prompt', 'prompt-file'])
            if (input(name))
                throw new InputError(name, 'a comment triggered this run and brings the prompt', `\`${name}\` left empty on comment events`);
        required('github-token', input('github-token'), 'a token that may read permissions and write comments: the workflow token');
    }
    const prompt = fromComment ? undefined : readPrompt(input('prompt'), input('prompt-file'), jobId, readText, workspace);
    return {
        apiKey,
        projectId,
        apiUrl,
        prompt,
        jobId,
        wait: parseBoolean('wait', input('wait'), true),
        timeoutMs: parseDuration('timeout', input('timeout'), {
            fallbackMs: 30 * 60_000,
            bareUnit: 'm',
            minMs: 100,
            accepted: 'a positive duration such as `90s`, `15m`, `2h`, or a bare number of minutes',
        }),
        pollIntervalMs: parseDuration('poll-interval', input('poll-interval'), {
            fallbackMs: 5000,
            bareUnit: 's',
            minMs: 10,
            accepted: 'a duration such as `5s`, `1m`, `500ms`, or a bare number of seconds',
        }),
        // The runner always passes `fail-on` (action.yml has a default), so a set but empty value means "none".
        failOn: input.isSet('fail-on') ? parseChoiceList('fail-on', input('fail-on'), FAIL_ON) : new Set(DEFAULT_FAIL_ON),
        summary: parseBoolean('summary', input('summary'), true),
        comment: parseChoice('comment', input('comment'), COMMENT_MODES, 'auto'),
        followUp: parseChoice('follow-up', input('follow-up'), FOLLOW_UP_MODES, 'auto'),
        githubToken: input('github-token'),
    };
}
function readPrompt(prompt, promptFile, jobId, readText, workspace) {
    if (prompt && promptFile)
        throw new InputError('prompt', 'both `prompt` and `prompt-file` are set', 'one of `prompt` or `prompt-file`, not both');
    if (prompt)
        return prompt;
    if (promptFile) {
        const accepted = 'the path, relative to the workspace, of a readable UTF-8 text file that is not empty';
        const file = external_node_path_namespaceObject.resolve(workspace, promptFile);
        let text;
        try {
            text = readText(file);
        }
        catch (err) {
            const code = err.code;
            const why = code === 'ENOENT'
                ? 'no such file'
                : code === 'EISDIR'
                    ? 'it is a directory'
                    : `it cannot be read (${code ?? 'error'})`;
            throw new InputError('prompt-file', `${quote(promptFile)}: ${why}`, accepted);
        }
        if (text.trim() === '')
            throw new InputError('prompt-file', `${quote(promptFile)} is empty`, accepted);
        return text;
    }
    if (!jobId)
        throw new InputError('prompt', 'no prompt was given', '`prompt` or `prompt-file` to start a job, or `job-id` alone to wait for an existing job');
    return undefined;
}
/** Any id the API may give a job (`jobIdProblem`), so that the `job-id` output can always be passed back. */
function parseJobId(value) {
    if (value === '')
        return undefined;
    const problem = jobIdProblem(value);
    if (problem)
        throw new InputError('job-id', `the value ${problem}`, 'the `id` of an agent job, as the `job-id` output gives it');
    return value;
}
function parseTriggerPhrase(value) {
    if (value === '')
        return '/docs';
    if (/\s/.test(value))
        throw new InputError('trigger-phrase', `${quote(value)} contains whitespace`, 'one word such as `/docs`');
    return value;
}

;// CONCATENATED MODULE: ./lib/agent/outputs.js
/** The agent job's outputs as the interface names them. */
function jobOutputs(job) {
    const prLink = job.prLink ?? '';
    return {
        'job-id': job.id,
        status: job.status ?? '',
        prLink,
        'pr-number': prNumber(prLink),
        model: job.model ?? '',
        'source-repository': job.source?.repository ?? '',
        'source-ref': job.source?.ref ?? '',
    };
}
/** `.../pull/123` or `.../merge_requests/45` → the number; anything else → `''`. */
function prNumber(link) {
    return /\/(?:pull|pulls|merge_requests)\/(\d+)\/?(?:[?#].*)?$/.exec(link)?.[1] ?? '';
}

;// CONCATENATED MODULE: ./lib/agent/job.js





/** How long a follow-up's job may keep showing its old terminal state before that state is believed. */
const FOLLOW_UP_SETTLE_MS = 30_000;
/**
 * Creates the job with `prompt` (or sends it as a follow-up to `job-id`, or, without a prompt, picks up
 * that job), then waits for it. The prompt comes from the inputs or from a comment: it is passed in, never
 * written into the configuration. Never throws: every failure becomes an `Outcome`, reported in one place
 * by the caller. Outputs are set as soon as known.
 */
async function runAgentJob(config, request, deps) {
    const { api, clock, log, outputs } = deps;
    const { prompt, jobId } = request;
    let job;
    let waitStart;
    const waited = () => (waitStart === undefined ? undefined : clock.now() - waitStart);
    const seen = (next) => {
        job = next;
        outputs.setAll(jobOutputs(next));
        deps.onJob?.(next);
    };
    try {
        const { projectId } = config;
        // `true` only once a follow-up message was accepted.
        outputs.set('follow-up', 'false');
        if (jobId && prompt === undefined) {
            // Only wait for (or report) an existing job: its state comes from the first poll.
            outputs.set('job-id', jobId);
            outputs.set('timed-out', 'false');
            job = { id: jobId };
            if (!config.wait) {
                seen(await api.getJob(projectId, jobId));
                return { outcome: isTerminal(job.status) ? { kind: 'finished', job } : { kind: 'started', job, how: 'found' } };
            }
        }
        else if (jobId && prompt !== undefined) {
            // Not retried: a repeated POST would send the message twice.
            seen(await api.sendMessage(projectId, jobId, prompt));
            log.info(`Sent a follow-up message to job ${jobId}.`);
        }
        else if (prompt !== undefined) {
            // Not retried, whatever happens: a repeated create could start a second job.
            seen(await api.createJob(projectId, prompt));
            log.info(`Created agent job ${job?.id}.`);
        }
        if (!job)
            throw new Error('no prompt and no job id'); // parseAgentInputs rules this out
        const followUp = jobId !== undefined && prompt !== undefined;
        outputs.setAll({ 'timed-out': 'false', 'follow-up': String(followUp) });
        // A create answer that is already terminal is final; a follow-up's answer may still show the old state.
        if (isTerminal(job.status) && !followUp)
            return { outcome: { kind: 'finished', job }, waitedMs: 0 };
        if (!config.wait)
            return { outcome: { kind: 'started', job, how: followUp ? 'messaged' : 'created' } };
        waitStart = clock.now();
        log.info(`Waiting for job ${job.id} for up to ${formatDuration(config.timeoutMs)} (polling ${describeSchedule(config.pollIntervalMs)}).`);
        const id = job.id;
        const result = await waitForJob(job, {
            fetch: (limitMs) => api.getJob(projectId, id, { timeoutMs: limitMs }),
            initialDelayMs: config.pollIntervalMs,
            deadline: request.deadline ?? waitStart + config.timeoutMs,
            immediate: job.status === undefined && prompt === undefined,
            terminalAfter: followUp ? waitStart + FOLLOW_UP_SETTLE_MS : undefined,
            clock,
            log,
            signal: deps.signal,
            onUpdate: seen,
        });
        job = result.job;
        if (result.kind === 'terminal')
            return { outcome: { kind: 'finished', job }, waitedMs: waited() };
        outputs.set('timed-out', 'true');
        if (result.lastError)
            return { outcome: { kind: 'error', error: result.lastError, job }, waitedMs: waited() };
        return { outcome: { kind: 'timeout', job }, waitedMs: waited() };
    }
    catch (err) {
        if (err instanceof Cancelled)
            return { outcome: { kind: 'cancelled', signal: err.signal, job }, waitedMs: waited() };
        return { outcome: { kind: 'error', error: err, job }, waitedMs: waited() };
    }
}

;// CONCATENATED MODULE: ./lib/agent/main.js





















const main_readText = (file) => (0,external_node_fs_namespaceObject.readFileSync)(file, 'utf8');
/**
 * The agent job action: prepare (comment trigger, inputs, permission) → job → wait → ending (outputs,
 * summary, reply, one reported verdict). A run ends in exactly one place: the `closeAction` below.
 */
async function run(env = process.env) {
    const ctx = openAction(env);
    const start = await prepare(ctx, env);
    await closeAction(ctx, 'ending' in start ? start.ending : await runJob(ctx, start));
}
/**
 * Decides whether and how the run goes on, before any request to Mintlify: a comment that is not new or
 * does not start with the phrase ends quietly, before the inputs are read (so an unrelated comment stays
 * green whatever the workflow's inputs); bad input, and a comment the gate turns away, end the run here.
 */
async function prepare(ctx, env) {
    try {
        const workflow = readWorkflowContext(env, main_readText, ctx.redact);
        const { event } = workflow;
        let phrase;
        let request;
        if (event.kind === 'comment') {
            const fresh = checkNewComment(event);
            if (!fresh.allowed)
                return { ending: skipped(fresh.reason, 'info') };
            phrase = parseTriggerPhrase(ctx.input('trigger-phrase'));
            // Matched once, on the comment as received: redacted, hidden content gone (event.ts).
            request = matchTrigger(event.body, phrase);
            if (request === undefined)
                return { ending: skipped(`The comment does not start with ${phrase}; nothing to do.`, 'info') };
        }
        const triggered = request !== undefined;
        const config = parseAgentInputs(ctx.input, main_readText, env.GITHUB_WORKSPACE || process.cwd(), triggered);
        // Other events use the phrase only to tell how to refine the agent's pull request: read after the inputs.
        phrase ??= parseTriggerPhrase(ctx.input('trigger-phrase'));
        const github = lazyGitHub(config.githubToken, workflow, ctx, githubTimeoutMs(env));
        if (event.kind !== 'comment' || request === undefined)
            return { config, prompt: config.prompt, workflow, triggered, phrase, env, github };
        if (!workflow.repo)
            throw new Error('GITHUB_REPOSITORY is not set, so the comment cannot be checked.');
        const admission = await admitComment({
            event,
            request,
            phrase,
            repo: workflow.repo,
            runUrl: workflow.runUrl,
            reply: config.comment !== 'never',
            github,
            log: ctx.log,
        });
        if (admission.kind === 'skip')
            return { ending: skipped(admission.reason, admission.level) };
        if (admission.kind === 'refuse')
            return { ending: notStarted(admission.reason) };
        return { config, prompt: admission.prompt, workflow, triggered, phrase, env, github };
    }
    catch (err) {
        return { ending: { verdict: errorVerdict(err) } };
    }
}
/**
 * The job itself, then how the run ends. A comment-triggered run first posts its one reply and, with
 * `follow-up: auto`, finds the job the conversation already has; the reply names the job as soon as it is
 * known and gets the outcome once the summary is written (never at the summary's cost).
 */
async function runJob(ctx, ready) {
    const { config, prompt, workflow, github } = ready;
    const { event } = workflow;
    const outputs = new Outputs(setOutput, ctx.redact);
    const comment = ready.triggered && event.kind === 'comment' ? event : undefined;
    const reply = comment && config.comment !== 'never'
        ? new TrackingReply(github, replyPlace(comment, workflow.runUrl), comment.commentId, ctx.log, ctx.redact)
        : undefined;
    const deadline = systemClock.now() + config.timeoutMs;
    const api = openApi(ctx, config);
    const deps = { api: api.client, github, clock: systemClock, log: ctx.log, signal: api.signal };
    let run;
    try {
        // The conversation is read before anything is posted: a run started again ("Re-run jobs") finds the
        // reply of its first attempt there, takes it over, and only reports the job it names. Only the action's own
        // account's markers count; that account is asked for here only when a bot's comment names this request,
        // and otherwise learned from the reply posted next (see `account` in client.ts).
        const thread = comment && (reply || config.followUp === 'auto') ? await (await github()).conversation(comment.target) : [];
        const earlier = comment ? await earlierReply(github, thread, comment.commentId) : undefined;
        if (reply)
            outputs.set('comment-url', (earlier ? reply.adopt(earlier.comment) : await reply.open()) ?? '');
        const plan = earlier?.jobId
            ? { kind: 'resume', jobId: earlier.jobId, note: resumed(earlier.jobId) }
            : comment && !config.jobId
                ? await planJob(config, thread, deadline, deps)
                : { kind: 'create' };
        if (plan.note)
            reply?.explain(plan.note);
        if (plan.kind === 'not-sent') {
            reply?.nameJob(plan.job.id);
            outputs.setAll({ ...jobOutputs(plan.job), 'follow-up': 'false', 'timed-out': 'true' });
            run = { outcome: { kind: 'timeout', job: plan.job, notSent: true } };
        }
        else {
            if (plan.kind === 'message' || plan.kind === 'resume')
                reply?.nameJob(plan.jobId);
            // `timeout` counts from the job's creation, except for a follow-up that had to wait for its job first:
            // the wait and the job then share one `timeout`.
            const request = plan.kind === 'message'
                ? { prompt, jobId: plan.jobId, deadline }
                : plan.kind === 'resume'
                    ? { jobId: plan.jobId }
                    : { prompt, jobId: config.jobId };
            run = await runAgentJob(config, request, { ...deps, outputs, onJob: (job) => reply?.nameJob(job.id) });
        }
    }
    catch (err) {
        run = {
            outcome: err instanceof Cancelled ? { kind: 'cancelled', signal: err.signal } : { kind: 'error', error: err },
        };
    }
    api.close();
    const { outcome, waitedMs } = run;
    const verdict = judge(outcome, config.failOn, config.timeoutMs);
    const job = 'job' in outcome ? outcome.job : undefined;
    const finished = outcome.kind !== 'cancelled';
    return {
        verdict,
        summary: config.summary ? agentSummary({ verdict, job, prompt, waitedMs }) : undefined,
        afterSummary: async () => {
            const text = resultComment(verdict, job, workflow.runUrl);
            if (reply)
                await reply.close(text);
            // `comment: always` on an issue or pull request event (no comment asked for the run): one result comment.
            else if (finished && config.comment === 'always' && event.kind === 'target')
                await postResult(github, event.target, ctx.redact(job ? `${text}\n\n${markerOf(job.id)}` : text), ctx.log);
            const pull = finished && job?.prLink && config.comment !== 'never' ? agentPull(job.prLink, ready.env) : undefined;
            if (pull && job)
                await introducePull(github, pull, job, ready.phrase, ctx.log);
        },
    };
}
/** What the reply says when a run started again finds that its first attempt already sent the request. */
function resumed(jobId) {
    return `This run was started again: its first attempt had already sent this request to job ${code(jobId)}, so this attempt only waits for it and reports it; the request is not sent twice.`;
}
/** A review comment gets its reply in its own thread; any other comment, on the issue or pull request. */
function replyPlace(comment, runUrl) {
    const review = comment.name === 'pull_request_review_comment';
    return { target: comment.target, replyTo: review ? { reviewCommentId: comment.commentId } : undefined, runUrl };
}
/** The agent's pull request, when it is one of the repository the workflow runs in. */
function agentPull(prLink, env) {
    if (!env.GITHUB_REPOSITORY)
        return undefined;
    const number = pullOfRepository(prLink, env.GITHUB_SERVER_URL || 'https://github.com', env.GITHUB_REPOSITORY);
    return number === undefined ? undefined : { number, title: '', url: prLink, isPullRequest: true };
}
function lazyGitHub(token, workflow, ctx, timeoutMs) {
    let connection;
    return () => {
        if (!workflow.repo)
            return Promise.reject(new Error('GITHUB_REPOSITORY is not set'));
        connection ??= connectGitHub(token, workflow.repo, { redact: ctx.redact, log: ctx.log, timeoutMs });
        return connection;
    };
}
/**
 * Each GitHub request's time limit. Test-only knob: MINTLIFY_ACTION_GITHUB_TIMEOUT_MS lets the end-to-end
 * tests show a hung GitHub call ending without waiting the full limit; it can only shorten the limit
 * (a positive whole number of milliseconds below the default), never lift it. Read here and nowhere else.
 */
function githubTimeoutMs(env) {
    const knob = Number(env.MINTLIFY_ACTION_GITHUB_TIMEOUT_MS);
    return Number.isInteger(knob) && knob > 0 && knob < GITHUB_TIMEOUT_MS ? knob : GITHUB_TIMEOUT_MS;
}
async function postResult(github, target, body, log) {
    await bestEffort('Could not post the result comment', target, log, async () => (await github()).comment(target, body));
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
/******/ var __webpack_exports__ = __nccwpck_require__(7993);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
