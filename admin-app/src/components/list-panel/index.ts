export { ActionsCell, ListPanel, ListTable, NameCell } from './list-panel';
export type { ListPanelProps, ListTableProps, ListView } from './list-panel';
export { ListScreen } from './list-screen';
export type { ListScreenProps } from './list-screen';
