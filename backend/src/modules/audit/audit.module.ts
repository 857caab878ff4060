import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLogRepository } from './audit-log.repository';
import { AuditService } from './audit.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AuditEntry } from './entities/audit-entry.entity';
import { AuditTablesRepository } from './audit-tables.repository';
import { AuditTablesService } from './audit-tables.service';

@Global()
@Module({
  imports: [MikroOrmModule.forFeature([AuditEntry])],
  controllers: [AuditController],
  providers: [AuditTablesRepository, AuditTablesService, AuditService, AuditLogRepository],
  exports: [AuditTablesService, AuditService],
})
export class AuditModule {}
