/** Starts server-main.ts as a child process (a real, separate server) and kills it like a crash would. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ENTRY = path.join(here, 'server-main.ts');
const PROJECT_ROOT = path.resolve(here, '..', '..', '..');
const READY_TIMEOUT_MS = 90_000;

export interface ChildServer {
  pid: number;
  baseUrl: string;
  /** What the process wrote so far (for failure messages). */
  output(): string;
  /** SIGKILL: no shutdown hooks, no draining, open transactions and in-flight requests just stop. */
  crash(): Promise<void>;
  /** SIGTERM and wait (the graceful path). */
  stop(): Promise<void>;
}

export async function startChildServer(options: { databaseUrl: string; port: number; env?: Record<string, string> }): Promise<ChildServer> {
  // The test runner's own NODE_OPTIONS (loaders, conditions) are not the server's.
  const { NODE_OPTIONS: _runnerOptions, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: PROJECT_ROOT,
    env: { ...inherited, ...options.env, DATABASE_URL: options.databaseUrl, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  const pid = child.pid!;
  return {
    pid,
    baseUrl: `http://127.0.0.1:${options.port}`,
    output: () => output,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
