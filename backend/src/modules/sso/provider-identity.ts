import { isPlainEmail, normalizeEmail } from '../../common/validation/email-address';
import type { ProviderKind } from './entities/identity-provider.entity';

/** The one redirect URI registered with every provider, on APP_URL (Google and Microsoft take no wildcards). */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** How Google and Microsoft are named on buttons and in the activity log; another provider has its own name. */
export const PROVIDER_NAMES: Record<Exclude<ProviderKind, 'oidc'>, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * Why a sign-in through an identity provider was refused: the key the sign-in page reads from
 * `?sso_error=` to say so (frontend/src/features/auth/lib/sso-errors.ts), and what the log says.
 */
export const SSO_REFUSALS = [
  /** The state is unknown, used or expired: the round trip took too long or was replayed. */
  'expired',
  /** The callback came to another browser than the one that started the sign-in. */
  'other_browser',
  /** The person turned the request down at the provider. */
  'cancelled',
  /** No such organisation, or it has no such provider turned on. */
  'unavailable',
  /** Google: the account is not of one of the organisation's Workspace domains (`hd`). */
  'wrong_domain',
  /** The provider does not vouch for the address (`email_verified` not true; for Microsoft, neither it nor `xms_edov`). */
  'unverified_email',
  /** The address has a character that looks like another (a Cyrillic `а`, a dotted `İ`): refused, as everywhere. */
  'look_alike_email',
  /** The account is linked to another identity of this provider (another `sub` with the same address). */
  'identity_mismatch',
  /** The provider shared no email address. */
  'no_email',
  /** Microsoft: the account's directory (`tid`) is not one the organisation allows. */
  'tenant_not_allowed',
  /** Microsoft: the ID token's issuer is not its own tenant's. */
  'issuer_mismatch',
  /** No account with that address, and the organisation does not let new people join. */
  'no_account',
  /** The account (or staff record) has been deactivated. */
  'inactive',
  /** Too many sign-ins started from one network. */
  'too_many',
  /** Anything else: the provider could not be reached, the code or ID token was refused. */
  'failed',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** Who may sign in through one provider of an organisation. */
export interface ProviderRules {
  kind: ProviderKind;
  allowedDomains: readonly string[];
  allowedTenantIds: readonly string[];
}

/** The person a validated ID token names, once the organisation's rules accept them. */
export interface VouchedIdentity {
  email: string;
  name: string;
  /** The ID token's `iss` and `sub`: the identity an account stays linked to (UserIdentity). */
  issuer: string;
  subject: string;
}

export type IdentityCheck = { ok: true; identity: VouchedIdentity } | { ok: false; refusal: SsoRefusal; detail: string };

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** A Microsoft tenant's issuer under `authority`: what `iss` must be for an ID token of tenant `tid`. */
export function microsoftIssuer(authority: string, tid: string): string {
  return `${authority.replace(/\/+$/, '')}/${tid}/v2.0`;
}

/**
 * Applies an organisation's rules to the claims of an ID token that openid-client has already
 * validated (signature, issuer, audience, expiry, nonce):
 * - Google: `hd`, the Workspace domain the account belongs to, is one of the allowed domains
 *   (the `hd` sent with the request only filters Google's account picker), and `email_verified`
 *   is true;
 * - Microsoft: `tid`, the account's directory, is an allowed tenant, and `iss` is that tenant's
 *   own issuer (the multi-tenant endpoints sign for every tenant, so a token of any tenant would
 *   otherwise do; openid-client checks this against the global Microsoft host, this check holds
 *   whatever the authority). The address must be vouched for as for any provider: `email_verified`
 *   true, or Entra's optional claim `xms_edov` (the email's domain is verified by its tenant) true.
 *   `preferred_username` is never taken for an address: it is only a sign-in name;
 * - another provider: `email_verified` is true.
 * The email comes back normalised as accounts store it (NFKC, trimmed, lower-cased); one with a
 * look-alike character is refused. `sub` is required: the account stays linked to it.
 */
export function checkIdentity(rules: ProviderRules, claims: Record<string, unknown>, microsoftAuthority: string): IdentityCheck {
  const refuse = (refusal: SsoRefusal, detail: string): IdentityCheck => ({ ok: false, refusal, detail });
  if (rules.kind === 'google') {
    const hd = text(claims.hd)?.toLowerCase();
    if (!hd || !rules.allowedDomains.includes(hd)) return refuse('wrong_domain', hd ? `hd ${hd} is not allowed` : 'no hd claim (not a Workspace account)');
  }
  if (rules.kind === 'microsoft') {
    const tid = text(claims.tid)?.toLowerCase();
    if (!tid || !rules.allowedTenantIds.includes(tid)) return refuse('tenant_not_allowed', tid ? `tid ${tid} is not allowed` : 'no tid claim');
    if (claims.iss !== microsoftIssuer(microsoftAuthority, tid)) return refuse('issuer_mismatch', `iss ${String(claims.iss)} is not tenant ${tid}'s issuer`);
  }
  const verified = claims.email_verified === true || (rules.kind === 'microsoft' && claims.xms_edov === true);
  const given = text(claims.email);
  const email = given && normalizeEmail(given);
  const subject = text(claims.sub);
  const issuer = text(claims.iss);
  if (!subject || !issuer || subject.length > 255 || issuer.length > 500) return refuse('failed', 'no usable sub or iss claim');
  if (!email || email.length > 254) return refuse('no_email', 'no usable email claim');
  if (!isPlainEmail(email)) return refuse('look_alike_email', 'the email claim has a look-alike character');
  if (!EMAIL.test(email)) return refuse('no_email', 'no usable email claim');
  if (!verified) return refuse('unverified_email', rules.kind === 'microsoft' ? 'neither email_verified nor xms_edov is true' : 'email_verified is not true');
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  // A name is one line of printable text, as every name the app keeps (a provider's claim included).
  const name = (text(claims.name) ?? (fullName || email.split('@')[0]!))
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return { ok: true, identity: { email, name: name.length >= 2 ? name : email.slice(0, 100), issuer, subject } };
}
