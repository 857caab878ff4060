import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { RecipientLimitService } from '../mail/recipient-limit.service';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { organizationListEmail } from './auth-emails';
import type { MessageDto } from './dto/message.dto';
import type { FindOrganizationsDto } from './dto/find-organizations.dto';
import { EmailRequestsService } from './email-requests.service';
import { UsersRepository } from './users.repository';

export const FIND_ORGANIZATIONS_MESSAGE =
  'If that email address has an account with any organisation, we have sent it a list of them with their sign-in links.';

/** "Find your school": the organisations where an address has an account, sent to that address. */
@Injectable()
export class FindOrganizationsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly emailRequests: EmailRequestsService,
    private readonly outbox: OutboxService,
    private readonly hosts: OrganizationHosts,
    private readonly recipients: RecipientLimitService,
  ) {}

  /**
   * Emails the address the list of organisations where it has an active account, each with its
   * sign-in link. The answer is the same, and as fast, whether there are any: the list is made and
   * sent after answering; with none, nothing is sent.
   */
  async findOrganizations(dto: FindOrganizationsDto, clientAddress: string): Promise<MessageDto> {
    await this.emailRequests.limit(clientAddress);
    this.emailRequests.afterAnswering('Organisation list', () => this.sendOrganizationList(dto.email));
    return { message: FIND_ORGANIZATIONS_MESSAGE };
  }

  private async sendOrganizationList(email: string): Promise<void> {
    // Every organisation's accounts of this address: the one deliberate look across tenants, whose
    // answer goes only to the address itself.
    const users = await this.users.activeAccountsInAnyOrganization(email);
    if (!users.length) return;
    if (!(await this.recipients.allow(email, 'organisation list'))) return;
    const organizations = users
      .map((u) => u.organization.getEntity())
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .map((o) => ({ name: o.name, subdomain: o.subdomain, signInUrl: `${this.hosts.url(o.subdomain)}/login` }));
    // A platform email: it belongs to no one organisation (queued outside any tenant context).
    await this.unitOfWork.transaction(async () => {
      this.outbox.enqueue(organizationListEmail({ to: email, organizations, ownAddresses: Boolean(this.hosts.baseDomain()) }));
    });
  }
}
