export { CopyLinkField, type CopyLinkFieldProps } from './copy-link-field';
