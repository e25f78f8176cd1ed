// The share of the machine's CPU time its host took for other guests while a measure ran ("steal"
// in /proc/stat, Linux only): figures from a moment when the host took much are not comparable
// with others, and the bench prints the share beside them.
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  steal: number;
  total: number;
}

/** The machine's CPU times so far (all cores), or undefined where /proc/stat cannot be read. */
export function cpuTimes(): CpuTimes | undefined {
  try {
    return parseCpuLine(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** The first line of /proc/stat: user nice system idle iowait irq softirq steal ... (in ticks). */
export function parseCpuLine(stat: string): CpuTimes | undefined {
  const line = stat.split('\n', 1)[0] ?? '';
  if (!line.startsWith('cpu ')) return undefined;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return undefined;
  return { steal: ticks[7]!, total: ticks.reduce((sum, tick) => sum + tick, 0) };
}

/** The percentage of CPU time stolen between two readings; undefined without both. */
export function stolenPercent(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return Math.round(((after.steal - before.steal) / (after.total - before.total)) * 1000) / 10;
}
