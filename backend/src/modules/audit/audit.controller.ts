import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { AuditEntryDto, AuditLogPageDto, AuditLogQueryDto } from './dto/audit-log.dto';
import { AuditEntry } from './entities/audit-entry.entity';

export function toAuditEntryDto(e: AuditEntry): AuditEntryDto {
  return {
    id: String(e.id),
    createdAt: e.createdAt.toISOString(),
    actorName: e.actorName,
    kind: e.kind,
    action: e.action,
    entityId: e.entityId,
    summary: e.summary,
    before: e.before,
    after: e.after,
  };
}

@ApiTags('audit')
@Controller('audit-log')
export class AuditController {
  constructor(private readonly em: EntityManager) {}

  /** Who changed what and when in this organisation, newest first. */
  @Get()
  @Authenticated('audit.view')
  async getAuditLog(@Query() query: AuditLogQueryDto): Promise<AuditLogPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 25;
    const [items, total] = await this.em.findAndCount(
      AuditEntry,
      query.kind ? { kind: query.kind } : {},
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items: items.map(toAuditEntryDto), total, page, pageSize };
  }
}
