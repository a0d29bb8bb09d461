/**
 * The compose files start in production mode with the commands their comments, the README and
 * docs/SECURITY.md give: every variable the production checklist names reaches the container, and the
 * environment compose hands over passes `productionRefusals`. Compose itself is not run here: its
 * `${NAME}`, `${NAME:-default}` and `${NAME:?message}` substitution is applied to the files' lines.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionComposeShell } from '../../test/support/production-env.ts';
import { parseEnv, productionRefusals } from './env.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const read = (name: string) => readFileSync(path.join(ROOT, name), 'utf8');

/** `KEY: value` lines of one service's `environment:` block (anchors and merges are not needed here). */
function serviceEnvironment(file: string, service: string): Record<string, string> {
  const lines = read(file).split('\n');
  const start = lines.findIndex((line) => new RegExp(`^  ${service}:`).test(line));
  if (start < 0) throw new Error(`${file} has no service ${service}`);
  const entries: Record<string, string> = {};
  let inEnvironment = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line) || /^\S/.test(line)) break;
    if (/^ {4}environment:/.test(line)) inEnvironment = true;
    else if (/^ {4}\S/.test(line)) inEnvironment = false;
    const match = inEnvironment ? /^ {6}([A-Z][A-Z0-9_]*): (.*)$/.exec(line) : null;
    if (match) entries[match[1]!] = match[2]!.replace(/^'(.*)'$/, '$1');
  }
  return entries;
}

/** Compose's substitution: an unset or empty variable takes the default, or stops compose with the message. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (_whole, name: string, operator?: string, rest?: string) => {
    const given = shell[name];
    if (given) return given;
    if (operator === ':?') throw new Error(`compose stops: ${name} ${rest ?? ''}`);
    return operator === ':-' ? (rest ?? '') : '';
  });
}

function containerEnv(file: string, service: string, shell: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(serviceEnvironment(file, service)).map(([key, value]) => [key, interpolate(value, shell)]));
}

/** Every variable the checklist names in backticks (patterns such as `LIMIT_*` left out). */
function checklistVariables(): string[] {
  const security = read('docs/SECURITY.md');
  const checklist = security.slice(security.indexOf('## Production checklist'));
  const names = [...checklist.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!);
  return [...new Set(names)];
}

const secret = (letter: string) => letter.repeat(40);

describe('docker-compose.yml', () => {
  it('starts the staging demo of its comment and the README (mock rails) without a refusal', () => {
    const env = containerEnv('docker-compose.yml', 'app', {
      POSTGRES_PASSWORD: 'pg-password',
      JWT_SECRET: secret('j'),
      ADMIN_PASSWORD: 'Staging-admin-passphrase-1',
      ALLOW_MOCK_RAILS: 'true',
    });
    expect(productionRefusals(parseEnv(env))).toEqual([]);
  });

  it('hands every variable of the production checklist to the app, so real rails start without a refusal', () => {
    const shell = productionComposeShell();
    const env = containerEnv('docker-compose.yml', 'app', shell);
    const missing = checklistVariables().filter((name) => !(name in env));
    expect(missing).toEqual([]);
    expect(productionRefusals(parseEnv(env))).toEqual([]);
    for (const [name, value] of Object.entries(shell)) if (name !== 'POSTGRES_PASSWORD') expect(env[name], name).toBe(value);
  });
});

describe('docker-compose.scale.yml', () => {
  it('starts both nodes with the command of its comment, on the database the base file creates', () => {
    const shell = {
      POSTGRES_PASSWORD: 'pg-password',
      JWT_SECRET: secret('j'),
      MPESA_CALLBACK_SECRET: secret('m'),
      METRICS_TOKEN: secret('x'),
      ADMIN_PASSWORD: 'Staging-admin-passphrase-1',
      ALLOW_MOCK_RAILS: 'true',
    };
    const comment = read('docker-compose.scale.yml').split('\n').slice(0, 6).join('\n');
    for (const name of Object.keys(shell)) expect(comment, `the comment's command names ${name}`).toContain(`${name}=`);
    // The base file is read too (compose merges the two): its required variables must be given.
    containerEnv('docker-compose.yml', 'app', shell);
    const env = containerEnv('docker-compose.scale.yml', 'app1', shell);
    expect(productionRefusals(parseEnv(env))).toEqual([]);
    expect(new URL(env.DATABASE_URL!).password).toBe('pg-password');
  });
});
