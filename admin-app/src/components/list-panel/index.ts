export { ActionsCell, ListCard, ListCards, ListPanel, ListTable, NameCell, ShortCell } from './list-panel';
export type { ListCardProps, ListPanelProps, ListTableProps, ListView } from './list-panel';
export { ListScreen } from './list-screen';
export type { ListScreenProps } from './list-screen';
