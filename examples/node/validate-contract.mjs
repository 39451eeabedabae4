// Validates the event contract, docs/asyncapi.yaml, with the AsyncAPI
// Initiative's own parser (the one their CLI and generators use): the
// document must parse as AsyncAPI 3.0 with no error, every $ref resolved.
// Warnings (style hints) are printed, not fatal. make test runs it.
// Usage: node validate-contract.mjs [path]
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';

const path = process.argv[2] ?? fileURLToPath(new URL('../../docs/asyncapi.yaml', import.meta.url));

export async function parseContract(file = path) {
  const parser = new Parser();
  const { document, diagnostics } = await parser.parse(await readFile(file, 'utf8'), { source: file });
  const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
  return { document, errors, warnings: diagnostics.filter((d) => d.severity === DiagnosticSeverity.Warning) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { document, errors, warnings } = await parseContract();
  const where = (d) => `${d.path.join('.') || '(document)'}: ${d.message}`;
  for (const w of warnings) console.error(`warning: ${where(w)}`);
  if (errors.length > 0 || !document) {
    for (const e of errors) console.error(`error: ${where(e)}`);
    console.error(`${path}: not a valid AsyncAPI document (${errors.length} errors)`);
    process.exit(1);
  }
  const channels = document.channels().all().map((c) => c.address());
  console.log(`${path}: valid AsyncAPI ${document.version()}; channels ${channels.join(', ')}; ${warnings.length} warnings`);
}
