import { IsoDateField } from '../../../common/validation/iso-date';

export class TestRemindersForDateDto {
  /** The duty date whose reminders to send now (today or later). */
  @IsoDateField('Date')
  date!: string;
}
