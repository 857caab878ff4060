import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { finalize, from, mergeMap, type Observable, tap } from 'rxjs';
import type { AuthUser } from '../auth/auth-user';
import { ErrorResponseDto } from '../http/error-body';
import { TenantContext } from '../../tenancy/tenant-context';
import { OrganizationGate } from './organization-gate';
import { type RateLimitRule, RateLimitService, TooManyRequestsException } from './rate-limit.service';

interface FairUseRule {
  /** Plural, for the messages: "Too many spreadsheet exports from your account…". */
  what: string;
  perUser?: RateLimitRule;
  perOrganization?: RateLimitRule;
  /** The line it waits in (FAIR_USE_LINES). */
  line: FairUseLine;
  /**
   * Only an organisation whose last answer had at least this many items waits in the line: the
   * operation is expensive for a large school only (its size is learnt from its answers).
   */
  largeFrom?: number;
}

const perMinute = (limit: number): RateLimitRule => ({ limit, windowSeconds: 60 });

/**
 * The expensive operations and their limits (docs/security.md#fair-use): how many one person and
 * one organisation may start in a minute, across every instance (counted in PostgreSQL). Sized so
 * that a school working normally never meets them — a manager exports a few files and runs a bulk
 * tool a few times in a sitting; the fairness page is opened by staff now and then — while a
 * script sending them back to back is held to a share of one CPU a school can't exceed.
 */
export const FAIR_USE = {
  /** GET /api/fairness: the table over the year or a term (for thousands of staff, ~0.2 s of CPU). */
  fairness: { what: 'fairness views', perUser: perMinute(30), perOrganization: perMinute(120), line: 'expensive' },
  /** GET /api/fairness/export, GET /api/rota/export: CSV and XLSX files (an XLSX of thousands of rows, ~0.5 s). */
  exports: { what: 'spreadsheet exports', perUser: perMinute(10), perOrganization: perMinute(30), line: 'expensive' },
  /** Reshuffle, fill and clear: a year planned afresh (thousands of staff, ~0.5 s of engine and a transaction). */
  bulk: { what: 'bulk changes to the rota', perUser: perMinute(10), perOrganization: perMinute(20), line: 'expensive' },
  /**
   * A person's data as a file (GET /api/me/data, /api/staff/:id/data and their summaries): every
   * row held about them read and written out, audited when it is another person's.
   */
  personalData: { what: 'personal data downloads', perUser: perMinute(10), perOrganization: perMinute(30), line: 'expensive' },
  /** The staff import and its preview: up to 5,000 CSV rows parsed and checked. */
  imports: { what: 'staff imports and previews', perUser: perMinute(10), perOrganization: perMinute(20), line: 'expensive' },
  /**
   * GET /api/staff: an everyday read that the screens (and bench:api, 50 connections of one school)
   * ask for at once, so no rate; but for a school of thousands a megabyte of JSON built on the event
   * loop, so such a school's lists take turns.
   */
  staffList: { what: 'staff lists', line: 'staffList', largeFrom: 1_000 },
} satisfies Record<string, FairUseRule>;

export type FairUseKind = keyof typeof FAIR_USE;

/**
 * The lines an organisation's requests wait in on one instance: `running` at once, `waiting` more
 * in turn, past that 429. With two at once, what one school's burst adds to another school's
 * request is at most about two such requests' share of the event loop (bench/fair-use.mjs
 * measures it); waiting costs nothing but memory. 20 waiting expensive requests are more than a
 * school's people click at once; a large school opening the app at 8 o'clock may ask for the
 * staff list hundreds of times, none of which should be refused.
 */
export const FAIR_USE_LINES = {
  expensive: { running: 2, waiting: 20, what: 'fairness views, exports, personal data downloads, imports or bulk changes' },
  staffList: { running: 2, waiting: 500, what: 'the staff list' },
};

export type FairUseLine = keyof typeof FAIR_USE_LINES;

/** Sizes of organisations' last answers kept at most: past it, they are learnt again. */
const SIZES_KEPT = 10_000;

/** The lines every organisation's requests take on this instance, and what it learnt of their sizes. */
@Injectable()
export class FairUseGate {
  private readonly lines = Object.fromEntries(
    Object.entries(FAIR_USE_LINES).map(([line, { running, waiting, what }]) => [line, new OrganizationGate(running, waiting, what)]),
  ) as Record<FairUseLine, OrganizationGate>;
  private readonly sizes = new Map<string, number>();

  /** A turn in `line` for the organisation `key` (OrganizationGate.enter). */
  enter(line: FairUseLine, key: string): Promise<() => void> {
    return this.lines[line].enter(key);
  }

  load(line: FairUseLine, key: string): { running: number; waiting: number } {
    return this.lines[line].load(key);
  }

