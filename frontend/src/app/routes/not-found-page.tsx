import { Result, Typography } from 'antd';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 'inherit' }}>
          404 Page Not Found
        </Typography.Title>
      }
      subTitle="Did you forget to add the page to the router?"
      extra={<Link to="/">Go to the home page</Link>}
    />
  );
}
