// The generated query already provides the 'audit' tag. Other features invalidate it by name
// when they record a change (staff, holidays…), so nothing needs enhancing here.
export { generatedApi as auditApi, useGetAuditLogQuery } from './audit.gen';
export type { AuditEntryDto, AuditKind, AuditLogPageDto, GetAuditLogApiArg } from './audit.gen';
