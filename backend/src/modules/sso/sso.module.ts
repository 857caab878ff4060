import { Module, type OnModuleInit } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SignInPolicy } from '../auth/sign-in-policy';
import { StaffModule } from '../staff/staff.module';
import { TenantsModule } from '../tenants/tenants.module';
import { OpenIdProviderClient } from './openid-provider.client';
import { SignInSettingsController } from './sign-in-settings.controller';
import { SignInSettingsRepository } from './sign-in-settings.repository';
import { SignInSettingsService } from './sign-in-settings.service';
import { SsoController } from './sso.controller';
import { SsoService } from './sso.service';
import { SsoReauthenticationService } from './sso-reauthentication.service';
import { SsoRedirects } from './sso-redirects';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { IdentityProvider } from './entities/identity-provider.entity';
import { SignInSettings } from './entities/sign-in-settings.entity';
import { SsoLoginAttempt } from './entities/sso-login-attempt.entity';
import { SsoTablesRepository } from './sso-tables.repository';
import { SsoTablesService } from './sso-tables.service';

/** Signing in through an organisation's identity providers, and the Admin Panel's Sign-in section. */
@Module({
  imports: [MikroOrmModule.forFeature([IdentityProvider, SignInSettings, SsoLoginAttempt]), AuthModule, StaffModule, TenantsModule],
  controllers: [SsoController, SignInSettingsController],
  providers: [
    SsoTablesRepository,
    SsoTablesService,
    SsoService,
    SsoReauthenticationService,
    SsoRedirects,
    SignInSettingsService,
    SignInSettingsRepository,
    OpenIdProviderClient,
  ],
  exports: [SsoTablesService, SignInSettingsService],
})
export class SsoModule implements OnModuleInit {
  constructor(
    private readonly policy: SignInPolicy,
    private readonly repository: SignInSettingsRepository,
  ) {}

  /** Password sign-in asks the organisation's options (auth comes before sso in the module order). */
  onModuleInit(): void {
    this.policy.onPasswordSignIn(async () => (await this.repository.options()).passwordSignIn);
  }
}
