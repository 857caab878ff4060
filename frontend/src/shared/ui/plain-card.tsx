import { ConfigProvider } from 'antd';
// antd's Card styles without its component: `Card` always brings Tabs (for `tabList`, with its
// Menu and Dropdown), Skeleton (for `loading`) and the Form's context (for `variant`), about 45 KB
// gzip that a page showing plain boxes downloads before it can render (the landing page's
// Features and Pricing). This renders the markup antd's Card does for a title and a body, styled
// by the same hook, so it looks the same; elsewhere antd's Card is fine.
import useCardStyle from 'antd/es/card/style';
import { useContext, type CSSProperties, type ReactNode } from 'react';

interface PlainCardProps {
  /** The header's content; no header without one. */
  title?: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}

/** antd's `Card` (outlined, medium) with a title and a body, and nothing else. */
export function PlainCard({ title, style, children }: PlainCardProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  return (
    <div
      className={[prefixCls, `${prefixCls}-bordered`, hashId, cssVarCls].join(' ')}
      style={style}
    >
      {title !== undefined && (
        <div className={`${prefixCls}-head`}>
          <div className={`${prefixCls}-head-wrapper`}>
            <div className={`${prefixCls}-head-title`}>{title}</div>
          </div>
        </div>
      )}
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>
  );
}
