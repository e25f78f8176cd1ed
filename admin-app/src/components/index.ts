// Shared UI of the admin app: features import from here, never from each other.
export * from './confirm-dialog';
export * from './detail-field';
export * from './empty-state';
export * from './form-modal';
export * from './form-page';
export * from './icons';
export * from './list-panel';
export * from './load-error';
export * from './page-header';
export * from './pagination-footer';
export * from './role-badge';
export * from './row-actions';
export * from './search-input';
export * from './segmented-choice';
export * from './stat-card';
export * from './truncated-text';
export * from './view-modal';