  /** Whether the last answer of `kind` to the organisation `key` had at least `items` items. */
  isLarge(kind: FairUseKind, key: string, items: number): boolean {
    return (this.sizes.get(`${kind}:${key}`) ?? 0) >= items;
  }

  noteSize(kind: FairUseKind, key: string, answer: unknown): void {
    if (!Array.isArray(answer)) return;
    if (this.sizes.size >= SIZES_KEPT) this.sizes.clear();
    this.sizes.set(`${kind}:${key}`, answer.length);
  }
}

const FAIR_USE_KEY = 'duty-manager:fair-use';

/**
 * Marks an expensive operation (`FAIR_USE`): it answers 429 with Retry-After past its per-user or
 * per-organisation rate, and waits for its organisation's turn in its line (FairUseGate) before
 * it runs. Goes after `@Authenticated`: the limits are the signed-in user's and organisation's.
 */
export function FairUse(kind: FairUseKind) {
  const rule: FairUseRule = FAIR_USE[kind];
  const rates = [
    rule.perUser && `${rule.perUser.limit} a minute for one person`,
    rule.perOrganization && `${rule.perOrganization.limit} for the organisation`,
  ].filter(Boolean);
  return applyDecorators(
    SetMetadata(FAIR_USE_KEY, kind),
    UseInterceptors(FairUseInterceptor),
    ApiTooManyRequestsResponse({
      type: ErrorResponseDto,
      description:
        (rates.length ? `More than ${rates.join(' or ')}, or too` : 'Too') +
        ` many requests of the organisation for ${FAIR_USE_LINES[rule.line].what} waiting on the server. \`Retry-After\` says when to try again.`,
    }),
  );
}

/** Known-spent windows kept at most: past it, the ended ones are dropped. */
const SPENT_WINDOWS_KEPT = 10_000;

@Injectable()
export class FairUseInterceptor implements NestInterceptor {
  /**
   * Windows this instance saw spent, and when they end: a script sending back to back is refused
   * from memory, without a database round trip per refusal. The outcome is the same (the window
   * ends when it ends, however many more attempts it counts), except that here it ends up to a
   * second late (Retry-After is rounded up); only the count stops growing.
   */
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimits: RateLimitService,
    private readonly gate: FairUseGate,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kind = this.reflector.get<FairUseKind>(FAIR_USE_KEY, context.getHandler());
    const user = context.switchToHttp().getRequest<{ user: AuthUser }>().user;
    // The signed-in organisation, set by the JWT strategy.
    const organization = TenantContext.require();
    return from(this.admit(kind, user)).pipe(
      mergeMap((leave) =>
        next.handle().pipe(
          tap((answer) => this.gate.noteSize(kind, organization, answer)),
          finalize(() => leave?.()),
        ),
      ),
    );
  }

  /**
   * The person's rate first: someone over their own limit doesn't use up their organisation's.
   * Each counts the attempt before the work (RateLimitService.consume), so parallel requests
   * and instances get exactly the limit.
   */
  private async admit(kind: FairUseKind, user: AuthUser): Promise<(() => void) | undefined> {
    const rule: FairUseRule = FAIR_USE[kind];
    const organization = TenantContext.require();
    if (rule.perUser) {
      await this.consume(`fair-use:${kind}:user:${user.id}`, rule.perUser, `${rule.what} from your account (at most ${rule.perUser.limit} a minute)`);
    }
    if (rule.perOrganization) {
      await this.consume(
        `fair-use:${kind}:organization:${organization}`,
        rule.perOrganization,
        `${rule.what} from your organisation (at most ${rule.perOrganization.limit} a minute)`,
      );
    }
    if (rule.largeFrom !== undefined && !this.gate.isLarge(kind, organization, rule.largeFrom)) return undefined;
    return this.gate.enter(rule.line, organization);
  }

  private async consume(key: string, rule: RateLimitRule, what: string): Promise<void> {
    const ends = this.spent.get(key);
    if (ends !== undefined) {
      const left = ends - Date.now();
      if (left > 0) throw new TooManyRequestsException(what, Math.ceil(left / 1000));
      this.spent.delete(key);
    }
    try {
      await this.rateLimits.consume(key, rule, what);
    } catch (error) {
      if (error instanceof TooManyRequestsException) this.remember(key, Date.now() + error.retryAfterSeconds * 1000);
      throw error;
    }
  }

  private remember(key: string, ends: number): void {
    if (this.spent.size >= SPENT_WINDOWS_KEPT) {
      const now = Date.now();
      for (const [k, end] of this.spent) if (end <= now) this.spent.delete(k);
      if (this.spent.size >= SPENT_WINDOWS_KEPT) this.spent.clear();
    }
    this.spent.set(key, ends);
  }
}
