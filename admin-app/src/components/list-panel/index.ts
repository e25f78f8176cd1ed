export { ListPanel, ListTable } from './list-panel';
export type { ListPanelProps, ListTableProps } from './list-panel';
