export * from './row-actions';
