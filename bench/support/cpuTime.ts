// Where the CPU of a benchmark run goes: seconds of CPU (user + system) used by the load
// generator (this process), the BFF and PostgreSQL (the postmaster and all its backends), read
// from /proc. Linux only; elsewhere every figure is NaN.
import fs from 'node:fs';
import path from 'node:path';

const TICKS_PER_SECOND = 100;

/** utime + stime (+ children's, which keeps exited backends counted) of one process, in ticks. */
function ticks(pid: number, withChildren: boolean): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    return Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
  } catch {
    return NaN;
  }
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const name of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export interface CpuSample {
  bench: number;
  bff: number;
  postgres: number;
}

/** The postmaster's pid, from the first line of postmaster.pid in the cluster's data directory. */
export function postmasterPid(pgDataDir: string): number {
  return Number(fs.readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

export function sampleCpu(bffPid: number, postmaster: number): CpuSample {
  // a backend that exits between listing and reading counts in the postmaster's children next time
  const pgTicks = ticks(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + (ticks(pid, false) || 0), 0);
  return {
    bench: ticks(process.pid, false) / TICKS_PER_SECOND,
    bff: ticks(bffPid, false) / TICKS_PER_SECOND,
    postgres: pgTicks / TICKS_PER_SECOND,
  };
}

export const cpuBetween = (a: CpuSample, b: CpuSample): CpuSample => ({ bench: b.bench - a.bench, bff: b.bff - a.bff, postgres: b.postgres - a.postgres });
