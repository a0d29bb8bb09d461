import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { lineWriter } from './line-writer.ts';

/** A descriptor stand-in: what it was given, and a switch that makes it refuse bytes (EAGAIN). */
function standIn() {
  const chunks: Buffer[] = [];
  const state = { full: false, takeAtMost: Infinity, calls: 0 };
  const writeSync = (_fd: number, bytes: Uint8Array) => {
    state.calls++;
    if (state.full) throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' });
    const taken = Math.min(bytes.length, state.takeAtMost);
    chunks.push(Buffer.from(bytes.subarray(0, taken)));
    return taken;
  };
  return { writeSync, state, text: () => Buffer.concat(chunks).toString('utf8') };
}

const line = (n: number) => `{"n":${n},"msg":"request"}\n`;

describe('lineWriter', () => {
  afterEach(() => vi.useRealTimers());

  it('writes nothing per line: a batch goes out when the next line would not fit', () => {
    const fd = standIn();
    const writer = lineWriter(1, { batchBytes: 100, writeSync: fd.writeSync });
    writer.write(line(1));
    writer.write(line(2));
    expect(fd.state.calls).toBe(0);
    // 3 × each line's length in code units must fit: the third line does not, so the first two go out.
    writer.write(line(3));
    expect(fd.text()).toBe(line(1) + line(2));
    writer.close();
    expect(fd.text()).toBe(line(1) + line(2) + line(3));
  });

  it('writes what is gathered on its timer, at most flushMs late', () => {
    vi.useFakeTimers();
    const fd = standIn();
    const writer = lineWriter(1, { flushMs: 1000, writeSync: fd.writeSync });
    writer.write(line(1));
    vi.advanceTimersByTime(999);
    expect(fd.text()).toBe('');
    vi.advanceTimersByTime(1);
    expect(fd.text()).toBe(line(1));
    writer.close();
  });

  it('writes a line longer than a batch on its own, in order', () => {
    const fd = standIn();
    const writer = lineWriter(1, { batchBytes: 64, writeSync: fd.writeSync });
    const long = `${'x'.repeat(500)}\n`;
    writer.write(line(1));
    writer.write(long);
    writer.write(line(2));
    writer.close();
    expect(fd.text()).toBe(line(1) + long + line(2));
  });

  it('keeps every character whatever its UTF-8 length (Kiswahili, emoji)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 60 }), (texts) => {
        const fd = standIn();
        const writer = lineWriter(1, { batchBytes: 256, writeSync: fd.writeSync });
        for (const text of texts) writer.write(`${text}\n`);
        writer.close();
        expect(fd.text()).toBe(texts.map((text) => `${text}\n`).join(''));
      }),
    );
  });

  it('finishes a partial write before the next bytes', () => {
    const fd = standIn();
    fd.state.takeAtMost = 7;
    const writer = lineWriter(1, { batchBytes: 100, writeSync: fd.writeSync });
    for (let n = 0; n < 20; n++) writer.write(line(n));
    writer.close();
    expect(fd.text()).toBe(Array.from({ length: 20 }, (_, n) => line(n)).join(''));
  });

  it('keeps the bytes a full descriptor refuses and writes them first, in order, once it takes bytes again', () => {
    const fd = standIn();
    const writer = lineWriter(1, { batchBytes: 100, writeSync: fd.writeSync });
    fd.state.full = true;
    for (let n = 0; n < 10; n++) writer.write(line(n));
    writer.flush();
    expect(fd.text()).toBe('');
    fd.state.full = false;
    writer.write(line(10));
    writer.close();
    expect(fd.text()).toBe(Array.from({ length: 11 }, (_, n) => line(n)).join(''));
  });

  it('past its backlog limit drops whole lines, counts them, and says so once the descriptor takes bytes', () => {
    const fd = standIn();
    const writer = lineWriter(1, { batchBytes: 100, maxBacklogBytes: 100, writeSync: fd.writeSync });
    fd.state.full = true;
    for (let n = 0; n < 12; n++) writer.write(line(n));
    writer.flush();
    fd.state.full = false;
    writer.write(line(99));
    writer.close();
    const written = fd.text().split('\n').filter(Boolean);
    const note = written.find((text) => text.includes('dropped'))!;
    const kept = written.filter((text) => !text.includes('dropped'));
    // What was kept is whole lines in order; the note counts exactly the lines that are missing.
    expect(kept.every((text) => /^\{"n":\d+,"msg":"request"\}$/.test(text))).toBe(true);
    const keptNumbers = kept.map((text) => (JSON.parse(text) as { n: number }).n);
    expect(keptNumbers).toEqual([...keptNumbers].sort((a, b) => a - b));
    expect(keptNumbers.at(-1)).toBe(99);
    expect(JSON.parse(note)).toMatchObject({ level: 40, msg: `${12 - (keptNumbers.length - 1)} log lines dropped: stdout was not read` });
  });

  it('whatever the descriptor takes or refuses, the log holds whole lines in order, and notes count exactly the lines missing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('full' as const), fc.constant('open' as const), fc.integer({ min: 1, max: 40 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 40, max: 400 }),
        (behaviours, maxBacklogBytes) => {
          const fd = standIn();
          const writer = lineWriter(1, { batchBytes: 120, maxBacklogBytes, writeSync: fd.writeSync });
          let n = 0;
          for (const behaviour of behaviours) {
            fd.state.full = behaviour === 'full';
            fd.state.takeAtMost = typeof behaviour === 'number' ? behaviour : Infinity;
            for (let i = 0; i < 4; i++) writer.write(line(n++));
            writer.flush();
          }
          fd.state.full = false;
          fd.state.takeAtMost = Infinity;
          writer.write(line(n++));
          writer.close();
          const written = fd.text().split('\n');
          expect(written.pop()).toBe('');
          const notes = written.filter((text) => text.includes('dropped'));
          const numbers = written.filter((text) => !text.includes('dropped')).map((text) => (JSON.parse(text) as { n: number }).n);
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
          const droppedCount = notes.reduce(
            (sum, note) => sum + Number(/^(\d+) log lines/.exec((JSON.parse(note) as { msg: string }).msg)![1]),
            0,
          );
          expect(numbers.length + droppedCount).toBe(n);
          expect(numbers.at(-1)).toBe(n - 1);
        },
      ),
    );
  });

  it('throws what is not EAGAIN (a closed descriptor is not hidden)', () => {
    const writer = lineWriter(1, {
      writeSync: () => {
        throw Object.assign(new Error('EBADF'), { code: 'EBADF' });
      },
    });
    writer.write(line(1));
    expect(() => writer.close()).toThrow('EBADF');
  });

  it('writes a real file, and what a process gathered reaches its stdout when it exits', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'line-writer-'));
    const file = path.join(dir, 'out.log');
    const fd = fs.openSync(file, 'a');
    const writer = lineWriter(fd);
    for (let n = 0; n < 2000; n++) writer.write(line(n));
    writer.close();
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(Array.from({ length: 2000 }, (_, n) => line(n)).join(''));

    const script = `import { lineWriter } from ${JSON.stringify(path.join(import.meta.dirname, 'line-writer.ts'))};
      const writer = lineWriter(1);
      process.once('exit', () => writer.close());
      for (let n = 0; n < 50; n++) writer.write('line ' + n + '\\n');`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(Array.from({ length: 50 }, (_, n) => `line ${n}\n`).join(''));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
