export { type AuditLogEntry, type AuditLogFilter, searchAuditLog, writeAuditLog } from './audit.service.ts';
