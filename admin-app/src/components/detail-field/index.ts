export * from './detail-field';
