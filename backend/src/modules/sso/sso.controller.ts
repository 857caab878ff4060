import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiFoundResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../../common/security/secret-token';
import { appUrl, type Env } from '../../config/env';
import type { AuthUser } from '../../common/auth/auth-user';
import { AllowedBeforeTwoFactorSetup, Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ReauthenticateWithProviderDto } from './dto/reauthenticate-with-provider.dto';
import { ReauthenticationStartDto } from './dto/reauthentication-start.dto';
import { SignInProvidersDto } from './dto/sign-in-providers.dto';
import { SignInProvidersQueryDto } from './dto/sign-in-providers-query.dto';
import { StartProviderSignInQueryDto } from './dto/start-provider-sign-in-query.dto';
import { browserCookieFor, browserCookieHeader, browserCookieValue } from './sso-browser-cookie';
import { SsoService } from './sso.service';
import { SsoReauthenticationService } from './sso-reauthentication.service';
import { clientAddress } from '../../common/http/client-address';

/** The query string a request came with, as sent (without the `?`). */
function queryOf(req: FastifyRequest): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
}

/**
 * Signing in through an organisation's identity provider (Google, Microsoft, another OpenID
 * Provider). The browser navigates here; each answer is a redirect, and a refusal lands on the
 * sign-in page with `?sso_error=<reason>`.
 */
@ApiTags('auth')
@Controller('auth/sso')
export class SsoController {
  constructor(
    private readonly sso: SsoService,
    private readonly reauthentication: SsoReauthenticationService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** The identity providers an organisation has turned on, for its sign-in buttons (none for an unknown organisation). */
  @Get('providers')
  getSignInProviders(@Query() query: SignInProvidersQueryDto): Promise<SignInProvidersDto> {
    return this.sso.enabledProviders(query.organization);
  }

  /**
   * Starts signing in with one of the organisation's providers: remembers the attempt (state,
   * nonce, PKCE verifier; 10 minutes, once), bound to this browser by an HttpOnly cookie, and
   * redirects to the provider.
   */
  @Get('start')
  @Header('Cache-Control', 'no-store')
  @ApiFoundResponse({ description: "To the provider's sign-in page, or to the sign-in page with `sso_error` when the provider is not available." })
  async startProviderSignIn(@Query() query: StartProviderSignInQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const browser = browserCookieFor(req.headers.cookie);
    const { location, started } = query.reauth
      ? await this.reauthentication.resumeReauthentication(query.reauth, hashToken(browser))
      : await this.sso.start(query.provider, query.organization, clientAddress(req), hashToken(browser));
    const secure = appUrl({ PORT: this.config.get('PORT', { infer: true }), APP_URL: this.config.get('APP_URL', { infer: true }) }).startsWith('https:');
    if (started) res.header('Set-Cookie', browserCookieHeader(browser, secure));
    void res.redirect(location, 302);
  }

  /**
   * Re-authentication for an account without a password (docs/security.md, "Re-authentication"):
   * prepares a fresh sign-in at the organisation's provider and answers the address to open in a
   * new window. It ends on `/reauthenticated#proof=…`; the proof, sent as `providerProof` with the
   * sensitive change within five minutes, stands in for the password for this session.
   */
  @Post('reauthenticate')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @AllowedBeforeTwoFactorSetup()
  reauthenticateWithProvider(@CurrentUser() user: AuthUser, @Body() dto: ReauthenticateWithProviderDto): Promise<ReauthenticationStartDto> {
    return this.reauthentication.startReauthentication(user, dto.provider);
  }

  /**
   * Where every provider sends the browser back (the one redirect URI to register). Checks the
   * answer and redirects to the organisation's `/continue#code=…` (a one-time sign-in code), or to
   * the sign-in page with `sso_error`.
   */
  @Get('callback')
  @Header('Cache-Control', 'no-store')
  @ApiQuery({ name: 'code', type: String, required: false, description: 'The authorisation code.' })
  @ApiQuery({ name: 'state', type: String, required: false, description: 'The attempt this answer belongs to.' })
  @ApiQuery({ name: 'error', type: String, required: false, description: "The provider's refusal, e.g. access_denied." })
  @ApiFoundResponse({ description: "To the organisation's /continue#code=…, or to the sign-in page with `sso_error`." })
  async finishProviderSignIn(
    // Parsed only for the app's rule on text it can't store (RejectUnsafeTextPipe); the query is
    // read as sent, whatever else a provider adds to it (Google adds scope, authuser, hd, prompt).
    @Query() _query: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const browser = browserCookieValue(req.headers.cookie);
    void res.redirect(await this.sso.finish(queryOf(req), browser && hashToken(browser)), 302);
  }
}
