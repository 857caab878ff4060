import { EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import type { StaffRecord } from './dto/staff.dto';
import { Staff } from './entities/staff.entity';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { STAFF_LIST } from './staff-list';

/** A staff member as other modules need them: their name, email, whether active, and their account's id. */
export interface StaffPerson {
  id: string;
  name: string;
  email: string;
  isActive: boolean;
  userId: string | null;
}

/** A staff member as the rota needs them: who they are, whether they can be planned, and their working pattern. */
export interface RosterEntry {
  id: string;
  name: string;
  department: string | null;
  isTeaching: boolean;
  isActive: boolean;
  /** The weekdays they work, ISO: 1 = Monday … 5 = Friday, sorted, at least one. */
  workingDays: number[];
  /** Contract fraction, 0.05–1; null: their working days ÷ 5. */
  fte: number | null;
  /** At most this many duties in one Monday–Sunday week, 1–5; null: the organisation's default (SystemSettingsRepository.rotaRules). */
  weeklyCap: number | null;
  /** Working days they would rather not do, ISO 1–5: some of `workingDays`, never all of them. */
  avoidDays: number[];
}

/** A staff record about to be erased (StaffRepository.lockForErasure). */
export interface ErasureSubject {
  id: string;
  name: string;
  email: string;
  userId: string | null;
  isActive: boolean;
  anonymisedAt: Date | null;
}

/** Someone who left and whose personal data is still held. */
export interface Leaver {
  id: string;
  name: string;
  deactivatedAt: Date;
}

type PersonRow = { id: string; name: string; email: string; is_active: boolean; user_id: string | null };
/** StaffRepository.byIds: a prepared read (prepared-read.ts); the Today board names who is away with it. */
const STAFF_BY_IDS = preparedStatement(
  'staff_by_ids',
  'select id, name, email, is_active, user_id from staff where organization_id = ? and id = any(?::uuid[])',
);
const toPerson = (r: PersonRow): StaffPerson => ({ id: r.id, name: r.name, email: r.email, isActive: r.is_active, userId: r.user_id });

/**
 * The staff module's one door to `staff` (its own use cases, and the reads other modules ask of
 * StaffDirectory) (docs/architecture.md, "One door per
 * module"). The tenant filter scopes every ORM call to the current organisation; the raw list
 * states it. Inside a UnitOfWork transaction the injected manager is the transaction's.
 */
@Injectable()
export class StaffRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every staff record of the organisation as the list shows it (StaffService.list). One statement. */
  list(): Promise<StaffRecord[]> {
    return preparedRead<StaffRecord>(this.em, STAFF_LIST, [TenantContext.require()]);
  }

  /** A staff member with their account loaded; another organisation's is simply not found. */
  findWithUser(id: string): Promise<Staff | null> {
    return this.em.findOne(Staff, { id }, { populate: ['user'] });
  }

  /**
   * The person's own staff record, as screens find it (docs/product.md#accounts-and-sign-in): the
   * one linked to the user, else an unlinked one with their email; with its account loaded.
   */
  async findOwnWithUser(userId: string, email: string): Promise<Staff | null> {
    return (
      (await this.em.findOne(Staff, { user: userId }, { populate: ['user'] })) ??
      (await this.em.findOne(Staff, { user: null, email: email.trim().toLowerCase() }, { populate: ['user'] }))
    );
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
  change(staff: Staff, fields: Partial<Pick<Staff, 'name' | 'email' | 'department' | 'isTeaching' | 'isActive' | 'deactivatedAt' | 'workingDays' | 'fte' | 'weeklyCap' | 'avoidDays'>>): void {
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

  /** The current organisation's staff among `ids`, by id; an id of another organisation is simply absent. One statement. */
  async byIds(ids: string[]): Promise<Map<string, StaffPerson>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await preparedRead<PersonRow>(this.em, STAFF_BY_IDS, [TenantContext.require(), `{${unique.join(',')}}`]);
    return new Map(rows.map((r) => [r.id, toPerson(r)]));
  }

  /** The current organisation's staff record linked to a user (the person signed in), if any. One statement. */
  async ofUser(userId: string): Promise<StaffPerson | undefined> {
    const [r] = await this.em.execute<PersonRow[]>('select id, name, email, is_active, user_id from staff where organization_id = ? and user_id = ? limit 1', [
      TenantContext.require(),
      userId,
    ]);
    return r && toPerson(r);
  }

  /** The current organisation's active staff, by staff id (with their user, when they can sign in). One statement. */
  async activePeople(): Promise<Map<string, StaffPerson>> {
    const rows = await this.em.execute<PersonRow[]>('select id, name, email, is_active, user_id from staff where organization_id = ? and is_active order by id', [
      TenantContext.require(),
    ]);
    return new Map(rows.map((r) => [r.id, toPerson(r)]));
  }

  /** Everyone on the current organisation's staff, active or not, by id. One statement. */
  async roster(): Promise<RosterEntry[]> {
    const rows = await this.em.execute<
      {
        id: string;
        name: string;
        department: string | null;
        is_teaching: boolean;
        is_active: boolean;
        working_days: number[];
        fte: number | null;
        weekly_cap: number | null;
        avoid_days: number[];
      }[]
    >(
      `select id, name, department, is_teaching, is_active, working_days, fte::float8 as fte, weekly_cap, avoid_days
         from staff where organization_id = ? order by id`,
      [TenantContext.require()],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      department: r.department,
      isTeaching: r.is_teaching,
      isActive: r.is_active,
      workingDays: r.working_days,
      fte: r.fte,
      weeklyCap: r.weekly_cap,
      avoidDays: r.avoid_days,
    }));
  }

  /** How many active staff the current organisation has, and how many of them have been invited to sign in. One statement. */
  async counts(): Promise<{ active: number; invited: number }> {
    const [row] = await this.em.execute<{ active: string; invited: string }[]>(
      `select count(*) filter (where is_active) as active, count(*) filter (where is_active and user_id is not null) as invited
         from staff where organization_id = ?`,
      [TenantContext.require()],
    );
    return { active: Number(row?.active ?? 0), invited: Number(row?.invited ?? 0) };
  }

  /**
   * The record to erase, locked until the transaction ends (so two erasures of one person, from
   * the job on two instances or a click during it, take turns and the second finds it done), or
   * undefined for none in this organisation.
   */
  async lockForErasure(id: string): Promise<ErasureSubject | undefined> {
    const [row] = await this.em.execute<
      { id: string; name: string; email: string; user_id: string | null; is_active: boolean; anonymised_at: Date | null }[]
    >('select id, name, email, user_id, is_active, anonymised_at from staff where organization_id = ? and id = ? for update', [
      TenantContext.require(),
      id,
    ]);
    return (
      row && {
        id: row.id,
        name: row.name,
        email: row.email,
        userId: row.user_id,
        isActive: row.is_active,
        anonymisedAt: row.anonymised_at && new Date(row.anonymised_at),
      }
    );
  }

  /** The record without personal data: the pseudonym and its address, no department or preferred days, inactive, marked anonymised at `at`. */
  async anonymise(id: string, name: string, email: string, at: Date): Promise<void> {
    await this.em.execute(
      `update staff set name = ?, email = ?, department = null, avoid_days = '{}', is_active = false, anonymised_at = ?,
              deactivated_at = coalesce(deactivated_at, ?), updated_at = now()
        where organization_id = ? and id = ?`,
      [name, email, at, at, TenantContext.require(), id],
    );
  }

  /** Leavers not yet anonymised, who left at or before `cutoff` (all of them without one), the earliest first. One statement. */
  async leaversToAnonymise(cutoff: Date | null, limit: number): Promise<Leaver[]> {
    const rows = await this.em.execute<{ id: string; name: string; deactivated_at: Date }[]>(
      `select id, name, deactivated_at from staff
        where organization_id = ? and not is_active and anonymised_at is null and deactivated_at is not null and (?::timestamptz is null or deactivated_at <= ?)
        order by deactivated_at, id limit ?`,
      [TenantContext.require(), cutoff, cutoff, limit],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, deactivatedAt: new Date(r.deactivated_at) }));
  }
}
