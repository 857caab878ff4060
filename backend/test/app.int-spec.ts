import { deflateSync, gzipSync } from 'node:zlib';
import { Body, Controller, Module, Post } from '@nestjs/common';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { BODY_LIMIT_BYTES } from '../src/common/http/request-limits';
import { createTestApp, TestApp } from './support/test-app';

class EchoDto {
  @IsString()
  @MinLength(2)
  name!: string;

  @IsInt()
  @Min(1)
  @Max(5)
  count!: number;
}

@Controller('test-echo')
class EchoController {
  @Post()
  echo(@Body() body: EchoDto): EchoDto {
    return body;
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('the app over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [EchoModule] });
  });

  afterAll(async () => {
    await t.close();
  });

  it('reports the database as up on /api/health', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves the public plan: Professional, £10 a month, 30-day trial, no card', async () => {
    const res = await t.http().get('/api/plan').expect(200);
    expect(res.body).toMatchObject({
      name: 'Professional',
      pricePerMonth: 10,
      currency: 'GBP',
      trialDays: 30,
      creditCardRequired: false,
    });
    expect(res.body.features).toContain('Unlimited staff');
    expect(res.body.features).toHaveLength(7);
  });

  it('accepts a valid body', async () => {
    const res = await t.http().post('/api/test-echo').send({ name: 'Ann', count: 2 }).expect(201);
    expect(res.body).toEqual({ name: 'Ann', count: 2 });
  });

  it('rejects an unknown property with a 400 that names it', async () => {
    const res = await t.http().post('/api/test-echo').send({ name: 'Ann', count: 2, role: 'admin' }).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'property role should not exist',
      error: 'Bad Request',
    });
  });

  it('rejects a wrong type with a 400 whose message says what is expected', async () => {
    const res = await t.http().post('/api/test-echo').send({ name: 'Ann', count: 'two' }).expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.error).toBe('Bad Request');
    expect(res.body.message).toContain('count must be an integer number');
  });

  it('answers malformed JSON with the same error shape, not a 500', async () => {
    const res = await t
      .http()
      .post('/api/test-echo')
      .set('Content-Type', 'application/json')
      .send('{"name": "Ann",')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toMatch(/JSON/);
  });

  it('reads bodies as it did on Express: JSON objects or arrays only, an empty JSON body as {}, other types as no body (400 from validation, not 415)', async () => {
    const scalar = await t.http().post('/api/test-echo').set('Content-Type', 'application/json').send('"Ann"').expect(400);
    expect(scalar.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON', error: 'Bad Request' });
    const empty = await t.http().post('/api/test-echo').set('Content-Type', 'application/json').send('').expect(400);
    expect(empty.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/name/) });
    const text = await t.http().post('/api/test-echo').set('Content-Type', 'text/plain').send('{"name": "Ann", "count": 2}').expect(400);
    expect(text.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/name/) });
    const latin1 = await t.http().post('/api/test-echo').set('Content-Type', 'application/json; charset=latin1').send('{"name": "Ann", "count": 2}').expect(415);
    expect(latin1.body).toEqual({ statusCode: 415, message: 'unsupported charset "LATIN1"', error: 'Unsupported Media Type' });
    await t.http().post('/api/test-echo').set('Content-Type', 'application/json; charset=utf-8').send('  {"name": "Ann", "count": 2}').expect(201);
  });

  it('answers an oversized body with 413 in the same shape', async () => {
    const res = await t
      .http()
      .post('/api/test-echo')
      .send({ name: 'x'.repeat(1_100_000), count: 1 })
      .expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'The request body is too large', error: 'Payload Too Large' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/no-such-thing', error: 'Not Found' });
  });

  it('sets helmet security headers', async () => {
    const res = await t.http().get('/api/plan').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('inflates a gzip or deflate request body within the body limit, and refuses an unknown encoding with a 415', async () => {
    const post = (encoding: string, body: Buffer) =>
      t
        .http()
        .post('/api/test-echo')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        // The bytes as they are: superagent would write a Buffer as JSON.
        .serialize((bytes: unknown) => bytes as string)
        .send(body as unknown as string);
    const json = Buffer.from(JSON.stringify({ name: 'Ann', count: 2 }));
    for (const [encoding, body] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['identity', json],
    ] as const) {
      const res = await post(encoding, body).expect(201);
      expect(res.body).toEqual({ name: 'Ann', count: 2 });
    }
    const unknown = await post('zstd-unknown', json).expect(415);
    expect(unknown.body.message).toBe('Unsupported Content-Encoding: zstd-unknown');
    const notGzip = await post('gzip', json).expect(400);
    expect(notGzip.body.message).toBe('Could not decompress the request payload using the provided encoding');
    // A small body that inflates past the 1 MB limit is refused, not inflated in memory.
    const bomb = gzipSync(Buffer.from(`{"name":"${'a'.repeat(BODY_LIMIT_BYTES)}","count":2}`));
    expect(bomb.length).toBeLessThan(BODY_LIMIT_BYTES / 100);
    await post('gzip', bomb).expect(413);
  });

  it('compresses answers of 1 KB or more for clients that accept gzip, and not the small ones', async () => {
    const big = await t.http().get('/api/openapi.json').set('Accept-Encoding', 'gzip').expect(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers.vary).toMatch(/Accept-Encoding/i);
    expect(big.body.openapi).toMatch(/^3\./);
    const plain = await t.http().get('/api/openapi.json').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await t.http().get('/api/health').set('Accept-Encoding', 'gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('publishes the OpenAPI document with method names as operation ids and module tags', async () => {
    const res = await t.http().get('/api/openapi.json').expect(200);
    expect(res.body.paths['/api/plan'].get).toMatchObject({ operationId: 'getPlan', tags: ['tenants'] });
    expect(res.body.paths['/api/health'].get).toMatchObject({ operationId: 'getHealth', tags: ['health'] });
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.http().get('/api/docs/').expect(200);
    expect(res.text).toContain('swagger-ui');
  });
});
