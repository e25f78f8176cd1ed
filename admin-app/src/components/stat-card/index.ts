export { StatCard } from './stat-card';
export type { StatCardProps } from './stat-card';
