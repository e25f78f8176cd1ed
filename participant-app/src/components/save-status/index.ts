export { SaveStatus, saveStatusText, useSaveQueue } from './save-status';
