import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';

/**
 * A background job's own context (the cron's reminder pass, Email System Testing's run of it):
 * what a request gets from the framework, a fresh identity map that repositories' injected
 * EntityManager resolves to, for work that runs outside any request or must not share one.
 */
@Injectable()
export class JobContext {
  constructor(private readonly orm: MikroORM) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, work);
  }
}
