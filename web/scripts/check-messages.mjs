// The static strings' catalogs are complete and current (issue 40, ADR 0017):
// extracts the messages from the source into a copy of src/locales and
// fails when the committed catalogs lack a message the code uses (run `npm
// run extract`), keep one it no longer uses, or when a Spanish message is
// missing or uses a {placeholder} the English does not fill, or when two
// areas say one message differently in Spanish. Part of `make web-test`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(web, 'src', 'locales');

/** A .po file's messages: msgid (with its context) → msgstr. */
export function parsePo(text) {
  const messages = new Map();
  for (const block of text.split(/\n\s*\n/)) {
    const fields = {};
    let current = null;
    for (const line of block.split('\n')) {
      const start = /^(msgctxt|msgid|msgstr) "(.*)"$/.exec(line);
      if (start) {
        current = start[1];
        fields[current] = JSON.parse(`"${start[2]}"`);
      } else if (current && /^"(.*)"$/.test(line)) {
        fields[current] += JSON.parse(line);
      } else if (!line.startsWith('#')) {
        current = null;
      }
    }
    if (!fields.msgid) continue; // the header
    messages.set((fields.msgctxt ? `${fields.msgctxt}\u0004` : '') + fields.msgid, fields.msgstr ?? '');
  }
  return messages;
}

/** The {names} a message fills in (a plural's own #/cases are not names). */
const placeholders = (s) => new Set([...s.matchAll(/\{([A-Za-z0-9_]+)[,}]/g)].map((m) => m[1]));

function catalogs(root) {
  const out = new Map();
  for (const area of readdirSync(root, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const locale of ['en', 'es']) {
      out.set(`${area.name}/${locale}`, parsePo(readFileSync(join(root, area.name, `${locale}.po`), 'utf8')));
    }
  }
  return out;
}

const problems = [];
const tmp = mkdtempSync(join(tmpdir(), 'messages-'));
try {
  cpSync(committed, tmp, { recursive: true, filter: (p) => !p.endsWith('.ts') });
  execFileSync(join(web, 'node_modules', '.bin', 'lingui'), ['extract', '--clean'], {
    cwd: web,
    env: { ...process.env, LINGUI_CATALOG_DIR: tmp },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fresh = catalogs(tmp);
  const have = catalogs(committed);
  for (const [name, messages] of fresh) {
    const kept = have.get(name) ?? new Map();
    for (const id of messages.keys()) if (!kept.has(id)) problems.push(`${name}.po lacks ${JSON.stringify(id)}: run \`npm run extract\` in web/`);
    for (const id of kept.keys()) if (!messages.has(id)) problems.push(`${name}.po keeps ${JSON.stringify(id)}, which no code uses: run \`npm run extract\` in web/`);
  }
  // One English message has one Spanish: the areas' catalogs are merged
  // into one (src/locales/es.ts), where the last area's would win.
  const spanishOf = new Map();
  for (const [name, messages] of have) {
    if (!name.endsWith('/es')) continue;
    for (const [id, str] of messages) {
      const seen = spanishOf.get(id);
      if (seen && seen.str !== str) {
        problems.push(`${JSON.stringify(id.split('\u0004').pop())} is ${JSON.stringify(seen.str)} in ${seen.name}.po but ${JSON.stringify(str)} in ${name}.po`);
      } else if (!seen) spanishOf.set(id, { name, str });
    }
  }
  for (const [name, messages] of have) {
    if (!name.endsWith('/es')) continue;
    for (const [id, str] of messages) {
      const source = id.split('\u0004').pop();
      if (str.trim() === '') problems.push(`${name}.po has no Spanish for ${JSON.stringify(source)}`);
      else {
        // A translation may leave a value out (the Spanish footer names the
        // Valley in its own words); one the English does not fill would print nothing.
        const known = placeholders(source);
        for (const p of placeholders(str)) {
          if (!known.has(p)) problems.push(`${name}.po: the Spanish ${JSON.stringify(str)} uses {${p}}, which ${JSON.stringify(source)} does not fill`);
        }
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (problems.length) {
  console.error(`check-messages: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('check-messages: every message the code uses is in its catalog, in English and Spanish');
