import { Controller, Get, Module, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createTestApp, TestApp } from './support/test-app';

/** Says whether pino-http gave the request its own logger. */
@Controller('test-request-logger')
class RequestLoggerController {
  @Get()
  probe(@Req() req: FastifyRequest) {
    // pino-http keeps its loggers on the raw request, in `allLogs` (`log` is there under Fastify
    // in any case: middie copies Fastify's own, silent, logger onto it).
    return { requestLogger: typeof (req.raw as { allLogs?: unknown }).allLogs };
  }
}

@Module({ controllers: [RequestLoggerController] })
class RequestLoggerModule {}

describe('Per-request logger (app.module.ts)', () => {
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is not built at LOG_LEVEL=silent, where no request line is written', async () => {
    t = await createTestApp({ imports: [RequestLoggerModule], env: { LOG_LEVEL: 'silent' } });
    const res = await t.http().get('/api/test-request-logger').expect(200);
    expect(res.body).toEqual({ requestLogger: 'undefined' });
  });

  it('is built at any other level (request-log.int-spec.ts checks the line itself)', async () => {
    t = await createTestApp({ imports: [RequestLoggerModule], env: { LOG_LEVEL: 'fatal' } });
    const res = await t.http().get('/api/test-request-logger').expect(200);
    expect(res.body).toEqual({ requestLogger: 'object' });
  });
});
