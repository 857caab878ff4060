import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AccountsService } from './accounts.service';
import type { CurrentUserResponseDto } from './dto/current-user-response.dto';
import { UsersRepository } from './users.repository';

/** Who is signed in, and their organisation, as the app shows them. */
@Injectable()
export class CurrentUserService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsService,
  ) {}

  async currentUser(auth: AuthUser): Promise<CurrentUserResponseDto> {
    const user = await this.users.getWithOrganization(auth.id);
    const organization = user.organization.getEntity();
    return {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        emailVerified: user.emailVerified,
        lastLogin: user.lastLogin?.toISOString(),
        twoFactorEnabled: user.twoFactorEnabled,
        twoFactorSetupRequired: Boolean(auth.twoFactorSetupRequired),
        hasPassword: Boolean(user.hasPassword),
        signInProviders: (await this.accounts.identitiesOf(user.id)).map((identity) => identity.provider),
        pendingEmailChange: await this.accounts.pendingEmailChange(user.id),
      },
      organization: {
        id: organization.id,
        name: organization.name,
        subdomain: organization.subdomain,
        type: organization.type,
        timezone: organization.timezone,
        region: organization.region,
        trialEndsAt: user.role === 'admin' ? organization.trialEndsAt.toISOString() : undefined,
      },
    };
  }
}
