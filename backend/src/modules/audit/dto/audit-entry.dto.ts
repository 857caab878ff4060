import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_KINDS, type AuditKind } from '../entities/audit-entry.entity';

export class AuditEntryDto {
  id!: string;
  /** When it happened (ISO instant). */
  createdAt!: string;
  /** Who did it ("System" for automatic changes). */
  actorName!: string;
  @ApiProperty({ enum: AUDIT_KINDS, enumName: 'AuditKind' })
  kind!: AuditKind;
  action!: string;
  entityId!: string;
  summary!: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}
