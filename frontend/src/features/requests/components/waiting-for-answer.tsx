import { SwapOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { Link } from 'react-router';

import { useGetSwapRequestsQuery } from '../api';

/**
 * The dashboard's "Waiting for your answer: n" (docs/product.md#requests: the colleague is
 * asked first): the swap requests the signed-in person can accept, linking to /swaps. Shown only
 * when there is something to answer: "0" is nothing to act on. Nothing while the requests load
 * or when they could not be loaded.
 */
export function WaitingForAnswer() {
  const { data } = useGetSwapRequestsQuery();
  if (!data) return null;
  const count = data.filter((request) => request.canAnswer).length;
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      icon={<SwapOutlined aria-hidden />}
      title={<Link to="/swaps">Waiting for your answer: {count}</Link>}
    />
  );
}
