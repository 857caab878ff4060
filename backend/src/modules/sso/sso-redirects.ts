import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { type Env, appUrl, organizationUrl } from '../../config/env';
import type { Organization } from '../tenants/entities/organization.entity';
import type { IdentityProvider, ProviderKind } from './entities/identity-provider.entity';
import { type ProviderConnection, SsoRefusedError } from './openid-provider.client';
import { SSO_CALLBACK_PATH } from './provider-identity';

/** How long the round trip through the provider may take, from the button to the callback. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** Where a re-authentication ends, on the organisation's address: the page hands the proof (or the refusal) to the form that asked. */
export const REAUTHENTICATED_PATH = '/reauthenticated';

/** What a refusal's log line and address know of the attempt so far. */
export interface Whereabouts {
  kind?: ProviderKind;
  subdomain?: string;
  organization?: Organization;
  /** A re-authentication: its refusal goes back to the window that asked, not to the sign-in page. */
  reauthentication?: boolean;
}

/** A provider the organisation has turned on, with what the app needs to talk to it. */
export function connection(provider: IdentityProvider | null): ProviderConnection | undefined {
  if (!provider?.enabled || !provider.clientId || !provider.clientSecret) return undefined;
  return {
    kind: provider.kind,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomains: provider.allowedDomains,
    allowedTenantIds: provider.allowedTenantIds,
    issuer: provider.issuer,
  };
}

/** The addresses a sign-in or re-authentication through a provider sends the browser to, refusals included. */
@Injectable()
export class SsoRedirects {
  private readonly logger = new Logger('SsoService');

  constructor(private readonly config: ConfigService<Env, true>) {}

  /** The sign-in page with the reason, logged without tokens or personal data. */
  refused(err: unknown, where: Whereabouts): string {
    const what = `${where.reauthentication ? 'Re-authentication' : 'Sign-in'} with ${where.kind ?? 'unknown provider'} for ${where.subdomain ?? 'unknown organisation'}`;
    const landing = where.reauthentication
      ? (reason: string) => `${this.organizationAddress(where.organization)}${REAUTHENTICATED_PATH}#error=${reason}`
      : (reason: string) => `${this.organizationAddress(where.organization)}/login?sso_error=${reason}`;
    if (err instanceof SsoRefusedError) {
      this.logger.warn(`${what} refused (${err.refusal}): ${err.detail}`);
      return landing(err.refusal);
    }
    this.logger.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    return landing('failed');
  }

  /** The fixed redirect URI, on APP_URL. */
  callbackUrl(): string {
    return `${this.baseUrl()}${SSO_CALLBACK_PATH}`;
  }

  /**
   * Where an organisation's people use the app: its own address with APP_BASE_DOMAIN set
   * (organizationUrl), so the one-time code and a refusal land on the school's host; APP_URL
   * when the organisation isn't known (a forged or expired state names none).
   */
  organizationAddress(organization?: Organization): string {
    return organization ? organizationUrl(this.config, organization.subdomain) : this.baseUrl();
  }

  /** Where a sign-in button or a re-authentication starts: on APP_URL, where the callback sets and reads the browser's cookie. */
  startUrl(query: URLSearchParams): string {
    return `${this.baseUrl()}/api/auth/sso/start?${query}`;
  }

  private baseUrl(): string {
    return appUrl({ PORT: this.config.get('PORT', { infer: true }), APP_URL: this.config.get('APP_URL', { infer: true }) });
  }
}
