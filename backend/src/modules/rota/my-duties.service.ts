import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import type { MyDutyDto } from './dto/my-duty.dto';
import type { OwnDutyRow } from './rota.repository';
import { RotaRepository } from './rota.repository';
import { StaffDirectory } from '../staff/staff-directory.service';
import { MAX_RANGE_DAYS } from './rota-days';
import { postOfRow } from './wet-post';

/** Staff asking for a colleague's duties (docs/product.md#duties). */
export const NOT_YOUR_DUTIES = "You can see only your own duties here; a colleague's are on the rota";

/**
 * The signed-in person's own duties of every kind (docs/product.md#duties): My Rota's and the
 * Dashboard's list. Their own staff record is found as screens find it (docs/product.md#accounts-and-sign-in):
 * linked to them, else with their email address; someone without one has none. An admin or a
 * manager may name a colleague (`staffId`: My Rota's choice of person); staff only themselves.
 */
@Injectable()
export class MyDutiesService {
  constructor(
    private readonly rota: RotaRepository,
    private readonly staffDirectory: StaffDirectory,
  ) {}

  async mine(user: Pick<AuthUser, 'id' | 'email' | 'role'>, startDate: IsoDate, endDate: IsoDate, staffId?: string): Promise<MyDutyDto[]> {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
    let rows: OwnDutyRow[];
    if (staffId === undefined) {
      rows = await this.rota.dutiesOfUserBetween(user, startDate, endDate);
    } else {
      const person = (await this.staffDirectory.byIds([staffId])).get(staffId);
      if (!hasPermission(user.role, 'rota.manage')) {
        // Staff: their own record only (linked to them, else unlinked with their email while they
        // have no linked one); anyone else's id (another school's too) is refused alike.
        const own =
          !!person &&
          (person.userId === user.id ||
            (person.userId === null &&
              person.email.trim().toLowerCase() === user.email.trim().toLowerCase() &&
              !(await this.staffDirectory.ofUser(user.id))));
        if (!own) throw new ForbiddenException(NOT_YOUR_DUTIES);
      } else if (!person) {
        throw new NotFoundException('Staff member not found');
      }
      rows = await this.rota.dutiesOfStaffBetween(staffId, startDate, endDate);
    }
    return rows.map((r) => ({
      date: r.date,
      dutyId: r.duty_id,
      isDutyManager: r.is_duty_manager,
      name: r.name,
      // On a wet day a duty with a wet-weather post is at that post (the statement's `post`: wet-post.ts).
      ...postOfRow(r),
      startTime: r.start_time,
      endTime: r.end_time,
      description: r.description || null,
      position: r.position,
    }));
  }
}
