import { Injectable } from '@nestjs/common';
import { type RosterEntry, type StaffPerson, StaffRepository } from './staff.repository';

export type { RosterEntry, StaffPerson } from './staff.repository';

/**
 * What other modules ask of the staff (the rota, requests, reminders, setup): people by id or by
 * account, the active staff, the roster with working patterns, the counts. The staff module's
 * answer through its repository, so no other module reads `staff` (docs/architecture.md, "One
 * door per module"). Each is one statement, in the current transaction if any.
 */
@Injectable()
export class StaffDirectory {
  constructor(private readonly staffRecords: StaffRepository) {}

  byIds(ids: string[]): Promise<Map<string, StaffPerson>> {
    return this.staffRecords.byIds(ids);
  }

  ofUser(userId: string): Promise<StaffPerson | undefined> {
    return this.staffRecords.ofUser(userId);
  }

  activePeople(): Promise<Map<string, StaffPerson>> {
    return this.staffRecords.activePeople();
  }

  roster(): Promise<RosterEntry[]> {
    return this.staffRecords.roster();
  }

  counts(): Promise<{ active: number; invited: number }> {
    return this.staffRecords.counts();
  }
}
