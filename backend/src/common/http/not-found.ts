import type { RequestHandler } from 'express';
import type { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';

/**
 * A request that nothing answers gets the app's JSON 404 (AllExceptionsFilter), under /api and
 * outside it alike: a missing asset, `/favicon.ico`, `/.env`. Nest 12 mounts its not-found
 * handler under the global prefix only, which left every other path to Express's HTML
 * "Cannot GET"; this mounts the same handler at the root as well, after the prefixed one, as
 * Nest 11 did. Call before `init()` (Nest registers the handler there).
 */
export function answerUnknownPathsWithJson404(app: NestExpressApplication): void {
  const adapter = app.getHttpAdapter() as ExpressAdapter;
  const setNotFoundHandler = adapter.setNotFoundHandler.bind(adapter);
  adapter.setNotFoundHandler = (...args: Parameters<ExpressAdapter['setNotFoundHandler']>) => {
    setNotFoundHandler(...args);
    const [handler, prefix] = args;
    if (prefix) adapter.use(handler as RequestHandler);
  };
}
