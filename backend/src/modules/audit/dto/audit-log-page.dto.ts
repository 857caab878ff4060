import { AuditEntryDto } from './audit-entry.dto';

export class AuditLogPageDto {
  items!: AuditEntryDto[];
  total!: number;
  page!: number;
  pageSize!: number;
}
