import type { EntityClass } from '@mikro-orm/core';
import { RateLimitBucket } from '../common/rate-limit/entities/rate-limit-bucket.entity';
import { AuditEntry } from '../modules/audit/entities/audit-entry.entity';
import { Notification } from '../modules/notifications/entities/notification.entity';
import { Holiday } from '../modules/holidays/entities/holiday.entity';
import { Term } from '../modules/holidays/entities/term.entity';
import { RotaDay } from '../modules/rota/entities/rota-day.entity';
import { RotaSlot } from '../modules/rota/entities/rota-slot.entity';
import { SystemSettings } from '../modules/settings/entities/system-settings.entity';
import { Staff } from '../modules/staff/entities/staff.entity';
import { CancelRequest } from '../modules/requests/entities/cancel-request.entity';
import { RecurringUnavailability } from '../modules/availability/entities/recurring-unavailability.entity';
import { StaffUnavailability } from '../modules/availability/entities/staff-unavailability.entity';
import { SwapRequest } from '../modules/requests/entities/swap-request.entity';
import { EmailChangeToken } from '../modules/auth/entities/email-change-token.entity';
import { EmailVerificationToken } from '../modules/auth/entities/email-verification-token.entity';
import { PasswordResetToken } from '../modules/auth/entities/password-reset-token.entity';
import { SessionHandoff } from '../modules/auth/entities/session-handoff.entity';
import { TwoFactorChallenge } from '../modules/auth/entities/two-factor-challenge.entity';
import { TwoFactorRecoveryCode } from '../modules/auth/entities/two-factor-recovery-code.entity';
import { UserTwoFactor } from '../modules/auth/entities/user-two-factor.entity';
import { User } from '../modules/auth/entities/user.entity';
import { UserIdentity } from '../modules/auth/entities/user-identity.entity';
import { UserSession } from '../modules/auth/entities/user-session.entity';
import { DutyReminder } from '../modules/reminders/entities/duty-reminder.entity';
import { OutboxEmail } from '../modules/mail/entities/outbox-email.entity';
import { CalendarFeedRevision } from '../modules/calendar/entities/calendar-feed-revision.entity';
import { CalendarFeedToken } from '../modules/calendar/entities/calendar-feed-token.entity';
import { ProcedureFile } from '../modules/settings/entities/procedure-file.entity';
import { Organization } from '../modules/tenants/entities/organization.entity';
import { IdentityProvider } from '../modules/sso/entities/identity-provider.entity';
import { SignInSettings } from '../modules/sso/entities/sign-in-settings.entity';
import { SsoLoginAttempt } from '../modules/sso/entities/sso-login-attempt.entity';

/**
 * Every entity of the app, listed once. An explicit list (instead of folder globs) works the
 * same from compiled JavaScript, from TypeScript under jest, and in the migration tools.
 */
export const ENTITIES: EntityClass<unknown>[] = [
  Organization,
  User,
  UserIdentity,
  UserSession,
  EmailVerificationToken,
  EmailChangeToken,
  PasswordResetToken,
  SessionHandoff,
  UserTwoFactor,
  TwoFactorRecoveryCode,
  TwoFactorChallenge,
  RateLimitBucket,
  OutboxEmail,
  Staff,
  Holiday,
  Term,
  AuditEntry,
  Notification,
  SystemSettings,
  RotaDay,
  RotaSlot,
  StaffUnavailability,
  RecurringUnavailability,
  SwapRequest,
  CancelRequest,
  ProcedureFile,
  DutyReminder,
  CalendarFeedToken,
  CalendarFeedRevision,
  IdentityProvider,
  SignInSettings,
  SsoLoginAttempt,
];
