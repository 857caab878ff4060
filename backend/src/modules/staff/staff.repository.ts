import { EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import type { StaffRecord } from './dto/staff.dto';
import { Staff } from './entities/staff.entity';
import { STAFF_LIST_SQL } from './staff-list';

/**
 * The staff module's door to `staff` for its own use cases (docs/architecture.md, "One door per
 * module"). The tenant filter scopes every ORM call to the current organisation; the raw list
 * states it. Inside a UnitOfWork transaction the injected manager is the transaction's.
 */
@Injectable()
export class StaffRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every staff record of the organisation as the list shows it (StaffService.list). One statement. */
  list(): Promise<StaffRecord[]> {
    return this.em.execute<StaffRecord[]>(STAFF_LIST_SQL, [TenantContext.require()]);
  }

  /** A staff member with their account loaded; another organisation's is simply not found. */
  findWithUser(id: string): Promise<Staff | null> {
    return this.em.findOne(Staff, { id }, { populate: ['user'] });
  }

  findByEmail(email: string): Promise<Staff | null> {
    return this.em.findOne(Staff, { email });
  }

  /** Whether someone else (not `exceptId`) has this email. */
  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    return (await this.em.count(Staff, exceptId ? { email, id: { $ne: exceptId } } : { email })) > 0;
  }

  async linkedToUser(userId: string): Promise<boolean> {
    return (await this.em.count(Staff, { user: userId })) > 0;
  }

  /** The holder of an email, with only its id and account loaded. */
  async holderOfEmail(email: string): Promise<{ id: string; userId: string | null } | null> {
    const holder = await this.em.findOne(Staff, { email }, { fields: ['id', 'user'] });
    return holder && { id: holder.id, userId: holder.user?.id ?? null };
  }

  /** Which of `emails` already belong to a staff member. */
  async existingEmails(emails: string[]): Promise<Set<string>> {
    return new Set((await this.em.find(Staff, { email: { $in: emails } }, { fields: ['email'] })).map((s) => s.email));
  }

  add(fields: RequiredEntityData<Staff>): Staff {
    return this.em.create(Staff, fields);
  }

  /** Changes loaded fields of a record (written at the next flush). */
  change(staff: Staff, fields: Partial<Pick<Staff, 'name' | 'email' | 'department' | 'isTeaching' | 'isActive' | 'workingDays' | 'fte' | 'weeklyCap' | 'avoidDays'>>): void {
    this.em.assign(staff, fields);
  }

  async setEmailOfUser(userId: string, email: string): Promise<void> {
    await this.em.nativeUpdate(Staff, { user: userId }, { email });
  }

  async setNameOfUser(userId: string, name: string): Promise<void> {
    await this.em.nativeUpdate(Staff, { user: userId }, { name });
  }

  flush(): Promise<void> {
    return this.em.flush();
  }
}
