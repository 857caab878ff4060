import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';

import { getServerMessage } from '@/shared/api/errors';

interface LoadErrorProps {
  /** What failed, e.g. "Failed to load staff members". */
  title: string;
  /** The failed query's error: its server message is shown, else "Please try again.". */
  error: unknown;
  /** Whether the retry is under way: the Retry button spins. */
  retrying?: boolean;
  onRetry: () => void;
  style?: CSSProperties;
}

/** Data that could not be loaded: the server's reason and a Retry button. */
export function LoadError({ title, error, retrying, onRetry, style }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={title}
      description={getServerMessage(error) ?? 'Please try again.'}
      action={
        <Button loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
