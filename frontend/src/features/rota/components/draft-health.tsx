import { Alert, Skeleton, Typography } from 'antd';

import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';

import { useGetRotaHealthQuery, type DraftDto } from '../api';

/** "1 duty in this draft breaks a hard rule", "3 duties in this draft break a hard rule". */
export function draftViolationsText(count: number): string {
  return count === 1
    ? '1 duty in this draft breaks a hard rule'
    : `${count} duties in this draft break a hard rule`;
}

/**
 * docs/product.md#drafts: the health check with the draft in place — the draft's duties that break
 * a hard rule now (a holiday added, someone away or deactivated since it was made), each with its
 * reason. Publishing leaves them out.
 */
export function DraftHealth({ draft }: { draft: Pick<DraftDto, 'id' | 'startDate' | 'endDate'> }) {
  const health = useGetRotaHealthQuery({ draftId: draft.id });
  if (health.isError && !health.currentData) {
    return (
      <LoadError
        title="Failed to check the draft"
        error={health.error}
        retrying={health.isFetching}
        onRetry={() => void health.refetch()}
      />
    );
  }
  if (!health.currentData) {
    return (
      <div role="status" aria-label="Checking the draft">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  }
  // The live rota's own days outside the draft are the Dashboard's to show.
  const violations = health.currentData.violations.filter(
    (v) => v.date >= draft.startDate && v.date <= draft.endDate,
  );
  if (!violations.length) {
    return <Typography.Text>No duty in this draft breaks a hard rule.</Typography.Text>;
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={draftViolationsText(violations.length)}
      description={
        <>
          <Typography.Paragraph>
            Publishing leaves them out: those slots stay empty.
          </Typography.Paragraph>
          <ul aria-label="Duties that break a hard rule" style={{ margin: 0, paddingLeft: 20 }}>
            {violations.map((v) => (
              <li key={`${v.date}|${v.position}|${v.staffId}`}>
                {formatDate(v.date, SHORT_DATE_FORMAT)} · {v.staffName} · {v.reason}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
