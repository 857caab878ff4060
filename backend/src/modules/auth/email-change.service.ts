import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { AccountsService, EMAIL_IN_USE } from './accounts.service';
import type { EmailChangeResultDto } from './dto/email-change-result.dto';

/** Following through a pending change of a sign-in email: the emailed links, or the owner's approval while signed in. */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * Follows a link of a pending email change (the new address's confirmation or the owner's
   * approval); once both are in, the new address is the sign-in email and every session ends.
   */
  confirmEmailChange(token: string): Promise<EmailChangeResultDto> {
    return this.inTransaction(() => this.accounts.confirmEmailChange(token));
  }

  /** The signed-in owner approves a change of their sign-in email someone else asked for. */
  approveEmailChange(auth: AuthUser): Promise<EmailChangeResultDto> {
    return this.inTransaction(() => this.accounts.approveOwnEmailChange(auth.id));
  }

  private async inTransaction(step: () => Promise<EmailChangeResultDto>): Promise<EmailChangeResultDto> {
    try {
      return await this.unitOfWork.transaction(step);
    } catch (err) {
      // Another account took the address between the check and the write: the database decides.
      if (err instanceof UniqueConstraintViolationException) throw new ConflictException(EMAIL_IN_USE);
      throw err;
    }
  }
}
