import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { JwtSecret } from '../../common/auth/jwt-secret.token';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import type { ProcedureFileKind } from './entities/procedure-file.entity';
import { checkProcedureFile } from './procedure-file';
import { SettingsService } from './settings.service';
import { ProcedureFilesRepository } from './procedure-files.repository';
import { SystemSettingsRepository } from './system-settings.repository';

export const PROCEDURE_FILE_PATH = '/api/settings/procedure-file';
/** How long a download link from the Instructions page works. */
const LINK_SECONDS = 15 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_DOCUMENT = 'No procedure document has been uploaded';
const LINK_EXPIRED = 'This download link has expired or the document was replaced. Open Instructions again to download it.';
/** A link used on another organisation's address (docs/security.md#authentication). */
export const OTHER_ORGANIZATION_LINK =
  "This download link is for another organisation's address. Open Instructions at your own organisation's address to download it.";

export interface StoredProcedureFile {
  fileName: string;
  kind: ProcedureFileKind;
  content: Buffer;
  sha256: string;
}

interface Ticket {
  /** Organisation, file id, user, the user's session version, expiry (epoch seconds). */
  o: string;
  f: string;
  u: string;
  v: number;
  e: number;
}

/** The Instructions Manager's procedure document (docs/product.md#procedure-document). */
@Injectable()
export class ProcedureFileService {
  private readonly key: Buffer;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly procedureFiles: ProcedureFilesRepository,
    private readonly settings: SettingsService,
    private readonly systemSettings: SystemSettingsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
    secret: JwtSecret,
  ) {
    this.key = createHmac('sha256', secret.value).update('procedure-file-links').digest();
  }

  /** Stores the document (replacing any previous one) and points the settings at it. */
  async upload(actor: AuthUser, originalName: string, content: Buffer) {
    const { fileName, kind } = await checkProcedureFile(originalName, content);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const org = TenantContext.require();
    await this.unitOfWork.transaction(async () => {
      await this.systemSettings.lockExclusive();
      const previous = await this.procedureFiles.fileName();
      await this.procedureFiles.remove();
      await this.procedureFiles.add({ fileName, kind, content, sha256, uploadedById: actor.id });
      await this.systemSettings.saveProcedureFileLink(PROCEDURE_FILE_PATH, fileName);
      this.audit.record(actor, {
        kind: 'settings',
        action: 'settings.procedure-file',
        entityId: org,
        summary: previous !== null ? `Replaced the procedure document “${previous}” with “${fileName}”` : `Uploaded the procedure document “${fileName}”`,
        before: previous !== null ? { procedureFileName: previous } : undefined,
        after: { procedureFileName: fileName, size: content.length, sha256 },
      });
    });
    return this.settings.get();
  }

  /** The current organisation's document, for a signed-in member (or a download ticket's holder). */
  async storedFile(): Promise<StoredProcedureFile & { id: string }> {
    const file = await this.procedureFiles.find();
    if (!file) throw new NotFoundException(NO_DOCUMENT);
    return file;
  }

  /**
   * A short-lived link to the current document for this user, so the browser can open it in a
   * new tab (which sends no Authorization header).
   */
  async link(actor: AuthUser): Promise<{ url: string; expiresAt: Date }> {
    const org = TenantContext.require();
    const fileId = await this.procedureFiles.id();
    if (fileId === null) throw new NotFoundException(NO_DOCUMENT);
    const version = await this.accounts.sessionVersion(actor.id);
    if (version === undefined) throw new UnauthorizedException(LINK_EXPIRED);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + LINK_SECONDS;
    const ticket: Ticket = { o: org, f: fileId, u: actor.id, v: version, e: expires };
    const body = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    const token = `${body}.${this.sign(body)}`;
    return { url: `${PROCEDURE_FILE_PATH}/download?ticket=${token}`, expiresAt: new Date(expires * 1000) };
  }

  /**
   * The document a link's ticket names, if the ticket is genuine, current, and its user active
   * with the session version it was issued under: whatever ends the user's sessions (a password
   * reset, deactivation, a new sign-in email) ends their links too, and reactivation does not
   * bring them back. `hostOrganizationId` is the organisation whose address the request came
   * to, if any: a ticket is good only there, as a session is.
   */
  async readWithTicket(token: unknown, hostOrganizationId?: string): Promise<StoredProcedureFile> {
    const ticket = this.verify(token);
    if (hostOrganizationId !== undefined && ticket.o !== hostOrganizationId) throw new UnauthorizedException(OTHER_ORGANIZATION_LINK);
    // A ticket is the request's only credential: the organisation it names becomes the context.
    return TenantContext.run(ticket.o, async () => {
      if (!(await this.accounts.sessionStillValid(ticket.u, ticket.v))) throw new UnauthorizedException(LINK_EXPIRED);
      const file = await this.storedFile().catch(() => undefined);
      if (!file || file.id !== ticket.f) throw new UnauthorizedException(LINK_EXPIRED);
      return file;
    });
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  private verify(token: unknown): Ticket {
    if (typeof token !== 'string' || !/^[\w-]+\.[\w-]+$/.test(token)) throw new UnauthorizedException(LINK_EXPIRED);
    const [body, signature] = token.split('.') as [string, string];
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new UnauthorizedException(LINK_EXPIRED);
    let ticket: Ticket;
    try {
      ticket = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Ticket;
    } catch {
      throw new UnauthorizedException(LINK_EXPIRED);
    }
    const wellFormed =
      typeof ticket === 'object' &&
      ticket !== null &&
      typeof ticket.o === 'string' &&
      UUID.test(ticket.o) &&
      typeof ticket.u === 'string' &&
      UUID.test(ticket.u) &&
      typeof ticket.f === 'string' &&
      Number.isSafeInteger(ticket.v) &&
      typeof ticket.e === 'number';
    if (!wellFormed || ticket.e * 1000 < this.clock.now().getTime()) throw new UnauthorizedException(LINK_EXPIRED);
    return ticket;
  }
}
