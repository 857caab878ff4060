import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { SetupChecklistDto } from './dto/setup-checklist.dto';
import { SetupService } from './setup.service';

@ApiTags('dashboard')
@Controller('setup-checklist')
export class SetupController {
  constructor(private readonly setup: SetupService) {}

  /** The first-run checklist of the admin's Dashboard: add staff, term dates, bank holidays, fill, invite, subscribe. */
  @Get()
  @Authenticated('settings.manage')
  getSetupChecklist(@CurrentUser() user: AuthUser): Promise<SetupChecklistDto> {
    return this.setup.checklist(user);
  }
}
