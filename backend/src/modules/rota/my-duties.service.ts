import { BadRequestException, Injectable } from '@nestjs/common';
import { daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import type { MyDutyDto } from './dto/my-duty.dto';
import { RotaRepository } from './rota.repository';
import { MAX_RANGE_DAYS } from './rota-days';

/**
 * The signed-in person's own duties of every kind (docs/product.md#duties): My Rota's and the
 * Dashboard's list. Their own staff record is found as screens find it (docs/product.md#accounts-and-sign-in):
 * linked to them, else with their email address; someone without one has none. One statement.
 */
@Injectable()
export class MyDutiesService {
  constructor(private readonly rota: RotaRepository) {}

  async mine(user: { id: string; email: string }, startDate: IsoDate, endDate: IsoDate): Promise<MyDutyDto[]> {
    if (daysInSpan(startDate, endDate) > MAX_RANGE_DAYS) {
      throw new BadRequestException('The date range can cover at most two years; ask for a shorter period');
    }
    const rows = await this.rota.dutiesOfUserBetween(user, startDate, endDate);
    return rows.map((r) => ({
      date: r.date,
      dutyId: r.duty_id,
      isDutyManager: r.is_duty_manager,
      name: r.name,
      place: r.place,
      startTime: r.start_time,
      endTime: r.end_time,
      description: r.description || null,
      position: r.position,
    }));
  }
}
