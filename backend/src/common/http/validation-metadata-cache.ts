import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Storage = MetadataStorage & { __dutyManagerCached?: true };
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type Target = Parameters<MetadataStorage['getTargetValidationMetadatas']>[0];

/**
 * Remembers class-validator's answer to "which rules does this class have" (and the rules grouped
 * by property), which it otherwise works out on every `validate` call by walking every decorated
 * class of the app (an `instanceof` test per class, for each DTO validated): 5–7 % of a light GET's
 * CPU with a query DTO (docs/performance.md#api-at-scale). The answer depends only on the class, the
 * options (schema, `always`, `strictGroups`, groups) and the rules registered, so it is kept per
 * class and options and dropped whenever a rule or constraint is registered; the validation itself
 * (every rule run on every value, the same errors and messages) is unchanged. Idempotent.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (storage.__dutyManagerCached) return;
  storage.__dutyManagerCached = true;
  let byTarget = new Map<Target, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();
  const forget = () => {
    byTarget = new Map();
    grouped = new WeakMap();
  };

  const targetMetadatas = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let ofTarget = byTarget.get(target);
    if (!ofTarget) byTarget.set(target, (ofTarget = new Map()));
    let found = ofTarget.get(key);
    if (!found) ofTarget.set(key, (found = targetMetadatas(target, schema, always, strictGroups, groups)));
    return found;
  };
  const groupByPropertyName = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) grouped.set(metadata, (found = groupByPropertyName(metadata)));
    return found;
  };

  for (const method of ['addValidationSchema', 'addValidationMetadata', 'addConstraintMetadata'] as const) {
    const add = storage[method].bind(storage) as (arg: never) => void;
    (storage[method] as (arg: never) => void) = (arg) => {
      forget();
      add(arg);
    };
  }
}
