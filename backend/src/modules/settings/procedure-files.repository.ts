import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import type { ProcedureFileKind } from './entities/procedure-file.entity';

/** The procedure document's facts, without its content (the settings page). */
export interface ProcedureFileSummary {
  fileName: string;
  kind: 'pdf' | 'doc' | 'docx';
  size: number;
  uploadedAt: Date;
}

/** The stored document, content included. */
export interface ProcedureFileRow {
  id: string;
  fileName: string;
  kind: ProcedureFileKind;
  content: Buffer;
  sha256: string;
}

/**
 * The one door to `procedure_files` (docs/architecture.md, "One door per module"): one row per
 * organisation, every statement on the current one's (TenantContext). Inside a UnitOfWork
 * transaction the injected manager is the transaction's.
 */
@Injectable()
export class ProcedureFilesRepository {
  constructor(private readonly em: EntityManager) {}

  async summary(): Promise<ProcedureFileSummary | null> {
    const [file] = await this.em.execute<{ file_name: string; kind: 'pdf' | 'doc' | 'docx'; size: number; created_at: Date }[]>(
      'select file_name, kind, size, created_at from procedure_files where organization_id = ?',
      [TenantContext.require()],
    );
    return file ? { fileName: file.file_name, kind: file.kind, size: file.size, uploadedAt: new Date(file.created_at) } : null;
  }

  async fileName(): Promise<string | null> {
    const [row] = await this.em.execute<{ file_name: string }[]>('select file_name from procedure_files where organization_id = ?', [
      TenantContext.require(),
    ]);
    return row?.file_name ?? null;
  }

  async id(): Promise<string | null> {
    const [row] = await this.em.execute<{ id: string }[]>('select id from procedure_files where organization_id = ?', [TenantContext.require()]);
    return row?.id ?? null;
  }

  async find(): Promise<ProcedureFileRow | null> {
    const [row] = await this.em.execute<{ id: string; file_name: string; kind: ProcedureFileKind; content: Buffer; sha256: string }[]>(
      'select id, file_name, kind, content, sha256 from procedure_files where organization_id = ?',
      [TenantContext.require()],
    );
    return row ? { id: row.id, fileName: row.file_name, kind: row.kind, content: row.content, sha256: row.sha256 } : null;
  }

  async remove(): Promise<void> {
    await this.em.execute('delete from procedure_files where organization_id = ?', [TenantContext.require()]);
  }

  async add(file: { fileName: string; kind: ProcedureFileKind; content: Buffer; sha256: string; uploadedById: string }): Promise<void> {
    await this.em.execute(
      `insert into procedure_files (id, organization_id, file_name, kind, size, sha256, content, uploaded_by_id)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
      [TenantContext.require(), file.fileName, file.kind, file.content.length, file.sha256, file.content, file.uploadedById],
    );
  }
}
