export { PaginationFooter } from './pagination-footer';
export type { PaginationFooterProps } from './pagination-footer';
