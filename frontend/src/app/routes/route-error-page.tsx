import { CloseCircleFilled } from '@ant-design/icons';
import { Button, ConfigProvider } from 'antd';
// antd's <Result> styles without <Result> itself: that module bundles its 404/403/500
// illustrations (about 12 KB gzip), which this page, part of every page's first download, never
// shows. The markup below is what <Result status="error"> renders.
import useResultStyle from 'antd/es/result/style';
import { useContext } from 'react';

import { Title } from '@/shared/ui/typography';

/**
 * Catches what escapes a route, most often a lazy route chunk that no longer exists after a
 * deploy; reloading fetches the new build. It is in the entry chunk for that reason: it must not
 * need a chunk of its own.
 */
export function RouteErrorPage() {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('result');
  const [hashId, cssVarCls] = useResultStyle(prefixCls);

  return (
    <div className={`${prefixCls} ${prefixCls}-error ${hashId} ${cssVarCls}`}>
      <div className={`${prefixCls}-icon`}>
        <CloseCircleFilled />
      </div>
      <div className={`${prefixCls}-title`}>
        <Title level={1} style={{ margin: 0, fontSize: 'inherit' }}>
          Something went wrong
        </Title>
      </div>
      <div className={`${prefixCls}-subtitle`}>
        The page could not be shown. Reloading usually fixes this.
      </div>
      <div className={`${prefixCls}-extra`}>
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </div>
  );
}
