import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import { OrganizationsService } from '../tenants/organizations.service';
import type { StaffUpdateResultDto } from './dto/staff-update-result.dto';
import type { UpdateStaffDto } from './dto/update-staff.dto';
import { StaffInvitationsService } from './staff-invitations.service';
import { auditView, patternOf, STAFF_EXISTS, toStaffDto, withStaffConflicts } from './staff-record';
import { StaffRepository } from './staff.repository';
import { changePattern, patternChangesForRota } from './working-pattern';

const ERASED_CANNOT_RETURN = "This person's personal data was erased: they can't be reactivated. Add them again as a new staff member.";

/**
 * Editing a staff member. Their active state and working pattern are facts the rota depends on,
 * so the edit is a fact change (FactChangesService.change): a leaver's future duties go, and so
 * do those on days they no longer work or above a lower weekly cap, refilled per auto-fill
 * (docs/product.md#the-rota-stays-true).
 */
@Injectable()
export class StaffUpdateService {
  constructor(
    private readonly staffRecords: StaffRepository,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
    private readonly organizations: OrganizationsService,
    private readonly staffInvitations: StaffInvitationsService,
    private readonly factChanges: FactChangesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Rota fields (department, teaching, working pattern) are the manager's to edit for anyone;
   * everything that reaches the linked account (email, active state, name, invitation) goes
   * through AccountsService, which applies who-may-act-on-whom. A new email of someone who can
   * sign in waits for the new address to confirm it: until then the record keeps the old one.
   */
  async update(actor: AuthUser, id: string, dto: UpdateStaffDto): Promise<StaffUpdateResultDto> {
    const { written, rotaChange } = await withStaffConflicts(() => this.factChanges.change(actor, () => this.edit(actor, id, dto)));
    return { ...written.after, rotaChange };
  }

  private async edit(actor: AuthUser, id: string, dto: UpdateStaffDto) {
    // The tenant filter hides other organisations' staff: their ids are simply not found.
    const staff = await this.staffRecords.findWithUser(id);
    if (!staff) throw new NotFoundException('Staff member not found');
    // An erased person is a pseudonym kept for history (docs/security.md#retention-and-erasure): nobody to bring back.
    if (staff.anonymisedAt && dto.isActive) throw new ConflictException(ERASED_CANNOT_RETURN);
    const user = staff.user?.getEntity();
    const before = toStaffDto(staff);
    const pattern = changePattern(patternOf(staff), dto);
    let emailPending = false;

    if (dto.email !== undefined && dto.email !== staff.email) {
      if (await this.staffRecords.emailTaken(dto.email, staff.id)) throw new ConflictException(STAFF_EXISTS);
      if (user) {
        const organization = await this.organizations.getCurrent();
        emailPending = (await this.accounts.changeEmail(actor, user, dto.email, organization)).pending;
      }
    }
    if (user && dto.name !== undefined) this.accounts.rename(actor, user, dto.name);
    if (user && dto.isActive !== undefined) await this.accounts.setActive(actor, user, dto.isActive);

    this.staffRecords.change(staff, {
      ...(dto.name !== undefined && { name: dto.name }),
      ...(dto.email !== undefined && !emailPending && { email: dto.email }),
      ...(dto.department !== undefined && { department: dto.department }),
      ...(dto.isTeaching !== undefined && { isTeaching: dto.isTeaching }),
      ...(dto.isActive !== undefined && { isActive: dto.isActive }),
      // When they left, for the leavers' retention period; cleared when they come back.
      ...(dto.isActive !== undefined && dto.isActive !== staff.isActive && { deactivatedAt: dto.isActive ? null : this.clock.now() }),
      ...pattern,
    });
    // An invitation never used follows the new address; nobody else gets a set-password link.
    const reinvite = user && before.email !== staff.email && staff.isActive && !(await this.accounts.canSignIn(user));
    if (dto.invite || reinvite) await this.staffInvitations.invite(staff, actor);
    await this.staffRecords.flush();

    const after = toStaffDto(staff);
    const action = before.isActive !== after.isActive ? (after.isActive ? 'staff.reactivated' : 'staff.deactivated') : 'staff.updated';
    const verb = { 'staff.reactivated': 'Reactivated', 'staff.deactivated': 'Deactivated', 'staff.updated': 'Edited' }[action];
    const pendingNote = emailPending ? ` and asked ${dto.email} to confirm the new sign-in email` : '';
    this.audit.record(actor, {
      kind: 'staff',
      action,
      entityId: staff.id,
      summary: `${verb} staff member ${staff.name}${dto.invite ? ' and invited them to sign in' : ''}${pendingNote}`,
      ...changedFields(auditView(before), auditView(after)),
    });
    const patternChanges = patternChangesForRota(before, after);
    const cause =
      action === 'staff.deactivated'
        ? `Deactivating ${staff.name}`
        : action === 'staff.reactivated'
          ? `Reactivating ${staff.name}`
          : patternChanges.length
            ? `Changing ${staff.name}'s ${patternChanges.join(' and ')}`
            : null;
    return { after, cause };
  }
}
