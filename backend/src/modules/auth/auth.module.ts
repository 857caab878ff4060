import { AccountErasureRepository } from './account-erasure.repository';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER } from '../../common/auth/auth-user';
import { JwtStrategy } from './jwt.strategy';
import { SessionAuthenticator } from '../../common/auth/guards';
import { JwtSecret } from '../../common/auth/jwt-secret.token';
import { PasswordService } from '../../common/security/password.service';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { CurrentUserService } from './current-user.service';
import { EmailChangeService } from './email-change.service';
import { EmailRequestsService } from './email-requests.service';
import { EmailVerificationService } from './email-verification.service';
import { FindOrganizationsService } from './find-organizations.service';
import { PasswordResetService } from './password-reset.service';
import { RegistrationService } from './registration.service';
import { SignInService } from './sign-in.service';
import { InvitationService } from './invitation.service';
import { OwnAccountController } from './own-account.controller';
import { OwnAccountService } from './own-account.service';
import { SessionHandoffService } from './session-handoff.service';
import { SessionsService } from './sessions.service';
import { ReauthProofs } from './reauth-proofs';
import { TwoFactorController } from './two-factor.controller';
import { TotpClock, TwoFactorService } from './two-factor.service';
import { RecoveryCodesService } from './recovery-codes.service';
import { TwoFactorChallengesService } from './two-factor-challenges.service';
import { TwoFactorSetupService } from './two-factor-setup.service';
import { SignInPolicy } from './sign-in-policy';
import { TenantsModule } from '../tenants/tenants.module';
import { EmailChangesRepository } from './email-changes.repository';
import { LinkTokensRepository } from './link-tokens.repository';
import { SessionHandoffsRepository } from './session-handoffs.repository';
import { TwoFactorRepository } from './two-factor.repository';
import { UserIdentitiesRepository } from './user-identities.repository';
import { UserSessionsRepository } from './user-sessions.repository';
import { UsersRepository } from './users.repository';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { User } from './entities/user.entity';
import { UserIdentity } from './entities/user-identity.entity';
import { UserSession } from './entities/user-session.entity';
import { EmailVerificationToken } from './entities/email-verification-token.entity';
import { EmailChangeToken } from './entities/email-change-token.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { SessionHandoff } from './entities/session-handoff.entity';
import { UserTwoFactor } from './entities/user-two-factor.entity';
import { TwoFactorRecoveryCode } from './entities/two-factor-recovery-code.entity';
import { TwoFactorChallenge } from './entities/two-factor-challenge.entity';
import { AuthTablesRepository } from './auth-tables.repository';
import { AuthTablesService } from './auth-tables.service';

@Module({
  imports: [
    MikroOrmModule.forFeature([
      User,
      UserIdentity,
      UserSession,
      EmailVerificationToken,
      EmailChangeToken,
      PasswordResetToken,
      SessionHandoff,
      UserTwoFactor,
      TwoFactorRecoveryCode,
      TwoFactorChallenge,
    ]),
    TenantsModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [JwtSecret, ConfigService],
      useFactory: (secret: JwtSecret, config: ConfigService<Env, true>) => ({
        secret: secret.value,
        signOptions: {
          algorithm: JWT_ALGORITHM,
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          expiresIn: config.get('JWT_EXPIRES_IN', { infer: true }) as `${number}d`,
        },
        verifyOptions: { algorithms: [JWT_ALGORITHM], issuer: JWT_ISSUER, audience: JWT_AUDIENCE },
      }),
    }),
  ],
  controllers: [AuthController, TwoFactorController, OwnAccountController],
  providers: [
    AuthTablesRepository,
    AuthTablesService,
    RegistrationService,
    SignInService,
    CurrentUserService,
    EmailRequestsService,
    EmailVerificationService,
    EmailChangeService,
    PasswordResetService,
    FindOrganizationsService,
    PasswordService,
    JwtStrategy,
    // JwtAuthGuard's session check, in every module (common/auth/guards.ts).
    { provide: SessionAuthenticator, useExisting: JwtStrategy },
    InvitationService,
    AccountsService,
    OwnAccountService,
    SessionHandoffService,
    SessionsService,
    ReauthProofs,
    TwoFactorService,
    TwoFactorSetupService,
    TwoFactorChallengesService,
    RecoveryCodesService,
    TotpClock,
    SignInPolicy,
    UsersRepository,
    UserIdentitiesRepository,
    UserSessionsRepository,
    SessionHandoffsRepository,
    TwoFactorRepository,
    LinkTokensRepository,
    EmailChangesRepository,
    AccountErasureRepository,
  ],
  exports: [
    AuthTablesService,
    PasswordService,
    InvitationService,
    AccountsService,
    SessionHandoffService,
    TwoFactorService,
    TwoFactorSetupService,
    SignInPolicy,
    ReauthProofs,
  ],
})
export class AuthModule {}
