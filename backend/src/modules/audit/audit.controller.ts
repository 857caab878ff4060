import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { AuditService } from './audit.service';
import { AuditLogPageDto } from './dto/audit-log-page.dto';
import { AuditLogQueryDto } from './dto/audit-log-query.dto';

@ApiTags('audit')
@Controller('audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** Who changed what and when in this organisation, newest first. */
  @Get()
  @Authenticated('audit.view')
  getAuditLog(@Query() query: AuditLogQueryDto): Promise<AuditLogPageDto> {
    return this.audit.listPage(query);
  }
}
