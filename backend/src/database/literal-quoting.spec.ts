import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { AppPostgreSqlPlatform, quoteLiteral } from './literal-quoting';

describe('the app platform quoting string parameters', () => {
  const stock = new PostgreSqlPlatform();
  const app = new AppPostgreSqlPlatform();

  it.each([
    ['plain text', 'Hello Ann,'],
    ['quotes', "Person's leave, say \"hi\" ''"],
    ['backslashes', "C:\\temp \\n \\\\ it's"],
    ['a lone backslash at the end', 'end\\'],
    ['question marks and placeholders', 'why? ?? $1 :name'],
    ['unicode', 'Crèche – café ☕ \u2028 \u0000'],
    ['an empty string', ''],
    ['a long email body', `<p>${"Ann's duty on Monday\\n".repeat(5000)}</p>`],
  ])('writes %s into the statement as the stock platform does', (_name, value) => {
    expect(app.formatQuery('insert into t values (?, ?)', [value, 1])).toBe(stock.formatQuery('insert into t values (?, ?)', [value, 1]));
    expect(app.quoteValue(value)).toBe(stock.quoteValue(value));
    expect(quoteLiteral(value)).toBe(stock.quoteValue(value));
  });

  it('quotes every other parameter as the stock platform does', () => {
    const params = [null, 3, 2.5, true, new Date('2026-11-30T13:42:01.123Z'), ['a', "b'"], 10n, { json: "it's" }];
    expect(app.formatQuery(`select ${params.map(() => '?').join(', ')}`, params)).toBe(
      stock.formatQuery(`select ${params.map(() => '?').join(', ')}`, params),
    );
  });
});
