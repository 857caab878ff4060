import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { EmailPreviewDto } from './dto/email-preview.dto';
import { EmailReminderSettingsDto } from './dto/email-reminder-settings.dto';
import { EmailReminderSettingsResultDto } from './dto/email-reminder-settings-result.dto';
import { EmailTemplateDto } from './dto/email-template.dto';
import { EmailTemplateResultDto } from './dto/email-template-result.dto';
import { EmailSettingsService } from './email-settings.service';

@ApiTags('settings')
@Controller()
export class EmailSettingsController {
  constructor(private readonly email: EmailSettingsService) {}

  /** Whether, when and how far ahead duty reminders go out, and when the next ones will. */
  @Get('email-reminder-settings')
  @Authenticated('settings.manage')
  getEmailReminderSettings(): Promise<EmailReminderSettingsResultDto> {
    return this.email.getReminders();
  }

  /** Saves the reminder settings; the reminder service uses them from its next minute. */
  @Post('email-reminder-settings')
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage')
  saveEmailReminderSettings(@CurrentUser() user: AuthUser, @Body() dto: EmailReminderSettingsDto): Promise<EmailReminderSettingsResultDto> {
    return this.email.saveReminders(user, dto);
  }

  /** The reminder email template (the built-in one until an admin saves their own). */
  @Get('email-template')
  @Authenticated('settings.manage', 'edit email templates')
  getEmailTemplate(): Promise<EmailTemplateResultDto> {
    return this.email.getTemplate();
  }

  /** Saves the template; its HTML is cut down to the allowed tags first and returned as stored. */
  @Post('email-template')
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', 'edit email templates')
  saveEmailTemplate(@CurrentUser() user: AuthUser, @Body() dto: EmailTemplateDto): Promise<EmailTemplateResultDto> {
    return this.email.saveTemplate(user, dto);
  }

  /** Renders a template (saved or not) for a sample duty: the next weekday, for you. */
  @Post('email-template/preview')
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage', 'edit email templates')
  previewEmailTemplate(@CurrentUser() user: AuthUser, @Body() dto: EmailTemplateDto): Promise<EmailPreviewDto> {
    return this.email.preview(user, dto);
  }
}
