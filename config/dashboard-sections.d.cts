/** A section of the dashboard as the build reads it from the sections table (see dashboard-sections.cjs). */
export interface DashboardSection {
  name: string;
  /** The chunk its `import()` names with `webpackChunkName`. */
  chunk: string;
  /** The `/dashboard/<child>` addresses it shows (the keys of its `screens`), in order. */
  children: string[];
}
/** The sections of a sections table's source, in its order; throws, naming the entry, on one it cannot read. */
export function parseDashboardSections(source: string, file?: string): DashboardSection[];
/** Reads a sections table from its file (see parseDashboardSections). */
export function readDashboardSections(file: string): DashboardSection[];
/** The chunk each `/dashboard/<child>` address loads, by child; "" (`/dashboard`) is the first section's. */
export function chunkOfChild(sections: readonly DashboardSection[]): Record<string, string>;
