/**
 * UUIDv7 ids (RFC 9562) for rows written by hand-written SQL, like those Prisma makes for
 * `@default(uuid(7))`: a millisecond timestamp, then randomness. Within one millisecond the 12 bits after
 * the version count up, so ids made in order sort in order (events of one database transaction share
 * their created_at and are ordered by id).
 */
import { randomFillSync } from 'node:crypto';

const random = Buffer.alloc(4096);
let randomAt = random.length;
let lastMs = 0;
let sequence = 0;

function randomBytes(count: number): Buffer {
  if (randomAt + count > random.length) {
    randomFillSync(random);
    randomAt = 0;
  }
  randomAt += count;
  return random.subarray(randomAt - count, randomAt);
}

export function uuid7(now = Date.now()): string {
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    sequence++;
    // 4096 ids in one millisecond: borrow the next one, as RFC 9562 allows.
    if (sequence > 0xfff) {
      ms++;
      sequence = randomBytes(1)[0]! & 0x7f;
    }
  } else {
    // Start low in the millisecond so the counter has room.
    sequence = randomBytes(1)[0]! & 0x7f;
  }
  lastMs = ms;
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  randomBytes(8).copy(bytes, 8);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
