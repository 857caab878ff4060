import { DriverException } from '@mikro-orm/core';
import { ConflictException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { TableRow } from '../../database/organization-tables';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import type { ReauthenticationDto } from '../auth/dto/reauthentication.dto';
import { TwoFactorService } from '../auth/two-factor.service';
import { OrganizationsService } from '../tenants/organizations.service';
import type { OrganizationImportResultDto } from './dto/organization-import-result.dto';
import { EXPORTED_TABLES, exportTable, type ExportTable } from './export-format';
import { OrganizationTablesRegistry } from './organization-export-tables';
import { ArchiveProblem, readImportArchive } from './organization-import-archive';
import { type CheckedArchive, checkArchive, remapArchive } from './organization-import-rows';

/** Rows written per statement. */
const INSERT_BATCH = 500;

/**
 * What a new organisation may already have when it imports: its admins, and the rows every new
 * organisation starts with (which the archive's replace) or that signing up and looking round
 * leave (the activity log, notifications). Any other row means the organisation is in use.
 */
const ALLOWED_IN_A_NEW_ORGANISATION = new Set([
  'users',
  'user_identities',
  'system_settings',
  'sign_in_settings',
  'duties',
  'audit_entries',
  'notifications',
]);

export const NOT_NEW =
  'This organisation already has data of its own, so an export can only be imported into a new organisation: sign up a new organisation with your email, and import there.';

/**
 * The import of an organisation export (docs/security.md, "Organisation export and import") into
 * the current organisation, which must be new: checked whole before anything is written, then
 * written in one transaction through each table's owner, ids remapped.
 */
@Injectable()
export class OrganizationImportService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly twoFactor: TwoFactorService,
    private readonly organizations: OrganizationsService,
    private readonly audit: AuditService,
    private readonly tables: OrganizationTablesRegistry,
  ) {}

  /** Whether the current organisation is new enough to import into (the admin panel offers the import only then). */
  async canImport(): Promise<boolean> {
    return (await this.whatIsInUse()) === undefined;
  }

  async import(actor: AuthUser, credentials: ReauthenticationDto, upload: Buffer): Promise<OrganizationImportResultDto> {
    await this.twoFactor.reauthenticate(actor, credentials);
    if (await this.whatIsInUse()) throw new ConflictException({ message: NOT_NEW, code: 'organization_not_new' });
    let checked: CheckedArchive;
    let files: Map<string, Buffer>;
    try {
      const archive = await readImportArchive(upload);
      checked = checkArchive(archive.json, archive.files);
      files = archive.files;
    } catch (err) {
      if (err instanceof ArchiveProblem) throw new UnprocessableEntityException(err.message);
      throw err;
    }
    const organizationId = TenantContext.require();
    const existing = await this.allRows(exportTable('users')!);
    const existingUsers = new Map(existing.map((u) => [String(u.email).toLowerCase(), String(u.id)]));
    const me = existing.find((u) => u.id === actor.id);
    const myArchiveAccount = checked.tables.get('users')!.find((u) => String(u.email).toLowerCase() === String(me?.email).toLowerCase());
    if (!myArchiveAccount || myArchiveAccount.role !== 'admin' || myArchiveAccount.is_active !== true) {
      throw new UnprocessableEntityException(
        `The archive has no active admin with your email (${String(me?.email)}). Import it signed in as one of its admins, or you would lock yourself out.`,
      );
    }
    const rows = remapArchive(checked, { organizationId, existingUsers });
    const kept = new Set(existingUsers.values());
    const counts: { table: string; rows: number }[] = [];
    let withoutPassword = 0;
    try {
      await this.unitOfWork.transaction(async () => {
        await this.organizations.applyImportedSettings(checked.organization);
        for (const owner of this.tables.allOwners()) await owner.clearDefaults?.();
        for (const table of EXPORTED_TABLES) {
          let list = rows.get(table.name)!;
          if (table.name === 'users') {
            list = list.filter((u) => !kept.has(u.id as string)).map((u) => ({ ...u, two_factor_enabled: false }));
            withoutPassword = list.length;
          }
          if (table.name === 'procedure_files') list = list.map((f) => ({ ...f, content: `\\x${files.get(f.content as string)!.toString('hex')}` }));
          await this.insert(table, list);
          counts.push({ table: table.name, rows: list.length });
        }
        this.audit.record(actor, {
          kind: 'settings',
          action: 'organization.imported',
          entityId: organizationId,
          summary: `Imported an organisation export (${rows.get('staff')!.length} staff, ${rows.get('rota_slots')!.length} rota assignments, ${rows.get('audit_entries')!.length} activity log entries)`,
        });
        await this.unitOfWork.flush();
      });
    } catch (err) {
      if (err instanceof ArchiveProblem) throw new UnprocessableEntityException(err.message);
      throw err;
    }
    return {
      tables: counts,
      accountsWithoutPassword: withoutPassword,
      message:
        `Imported the organisation's data. The ${withoutPassword} other accounts have no password here: ` +
        'they set one with "Forgot password" on the sign-in page, or sign in through your identity provider (enter its client secret again in Sign-in settings).',
    };
  }

  private async insert(table: ExportTable, rows: TableRow[]): Promise<void> {
    const owner = this.tables.ownerOf(table);
    for (let at = 0; at < rows.length; at += INSERT_BATCH) {
      try {
        await owner.insertRows(table.name, rows.slice(at, at + INSERT_BATCH));
      } catch (err) {
        if (err instanceof DriverException) {
          throw new ArchiveProblem(
            `organization.json, table "${table.name}": the database refused its rows (${err.message.split('\n').pop()?.trim()}).`,
          );
        }
        throw err;
      }
    }
  }

  /** The first table (other than a new organisation's own) with a row in it, if any. */
  private async whatIsInUse(): Promise<string | undefined> {
    for (const table of EXPORTED_TABLES) {
      const rows = await this.tables.ownerOf(table).rowsAfter(table.name, OrganizationTablesRegistry.startKey(table), 2);
      if (!rows.length) continue;
      if (!ALLOWED_IN_A_NEW_ORGANISATION.has(table.name)) return table.name;
      if (table.name === 'users' && (await this.allRows(table)).some((u) => u.role !== 'admin')) return table.name;
      if (table.name === 'duties' && (rows.length > 1 || rows[0]!.is_duty_manager !== true)) return table.name;
    }
    return undefined;
  }

  private async allRows(table: ExportTable): Promise<TableRow[]> {
    const all: TableRow[] = [];
    let after = OrganizationTablesRegistry.startKey(table);
    for (;;) {
      const rows = await this.tables.ownerOf(table).rowsAfter(table.name, after, 1000);
      all.push(...rows);
      if (rows.length < 1000) return all;
      after = table.key.map((k) => rows[rows.length - 1]![k]);
    }
  }
}
