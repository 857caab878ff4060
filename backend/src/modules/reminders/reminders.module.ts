import { Module } from '@nestjs/common';
import { JobContext } from '../../database/job-context';
import { SettingsModule } from '../settings/settings.module';
import { TenantsModule } from '../tenants/tenants.module';
import { EmailSettingsController } from './email-settings.controller';
import { EmailSettingsService } from './email-settings.service';
import { EmailTestingController } from './email-testing.controller';
import { EmailTestingService } from './email-testing.service';
import { DutyRemindersRepository } from './duty-reminders.repository';
import { RemindersService } from './reminders.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DutyReminder } from './entities/duty-reminder.entity';
import { SentDutyReminder } from './entities/sent-duty-reminder.entity';

/**
 * Duty reminders: their settings and template (Email Reminder Settings, the Email Template
 * Editor), the scheduled job that sends them, and Email System Testing, which runs that job on
 * demand. The settings are kept in the organisation's settings row, through its owner.
 */
@Module({
  imports: [MikroOrmModule.forFeature([DutyReminder, SentDutyReminder]), SettingsModule, TenantsModule],
  controllers: [EmailSettingsController, EmailTestingController],
  providers: [EmailSettingsService, EmailTestingService, RemindersService, DutyRemindersRepository, JobContext],
  exports: [RemindersService],
})
export class RemindersModule {}
