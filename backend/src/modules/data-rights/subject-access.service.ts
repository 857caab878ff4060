import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import type { User } from '../auth/entities/user.entity';
import { AvailabilityService } from '../availability/availability.service';
import { CalendarService } from '../calendar/calendar.service';
import { OutboxService } from '../mail/outbox.service';
import { NotificationsService } from '../notifications/notifications.service';
import { RequestHistoryService } from '../requests/request-history.service';
import { RotaService } from '../rota/rota.service';
import type { Staff } from '../staff/entities/staff.entity';
import { StaffService } from '../staff/staff.service';
import { OrganizationClock } from '../tenants/organization-clock';
import { OrganizationsService } from '../tenants/organizations.service';
import {
  SUBJECT_ACCESS_FORMAT,
  SUBJECT_ACCESS_SCHEMA_VERSION,
  type SubjectAccessDto,
  type SubjectAuditChangeDto,
  type SubjectCancelRequestDto,
  type SubjectProfileDto,
  type SubjectSwapRequestDto,
} from './dto/subject-access.dto';

/** The duty a request row names with nulls (its columns are null for the Duty Manager duty). */
const DUTY_MANAGER = 'Duty Manager';

/** A document and whom it is about, for the file name and the summary's title. */
export interface SubjectAccessFile {
  document: SubjectAccessDto;
  /** The organisation's time zone: the summary shows times as the school reads them. */
  timeZone: string;
  /** The organisation's date today, for the file name. */
  today: string;
}

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
const isoOf = (value: Date | string): string => new Date(value).toISOString();

/** An entry's before and after views as one line per field, in the order the entry lists them. */
function changesOf(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): SubjectAuditChangeDto[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}

/**
 * Subject access (docs/security.md, "Subject access"): everything the organisation holds about
 * one person, read through each owning module's service. A person asks for their own; an admin
 * for anyone of the organisation (a leaver, someone without an account), and that is audited.
 */
