/**
 * `npm run boundaries`: the module boundaries of .dependency-cruiser.cjs, failing on any violation that is
 * not in .dependency-cruiser-known-violations.json. dependency-cruiser's `--ignore-known` tolerates the known
 * file-level violations itself; it does not apply the list to folder-level rules (module cycles), so this
 * script compares those with the list too. `npm run boundaries:baseline` rewrites the list.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const BASELINE = '.dependency-cruiser-known-violations.json';

interface Violation {
  type: string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: { name: string }[];
}
interface Rule {
  name: string;
  comment?: string;
}

const keyOf = (v: Violation) => JSON.stringify([v.rule.name, v.from, v.to, (v.cycle ?? []).map((step) => step.name)]);

const config = require('../.dependency-cruiser.cjs') as { forbidden: Rule[] };
const output = execFileSync(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url)),
    'packages/core/src',
    'server/src',
    'client/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--ignore-known',
    BASELINE,
    '--output-type',
    'json',
  ],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
const result = JSON.parse(output) as { summary: { violations: Violation[]; totalCruised: number } };
const known = new Set((JSON.parse(readFileSync(BASELINE, 'utf8')) as Violation[]).map(keyOf));
const found = result.summary.violations;
const fresh = found.filter((v) => v.rule.severity !== 'ignore' && !known.has(keyOf(v)));
const stillKnown = found.filter((v) => known.has(keyOf(v))).length;

if (fresh.length === 0) {
  const gone = known.size - stillKnown;
  console.log(
    `boundaries: ${result.summary.totalCruised} modules, no new violations (${stillKnown} known ones in ${BASELINE}).` +
      (gone > 0 ? ` ${gone} known ones are gone: run \`npm run boundaries:baseline\` to shrink the list.` : ''),
  );
  process.exit(0);
}

const comments = new Map(config.forbidden.map((rule) => [rule.name, rule.comment ?? '']));
console.error(`boundaries: ${fresh.length} new violation${fresh.length === 1 ? '' : 's'} of .dependency-cruiser.cjs\n`);
for (const v of fresh) {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)].join('\n      → ') : `${v.from} → ${v.to}`;
  console.error(`  ✖ ${v.rule.name}: ${path}\n    ${comments.get(v.rule.name)}\n`);
}
console.error('Fix the import (do not add it to the known violations; that list only shrinks).');
process.exit(1);
