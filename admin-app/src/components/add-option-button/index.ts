export * from './add-option-button';