@Injectable()
export class SubjectAccessService {
  constructor(
    private readonly staff: StaffService,
    private readonly accounts: AccountsService,
    private readonly calendar: CalendarService,
    private readonly rota: RotaService,
    private readonly requests: RequestHistoryService,
    private readonly notifications: NotificationsService,
    private readonly availability: AvailabilityService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly organizations: OrganizationsService,
    private readonly organizationClock: OrganizationClock,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The signed-in person's own data: their account and their staff record (linked, else with their email). */
  async own(user: AuthUser): Promise<SubjectAccessFile> {
    const account = await this.accounts.get(user.id);
    const record = await this.staff.ownRecord(account);
    return this.fileOf(record, account);
  }

  /**
   * An admin's download of the data held about a staff member of the organisation, active or not,
   * with an account or without; another organisation's id is not found (404). Audited.
   */
  async ofStaff(actor: AuthUser, staffId: string): Promise<SubjectAccessFile> {
    const record = await this.staff.recordWithAccount(staffId);
    const file = await this.fileOf(record, record.user?.getEntity() ?? null);
    await this.unitOfWork.transaction(async () => {
      this.audit.record(actor, {
        kind: 'staff',
        action: 'staff.data-downloaded',
        entityId: record.id,
        summary: `Downloaded the data held about ${record.name}`,
      });
    });
    return file;
  }

  private async fileOf(record: Staff | null, account: User | null): Promise<SubjectAccessFile> {
    const [organization, timeZone, today] = [
      await this.organizations.getCurrent(),
      await this.organizationClock.zone(),
      await this.organizationClock.today(),
    ];
    return { document: await this.documentOf(organization.name, record, account), timeZone, today };
  }

  private async documentOf(organization: string, record: Staff | null, account: User | null): Promise<SubjectAccessDto> {
    const staffId = record?.id ?? null;
    const userId = account?.id ?? null;
    const addresses = [...new Set([account?.email, record?.email].filter((a): a is string => !!a).map((a) => a.trim().toLowerCase()))];
    const { swaps, cancels } = await this.requests.involving(staffId, userId);
    const subjectIds = [staffId, userId].filter((id): id is string => !!id);
    const emails = (await Promise.all(addresses.map((address) => this.outbox.sentTo(address)))).flat();
    emails.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || Number(a.id) - Number(b.id));
    return {
      format: SUBJECT_ACCESS_FORMAT,
      schemaVersion: SUBJECT_ACCESS_SCHEMA_VERSION,
      generatedAt: this.clock.now().toISOString(),
      organization,
      profile: await this.profileOf(record, account),
      duties: staffId
        ? (await this.rota.allDutiesOf(staffId)).map((d) => ({
            date: d.date,
            duty: d.name,
            isDutyManager: d.is_duty_manager,
            place: d.place,
            startTime: d.start_time,
            endTime: d.end_time,
            position: d.position,
            pinned: d.pinned,
            pinnedReason: d.pinned_reason,
          }))
        : [],
      swapRequests: swaps.map((r): SubjectSwapRequestDto => ({
        id: r.id,
        involvement: [
          ...(r.requester_id === staffId ? (['asked'] as const) : []),
          ...(staffId && r.target_id === staffId ? (['asked_to_swap'] as const) : []),
          ...(userId && r.decided_by_id === userId ? (['decided'] as const) : []),
        ],
        requester: r.requester_name,
        colleague: r.target_name,
        duty: r.duty_name ?? DUTY_MANAGER,
        originalDate: r.original_date,
        swapDuty: r.swap_duty_name ?? DUTY_MANAGER,
        swapDate: r.swap_date,
        reason: r.reason,
        status: r.status,
        createdAt: isoOf(r.created_at),
        answeredAt: iso(r.answered_at),
        decidedAt: iso(r.decided_at),
        decidedBy: r.decided_by_name,
      })),
      cancelRequests: cancels.map((r): SubjectCancelRequestDto => ({
        id: r.id,
        involvement: [
          ...(r.staff_id === staffId ? (['theirs'] as const) : []),
          ...(staffId && r.replacement_id === staffId ? (['replacement'] as const) : []),
          ...(userId && r.decided_by_id === userId ? (['decided'] as const) : []),
        ],
        staff: r.staff_name,
        date: r.date,
        duty: r.duty_name ?? DUTY_MANAGER,
        reason: r.reason,
        status: r.status,
        source: r.source,
        replacement: r.replacement_name,
        createdAt: isoOf(r.created_at),
        decidedAt: iso(r.decided_at),
        decidedBy: r.decided_by_name,
      })),
      notifications: userId ? await this.notifications.allFor(userId) : [],
      unavailability: {
        periods: staffId
          ? (await this.availability.periodsOf(staffId)).map((p) => ({
              startDate: p.startDate,
              endDate: p.endDate,
              type: p.type,
              reason: p.reason,
              createdAt: isoOf(p.createdAt),
            }))
          : [],
        weekly: staffId
          ? (await this.availability.rulesOf(staffId)).map((r) => ({
              weekdays: [...r.weekdays],
              startDate: r.startDate,
              endDate: r.endDate,
              everyOtherWeek: r.everyOtherWeek,
              week: r.week ?? null,
              startTime: r.startTime ?? null,
              endTime: r.endTime ?? null,
              reason: r.reason,
              createdAt: isoOf(r.createdAt),
            }))
          : [],
      },
      emails: emails.map((e) => ({
        createdAt: isoOf(e.created_at),
        sentAt: iso(e.sent_at),
        kind: e.kind,
        subject: e.subject,
        status: e.status,
        text: e.text,
      })),
      auditEntries: (await this.audit.about(userId, subjectIds)).map((e) => {
        // Before and after views belong to the entry's subject: shown when that is this person.
        const aboutThem = subjectIds.includes(e.entityId);
        return {
          createdAt: isoOf(e.createdAt),
          ...(staffId && e.entityId === staffId ? { staffId } : {}),
          ...(userId && e.entityId === userId ? { userId } : {}),
          actorName: e.actorName,
          kind: e.kind,
          action: e.action,
          summary: e.summary,
          changes: aboutThem ? changesOf(e.before, e.after) : [],
        };
      }),
    };
  }

  private async profileOf(record: Staff | null, account: User | null): Promise<SubjectProfileDto> {
    const userId = account?.id ?? null;
    return {
      staffId: record?.id ?? null,
      userId,
      name: record?.name ?? account?.name ?? '',
      email: record?.email ?? account?.email ?? '',
      role: account?.role ?? null,
      department: record?.department ?? null,
      isTeaching: record ? record.isTeaching : null,
      workingDays: record ? [...record.workingDays] : [],
      fte: record?.fte ?? null,
      weeklyCap: record?.weeklyCap ?? null,
      avoidDays: record ? [...record.avoidDays] : [],
      isActive: record ? record.isActive : (account?.isActive ?? false),
      createdAt: isoOf((record ?? account)!.createdAt),
      lastSignInAt: iso(account?.lastLogin),
      twoFactorEnabled: account?.twoFactorEnabled ?? false,
      signInIdentities: userId
        ? (await this.accounts.identitiesOf(userId)).map((i) => ({
            provider: i.provider,
            createdAt: isoOf(i.createdAt),
            lastUsedAt: iso(i.lastUsedAt),
          }))
        : [],
      calendarFeeds: userId
        ? (await this.calendar.tokensOf(userId)).map((t) => ({ createdAt: isoOf(t.createdAt), lastUsedAt: iso(t.lastUsedAt), active: t.active }))
        : [],
    };
  }
}
