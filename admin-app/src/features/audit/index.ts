export { AuditLogScreen, AuditLogScreen as default } from './components/audit-log-screen';
