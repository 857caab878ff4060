import { Skeleton } from 'antd';

import { Paragraph, Title } from '@/shared/ui/typography';

interface PageSkeletonProps {
  /** The page's heading, as the page renders it. */
  title: string;
  /** The line under the heading, where the page has one. */
  intro?: string;
}

/**
 * A page's shape while its code is on its way: its heading (and the line under it) where the page
 * will put them, then a block standing in for the content. Kept small and out of the lazy pages:
 * it is in the first download, and the shell's HTML carries it for the pages people open by
 * address (scripts/prerender.mjs), so the heading paints before any of the app's code has run.
 */
export function PageSkeleton({ title, intro }: PageSkeletonProps) {
  return (
    <>
      {/* Hidden from assistive technology, which hears the status instead, and from anything
          looking for the page's heading. */}
      <div aria-hidden>
        <Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
          {title}
        </Title>
        {intro && <Paragraph type="secondary">{intro}</Paragraph>}
      </div>
      <div role="status" aria-label={`Loading ${title}`}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    </>
  );
}
