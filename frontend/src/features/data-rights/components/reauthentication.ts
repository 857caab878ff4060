import type { ComponentType } from 'react';

/** What a sensitive change sends to confirm it is the signed-in person (docs/security.md, "Re-authentication"). */
export interface ReauthenticationValues {
  password?: string;
  code?: string;
  providerProof?: string;
}

/**
 * The app's "confirm it's you" fields and how a form's values become the request's: the settings
 * feature's own (features/settings/components/reauthentication-fields.tsx), handed in by the app,
 * as one feature does not import another's components.
 */
export interface Reauthentication {
  Fields: ComponentType<{ help?: string }>;
  valuesOf: (values: ReauthenticationValues) => ReauthenticationValues;
}
