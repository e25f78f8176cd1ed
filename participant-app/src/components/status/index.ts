export { DoneIcon, LoadingStatus, RetryAlert, type RetryAlertProps } from './status';
