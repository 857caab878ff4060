import type { Reauthentication } from '@/features/data-rights/routes';
import { reauthenticationOf, ReauthenticationFields } from '@/features/settings/routes';

/** The settings feature's "confirm it's you" fields, handed to the features whose changes ask for it. */
export const REAUTHENTICATION: Reauthentication = {
  Fields: ReauthenticationFields,
  valuesOf: reauthenticationOf,
};
