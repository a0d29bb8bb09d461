/**
 * Nodes started on one database (`DATABASE_URL=… PORT=… npm start`, through `startRuntime`) share their
 * generated secrets through the database, not through a file of their own: a token signed by one node
 * works on the other, and a data folder with the secrets.json of older versions hands its values over.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { startRuntime, type Runtime } from '../src/main.ts';
import { makeUser } from './factories.ts';
import { createTestDatabase } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const runtimes: Runtime[] = [];
const folders: string[] = [];

async function startNode(secretsFile?: object): Promise<Runtime> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'escrow-node-'));
  folders.push(dataDir);
  if (secretsFile) await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify(secretsFile));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
  });
  const runtime = await startRuntime({ env, dataDir, say: () => {}, logger: false });
  runtimes.push(runtime);
  return runtime;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const runtime of runtimes) await runtime.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  await database?.drop();
});

it('hands the secrets of an older data folder to the database, and every later node uses them', async () => {
  const legacy = { jwtSecret: 'legacy-jwt-secret-legacy-jwt-secret-0123456789', callbackSecret: 'legacy-callback-secret-01' };
  const first = await startNode(legacy);
  const second = await startNode();
  for (const runtime of [first, second]) {
    expect(runtime.config.JWT_SECRET).toBe(legacy.jwtSecret);
    expect(runtime.config.MPESA_CALLBACK_SECRET).toBe(legacy.callbackSecret);
  }
  expect(first.isEmbeddedDatabase).toBe(false);
  expect(first.databaseUrl).toBe(database.url);

  const user = await makeUser(first.app);
  const profile = await fetch(`${second.url.replace('localhost', '127.0.0.1')}/api/auth/profile`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(profile.status).toBe(200);
});
