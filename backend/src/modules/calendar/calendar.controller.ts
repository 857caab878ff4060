import { applyDecorators, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import type { FeedKind } from './calendar-feed';
import { CalendarService } from './calendar.service';
import { FEED_CACHE_HEADERS } from './feed-revalidation';
import { CalendarSubscriptionDto } from './dto/calendar-subscription.dto';
import { CalendarSubscriptionLinksDto } from './dto/calendar-subscription-links.dto';

/** What both feeds document: the token query, If-None-Match, and their three answers. */
function FeedOperation(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'token', type: String, required: true, description: 'The secret from your calendar subscription link.' }),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of the copy you have; 304 when unchanged.' }),
    ApiProduces('text/calendar'),
    ApiOkResponse({ schema: { type: 'string' }, description: 'An iCalendar (RFC 5545) feed.' }),
    ApiNotModifiedResponse({ description: 'Unchanged since the ETag in If-None-Match.' }),
    ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No feed for this token: wrong, rotated, revoked or missing.' }),
  );
}

@ApiTags('calendar')
@Controller('calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Whether you have a calendar subscription link, when it was made and last used. */
  @Get('subscription')
  @Authenticated('rota.view')
  getCalendarSubscription(@CurrentUser() user: AuthUser): Promise<CalendarSubscriptionDto> {
    return this.calendar.subscription(user);
  }

  /**
   * Makes you a new calendar subscription link and returns it, this once (only its hash is
   * kept). Any link you had before stops working at once.
   */
  @Post('subscription')
  @Authenticated('rota.view')
  @ApiCreatedResponse({ type: CalendarSubscriptionLinksDto })
  createCalendarSubscription(@CurrentUser() user: AuthUser): Promise<CalendarSubscriptionLinksDto> {
    return this.calendar.issue(user);
  }

  /** Revokes your calendar subscription link; calendars that use it stop updating. */
  @Delete('subscription')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated('rota.view')
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'You have no link.' })
  async revokeCalendarSubscription(@CurrentUser() user: AuthUser): Promise<void> {
    await this.calendar.revoke(user);
  }

  /** Every duty of the organisation, and its holidays, for calendar apps. No sign-in: the token is the key. */
  @Get('subscribe/all-duties')
  @FeedOperation()
  getAllDutiesFeed(@Query('token') token: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: FastifyReply): Promise<void> {
    return this.serve('all-duties', token, ifNoneMatch, res);
  }

  /** The token owner's own duties, and the holidays, for calendar apps. No sign-in: the token is the key. */
  @Get('subscribe/my-duties')
  @FeedOperation()
  getMyDutiesFeed(@Query('token') token: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: FastifyReply): Promise<void> {
    return this.serve('my-duties', token, ifNoneMatch, res);
  }

  private async serve(kind: FeedKind, token: unknown, ifNoneMatch: string | undefined, res: FastifyReply): Promise<void> {
    const feed = await this.calendar.feedFor(token, kind, ifNoneMatch);
    res.headers({ ETag: feed.etag, ...FEED_CACHE_HEADERS });
    if (feed.body === null) {
      void res.code(HttpStatus.NOT_MODIFIED).send();
      return;
    }
    void res
      .code(HttpStatus.OK)
      .headers({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `inline; filename="${kind}.ics"`,
      })
      .send(Buffer.from(feed.body, 'utf8'));
  }
}
