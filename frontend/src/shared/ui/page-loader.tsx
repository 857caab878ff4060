import { Flex, Spin } from 'antd';

/** Shown while a lazily loaded route module is on its way. */
export function PageLoader() {
  return (
    <Flex
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      style={{ minHeight: '50vh' }}
    >
      <Spin size="large" description="Loading…" />
    </Flex>
  );
}
