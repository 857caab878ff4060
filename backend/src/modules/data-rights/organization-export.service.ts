import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { IsolationLevel } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { AuthUser } from '../../common/auth/auth-user';
import { keysetBatches, type TableRow } from '../../database/organization-tables';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import type { ReauthenticationDto } from '../auth/dto/reauthentication.dto';
import { TwoFactorService } from '../auth/two-factor.service';
import { OrganizationsService } from '../tenants/organizations.service';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION, EXPORTED_TABLES, type ExportTable } from './export-format';
import { OrganizationTablesRegistry } from './organization-export-tables';

/** Rows read per statement: small enough for constant memory, large enough for few round trips. */
export const EXPORT_BATCH = 250;

/** The archive entry holding a stored file's bytes (the procedure document). */
export function fileEntryName(fileName: string): string {
  const safe = [...fileName].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return `files/${safe.replace(/^\.+/, '_') || 'file'}`;
}

export interface OrganizationArchive {
  fileName: string;
  stream: Readable;
}

/**
 * The organisation export (docs/security.md, "Organisation export and import"; the format is
 * docs/export-format.md): every row of the organisation in every exported table, streamed from
 * PostgreSQL a batch at a time into a ZIP that streams to the admin, so memory stays flat
 * whatever the school's size. All of it is read in one REPEATABLE READ transaction: one moment's
 * data, even while people keep working.
 */
@Injectable()
export class OrganizationExportService {
  private readonly logger = new Logger(OrganizationExportService.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly twoFactor: TwoFactorService,
    private readonly organizations: OrganizationsService,
    private readonly audit: AuditService,
    private readonly tables: OrganizationTablesRegistry,
  ) {}

  /** Checks the admin's re-authentication, logs the export, and starts streaming the archive. */
  async start(actor: AuthUser, credentials: ReauthenticationDto, now: Date): Promise<OrganizationArchive> {
    await this.twoFactor.reauthenticate(actor, credentials);
    const organizationId = TenantContext.require();
    const organization = await this.organizations.exportedSettings();
    await this.unitOfWork.transaction(async () => {
      this.audit.record(actor, {
        kind: 'settings',
        action: 'organization.exported',
        entityId: organizationId,
        summary: 'Exported all of the organisation’s data',
      });
      await this.unitOfWork.flush();
    });
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    // The download closed (finished, or the admin went away): a write waiting for room stops waiting.
    const closed = new AbortController();
    output.once('close', () => closed.abort());
    const writing = this.unitOfWork.transaction(
      async () => {
        await this.writeArchive(zip, closed.signal, organization, now);
        zip.end();
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ },
    );
    writing.catch((err: unknown) => {
      if (!closed.signal.aborted) this.logger.error(`The organisation export of ${organizationId} failed: ${String(err)}`);
      output.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const day = now.toISOString().slice(0, 10);
    return { fileName: `organisation-export-${day}.zip`, stream: output };
  }

  private async writeArchive(zip: ZipFile, closed: AbortSignal, organization: object, now: Date): Promise<void> {
    const files: { name: string; hex: string }[] = [];
    await this.entry(zip, closed, 'organization.json', now, async (write) => {
      const head = { format: EXPORT_FORMAT, schemaVersion: EXPORT_SCHEMA_VERSION, exportedAt: now.toISOString(), organization };
      await write(`${JSON.stringify(head).slice(0, -1)},"tables":{`);
      for (const [t, table] of EXPORTED_TABLES.entries()) {
        await write(`${t ? ',' : ''}\n${JSON.stringify(table.name)}:[`);
        let first = true;
        for await (const rows of this.rows(table)) {
          const lines = rows.map((row) => JSON.stringify(table.name === 'procedure_files' ? this.withFileEntry(row, files) : row));
          await write(`${first ? '\n' : ',\n'}${lines.join(',\n')}`);
          first = false;
        }
        await write(']');
      }
      await write('\n}}\n');
    });
    for (const table of EXPORTED_TABLES) {
      const columns = Object.keys(table.columns);
      await this.entry(zip, closed, `${table.name}.csv`, now, async (write) => {
        await write(stringify([columns]));
        for await (const rows of this.rows(table)) {
          const records = rows.map((row) =>
            columns.map((c) => csvValue(table.columns[c]!.type === 'file' ? fileEntryName(String(row.file_name)) : row[c])),
          );
          await write(stringify(records));
        }
      });
    }
    for (const file of files) {
      await this.entry(zip, closed, file.name, now, (write) => write(Buffer.from(file.hex.slice(2), 'hex')));
    }
  }

  private rows(table: ExportTable): AsyncGenerator<TableRow[]> {
    const owner = this.tables.ownerOf(table);
    return keysetBatches(
      (after) => owner.rowsAfter(table.name, after, EXPORT_BATCH),
      OrganizationTablesRegistry.startKey(table),
      (row) => table.key.map((column) => row[column]),
      EXPORT_BATCH,
    );
  }

  /** The procedure document's row names its archive entry instead of holding its bytes. */
  private withFileEntry(row: TableRow, files: { name: string; hex: string }[]): TableRow {
    const name = fileEntryName(String(row.file_name));
    files.push({ name, hex: String(row.content) });
    return { ...row, content: name };
  }

  /** One archive entry, written through `produce` with backpressure (yazl writes entries one after another). */
  private async entry(
    zip: ZipFile,
    closed: AbortSignal,
    name: string,
    mtime: Date,
    produce: (write: (chunk: string | Buffer) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const pass = new PassThrough();
    zip.addReadStream(pass, name, { mtime });
    const write = async (chunk: string | Buffer) => {
      if (closed.aborted) throw new Error('The download was closed before the export finished');
      if (!pass.write(chunk)) await once(pass, 'drain', { signal: closed });
    };
    await produce(write);
    pass.end();
  }
}

/** A CSV cell: empty for null, JSON for arrays and objects, the value's text otherwise. */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
