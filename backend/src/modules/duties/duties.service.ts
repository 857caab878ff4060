import { Injectable } from '@nestjs/common';
import { SystemSettingsService } from '../settings/system-settings.service';
import type { DutyDto } from './dto/duty.dto';
import type { Duty } from './entities/duty.entity';
import { DutiesRepository } from './duties.repository';

const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * The duties a school runs (docs/product.md#duties). The Duty Manager duty runs every weekday with
 * the settings' duty managers per day, its one source.
 */
@Injectable()
export class DutiesService {
  constructor(
    private readonly duties: DutiesRepository,
    private readonly settings: SystemSettingsService,
  ) {}

  /** The id of the organisation's Duty Manager duty: what a request or record of that duty names. */
  dutyManagerId(): Promise<string> {
    return this.duties.dutyManagerId();
  }

  /** The organisation's duties in the school's order. */
  async list(): Promise<DutyDto[]> {
    const duties = await this.duties.list();
    const dutyManagersPerDay = await this.settings.dutyManagersPerDay();
    return duties.map((duty) => toDutyDto(duty, dutyManagersPerDay));
  }
}

function toDutyDto(duty: Duty, dutyManagersPerDay: number): DutyDto {
  return {
    id: duty.id,
    isDutyManager: duty.isDutyManager === true,
    name: duty.name,
    place: duty.place ?? null,
    description: duty.description,
    startTime: duty.startTime ?? null,
    endTime: duty.endTime ?? null,
    weekdays: duty.isDutyManager ? WEEKDAYS.map((weekday) => ({ weekday, people: dutyManagersPerDay })) : [],
    eligible: duty.eligible,
    weight: duty.weight,
    pairsTeaching: duty.pairsTeaching,
    paused: duty.paused,
  };
}
