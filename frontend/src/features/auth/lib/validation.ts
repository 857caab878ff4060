import type { FormRule } from 'antd';

import { trimmed } from '@/shared/lib/text';

/**
 * Form rules with the messages of docs/product.md#texts-on-screen, matching the backend's own validation messages so a
 * rule the client misses reads the same when the server reports it.
 */
export function emailRules(invalidMessage: string): FormRule[] {
  return [
    { required: true, message: 'Email is required' },
    { type: 'email', message: invalidMessage },
    { max: 254, message: 'Email must be at most 254 characters' },
  ];
}

export const passwordRules: FormRule[] = [
  { required: true, message: 'Password is required' },
  { min: 6, message: 'Password must be at least 6 characters' },
  { max: 128, message: 'Password must be at most 128 characters' },
];

/** Signing in and asking for links: the organisation only has to be named. */
export const organizationRules: FormRule[] = [
  { required: true, whitespace: true, message: 'Organization is required' },
  { max: 63, message: 'Organization must be at most 63 characters' },
];

/** Registration: the subdomain becomes part of a host name. */
export const newSubdomainRules: FormRule[] = [
  { required: true, message: 'Subdomain is required' },
  { min: 2, message: 'Subdomain must be at least 2 characters' },
  { max: 63, message: 'Subdomain must be at most 63 characters' },
  {
    pattern: /^[a-z0-9-]+$/,
    message: 'Subdomain can only contain lowercase letters, numbers, and hyphens',
  },
  {
    pattern: /^[a-z0-9](?:.*[a-z0-9])?$/,
    message: 'Subdomain must start and end with a letter or number',
  },
];

export function nameRules(subject: string, max: number): FormRule[] {
  return [
    { required: true, whitespace: true, message: `${subject} is required` },
    {
      validator: async (_rule, value: unknown) => {
        const length = typeof value === 'string' ? trimmed(value).length : 0;
        if (length > 0 && length < 2) {
          throw new Error(`${subject} must be at least 2 characters`);
        }
      },
    },
    { max, message: `${subject} must be at most ${max} characters` },
  ];
}

/** Lower-cases a subdomain as it is typed (docs/product.md#organisations-and-the-plan). */
export function lowerCase(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/** Emails never contain spaces; stray ones from pasting are dropped as typed. */
export function withoutSpaces(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : value;
}
