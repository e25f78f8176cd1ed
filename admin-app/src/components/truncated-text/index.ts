export { truncate } from './truncate';
export { TruncatedText } from './truncated-text';
export type { TruncatedTextProps } from './truncated-text';
