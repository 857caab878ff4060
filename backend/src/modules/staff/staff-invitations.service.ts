import { ref } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { InvitationService } from '../auth/invitation.service';
import { OrganizationsService } from '../tenants/organizations.service';
import type { Staff } from './entities/staff.entity';

/** Invites a staff member to sign in and links the account to their record (adding, editing, inviting again). */
@Injectable()
export class StaffInvitationsService {
  constructor(
    private readonly invitations: InvitationService,
    private readonly organizations: OrganizationsService,
  ) {}

  async invite(staff: Staff, actor: AuthUser): Promise<void> {
    const organization = await this.organizations.getCurrent();
    const { user } = await this.invitations.invite(
      { name: staff.name, email: staff.email, isActive: staff.isActive, user: staff.user?.getEntity() },
      organization,
      actor,
    );
    staff.user = ref(user);
  }
}
