/**
 * Log lines gathered as bytes and written to a file descriptor in batches (production's stdout).
 *
 * Each line is copied into one preallocated buffer the moment it is written, and the buffer is written
 * with one synchronous `write(2)` when it is full, on a timer, and when the process exits: at most
 * `flushMs` late, and nothing waits in libuv's thread pool at exit. sonic-boom, pino's asynchronous
 * destination, kept each line's string until its batch went out through the thread pool, which cost the
 * fee calculator about 4 µs of its 40 (docs/QUALITY.md "Hot paths"). Like pino's default destination,
 * the write blocks while a blocking stdout's reader is behind.
 *
 * A descriptor that refuses bytes for now (a non-blocking pipe whose reader is behind: EAGAIN) keeps them
 * in a backlog for the next flush, in order. Past `maxBacklogBytes` whole lines are dropped, counted, and
 * the count is written as a line of its own once the descriptor takes bytes again.
 */
import fs from 'node:fs';
import type { LineStream } from './redact.ts';

export interface LineWriterOptions {
  /** Bytes gathered before a write (a line longer than this is written on its own). */
  batchBytes?: number;
  /** The longest a line waits in the buffer. */
  flushMs?: number;
  maxBacklogBytes?: number;
  /** `fs.writeSync`'s shape: the bytes written, or throws (EAGAIN when the descriptor is full). */
  writeSync?: (fd: number, bytes: Uint8Array) => number;
}

export interface LineWriter extends LineStream {
  write(line: string): boolean;
  /** Writes what is gathered now (the backlog first). */
  flush(): void;
  /** Flushes and stops the timer. */
  close(): void;
}

/** Worst case UTF-8 bytes per UTF-16 code unit (a surrogate pair, 2 units, is 4 bytes). */
const MAX_BYTES_PER_UNIT = 3;

export function lineWriter(fd: number, options: LineWriterOptions = {}): LineWriter {
  const batchBytes = options.batchBytes ?? 16 * 1024;
  const maxBacklogBytes = options.maxBacklogBytes ?? 4 * 1024 * 1024;
  const writeSync = options.writeSync ?? ((target: number, bytes: Uint8Array) => fs.writeSync(target, bytes));
  const buffer = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  const backlog: Buffer[] = [];
  let backlogBytes = 0;
  let dropped = 0;

  /** Writes as much of `bytes` as the descriptor takes; the rest is returned. */
  const writeAll = (bytes: Buffer): Buffer | null => {
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(fd, bytes.subarray(offset));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return bytes.subarray(offset);
        throw error;
      }
    }
    return null;
  };

  /** Sends `bytes` after the backlog, or keeps them behind it while the descriptor is full. */
  const send = (bytes: Buffer) => {
    while (backlog.length) {
      const first = backlog[0]!;
      const rest = writeAll(first);
      if (rest) {
        backlog[0] = rest;
        backlogBytes -= first.length - rest.length;
        return keep(bytes);
      }
      backlog.shift();
      backlogBytes -= first.length;
    }
    if (dropped) {
      const note = Buffer.from(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines dropped: stdout was not read` })}\n`,
      );
      const rest = writeAll(note);
      // Not taken at all: the count waits for the next flush, with the lines after it behind it.
      if (rest && rest.length === note.length) return keep(bytes);
      dropped = 0;
      if (rest) {
        keep(rest, true);
        return keep(bytes);
      }
    }
    const rest = writeAll(bytes);
    // The end of a line the descriptor took in part is always kept, or the log would hold half a line.
    if (rest) keep(rest, rest.length < bytes.length);
  };

  /** Keeps a copy (the gathering buffer is reused), or counts the lines as dropped past the limit. */
  const keep = (bytes: Buffer, begunLine = false) => {
    if (!begunLine && backlogBytes + bytes.length > maxBacklogBytes) {
      dropped += bytes.reduce((lines, byte) => lines + (byte === 0x0a ? 1 : 0), 0);
      return;
    }
    backlog.push(Buffer.from(bytes));
    backlogBytes += bytes.length;
  };

  const flush = () => {
    if (used === 0 && backlog.length === 0 && dropped === 0) return;
    const gathered = buffer.subarray(0, used);
    used = 0;
    send(gathered);
  };

  const timer = setInterval(flush, options.flushMs ?? 1000);
  timer.unref();

  return {
    write(line) {
      if (used + line.length * MAX_BYTES_PER_UNIT > batchBytes) {
        flush();
        if (line.length * MAX_BYTES_PER_UNIT > batchBytes) {
          send(Buffer.from(line));
          return true;
        }
      }
      used += buffer.write(line, used);
      return true;
    },
    flush,
    close() {
      clearInterval(timer);
      flush();
    },
  };
}
