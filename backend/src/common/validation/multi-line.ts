import { applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, registerDecorator } from 'class-validator';
import { isMultiLineText, isSingleLine } from './line-text';

// The checks themselves live in line-text.ts, which loads nothing: worker threads use them too.
export { isMultiLineText, isSingleLine };

/** The name of the class-validator constraint `MultiLine()` registers (and that marks the property). */
const MULTI_LINE = 'multiLineText';

/**
 * Marks a text property (or a list of texts) as one that may hold several lines: line breaks and
 * tabs are allowed, other control characters are still refused. Every other string the API
 * receives must be a single line (RejectUnsafeTextPipe, common/http/unsafe-text.ts, checks both
 * before validation), so a new field is single-line unless its DTO says otherwise. The mark is a
 * class-validator constraint (which also checks the rule, for a DTO validated elsewhere), so
 * subclasses and PartialType/PickType copies keep it; and `x-multiline: true` in the OpenAPI
 * schema, so clients and the contract fuzzer know it too.
 */
export function MultiLine(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ 'x-multiline': true } as ApiPropertyOptions),
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name: MULTI_LINE,
        target: target.constructor,
        propertyName: String(propertyName),
        options: { message: `The field "${String(propertyName)}" may hold line breaks and tabs, but no other control characters` },
        validator: {
          // Anything that isn't text is the other validators' to refuse.
          validate: (value: unknown) => (Array.isArray(value) ? value : [value]).every((item) => typeof item !== 'string' || isMultiLineText(item)),
        },
      }),
  );
}

const multiLineByClass = new WeakMap<object, ReadonlySet<string>>();

/** The properties of a DTO class (its parents' included) marked `MultiLine()`; none for a plain object. */
export function multiLineProperties(dto: unknown): ReadonlySet<string> {
  if (typeof dto !== 'function' || dto === Object) return new Set();
  let found = multiLineByClass.get(dto);
  if (!found) {
    found = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .filter((metadata) => metadata.name === MULTI_LINE)
        .map((metadata) => metadata.propertyName),
    );
    multiLineByClass.set(dto, found);
  }
  return found;
}

/**
 * The DTO class a nested property's value becomes (its `@Type`, the item class for a list), or
 * undefined. class-transformer keeps these in a storage its index doesn't export; Nest's mapped
 * types (PartialType…) read the same module to copy them.
 */
export function nestedClass(dto: unknown, property: string): unknown {
  if (typeof dto !== 'function' || dto === Object) return undefined;
  return defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction();
}
