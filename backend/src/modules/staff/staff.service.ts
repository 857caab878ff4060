import { EntityManager, ref, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { Role } from '../../common/auth/roles';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccountsService, EMAIL_IN_USE } from '../auth/accounts.service';
import type { User } from '../auth/entities/user.entity';
import { InvitationService } from '../auth/invitation.service';
import { RotaIntegrity } from '../../common/rota-integrity/rota-integrity';
import { WorkerPool, workerTask } from '../../common/workers/worker-pool';
import { TenantContext } from '../../tenancy/tenant-context';
import { Organization } from '../tenants/entities/organization.entity';
import type {
  CreateStaffDto,
  ImportPreviewDto,
  ImportResultDto,
  InviteStatus,
  StaffDto,
  StaffRecord,
  StaffUpdateResultDto,
  UpdateStaffDto,
} from './dto/staff.dto';
import { Staff } from './entities/staff.entity';
import type { readStaffCsv } from './staff-csv';
import { STAFF_LIST_SQL } from './staff-list';
import { asSeenBy } from './personal-fields';
import { plural } from '../../common/text/plural';
import { changePattern, DEFAULT_PATTERN, patternChangesForRota, type WorkingPattern } from './working-pattern';

const STAFF_EXISTS = 'A staff member with this email already exists';

/**
 * `active` once the person can sign in (a password, a verified address, a past sign-in: an
 * identity provider's accounts have the last two), `invited` while only an unused invitation
 * exists. AccountsService.canSignIn decides the same; staff-list.ts computes it in SQL.
 */
function inviteStatus(user: User | null | undefined): InviteStatus {
  if (!user) return 'not_invited';
  return user.hasPassword || user.emailVerified || user.lastLogin ? 'active' : 'invited';
}

export function toStaffDto(staff: Staff): StaffRecord {
  const user = staff.user?.getEntity();
  return {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    department: staff.department ?? null,
    isActive: staff.isActive,
    isTeaching: staff.isTeaching,
    userId: user?.id ?? null,
    role: user?.role ?? null,
    inviteStatus: inviteStatus(user),
    ...patternOf(staff),
  };
}

function patternOf(staff: Staff): WorkingPattern {
  return { workingDays: [...staff.workingDays], fte: staff.fte ?? null, weeklyCap: staff.weeklyCap ?? null, avoidDays: [...staff.avoidDays] };
}

/** The fields the audit log keeps for a staff member. */
const auditView = (dto: StaffDto) => ({
  name: dto.name,
  email: dto.email,
  department: dto.department,
  isTeaching: dto.isTeaching,
  isActive: dto.isActive,
  workingDays: dto.workingDays,
  fte: dto.fte,
  weeklyCap: dto.weeklyCap,
  avoidDays: dto.avoidDays,
});

/** The CSV read and checked in a worker thread (common/workers/worker-pool.ts). */
const READ_STAFF_CSV = workerTask<typeof readStaffCsv>(__dirname, __filename, 'staff-csv', 'readStaffCsv');

