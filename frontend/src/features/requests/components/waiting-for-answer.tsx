import { SwapOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { Link } from 'react-router';

import { useCan } from '@/shared/auth/access';

import { useGetSwapRequestsQuery } from '../api';

/**
 * The dashboard's "Waiting for your answer: n" (docs/product.md#requests: the colleague is
 * asked first): the swap requests the signed-in person can accept, linking to /swaps. Staff
 * always see it; approvers, whose Pending Swaps card counts what waits for approval, only when
 * someone asked them. Nothing while the requests load or when they could not be loaded.
 */
export function WaitingForAnswer() {
  const canDecide = useCan('requests.decide');
  const { data } = useGetSwapRequestsQuery();
  if (!data) return null;
  const count = data.filter((request) => request.canAnswer).length;
  if (canDecide && count === 0) return null;
  return (
    <Alert
      type={count > 0 ? 'info' : 'success'}
      showIcon
      icon={<SwapOutlined aria-hidden />}
      title={<Link to="/swaps">Waiting for your answer: {count}</Link>}
    />
  );
}
