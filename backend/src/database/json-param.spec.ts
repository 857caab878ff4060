import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { jsonParam } from './json-param';

describe('jsonParam', () => {
  const platform = new PostgreSqlPlatform();
  const orm = (value: unknown) => platform.formatQuery('select ?::jsonb', [JSON.stringify(value)]);
  const ours = (value: unknown) => platform.formatQuery('select ?::jsonb', [jsonParam(value)]);

  it.each([
    ['rows', [{ position: 1, staff_id: 'a1b2', override: false, pinned_reason: null }]],
    ['quotes', [{ reason: "Person's leave", note: 'say "hi"' }]],
    ['backslashes', [{ reason: 'C:\\temp \\n', quote: "it's" }]],
    ['question marks and placeholders', [{ reason: 'why? ?? $1 :name' }]],
    ['unicode', [{ reason: 'Crèche – café ☕ \u2028' }]],
    ['an empty list', []],
  ])('writes %s into the statement as the ORM quotes them', (_name, value) => {
    expect(ours(value)).toBe(orm(value));
  });

  it("leaves the statement's other parameters where they are", () => {
    expect(platform.formatQuery('select ?, ?::jsonb, ?', ['x?', jsonParam({ a: "'?'" }), 2])).toBe(`select 'x?', '{"a":"''?''"}'::jsonb, 2`);
  });
});
