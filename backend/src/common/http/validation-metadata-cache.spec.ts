import { IsInt, IsOptional, IsString, registerDecorator, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Base {
  @IsString()
  name!: string;
}

class Child extends Base {
  @IsOptional()
  @IsInt()
  count?: number;
}

const messages = (value: object) =>
  validateSync(value, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }).flatMap((e) => Object.values(e.constraints ?? {}));

describe('cacheValidationMetadata', () => {
  it('gives the same rules, own and inherited, as class-validator works out each time', () => {
    cacheValidationMetadata();
    // The app's storage, cached: the same failures and messages as before, asked twice.
    const bad = Object.assign(new Child(), { name: 3, count: 'x', extra: true });
    const first = messages(bad);
    expect(first).toEqual(expect.arrayContaining(['name must be a string', 'count must be an integer number', 'property extra should not exist']));
    expect(messages(bad)).toEqual(first);
    expect(messages(Object.assign(new Child(), { name: 'a' }))).toEqual([]);
  });

  it('sees a rule registered after a class was validated', () => {
    cacheValidationMetadata();
    class Late {
      @IsString()
      label!: string;
    }
    expect(messages(Object.assign(new Late(), { label: 'x' }))).toEqual([]);
    registerDecorator({
      name: 'neverX',
      target: Late,
      propertyName: 'label',
      options: { message: 'label must not be x' },
      validator: { validate: (value: unknown) => value !== 'x' },
    });
    expect(messages(Object.assign(new Late(), { label: 'x' }))).toEqual(['label must not be x']);
  });
});
