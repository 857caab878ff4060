import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLogRepository } from './audit-log.repository';
import { AuditService } from './audit.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AuditEntry } from './entities/audit-entry.entity';

@Global()
@Module({
  imports: [MikroOrmModule.forFeature([AuditEntry])],
  controllers: [AuditController],
  providers: [AuditService, AuditLogRepository],
  exports: [AuditService],
})
export class AuditModule {}
