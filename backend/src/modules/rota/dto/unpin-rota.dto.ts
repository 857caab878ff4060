import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';
import { DutyIdField } from './duty-id-field';

/** Unpin all in the period (docs/product.md#pinned-duties): the days `from`..`to`, of every duty or of `dutyId`'s. */
export class UnpinRotaDto {
  @IsoDateField('from')
  from!: string;

  @IsoDateField('to')
  @NotBefore('from', 'to must be on or after from')
  to!: string;

  /** Only this duty's pinned duties; every duty's when absent. */
  @DutyIdField()
  dutyId?: string;
}
