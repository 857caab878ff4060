import { Alert, Button } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';

interface LoadErrorProps {
  /** What failed, e.g. "Failed to load staff members". */
  title: string;
  /** The failed query's error: its server message is shown, else "Please try again.". */
  error?: unknown;
  /** A fixed text to show instead of the server's message. */
  description?: ReactNode;
  /** The retry button's text (default "Retry"). */
  retryLabel?: string;
  /** Whether the retry is under way: the Retry button spins. */
  retrying?: boolean;
  onRetry: () => void;
  style?: CSSProperties;
}

/** Data that could not be loaded: the server's reason and a Retry button. */
export function LoadError({
  title,
  error,
  description,
  retryLabel = 'Retry',
  retrying,
  onRetry,
  style,
}: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={title}
      description={description ?? getServerMessage(error) ?? 'Please try again.'}
      action={
        <Button loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
