// Generates the Prisma client offline. Prisma's CLI wants to download a native schema engine for
// `generate`, but generation itself needs no engine: pointing the variable at any existing file keeps
// the CLI from fetching one (see docs/adr/0002-own-migrator.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(cli)) {
  console.log('prisma CLI not installed; skipping client generation');
  process.exit(0);
}
const result = spawnSync(process.execPath, [cli, 'generate'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
