// The share of the machine's CPU time its host took for other guests while a measure ran ("steal"
// in /proc/stat, Linux only): figures from a moment when the host took much are not comparable
// with others, and the bench prints the share beside them. The dev aids also read every kind's share.
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  steal: number;
  total: number;
}

/** The kinds of CPU time on the first line of /proc/stat, in its order. */
export const cpuTimeKinds = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'] as const;

export type CpuTimeKind = (typeof cpuTimeKinds)[number];

/** The first line of /proc/stat as its eight times (in ticks), or undefined. */
function cpuTicks(stat: string): number[] | undefined {
  const line = stat.split('\n', 1)[0] ?? '';
  if (!line.startsWith('cpu ')) return undefined;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return undefined;
  return ticks;
}

const stealAndTotal = (ticks: readonly number[]): CpuTimes => ({
  steal: ticks[7]!,
  total: ticks.reduce((sum, tick) => sum + tick, 0),
});

/** The first line of /proc/stat: user nice system idle iowait irq softirq steal ... (in ticks). */
export function parseCpuLine(stat: string): CpuTimes | undefined {
  const ticks = cpuTicks(stat);
  return ticks && stealAndTotal(ticks);
}

/** The machine's CPU times so far by kind (`cpuTimeKinds`), or undefined where /proc/stat cannot be read. */
export function cpuTimesByKind(): number[] | undefined {
  try {
    return cpuTicks(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** The machine's CPU times so far (all cores), or undefined where /proc/stat cannot be read. */
export function cpuTimes(): CpuTimes | undefined {
  const ticks = cpuTimesByKind();
  return ticks && stealAndTotal(ticks);
}

/** Each kind's share of the CPU time between two readings of `cpuTimesByKind`, in percent. */
export function cpuShares(before: readonly number[], after: readonly number[]): Record<CpuTimeKind, number> {
  const spent = after.map((tick, index) => tick - before[index]!);
  const total = spent.reduce((sum, tick) => sum + tick, 0) || 1;
  return Object.fromEntries(
    cpuTimeKinds.map((kind, index) => [kind, Math.round((spent[index]! / total) * 100)]),
  ) as Record<CpuTimeKind, number>;
}

/** The percentage of CPU time stolen between two readings; undefined without both. */
export function stolenPercent(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return Math.round(((after.steal - before.steal) / (after.total - before.total)) * 1000) / 10;
}
