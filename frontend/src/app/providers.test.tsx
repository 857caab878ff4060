import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProviders } from './providers';
import { makeStore } from './store';

/** What antd's motion token is inside the app's providers. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <p>motion {token.motion ? 'on' : 'off'}</p>;
}

/** A matchMedia whose reduced-motion answer the test sets, and changes. */
function stubReducedMotion(initially: boolean) {
  let reduce = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && reduce;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: boolean) => {
    reduce = next;
    listeners.forEach((listener) => listener());
  };
}

describe('the app providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turn antd’s animations off for people who ask their system for less motion, and follow a change', () => {
    const setReduce = stubReducedMotion(true);
    render(
      <AppProviders store={makeStore()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion off')).toBeInTheDocument();
    act(() => setReduce(false));
    expect(screen.getByText('motion on')).toBeInTheDocument();
  });

  it('keep the animations when nothing asks for less motion', () => {
    stubReducedMotion(false);
    render(
      <AppProviders store={makeStore()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion on')).toBeInTheDocument();
  });
});
