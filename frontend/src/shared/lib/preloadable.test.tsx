import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { loadedInPlace, preloadable } from './preloadable';

function Page() {
  return <p>The page</p>;
}

function renderInSuspense(Component: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Component />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('renders at once, with no fallback, when its code was loaded beforehand', async () => {
    const load = vi.fn(async () => Page);
    const { Component, preload } = preloadable(load);
    await preload();

    renderInSuspense(Component);

    // Synchronously in the first commit: no suspension, so nothing for React to hold back.
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like lazy when it was not, loading the code once', async () => {
    const load = vi.fn(async () => Page);
    const { Component, preload } = preloadable(load);

    renderInSuspense(Component);

    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('The page')).toBeInTheDocument();
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi
      .fn<() => Promise<typeof Page>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Page);
    const { Component, preload } = preloadable(load);

    await expect(preload()).rejects.toThrow('offline');
    await act(async () => {
      await preload();
    });
    renderInSuspense(Component);

    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes its props to the loaded component, loaded ahead or not', async () => {
    function Greeting({ name }: { name: string }) {
      return <p>Hello {name}</p>;
    }
    const { Component, preload } = preloadable(async () => Greeting);

    renderInSuspense(() => <Component name="Ann" />);
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();

    await preload();
    renderInSuspense(() => <Component name="Ben" />);
    expect(screen.getByText('Hello Ben')).toBeInTheDocument();
  });
});

describe('loadedInPlace', () => {
  function Label({ text }: { text: string }) {
    return <p>{text}</p>;
  }

  it("shows its fallback with the same props where it stands while the code comes, not its parents' fallback", async () => {
    let arrive!: (component: typeof Label) => void;
    const { Component } = loadedInPlace(
      () => new Promise<typeof Label>((resolve) => (arrive = resolve)),
      ({ text }) => <p>Waiting for {text}</p>,
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <p>Around it</p>
        <Component text="the select" />
      </Suspense>,
    );

    expect(screen.getByText('Around it')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the select')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    await act(async () => arrive(Label));
    expect(screen.getByText('the select')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the select')).not.toBeInTheDocument();
  });

  it('renders nothing in place without a fallback, and at once when preloaded', async () => {
    const later = loadedInPlace(async () => Label);
    const { container } = render(<later.Component text="Tabs" />);
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('Tabs')).toBeInTheDocument();

    const ahead = loadedInPlace(async () => Label);
    await ahead.preload();
    render(<ahead.Component text="The dialog" />);
    expect(screen.getByText('The dialog')).toBeInTheDocument();
  });
});