@Injectable()
export class StaffService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly invitations: InvitationService,
    private readonly accounts: AccountsService,
    private readonly integrity: RotaIntegrity,
    private readonly workers: WorkerPool,
  ) {
    // A confirmed new sign-in email is the person's staff email too.
    accounts.onEmailChanged(async (em, userId, email) => {
      const holder = await em.findOne(Staff, { email }, { fields: ['id', 'user'] });
      if (holder && holder.user?.id !== userId) throw new ConflictException(STAFF_EXISTS);
      await em.nativeUpdate(Staff, { user: userId }, { email });
    });
    // A person who renames their own account (Account page) is renamed on the staff list too.
    accounts.onNameChanged(async (em, userId, name) => {
      await em.nativeUpdate(Staff, { user: userId }, { name });
    });
  }

  /**
   * One raw statement of the signed-in organisation (the tenant filter's own source), its rows
   * already the DTOs: building a Staff and a User entity per person cost far more than the query.
   * Staff get colleagues without their personal fields (docs/product.md#what-people-see-of-each-other).
   */
  async list(viewer: AuthUser): Promise<StaffDto[]> {
    return asSeenBy(viewer, await this.em.execute<StaffRecord[]>(STAFF_LIST_SQL, [TenantContext.require()]));
  }

  async create(actor: AuthUser, dto: CreateStaffDto): Promise<StaffDto> {
    return this.write(async (em) => {
      const pattern = changePattern(DEFAULT_PATTERN, dto);
      if (await em.count(Staff, { email: dto.email })) throw new ConflictException(STAFF_EXISTS);
      const staff = em.create(Staff, {
        name: dto.name,
        email: dto.email,
        department: dto.department ?? null,
        isTeaching: dto.isTeaching ?? true,
        ...pattern,
      });
      // Someone of this organisation who already signs in with this email (say, the admin
      // adding themselves) is the same person.
      const existingUser = await this.accounts.findByEmail(em, dto.email);
      if (existingUser && !(await em.count(Staff, { user: existingUser.id }))) {
        // Linking gives whoever manages this record a say over that account.
        this.accounts.assertMayChange(actor, existingUser, 'link');
        staff.user = ref(existingUser);
      }
      if (dto.invite) await this.invite(em, staff, actor);
      await em.flush();
      const created = toStaffDto(staff);
      this.audit.record(actor, {
        kind: 'staff',
        action: 'staff.created',
        entityId: staff.id,
        summary: `Added staff member ${staff.name}${dto.invite ? ' and invited them to sign in' : ''}`,
        after: auditView(created),
      });
      return created;
    });
  }

  /**
   * Rota fields (department, teaching, working pattern) are the manager's to edit for anyone;
   * everything that reaches the linked account (email, active state, name, invitation) goes
   * through AccountsService, which applies who-may-act-on-whom. A new email of someone who can
   * sign in waits for the new address to confirm it: until then the record keeps the old one.
   */
  async update(actor: AuthUser, id: string, dto: UpdateStaffDto): Promise<StaffUpdateResultDto> {
    return this.write(async (em) => {
      const staff = await this.find(em, id);
      const user = staff.user?.getEntity();
      const before = toStaffDto(staff);
      const pattern = changePattern(patternOf(staff), dto);
      let emailPending = false;

      if (dto.email !== undefined && dto.email !== staff.email) {
        if (await em.count(Staff, { email: dto.email, id: { $ne: staff.id } })) throw new ConflictException(STAFF_EXISTS);
        if (user) {
          const organization = await em.findOneOrFail(Organization, { id: TenantContext.require() });
          emailPending = (await this.accounts.changeEmail(em, actor, user, dto.email, organization)).pending;
        }
      }
      if (user && dto.name !== undefined) this.accounts.rename(actor, user, dto.name);
      if (user && dto.isActive !== undefined) await this.accounts.setActive(em, actor, user, dto.isActive);

      em.assign(staff, {
        ...(dto.name !== undefined && { name: dto.name }),
        ...(dto.email !== undefined && !emailPending && { email: dto.email }),
        ...(dto.department !== undefined && { department: dto.department }),
        ...(dto.isTeaching !== undefined && { isTeaching: dto.isTeaching }),
        ...(dto.isActive !== undefined && { isActive: dto.isActive }),
        ...pattern,
      });
      // An invitation never used follows the new address; nobody else gets a set-password link.
      const reinvite = user && before.email !== staff.email && staff.isActive && !(await this.accounts.canSignIn(em, user));
      if (dto.invite || reinvite) await this.invite(em, staff, actor);
      await em.flush();

      const after = toStaffDto(staff);
      const action =
        before.isActive !== after.isActive ? (after.isActive ? 'staff.reactivated' : 'staff.deactivated') : 'staff.updated';
      const verb = { 'staff.reactivated': 'Reactivated', 'staff.deactivated': 'Deactivated', 'staff.updated': 'Edited' }[action];
      const pendingNote = emailPending ? ` and asked ${dto.email} to confirm the new sign-in email` : '';
      this.audit.record(actor, {
        kind: 'staff',
        action,
        entityId: staff.id,
        summary: `${verb} staff member ${staff.name}${dto.invite ? ' and invited them to sign in' : ''}${pendingNote}`,
        ...changedFields(auditView(before), auditView(after)),
      });
      // A leaver's future duties go now, and so do those on days they no longer work or above a
      // lower weekly cap; refilled per auto-fill (docs/product.md#the-rota-stays-true).
      const patternChanges = patternChangesForRota(before, after);
      const description =
        action === 'staff.deactivated'
          ? `Deactivating ${staff.name}`
          : patternChanges.length
            ? `Changing ${staff.name}'s ${patternChanges.join(' and ')}`
            : null;
      const rotaChange = description ? await this.integrity.restore(em, actor, { description }) : null;
      return { ...after, rotaChange };
    });
  }

  async inviteAgain(actor: AuthUser, id: string): Promise<StaffDto> {
    return this.write(async (em) => {
      const staff = await this.find(em, id);
      const user = staff.user?.getEntity();
      if (user) this.accounts.assertMayChange(actor, user, 'invite');
      if (user && (await this.accounts.canSignIn(em, user))) {
        throw new ConflictException(`${staff.name} can already sign in. If they forgot their password, they can reset it from the sign-in page.`);
      }
      await this.invite(em, staff, actor);
      await em.flush();
      this.audit.record(actor, {
        kind: 'staff',
        action: 'staff.invited',
        entityId: staff.id,
        summary: `Invited ${staff.name} to sign in`,
      });
      return toStaffDto(staff);
    });
  }

  async changeRole(actor: AuthUser, id: string, role: Role): Promise<StaffDto> {
    return this.write(async (em) => {
      const staff = await this.find(em, id);
      const user = staff.user?.getEntity();
      if (!user) {
        throw new ConflictException(`Invite ${staff.name} to sign in first: only people who can sign in have a role.`);
      }
      if (user.role === role) return toStaffDto(staff);
      const previous = user.role;
      await this.accounts.changeRole(em, actor, user, role);
      await em.flush();
      this.audit.record(actor, {
        kind: 'role',
        action: 'role.changed',
        entityId: staff.id,
        summary: `Changed ${staff.name}'s role from ${previous} to ${role}`,
        before: { role: previous },
        after: { role },
      });
      return toStaffDto(staff);
    });
  }

  /**
   * Someone new has just been given an account by signing in through the organisation's identity
   * provider (the sso module): the staff record with their email becomes theirs, or, without one,
   * a record is made with the default working pattern, so they appear in Staff Management like
   * anyone else (to edit, or to deactivate). Returns the record's id.
   */
  async linkJoiner(em: EntityManager, user: User): Promise<string> {
    const staff = (await em.findOne(Staff, { email: user.email })) ?? em.create(Staff, { name: user.name, email: user.email });
    staff.user ??= ref(user);
    await em.flush();
    return staff.id;
  }

  async previewImport(file: Buffer): Promise<ImportPreviewDto> {
    const csv = await this.workers.run(READ_STAFF_CSV, file);
    if ('error' in csv) throw new BadRequestException(csv.error);
    const { rows } = csv;
    const emails = rows.map((r) => r.email).filter(Boolean);
    const existing = new Set(
      (await this.em.find(Staff, { email: { $in: emails } }, { fields: ['email'] })).map((s) => s.email),
    );
    for (const row of rows) if (existing.has(row.email)) row.errors.push(STAFF_EXISTS);
    const validCount = rows.filter((r) => r.errors.length === 0).length;
    return { rows, validCount, errorCount: rows.length - validCount };
  }

  /** Imports the rows without errors, all in one transaction. */
  async import(actor: AuthUser, file: Buffer): Promise<ImportResultDto> {
    const preview = await this.previewImport(file);
    const valid = preview.rows.filter((r) => r.errors.length === 0);
    await this.write(async (em) => {
      for (const row of valid) {
        em.create(Staff, {
          name: row.name,
          email: row.email,
          department: row.department,
          isTeaching: row.isTeaching,
          workingDays: row.workingDays,
          fte: row.fte,
        });
      }
      await em.flush();
      if (valid.length) {
        this.audit.record(actor, {
          kind: 'staff',
          action: 'staff.imported',
          entityId: 'csv',
          summary: `Imported ${plural(valid.length, 'staff member')} from a CSV file`,
          after: { emails: valid.map((r) => r.email) },
        });
      }
    });
    return { imported: valid.length, skipped: preview.rows.length - valid.length };
  }

  /** Runs a change in one transaction; a unique-constraint race becomes the same 409 as the check. */
  private async write<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em.transactional(fn);
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new ConflictException(/users_organization_id_email/.test(err.message) ? EMAIL_IN_USE : STAFF_EXISTS);
      }
      throw err;
    }
  }

  private async invite(em: EntityManager, staff: Staff, actor: AuthUser): Promise<void> {
    const organization = await em.findOneOrFail(Organization, { id: TenantContext.require() });
    const { user } = await this.invitations.invite(
      em,
      { name: staff.name, email: staff.email, isActive: staff.isActive, user: staff.user?.getEntity() },
      organization,
      actor,
    );
    staff.user = ref(user);
  }

  private async find(em: EntityManager, id: string): Promise<Staff> {
    // The tenant filter hides other organisations' staff: their ids are simply not found.
    const staff = await em.findOne(Staff, { id }, { populate: ['user'] });
    if (!staff) throw new NotFoundException('Staff member not found');
    return staff;
  }
}
