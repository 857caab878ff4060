import { Flex, Spin, Typography } from 'antd';

import { LoadError } from '@/shared/ui/load-error';

interface HealthQuery {
  isError: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * What a Dashboard health line shows instead of its answer: the failure, with a retry, or that it
 * is still checking. Null when there is an answer to show (`answered`) and the check didn't fail.
 */
export function HealthCheckPending({
  query,
  answered,
  failed,
  checking,
}: {
  query: HealthQuery;
  answered: boolean;
  /** e.g. "Failed to check the rota". */
  failed: string;
  /** e.g. "Checking the rota…". */
  checking: string;
}) {
  if (query.isError) {
    return (
      <LoadError
        title={failed}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (answered) return null;
  return (
    <Flex role="status" gap="small" align="center">
      <Spin size="small" />
      <Typography.Text type="secondary">{checking}</Typography.Text>
    </Flex>
  );
}
