import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { EmailDeliveriesDto } from './dto/email-deliveries.dto';
import { TestRemindersForDateDto } from './dto/test-reminders-for-date.dto';
import { TestRemindersResultDto } from './dto/test-reminders-result.dto';
import { EmailTestingService } from './email-testing.service';

const REMINDERS_OFF = 'Email reminders are turned off.';

@ApiTags('settings')
@Controller()
export class EmailTestingController {
  constructor(private readonly testing: EmailTestingService) {}

  /** Runs the reminder pass now: the reminders due at this moment that have not gone out yet. */
  @Post('test-email-reminders')
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage')
  @ApiConflictResponse({ type: ErrorResponseDto, description: REMINDERS_OFF })
  testEmailReminders(): Promise<TestRemindersResultDto> {
    return this.testing.runNow();
  }

  /** Sends the reminders for the duties on one date now (each person is still reminded once). */
  @Post('test-email-reminders-date')
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Not a date, or a date that has passed.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: REMINDERS_OFF })
  testEmailRemindersForDate(@Body() dto: TestRemindersForDateDto): Promise<TestRemindersResultDto> {
    return this.testing.runForDate(dto.date);
  }

  /** The organisation's latest emails and whether the app is in test mode (no SMTP server). */
  @Get('email-deliveries')
  @Authenticated('settings.manage')
  getEmailDeliveries(): Promise<EmailDeliveriesDto> {
    return this.testing.deliveries();
  }
}
