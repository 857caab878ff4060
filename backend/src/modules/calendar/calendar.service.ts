import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import dayjs from 'dayjs';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearStartOf } from '../../common/clock/academic-year';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { SchoolCalendar } from '../holidays/school-calendar';
import { RotaService } from '../rota/rota.service';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { type FeedKind, feedEtag, FEED_REFRESH_MINUTES, matchesEtag, writeFeed } from './calendar-feed';
import type { CalendarSubscriptionDto } from './dto/calendar-subscription.dto';
import type { CalendarSubscriptionLinksDto } from './dto/calendar-subscription-links.dto';

export const FEED_PATH = '/api/calendar/subscribe';
/** 12 random bytes find the row; 32 more are the secret. Both base64url. */
const SELECTOR_LENGTH = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{59}$/;
const NOT_FOUND = 'Calendar feed not found';

/** Who a feed URL belongs to, once its token checked out. */
export interface FeedOwner {
  tokenId: string;
  organizationId: string;
  organizationName: string;
  timezone: string;
  staffId: string | null;
  /** The organisation's calendar_feed_revisions counter as the token lookup read it. */
  revision: string;
}

/** A feed's ETag, and its text unless the If-None-Match named that ETag (then null: a 304). */
export interface Feed {
  body: string | null;
  etag: string;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Calendar subscription tokens and the feeds they open (docs/product.md#subscription-feeds). */
@Injectable()
export class CalendarService {
  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly schoolCalendar: SchoolCalendar,
    private readonly rota: RotaService,
    private readonly hosts: OrganizationHosts,
  ) {}

  async subscription(user: AuthUser): Promise<CalendarSubscriptionDto> {
    const row = await this.feeds.findSubscription(user.id);
    return {
      active: !!row,
      createdAt: row?.created_at ?? null,
      lastUsedAt: row?.last_used_at ?? null,
      refreshIntervalMinutes: FEED_REFRESH_MINUTES,
    };
  }

  /** The user's subscription tokens as their own data shows them: made, last used, still working; never a secret. */
  async tokensOf(userId: string): Promise<{ createdAt: Date; lastUsedAt: Date | null; active: boolean }[]> {
    return (await this.feeds.tokensOf(userId)).map((t) => ({ createdAt: t.created_at, lastUsedAt: t.last_used_at, active: t.current }));
  }

  /**
   * Issues a new token for the user, replacing any earlier one in the same statement, so the old
   * URLs stop working the moment the new ones exist. The token is returned this once.
   */
  async issue(user: AuthUser): Promise<CalendarSubscriptionLinksDto> {
    const selector = randomBytes(12).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    const token = selector + secret;
    return this.unitOfWork.transaction(async () => {
      await this.feeds.deleteTokensOf(user.id);
      const createdAt = await this.feeds.insertToken(user.id, selector, sha256(secret).toString('hex'));
      // The organisation's own address (APP_BASE_DOMAIN), like every link it is sent.
      const base = `${await this.hosts.currentUrl()}${FEED_PATH}`;
      const allDutiesUrl = `${base}/all-duties?token=${token}`;
      const myDutiesUrl = `${base}/my-duties?token=${token}`;
      return {
        token,
        createdAt,
        allDutiesUrl,
        allDutiesWebcalUrl: webcal(allDutiesUrl),
        myDutiesUrl,
        myDutiesWebcalUrl: webcal(myDutiesUrl),
        refreshIntervalMinutes: FEED_REFRESH_MINUTES,
      };
    });
  }

  /** Erasure: the person's calendar links stop working (their tokens go); how many there were. */
  deleteFeedTokensOf(userId: string): Promise<number> {
    return this.feeds.deleteTokensOf(userId);
  }

  /** Ends the user's subscription link; calendars using it stop updating. */
  async revoke(user: AuthUser): Promise<void> {
    const removed = await this.feeds.deleteTokensOf(user.id);
    if (!removed) throw new NotFoundException('You have no calendar subscription link to revoke');
  }

  /**
   * The feed a token opens, with its ETag; 404 for a token that opens none (see `owner`). The
   * ETag comes from the token lookup (the organisation's revision counter, the owner, today), so
   * when it is the one in If-None-Match the answer is a 304 without reading the rota or writing
   * the feed. Feeds need no sign-in, so the token is what names the organisation: the feed is read
   * inside it.
   */
  async feedFor(token: unknown, kind: FeedKind, ifNoneMatch?: string): Promise<Feed> {
    const { owner, today, etag } = await this.version(token, kind);
    if (matchesEtag(ifNoneMatch, etag)) return { body: null, etag };
    return TenantContext.run(owner.organizationId, () => this.feed(owner, kind, today, etag));
  }

  /**
   * The ETag to answer a calendar's revalidation with (a 304), or null when the route must answer
   * it in full: no If-None-Match, a feed that changed, a token that opens none (then the route's
   * 404), or any error. It reads the token lookup alone (and, every few minutes, records the
   * token's last use), never the rota.
   */
  async notModified(token: unknown, kind: FeedKind, ifNoneMatch: string | undefined): Promise<string | null> {
    if (!ifNoneMatch) return null;
    try {
      const { etag } = await this.version(token, kind);
      return matchesEtag(ifNoneMatch, etag) ? etag : null;
    } catch {
      return null;
    }
  }

  /** The token's owner and the feed's ETag as of now; 404 for a token that opens no feed. */
  private async version(token: unknown, kind: FeedKind): Promise<{ owner: FeedOwner; today: IsoDate; etag: string }> {
    const owner = await this.owner(token);
    // One "today" for the ETag and the window, also across midnight.
    const today = this.clock.today(owner.timezone);
    return { owner, today, etag: feedEtag({ kind, ...owner, today }) };
  }

  /**
   * The owner of a token, or 404 for anything else: malformed, unknown, rotated, revoked, or its
   * user or organisation deactivated, or the user's sessions ended since it was issued. The secret's hash is compared in constant time, also
   * (against a dummy) when the selector matches nothing.
   */
  private async owner(token: unknown): Promise<FeedOwner> {
    const valid = typeof token === 'string' && TOKEN_PATTERN.test(token);
    const selector = valid ? token.slice(0, SELECTOR_LENGTH) : '';
    const row = valid ? await this.feeds.findBySelector(selector) : undefined;
    const given = sha256(valid ? token.slice(SELECTOR_LENGTH) : '');
    const expected = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(32);
    const matches = expected.length === given.length && timingSafeEqual(expected, given);
    if (!row || !matches) throw new NotFoundException(NOT_FOUND);
    // Recorded at most every few minutes, so most fetches (a calendar revalidating) are the one
    // statement above.
    if (row.use_due) await this.feeds.recordUse(row);
    return {
      tokenId: row.id,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      timezone: row.timezone,
      staffId: row.staff_id,
      revision: row.revision,
    };
  }

  /** From one month before today to the end of the next academic year (docs/product.md#time-and-the-academic-year). */
  window(today: IsoDate): { from: IsoDate; to: IsoDate } {
    return {
      from: dayjs(today).subtract(1, 'month').format('YYYY-MM-DD'),
      to: `${academicYearStartOf(today) + 2}-08-31`,
    };
  }

  /**
   * The current organisation's feed text and ETag. Two queries, whatever the number of days or
   * people. The ETag is the one made from the token lookup, which ran before these reads: the text
   * is at least as new as the revision it names (read-committed statements see every commit made
   * before they start), and when it is newer the revision has already moved on, so that ETag
   * never gets a 304 — the calendar is sent the feed again, never left on stale text.
   */
  private async feed(owner: FeedOwner, kind: FeedKind, today: IsoDate, etag: string): Promise<Feed> {
    const { from, to } = this.window(today);
    const org = TenantContext.require();
    const mine = kind === 'my-duties';
    // Each read is its owner's: the rota's duties of every kind (with the people's names), the holidays. My
    // duties of a user without a staff record are none.
    const onlyDaysOf = mine ? owner.staffId : undefined;
    const slots = onlyDaysOf === null ? [] : await this.rota.dutiesBetween(from, to, onlyDaysOf);
    const holidays = await this.schoolCalendar.holidaysBetween(from, to);
    const body = writeFeed({
      kind,
      organizationId: org,
      calendarName: `${owner.organizationName} – ${mine ? 'My duties' : 'Duty rota'}`,
      timezone: owner.timezone,
      slots,
      holidays,
      ownerStaffId: mine ? owner.staffId : undefined,
    });
    return { body, etag };
  }
}

/** The same feed for calendar apps that subscribe on a webcal:// link (Apple, Outlook). */
function webcal(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
