// CPU time from /proc (Linux only), for the development aids.
import { readdirSync, readFileSync } from 'node:fs';

/** A process's or thread's `stat` file: its name and its user and system time in ms; undefined when it has gone. */
export function procStat(file: string): { name: string; user: number; system: number } | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    return {
      name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      user: Number(fields[11]) * 10,
      system: Number(fields[12]) * 10,
    };
  } catch {
    return undefined;
  }
}

/** CPU time so far of PostgreSQL's processes on this machine, in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const found = procStat(`/proc/${pid}/stat`);
    if (found?.name === 'postgres') total += found.user + found.system;
  }
  return total;
}
