import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { CreateStaffGroupDto } from './dto/create-staff-group.dto';
import type { DeletedStaffGroupDto } from './dto/deleted-staff-group.dto';
import type { SavedStaffGroupDto } from './dto/saved-staff-group.dto';
import type { StaffGroupDto } from './dto/staff-group.dto';
import type { UpdateStaffGroupDto } from './dto/update-staff-group.dto';
import type { StaffGroup } from './entities/staff-group.entity';
import { type StaffGroupWithMembers, StaffGroupsRepository } from './staff-groups.repository';
import { StaffRepository } from './staff.repository';

/**
 * Staff groups (docs/product.md#staff-groups): the admin names groups such as "SLT" or "First
 * aiders" and puts people in them; who may take a duty can name them. Each change is audited.
 */
@Injectable()
export class StaffGroupsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly groups: StaffGroupsRepository,
    private readonly staff: StaffRepository,
    private readonly audit: AuditService,
    private readonly factChanges: FactChangesService,
  ) {}

  async list(): Promise<StaffGroupDto[]> {
    return (await this.groups.list()).map(toStaffGroupDto);
  }

  /** The ids, once each; 404 "Staff group not found" when one is not a group of this organisation. */
  async knownGroups(ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await this.groups.existingIds(unique);
    if (found.size !== unique.length) throw new NotFoundException('Staff group not found');
    return unique;
  }

  /** The ids, once each; 404 "Staff member not found" when one is not a staff member of this organisation. */
  knownStaffIds(ids: string[]): Promise<string[]> {
    return this.knownStaff(ids);
  }

  async create(actor: AuthUser, dto: CreateStaffGroupDto): Promise<StaffGroupDto> {
    return nameConflicts(dto.name, () =>
      this.unitOfWork.transaction(async () => {
        await this.assertNameFree(dto.name);
        const memberIds = await this.knownStaff(dto.memberIds ?? []);
        const group = this.groups.add(dto.name, nameKey(dto.name));
        await this.groups.flush();
        await this.groups.setMembers(group, memberIds);
        await this.groups.flush();
        const created = await this.view(group.id);
        this.audit.record(actor, {
          kind: 'staff',
          action: 'staff-group.created',
          entityId: group.id,
          summary: `Added the staff group '${group.name}'` + membersSummary(created),
          after: created,
        });
        return created;
      }),
    );
  }

  /**
   * Renames the group and sets its members. Taking people out of it is a change of facts
   * (docs/product.md#the-rota-stays-true): a duty open to the group's people loses those no longer
   * in it, in the same transaction.
   */
  async update(actor: AuthUser, id: string, dto: UpdateStaffGroupDto): Promise<SavedStaffGroupDto> {
    return nameConflicts(dto.name ?? '', async () => {
      const { written, rotaChange } = await this.factChanges.change(actor, async () => {
        const group = await this.lock(id);
        const before = await this.view(id);
        if (dto.name !== undefined && dto.name !== group.name) {
          await this.assertNameFree(dto.name, group.id);
          group.name = dto.name;
          group.nameKey = nameKey(dto.name);
        }
        if (dto.memberIds !== undefined) await this.groups.setMembers(group, await this.knownStaff(dto.memberIds));
        await this.groups.flush();
        const after = await this.view(id);
        this.audit.record(actor, {
          kind: 'staff',
          action: 'staff-group.updated',
          entityId: id,
          summary: `Changed the staff group '${after.name}'` + (before.name !== after.name ? ` (was '${before.name}')` : '') + membersSummary(after),
          before,
          after,
        });
        const left = before.members.some((m) => !after.members.some((n) => n.id === m.id));
        return { after, cause: left ? `Changing the staff group '${after.name}'` : null };
      });
      return { ...written.after, rotaChange };
    });
  }

  /** Deletes the group; a duty open to its people loses them (a change of facts, as `update`). */
  async remove(actor: AuthUser, id: string): Promise<DeletedStaffGroupDto> {
    const { rotaChange } = await this.factChanges.change(actor, async () => {
      const group = await this.lock(id);
      const before = await this.view(id);
      this.groups.remove(group);
      await this.groups.flush();
      this.audit.record(actor, {
        kind: 'staff',
        action: 'staff-group.deleted',
        entityId: id,
        summary: `Deleted the staff group '${before.name}'`,
        before,
      });
      return { cause: before.members.length ? `Deleting the staff group '${before.name}'` : null };
    });
    return { rotaChange };
  }

  private async view(id: string): Promise<StaffGroupDto> {
    const found = await this.groups.findWithMembers(id);
    if (!found) throw new NotFoundException('Staff group not found');
    return toStaffGroupDto(found);
  }

  /** The group, locked; another organisation's is not found (404, not 403). */
  private async lock(id: string): Promise<StaffGroup> {
    const group = await this.groups.lock(id);
    if (!group) throw new NotFoundException('Staff group not found');
    return group;
  }

  private async assertNameFree(name: string, exceptId?: string): Promise<void> {
    if (await this.groups.nameTaken(nameKey(name), exceptId)) throw nameTaken(name);
  }

  /** The ids, once each; 404 when one is not a staff member of this organisation (nothing is written). */
  private async knownStaff(ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await this.staff.byIds(unique);
    if (found.size !== unique.length) throw new NotFoundException('Staff member not found');
    return unique;
  }
}

const nameKey = (name: string) => name.toLocaleLowerCase('en-GB');

const nameTaken = (name: string) => new ConflictException(`A staff group named '${name}' already exists`);

/**
 * The name check and the write are two statements: a group of the same name saved in between
 * (another admin at the same moment) trips the unique constraint instead, and reads the same 409.
 */
export async function nameConflicts<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && /staff_groups_name_unique/.test(error.message)) {
      throw nameTaken(name);
    }
    throw error;
  }
}

function toStaffGroupDto({ group, members }: StaffGroupWithMembers): StaffGroupDto {
  return { id: group.id, name: group.name, members };
}

function membersSummary(group: StaffGroupDto): string {
  return group.members.length ? `: ${group.members.map((m) => m.name).join(', ')}` : ' (no members)';
}
