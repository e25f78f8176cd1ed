export { DownloadStatus, formatBytes, type DownloadStatusProps } from './download-status';
