import { Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { NotificationDto } from './dto/notification.dto';
import { NotificationsDto } from './dto/notifications.dto';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** The signed-in person's notifications, newest first, and how many are unread (the bell). */
  @Get()
  @Authenticated('rota.view')
  getNotifications(@CurrentUser() user: AuthUser): Promise<NotificationsDto> {
    return this.notifications.list(user);
  }

  /** Marks every one of the signed-in person's notifications read. */
  @Post('read-all')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.view')
  markAllNotificationsRead(@CurrentUser() user: AuthUser): Promise<NotificationsDto> {
    return this.notifications.markAllRead(user);
  }

  /** Marks one of the signed-in person's notifications read. */
  @Post(':id/read')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.view')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not one of the signed-in person’s notifications.' })
  markNotificationRead(@CurrentUser() user: AuthUser, @Param('id', idParam('Notification')) id: string): Promise<NotificationDto> {
    return this.notifications.markRead(user, id);
  }
}
