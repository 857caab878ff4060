import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Notification } from './entities/notification.entity';

/** In-app notifications: the bell in the header and its list (docs/product.md#notifications). */
@Module({ imports: [MikroOrmModule.forFeature([Notification])], controllers: [NotificationsController], providers: [NotificationsService, NotificationsRepository], exports: [NotificationsService] })
export class NotificationsModule {}
