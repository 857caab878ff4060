import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { Duty } from '../../duties/entities/duty.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { RotaDraft } from './rota-draft.entity';

/**
 * One person on one duty on one day of a draft (docs/product.md#drafts), in slot `position`, as
 * a RotaSlot is on the rota: one person per slot of a duty, a person at most once a day on a duty.
 */
@Entity({ tableName: 'draft_slots' })
@Unique({ name: 'draft_slots_position_unique', properties: ['draft', 'duty', 'date', 'position'] })
@Unique({ name: 'draft_slots_staff_unique', properties: ['draft', 'duty', 'date', 'staff'] })
@Index({ properties: ['organization', 'draft'] })
@Check({ name: 'draft_slots_position_range', expression: 'position >= 1 and position <= 10' })
export class DraftSlot extends TenantScopedEntity {
  [OptionalProps]?: 'organization';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => RotaDraft, { ref: true, deleteRule: 'cascade', fieldName: 'draft_id' })
  draft!: Ref<RotaDraft>;

  @ManyToOne(() => Duty, { ref: true, deleteRule: 'cascade' })
  duty!: Ref<Duty>;

  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'smallint' })
  position!: number;

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'cascade' })
  staff!: Ref<Staff>;
}
