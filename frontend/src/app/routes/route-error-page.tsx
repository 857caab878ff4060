import { Button, Result, Typography } from 'antd';

/**
 * Catches what escapes a route, most often a lazy route chunk that no longer exists after a
 * deploy; reloading fetches the new build.
 */
export function RouteErrorPage() {
  return (
    <Result
      status="error"
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 'inherit' }}>
          Something went wrong
        </Typography.Title>
      }
      subTitle="The page could not be shown. Reloading usually fixes this."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
