export { ListPanel, ListTable } from './list-panel';
export type { ListPanelProps, ListTableProps, ListView } from './list-panel';
