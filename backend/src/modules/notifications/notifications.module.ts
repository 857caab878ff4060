import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Notification } from './entities/notification.entity';
import { NotificationsTablesRepository } from './notifications-tables.repository';
import { NotificationsTablesService } from './notifications-tables.service';

/** In-app notifications: the bell in the header and its list (docs/product.md#notifications). */
@Module({
  imports: [MikroOrmModule.forFeature([Notification])],
  controllers: [NotificationsController],
  providers: [NotificationsTablesRepository, NotificationsTablesService, NotificationsService, NotificationsRepository],
  exports: [NotificationsTablesService, NotificationsService],
})
export class NotificationsModule {}
