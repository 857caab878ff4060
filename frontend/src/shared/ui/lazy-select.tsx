import { Skeleton, type SelectProps } from 'antd';
import type { ComponentType, CSSProperties, ReactElement } from 'react';

import { loadedInPlace } from '@/shared/lib/preloadable';

/** The width a placeholder takes: the select's own, else its minimum, else antd's input's. */
function placeholderWidth(style: CSSProperties | undefined): CSSProperties['width'] {
  return style?.width ?? style?.minWidth ?? undefined;
}

// antd's Select (with its virtual list, option list and dropdown styles) is about 24 KB gzip: in a
// page's first download it put the Dashboard and the Weekly Rota over their budget
// (docs/performance.md, "Eager JavaScript budget"). Its code is requested when the page first
// renders one, beside the page's data, and the page shows without waiting for it.
const { Component } = loadedInPlace(
  async () => (await import('antd/es/select')).default as ComponentType<SelectProps<unknown>>,
  (props) => (
    <Skeleton.Input
      active
      aria-hidden
      className={props.className}
      style={{ width: placeholderWidth(props.style), maxWidth: props.style?.maxWidth }}
    />
  ),
);

/**
 * antd's `Select` (the same props), loaded apart from the page: until its code has come, a
 * skeleton of its height and width holds its place, so nothing moves when it arrives. For a
 * select on a page's first screen that the page can show without (a month or duty picker).
 */
export const LazySelect = Component as <V>(props: SelectProps<V>) => ReactElement;
