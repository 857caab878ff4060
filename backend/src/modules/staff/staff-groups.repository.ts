import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { StaffGroupMember } from './entities/staff-group-member.entity';
import { StaffGroup } from './entities/staff-group.entity';

/** A group with its members' ids and names, members by name. */
export interface StaffGroupWithMembers {
  group: StaffGroup;
  members: { id: string; name: string }[];
}

/**
 * The one door to `staff_groups` and `staff_group_members` (docs/architecture.md, "One door per
 * module"). The tenant filter scopes every call to the current organisation.
 */
@Injectable()
export class StaffGroupsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The organisation's groups by name, each with its members. Two statements. */
  async list(): Promise<StaffGroupWithMembers[]> {
    const groups = await this.em.find(StaffGroup, {}, { orderBy: { nameKey: 'asc' } });
    return this.withMembers(groups);
  }

  /** One group with its members, or null (another organisation's is null too). */
  async findWithMembers(id: string): Promise<StaffGroupWithMembers | null> {
    const group = await this.em.findOne(StaffGroup, { id });
    return group ? (await this.withMembers([group]))[0]! : null;
  }

  /** The group, locked until the transaction ends, or null. */
  lock(id: string): Promise<StaffGroup | null> {
    return this.em.findOne(StaffGroup, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Whether another group of the organisation has this name, compared without case. */
  async nameTaken(nameKey: string, exceptId?: string): Promise<boolean> {
    return (await this.em.count(StaffGroup, exceptId ? { nameKey, id: { $ne: exceptId } } : { nameKey })) > 0;
  }

  /** Of these ids, those of the organisation's groups. */
  async existingIds(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const groups = await this.em.find(StaffGroup, { id: { $in: ids } }, { fields: ['id'] });
    return new Set(groups.map((group) => group.id));
  }

  add(name: string, nameKey: string): StaffGroup {
    return this.em.create(StaffGroup, { name, nameKey });
  }

  /** Makes `staffIds` the group's members: those not listed leave, the new ones join. */
  async setMembers(group: StaffGroup, staffIds: string[]): Promise<void> {
    const current = await this.em.find(StaffGroupMember, { group });
    const wanted = new Set(staffIds);
    for (const member of current) if (!wanted.has(member.staff.id)) this.em.remove(member);
    const kept = new Set(current.map((member) => member.staff.id));
    for (const staffId of wanted) if (!kept.has(staffId)) this.em.create(StaffGroupMember, { group, staff: staffId });
  }

  remove(group: StaffGroup): void {
    this.em.remove(group);
  }

  flush(): Promise<void> {
    return this.em.flush();
  }

  private async withMembers(groups: StaffGroup[]): Promise<StaffGroupWithMembers[]> {
    if (!groups.length) return [];
    const members = await this.em.find(StaffGroupMember, { group: { $in: groups.map((g) => g.id) } }, { populate: ['staff'] });
    const byGroup = new Map<string, { id: string; name: string }[]>();
    for (const member of members) {
      const list = byGroup.get(member.group.id) ?? byGroup.set(member.group.id, []).get(member.group.id)!;
      list.push({ id: member.staff.id, name: member.staff.getEntity().name });
    }
    return groups.map((group) => ({
      group,
      members: (byGroup.get(group.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
    }));
  }
}
