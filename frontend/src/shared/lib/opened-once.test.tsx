import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useOpenedOnce } from './opened-once';

describe('useOpenedOnce', () => {
  it('is false until the first opening', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), {
      initialProps: { open: false },
    });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
  });

  it('is true in the render that first opens, and stays true once closed again', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), {
      initialProps: { open: false },
    });
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it('is true from the start when it starts open', () => {
    const { result } = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });
});
