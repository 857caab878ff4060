import { BadRequestException, Injectable, NotFoundException, SetMetadata } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest as Request } from 'fastify';
import { appUrl, type Env, organizationUrl } from '../../config/env';
import type { Organization } from './entities/organization.entity';
import { classifyHost, type RequestHost } from './organization-host';
import { OrganizationsRepository } from './organizations.repository';

/** Marks a route that answers on an unknown organisation's address too (it says so itself). */
export const ANY_HOST = 'duty-manager:any-host';
export const AnyHost = () => SetMetadata(ANY_HOST, true);

/** The answer of every route on an address whose organisation does not exist (or is inactive). */
export function unknownOrganizationMessage(homeUrl: string): string {
  return `We couldn't find a school at this address. Check the address, or find your school at ${homeUrl}.`;
}

/** The answer when a typed organisation is not the one of the address it is typed on. */
export const OTHER_ORGANIZATION_HOST =
  "This address belongs to another organisation. Sign in at your own organisation's address.";

/**
 * Organisations by their address (docs/product.md#accounts-and-sign-in). With APP_BASE_DOMAIN set,
 * `<subdomain>.<base>` names an organisation; the bare domain and other hosts name none. Reading
 * the host costs nothing; the organisation is looked up only when a route needs it, once per
 * request.
 */
@Injectable()
export class OrganizationHosts {
  private readonly found = new WeakMap<Request, Promise<Organization | null>>();
  /**
   * Read once: every signed-in request reads the host, and ConfigService.get looks in
   * process.env first on every call (about 1 % of the app's CPU per request under bench/api).
   */
  private readonly base: string | undefined;

  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly config: ConfigService<Env, true>,
  ) {
    this.base = config.get('APP_BASE_DOMAIN', { infer: true });
  }

  /** APP_BASE_DOMAIN, when organisations have subdomains. */
  baseDomain(): string | undefined {
    return this.base;
  }

  /** What the request's host says (Fastify's `hostname`: the Host header without its port, or X-Forwarded-Host behind a trusted proxy). */
  of(req: Request): RequestHost {
    return classifyHost(req.hostname, this.baseDomain());
  }

  /**
   * The active organisation the request's host names, or null when it names one that does not
   * exist; undefined when the host names none (bare domain, single host).
   */
  organization(req: Request): Promise<Organization | null> | undefined {
    const host = this.of(req);
    if (host.kind !== 'organization') return undefined;
    let lookup = this.found.get(req);
    if (!lookup) {
      lookup = this.organizations.findActiveBySubdomain(host.subdomain);
      this.found.set(req, lookup);
    }
    return lookup;
  }

  /** The organisation the host names; throws the 404 when it does not exist. */
  async requireKnown(req: Request): Promise<Organization | undefined> {
    const organization = await this.organization(req);
    if (organization === null) throw new NotFoundException(unknownOrganizationMessage(this.homeUrl()));
    return organization;
  }

  /**
   * The organisation a sign-in form (or reset, verification resend) names: the host's, on an
   * organisation's address, where a typed one must be the same; otherwise the typed one.
   */
  async signInSubdomain(req: Request, typed: string | undefined): Promise<string> {
    const organization = await this.requireKnown(req);
    if (organization) {
      if (typed !== undefined && typed !== organization.subdomain) throw new BadRequestException(OTHER_ORGANIZATION_HOST);
      return organization.subdomain;
    }
    if (!typed) throw new BadRequestException('Organization is required');
    return typed;
  }

  /** Whether the request came to the base domain or one of its subdomains (not a single host). */
  underBaseDomain(req: Request): boolean {
    return this.of(req).kind !== 'single';
  }

  /** The product's own address (APP_URL): the bare domain when subdomains are on. */
  homeUrl(): string {
    return appUrl({ PORT: this.config.get('PORT', { infer: true }), APP_URL: this.config.get('APP_URL', { infer: true }) });
  }

  /** The address of the organisation with this subdomain (see organizationUrl). */
  url(subdomain: string): string {
    return organizationUrl(this.config, subdomain);
  }

  /** The address of the current tenant's organisation, for links in its emails. */
  async currentUrl(): Promise<string> {
    // A single-host install has one address: no need to know whose it is.
    if (!this.baseDomain()) return this.homeUrl();
    const organization = await this.organizations.getCurrent();
    return this.url(organization.subdomain);
  }
}
