import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { plural } from '../../common/text/plural';
import { WorkerPool, workerTask } from '../../common/workers/worker-pool';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { ImportPreviewDto } from './dto/import-preview.dto';
import type { ImportResultDto } from './dto/import-result.dto';
import type { readStaffCsv } from './staff-csv';
import { STAFF_EXISTS, withStaffConflicts } from './staff-record';
import { StaffRepository } from './staff.repository';

/** The CSV read and checked in a worker thread (common/workers/worker-pool.ts). */
const READ_STAFF_CSV = workerTask<typeof readStaffCsv>(__dirname, __filename, 'staff-csv', 'readStaffCsv');

/** Adding staff from a CSV file: the preview with each row's problems, then the import of the rows without any. */
@Injectable()
export class StaffImportService {
  constructor(
    private readonly staffRecords: StaffRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly workers: WorkerPool,
    private readonly factChanges: FactChangesService,
  ) {}

  async previewImport(file: Buffer): Promise<ImportPreviewDto> {
    const csv = await this.workers.run(READ_STAFF_CSV, file);
    if ('error' in csv) throw new BadRequestException(csv.error);
    const { rows } = csv;
    const existing = await this.staffRecords.existingEmails(rows.map((r) => r.email).filter(Boolean));
    for (const row of rows) if (existing.has(row.email)) row.errors.push(STAFF_EXISTS);
    const validCount = rows.filter((r) => r.errors.length === 0).length;
    return { rows, validCount, errorCount: rows.length - validCount };
  }

  /** Imports the rows without errors, all in one transaction; the repair then gives the new people their share of the planned rota. */
  async import(actor: AuthUser, file: Buffer): Promise<ImportResultDto> {
    const preview = await this.previewImport(file);
    const valid = preview.rows.filter((r) => r.errors.length === 0);
    await withStaffConflicts(() =>
      this.factChanges.change(actor, async () => {
        for (const row of valid) {
          this.staffRecords.add({
            name: row.name,
            email: row.email,
            department: row.department,
            isTeaching: row.isTeaching,
            workingDays: row.workingDays,
            fte: row.fte,
          });
        }
        await this.unitOfWork.flush();
        if (valid.length) {
          this.audit.record(actor, {
            kind: 'staff',
            action: 'staff.imported',
            entityId: 'csv',
            summary: `Imported ${plural(valid.length, 'staff member')} from a CSV file`,
            after: { emails: valid.map((r) => r.email) },
          });
        }
        return { cause: valid.length ? `Importing ${plural(valid.length, 'staff member')}` : null };
      }),
    );
    return { imported: valid.length, skipped: preview.rows.length - valid.length };
  }
}
