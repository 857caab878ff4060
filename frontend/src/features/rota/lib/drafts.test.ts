import { describe, expect, it } from 'vitest';

import { publishQuestion, signedDuties } from './drafts';

describe('drafts texts', () => {
  it('signs a difference to the fair share in duties', () => {
    expect(signedDuties(1.2)).toBe('+1.20');
    expect(signedDuties(-0.4)).toBe('−0.40');
    expect(signedDuties(0)).toBe('0.00');
  });

  it('names the duties and people a publish changes', () => {
    expect(publishQuestion({ duties: 20 }, 5)).toBe(
      'Publish this draft? Its 20 duties for 5 people replace the rota on its days, and everyone whose duties change gets one email.',
    );
    expect(publishQuestion({ duties: 1 }, 1)).toContain('Its 1 duty for 1 person');
  });
});
