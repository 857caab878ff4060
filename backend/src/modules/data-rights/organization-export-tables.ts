import { Injectable } from '@nestjs/common';
import type { OrganizationTables } from '../../database/organization-tables';
import { AuditTablesService } from '../audit/audit-tables.service';
import { AuthTablesService } from '../auth/auth-tables.service';
import { AvailabilityTablesService } from '../availability/availability-tables.service';
import { DutiesTablesService } from '../duties/duties-tables.service';
import { HolidaysTablesService } from '../holidays/holidays-tables.service';
import { NotificationsTablesService } from '../notifications/notifications-tables.service';
import { RequestsTablesService } from '../requests/requests-tables.service';
import { RotaTablesService } from '../rota/rota-tables.service';
import { SettingsTablesService } from '../settings/settings-tables.service';
import { SsoTablesService } from '../sso/sso-tables.service';
import { StaffTablesService } from '../staff/staff-tables.service';
import { EXPORTED_TABLES, type ExportTable } from './export-format';

/** Each exported table's owner (docs/architecture.md, "One owner per table"), which reads and writes its rows. */
@Injectable()
export class OrganizationTablesRegistry {
  private readonly owners = new Map<string, OrganizationTables>();

  constructor(
    auth: AuthTablesService,
    audit: AuditTablesService,
    notifications: NotificationsTablesService,
    staff: StaffTablesService,
    sso: SsoTablesService,
    holidays: HolidaysTablesService,
    settings: SettingsTablesService,
    availability: AvailabilityTablesService,
    duties: DutiesTablesService,
    rota: RotaTablesService,
    requests: RequestsTablesService,
  ) {
    for (const owner of [auth, audit, notifications, staff, sso, holidays, settings, availability, duties, rota, requests] as OrganizationTables[]) {
      for (const table of owner.tables) this.owners.set(table, owner);
    }
    const unowned = EXPORTED_TABLES.filter((t) => !this.owners.has(t.name)).map((t) => t.name);
    if (unowned.length) throw new Error(`Exported tables without an owner: ${unowned.join(', ')}`);
  }

  /** The owner of an exported table. */
  ownerOf(table: ExportTable): OrganizationTables {
    return this.owners.get(table.name)!;
  }

  /** Every owner once, in the order of the tables. */
  allOwners(): OrganizationTables[] {
    return [...new Set(EXPORTED_TABLES.map((t) => this.owners.get(t.name)!))];
  }

  /** Where keyset paging of a table starts: before every key (the nil uuid, -1). */
  static startKey(table: ExportTable): unknown[] {
    return table.key.map((column) => (table.columns[column]!.type === 'uuid' ? '00000000-0000-0000-0000-000000000000' : -1));
  }
}
