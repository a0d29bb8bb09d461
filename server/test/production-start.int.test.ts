/**
 * Production mode refuses unsafe settings before it touches anything, and a safe start keeps demo data
 * and readable secrets out (docs/SECURITY.md "Production checklist").
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { PROJECT_ROOT, startRuntime } from '../src/main.ts';
import { createTestDatabase } from './helpers.ts';
import { PRODUCTION_ENV } from './support/production-env.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'start.ts')], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('NODE_ENV=production', () => {
  it('refuses to start with one line per unsafe setting, before connecting to anything', async () => {
    const result = await runStart({ NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toMatch(/PostgreSQL|Building the web client|ready/);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(lines.map((line) => line.slice(4).split(/[ ,]/)[0])).toEqual(['DATABASE_URL', 'JWT_SECRET', 'ADMIN_PASSWORD', 'MPESA_BASE_URL']);
    expect(result.stderr).toContain('ALLOW_MOCK_RAILS=true');
  });

  it('refuses real money rails beside the SMS mock, whose public inbox would hand anyone a reset code, even with ALLOW_MOCK_RAILS', async () => {
    const { SMS_BASE_URL: _sms, ...smsOnMock } = PRODUCTION_ENV;
    const result = await runStart({
      ...smsOnMock,
      // Nothing listens here: a start that got past the refusals would fail on it, not on the setting.
      DATABASE_URL: 'postgresql://escrow:secret@127.0.0.1:1/escrow',
      ALLOW_MOCK_RAILS: 'true',
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(lines).toEqual([expect.stringMatching(/^ {2}- SMS_BASE_URL unset while MPESA_BASE_URL and AIRTEL_BASE_URL are real: /)]);
  });

  it('starts a staging demo without demo users, and keeps its secrets file readable by its owner only', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'escrow-secrets-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // A secrets file from before the Africa's Talking secret existed, readable by anyone.
    await chmod(dataDir, 0o755);
    const file = path.join(dataDir, 'secrets.json');
    await writeFile(file, JSON.stringify({ jwtSecret: 'j'.repeat(48), callbackSecret: 'c'.repeat(32) }), { mode: 0o644 });
    await chmod(file, 0o644);

    const runtime = await startRuntime({
      env: parseEnv({
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        JWT_SECRET: 'p'.repeat(48),
        ADMIN_PASSWORD: 'Staging-admin-passphrase-1',
        ALLOW_MOCK_RAILS: 'true',
        PORT: '0',
        HOST: '127.0.0.1',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'silent',
      }),
      dataDir,
      say: () => {},
      logger: false,
    });
    cleanups.push(() => runtime.stop());

    expect(runtime.seeded).toBe(false);
    // The start banner lists these as logins: none exist, so none are printed.
    expect(runtime.demoUsers).toEqual([]);
    expect(await runtime.app.ctx.db.user.count({ where: { userType: { not: 'admin' } } })).toBe(0);
    // The old file's secrets were handed over to the database, which now holds them for every node;
    // the file itself is left readable by its owner only.
    const rows = await runtime.app.ctx.db.$queryRawUnsafe<{ name: string; value: string }[]>('SELECT name, value FROM app_secrets');
    const stored = Object.fromEntries(rows.map((row) => [row.name, row.value]));
    expect(stored).toMatchObject({ jwtSecret: 'j'.repeat(48), callbackSecret: 'c'.repeat(32) });
    expect(stored.atCallbackSecret).toMatch(/^[\w-]{32}$/);
    expect(runtime.config.AT_CALLBACK_SECRET).toBe(stored.atCallbackSecret);
    expect(runtime.config.MPESA_CALLBACK_SECRET).toBe('c'.repeat(32));
    // The Airtel callback secret is generated once and kept beside the others.
    expect(stored.airtelCallbackSecret).toMatch(/^[\w-]{32}$/);
    expect(runtime.config.AIRTEL_CALLBACK_SECRET).toBe(stored.airtelCallbackSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    // The gateway's USSD door answers at its secret path only.
    const form = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sessionId=s1&serviceCode=*384*40%23&phoneNumber=%2B254711222333&text=',
    };
    expect((await runtime.app.inject({ method: 'POST', url: '/api/ussd', ...form })).statusCode).toBe(404);
    expect((await runtime.app.inject({ method: 'POST', url: `/api/ussd/${stored.atCallbackSecret}`, ...form })).statusCode).toBe(200);
  });
});
