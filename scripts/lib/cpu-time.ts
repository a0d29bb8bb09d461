/**
 * CPU time spent by the bench's processes, read from Linux's /proc: what a piece of work cost the
 * machine, whatever else the machine was doing at the time (a rate measured on shared cores moves with
 * the neighbours; the CPU seconds a unit of work takes move far less).
 *
 * PostgreSQL is its postmaster (found by its data folder) and every process it started; the time of
 * backends that have already exited is in the postmaster's "children" counters once it has reaped them.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface CpuSeconds {
  product: number;
  postgres: number;
  standIns: number;
}

/** utime, stime, cutime, cstime of one process (fields 14–17 of /proc/<pid>/stat), or null when it is gone. */
function ticksOf(pid: number): { own: number; reapedChildren: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      reapedChildren: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

function postgresTicks(dataDir: string): number {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const postmaster = pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
    } catch {
      return false;
    }
  });
  const root = postmaster === undefined ? null : ticksOf(postmaster);
  if (!root) return 0;
  let total = root.own + root.reapedChildren;
  for (const pid of pids) {
    const child: ReturnType<typeof ticksOf> = pid === postmaster ? null : ticksOf(pid);
    if (child && child.parent === postmaster) total += child.own;
  }
  return total;
}

/** A reading now; `null` where /proc is not there to read (not Linux). */
export function readCpu(options: { productPid: number; standInPid: number; postgresDataDir: string }): CpuSeconds | null {
  const product = ticksOf(options.productPid);
  const standIns = ticksOf(options.standInPid);
  if (!product || !standIns) return null;
  return {
    product: product.own / TICKS_PER_SECOND,
    postgres: postgresTicks(options.postgresDataDir) / TICKS_PER_SECOND,
    standIns: standIns.own / TICKS_PER_SECOND,
  };
}

export function cpuSpent(before: CpuSeconds, after: CpuSeconds): CpuSeconds {
  return {
    product: after.product - before.product,
    postgres: after.postgres - before.postgres,
    standIns: after.standIns - before.standIns,
  };
}
