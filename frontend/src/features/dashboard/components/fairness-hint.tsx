import { Alert } from 'antd';
import { Link } from 'react-router';

import { useGetFairnessHintQuery } from '@/features/rota/api';
import { useCan } from '@/shared/auth/access';

import { countOf } from './format';

/** Rota Management's Rebalance preview, which the hint opens (the Admin Panel's section). */
export const REBALANCE_PREVIEW_LINK = '/staff?preview=rebalance#rota-management';

/** "2 people are more than one duty from their fair share", "1 person is more than one duty from their fair share". */
export function fairnessHintText(people: number): string {
  return `${countOf(people, 'person', 'people')} ${people === 1 ? 'is' : 'are'} more than one duty from their fair share`;
}

/**
 * docs/product.md#bulk-tools: for whoever may change the rota, when people are more than one duty
 * from their fair share and Rebalance would change something in the planning year, "2 people are
 * more than one duty from their fair share — Rebalance (4 changes)", linking to the Rebalance
 * preview. Nothing otherwise, nor while it is asked or when the question failed: a hint, not a
 * check.
 */
export function FairnessHint() {
  const canManage = useCan('rota.manage');
  const hint = useGetFairnessHintQuery(undefined, { skip: !canManage });
  const people = hint.data?.people ?? 0;
  const changes = hint.data?.changes ?? 0;
  if (!canManage || people <= 0 || changes <= 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={
        <>
          {fairnessHintText(people)} —{' '}
          {/* Underlined: a link inside a sentence is told apart by more than its colour. */}
          <Link to={REBALANCE_PREVIEW_LINK} style={{ textDecoration: 'underline' }}>
            Rebalance ({countOf(changes, 'change')})
          </Link>
        </>
      }
    />
  );
}
