import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { type ErasedPerson, erasurePattern, pseudonymOf, pseudonymousEmailOf } from '../../common/erasure/erased-person';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { TwoFactorService } from '../auth/two-factor.service';
import { AvailabilityService } from '../availability/availability.service';
import { CalendarService } from '../calendar/calendar.service';
import { DutiesService } from '../duties/duties.service';
import { HolidaysService } from '../holidays/holidays.service';
import { OutboxService } from '../mail/outbox.service';
import { NotificationsService } from '../notifications/notifications.service';
import { RequestErasureService } from '../requests/request-erasure.service';
import { RotaService } from '../rota/rota.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { SignInSettingsService } from '../sso/sign-in-settings.service';
import { StaffUpdateService } from '../staff/staff-update.service';
import { StaffService } from '../staff/staff.service';
import type { EraseStaffDto } from './dto/erase-staff.dto';
import type { ErasureConsequencesDto } from './dto/erasure-consequences.dto';
import type { ErasureResultDto } from './dto/erasure-result.dto';

export const NOT_YOURSELF = "You can't erase your own personal data: ask another admin.";
export const ALREADY_ERASED = 'This person’s personal data has already been erased.';

/**
 * Erasure of a person's personal data (docs/security.md#retention-and-erasure): one service for
 * the daily retention job and an admin's "erase now". In one transaction, each module erases what
 * it owns: the staff record and the account take a pseudonym derived from the staff id, the
 * account can never sign in again, the person's notifications go, their reasons are cleared, the
 * emails to them keep only a delivery record, and their names and addresses in every text of the
 * organisation (the log, others' notifications and reasons, duties, emails…) become the
 * pseudonym. Their duties and requests stay, linked to the same id, for history and fairness.
 */
@Injectable()
export class ErasureService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly staff: StaffService,
    private readonly staffUpdate: StaffUpdateService,
    private readonly accounts: AccountsService,
    private readonly twoFactor: TwoFactorService,
    private readonly signIn: SignInSettingsService,
    private readonly rateLimits: RateLimitService,
    private readonly calendar: CalendarService,
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly availability: AvailabilityService,
    private readonly requests: RequestErasureService,
    private readonly rota: RotaService,
    private readonly duties: DutiesService,
    private readonly holidays: HolidaysService,
    private readonly settings: SystemSettingsService,
  ) {}

  /** What erasing this person would delete, keep and scrub; 404 for no such person in this organisation. */
  async consequences(staffId: string): Promise<ErasureConsequencesDto> {
    return this.unitOfWork.transaction(async () => {
      const subject = await this.staff.lockForErasure(staffId);
      const account = subject.userId ? await this.accounts.identityForErasure(subject.userId) : undefined;
      const emails = [...new Set([subject.email.toLowerCase(), ...(account?.emails ?? [])])];
      const duties = await this.rota.dutyCountsOf(staffId);
      return {
        staffId,
        name: subject.name,
        pseudonym: pseudonymOf(staffId),
        isActive: subject.isActive,
        alreadyErased: subject.anonymisedAt !== null,
        futureDutiesGivenUp: subject.isActive ? duties.future : 0,
        dutiesKept: duties.past + (subject.isActive ? 0 : duties.future),
        requestsKept: await this.requests.countOf(staffId),
        unavailabilityKept: await this.availability.countOf(staffId),
        notificationsDeleted: subject.userId ? await this.notifications.countOf(subject.userId) : 0,
        emailsScrubbed: await this.outbox.countTo(emails),
        hasAccount: subject.userId !== null,
      };
    });
  }

  /**
   * An admin erases a person at once, re-authenticated: never themselves; an active person is
   * deactivated first, through the usual path, which gives up and refills their duties from
   * today on; then their personal data is erased.
   */
  async eraseNow(actor: AuthUser, staffId: string, dto: EraseStaffDto): Promise<ErasureResultDto> {
    const subject = await this.unitOfWork.transaction(() => this.staff.lockForErasure(staffId));
    if (subject.userId === actor.id) throw new BadRequestException(NOT_YOURSELF);
    if (subject.anonymisedAt) throw new ConflictException(ALREADY_ERASED);
    await this.twoFactor.reauthenticate({ id: actor.id, sessionId: actor.sessionId }, dto);
    if (subject.isActive) await this.staffUpdate.update(actor, staffId, { isActive: false });
    const pseudonym = await this.anonymise(staffId, actor);
    if (!pseudonym) throw new ConflictException(ALREADY_ERASED);
    return { staffId, pseudonym, message: `Erased the personal data of ${pseudonym}.` };
  }

  /**
   * Erases the personal data of a person who has left, in one transaction, in the current
   * organisation; `actor` undefined for the retention job (the log says "System"). Returns the
   * pseudonym, or null when they had been erased already (another instance, an admin's click):
   * the staff row's lock makes concurrent erasures take turns, and the second finds it done.
   */
  async anonymise(staffId: string, actor?: AuthUser): Promise<string | null> {
    return this.unitOfWork.transaction(async () => {
      const subject = await this.staff.lockForErasure(staffId);
      if (subject.anonymisedAt) return null;
      if (subject.isActive) throw new ConflictException('Deactivate this person before erasing their personal data.');
      const account = subject.userId ? await this.accounts.identityForErasure(subject.userId) : undefined;
      const emails = [...new Set([subject.email.toLowerCase(), ...(account?.emails ?? [])])];
      const person: ErasedPerson = {
        staffId,
        userId: subject.userId,
        pseudonym: pseudonymOf(staffId),
        pseudonymousEmail: pseudonymousEmailOf(staffId),
        emails,
        pattern: erasurePattern([subject.name, account?.name ?? '', ...emails]),
      };
      // The record and the account first, then every other text that may name them.
      await this.staff.anonymise(person, this.clock.now());
      if (person.userId) {
        await this.accounts.anonymise(person.userId, person.pseudonym, person.pseudonymousEmail);
        await this.signIn.deleteAttemptsOf(person.userId);
        await this.calendar.deleteFeedTokensOf(person.userId);
      }
      await this.rateLimits.forgetAddresses(emails);
      await this.notifications.eraseOf(person);
      await this.outbox.scrubErased(person);
      await this.availability.eraseReasonsOf(person);
      await this.requests.eraseReasonsOf(person);
      await this.rota.scrubErased(person);
      await this.duties.scrubErased(person);
      await this.holidays.scrubErased(person);
      await this.settings.scrubErased(person);
      await this.audit.scrubErased(person);
      this.audit.record(actor, {
        kind: 'staff',
        action: 'staff.erased',
        entityId: staffId,
        summary: `Erased the personal data of ${person.pseudonym}`,
      });
      return person.pseudonym;
    });
  }
}
