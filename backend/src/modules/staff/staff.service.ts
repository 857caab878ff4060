import { ref } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { Role } from '../../common/auth/roles';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { User } from '../auth/entities/user.entity';
import type { CreateStaffDto } from './dto/create-staff.dto';
import type { StaffDto } from './dto/staff.dto';
import type { Staff } from './entities/staff.entity';
import { asSeenBy } from './personal-fields';
import { StaffInvitationsService } from './staff-invitations.service';
import { auditView, STAFF_EXISTS, toStaffDto, withStaffConflicts } from './staff-record';
import { type ErasureSubject, type Leaver, StaffRepository } from './staff.repository';
import { changePattern, DEFAULT_PATTERN } from './working-pattern';

/**
 * The staff list, adding someone, inviting them, their role, and keeping a record in step with
 * its account. Editing a record is StaffUpdateService (a fact the rota depends on), a CSV import
 * StaffImportService.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly staffRecords: StaffRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
    private readonly staffInvitations: StaffInvitationsService,
    private readonly factChanges: FactChangesService,
  ) {
    // A confirmed new sign-in email is the person's staff email too.
    accounts.onEmailChanged(async (userId, email) => {
      const holder = await this.staffRecords.holderOfEmail(email);
      if (holder && holder.userId !== userId) throw new ConflictException(STAFF_EXISTS);
      await this.staffRecords.setEmailOfUser(userId, email);
    });
    // A person who renames their own account (Account page) is renamed on the staff list too.
    accounts.onNameChanged(async (userId, name) => {
      await this.staffRecords.setNameOfUser(userId, name);
    });
  }

  /** The staff record to erase, locked until the transaction ends (StaffRepository.lockForErasure); 404 for none in this organisation. */
  async lockForErasure(id: string): Promise<ErasureSubject> {
    const subject = await this.staffRecords.lockForErasure(id);
    if (!subject) throw new NotFoundException('Staff member not found');
    return subject;
  }

  /**
   * Erasure (docs/security.md#retention-and-erasure): the record keeps its id (their duties and
   * requests stay linked to it) under the pseudonym and its address, without department or
   * preferred days, inactive and marked anonymised. Inside the caller's transaction.
   */
  anonymise(person: ErasedPerson, at: Date): Promise<void> {
    return this.staffRecords.anonymise(person.staffId, person.pseudonym, person.pseudonymousEmail, at);
  }

  /** Leavers whose personal data is still held, who left at or before `cutoff` (null: whenever), the earliest first. */
  leaversToAnonymise(cutoff: Date | null, limit: number): Promise<Leaver[]> {
    return this.staffRecords.leaversToAnonymise(cutoff, limit);
  }

  /**
   * One raw statement of the signed-in organisation (the tenant filter's own source), its rows
   * already the DTOs: building a Staff and a User entity per person cost far more than the query.
   * Staff get colleagues without their personal fields (docs/product.md#what-people-see-of-each-other).
   */
  async list(viewer: AuthUser): Promise<StaffDto[]> {
    return asSeenBy(viewer, await this.staffRecords.list());
  }

  /** Adds someone; the repair then gives them their share of the planned rota (docs/product.md#the-rota-stays-true). */
  async create(actor: AuthUser, dto: CreateStaffDto): Promise<StaffDto> {
    const { written } = await withStaffConflicts(() =>
      this.factChanges.change(actor, async () => {
        const pattern = changePattern(DEFAULT_PATTERN, dto);
        if (await this.staffRecords.emailTaken(dto.email)) throw new ConflictException(STAFF_EXISTS);
        const staff = this.staffRecords.add({
          name: dto.name,
          email: dto.email,
          department: dto.department ?? null,
          isTeaching: dto.isTeaching ?? true,
          ...pattern,
        });
        // Someone of this organisation who already signs in with this email (say, the admin
        // adding themselves) is the same person.
        const existingUser = await this.accounts.findByEmail(dto.email);
        if (existingUser && !(await this.staffRecords.linkedToUser(existingUser.id))) {
          // Linking gives whoever manages this record a say over that account.
          this.accounts.assertMayChange(actor, existingUser, 'link');
          staff.user = ref(existingUser);
        }
        if (dto.invite) await this.staffInvitations.invite(staff, actor);
        await this.unitOfWork.flush();
        const created = toStaffDto(staff);
        this.audit.record(actor, {
          kind: 'staff',
          action: 'staff.created',
          entityId: staff.id,
          summary: `Added staff member ${staff.name}${dto.invite ? ' and invited them to sign in' : ''}`,
          after: auditView(created),
        });
        return { created, cause: `Adding ${staff.name}` };
      }),
    );
    return written.created;
  }

  async inviteAgain(actor: AuthUser, id: string): Promise<StaffDto> {
    return this.write(async () => {
      const staff = await this.find(id);
      const user = staff.user?.getEntity();
      if (user) this.accounts.assertMayChange(actor, user, 'invite');
      if (user && (await this.accounts.canSignIn(user))) {
        throw new ConflictException(`${staff.name} can already sign in. If they forgot their password, they can reset it from the sign-in page.`);
      }
      await this.staffInvitations.invite(staff, actor);
      await this.unitOfWork.flush();
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
    return this.write(async () => {
      const staff = await this.find(id);
      const user = staff.user?.getEntity();
      if (!user) {
        throw new ConflictException(`Invite ${staff.name} to sign in first: only people who can sign in have a role.`);
      }
      if (user.role === role) return toStaffDto(staff);
      const previous = user.role;
      await this.accounts.changeRole(actor, user, role);
      await this.unitOfWork.flush();
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

  /** A staff record with its account loaded, active or not; another organisation's is not found (404). */
  recordWithAccount(id: string): Promise<Staff> {
    return this.find(id);
  }

  /** The signed-in person's own staff record (linked to them, else unlinked with their email), if any. */
  ownRecord(user: Pick<AuthUser, 'id' | 'email'>): Promise<Staff | null> {
    return this.staffRecords.findOwnWithUser(user.id, user.email);
  }

  /** The staff record with this email, if any (a first sign-in through a provider looks for it). */
  findRecordByEmail(email: string): Promise<Staff | null> {
    return this.staffRecords.findByEmail(email);
  }

  /**
   * Someone new has just been given an account by signing in through the organisation's identity
   * provider (the sso module): the staff record with their email becomes theirs, or, without one,
   * a record is made with the default working pattern, so they appear in Staff Management like
   * anyone else (to edit, or to deactivate). Returns the record's id.
   */
  async linkJoiner(user: User): Promise<string> {
    const staff = (await this.staffRecords.findByEmail(user.email)) ?? this.staffRecords.add({ name: user.name, email: user.email });
    staff.user ??= ref(user);
    await this.staffRecords.flush();
    return staff.id;
  }

  /** Runs a change in one transaction; a unique-constraint race becomes the same 409 as the check. */
  private write<T>(work: () => Promise<T>): Promise<T> {
    return withStaffConflicts(() => this.unitOfWork.transaction(work));
  }

  private async find(id: string): Promise<Staff> {
    // The tenant filter hides other organisations' staff: their ids are simply not found.
    const staff = await this.staffRecords.findWithUser(id);
    if (!staff) throw new NotFoundException('Staff member not found');
    return staff;
  }
}
