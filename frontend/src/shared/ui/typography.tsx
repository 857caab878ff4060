import { ConfigProvider } from 'antd';
// antd's Typography styles without its components: `Typography.Title` & co. always bring their
// editing (a TextArea, hence antd's Input and Form), copying and ellipsis-tooltip code, about
// 20 KB gzip that pages showing plain text download before they can render. These render the
// markup antd's do for plain text (no ellipsis, copy or edit), styled by the same hook, so they
// look the same; elsewhere antd's Typography is fine.
import useTypographyStyle from 'antd/es/typography/style';
import { useContext, type CSSProperties, type ReactNode } from 'react';

interface TypographyProps {
  id?: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** The classes antd's Typography puts on its element, in its order. */
function useTypographyClassName(type: string | undefined, className: string | undefined): string {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('typography');
  const [hashId, cssVarCls] = useTypographyStyle(prefixCls);
  return [prefixCls, type && `${prefixCls}-${type}`, className, hashId, cssVarCls]
    .filter(Boolean)
    .join(' ');
}

/** `Typography.Title` for plain text. */
export function Title({
  level = 1,
  className,
  ...props
}: TypographyProps & { level?: 1 | 2 | 3 | 4 | 5 }) {
  const Heading = `h${level}` as const;
  return <Heading className={useTypographyClassName(undefined, className)} {...props} />;
}

/** `Typography.Paragraph` for plain text. */
export function Paragraph({
  type,
  strong,
  className,
  children,
  ...props
}: TypographyProps & { type?: 'secondary'; strong?: boolean; 'aria-live'?: 'polite' }) {
  return (
    <div className={useTypographyClassName(type, className)} {...props}>
      {strong ? <strong>{children}</strong> : children}
    </div>
  );
}

/** `Typography.Text` for plain text. */
export function Text({
  type,
  strong,
  className,
  children,
  ...props
}: TypographyProps & { type?: 'secondary'; strong?: boolean }) {
  return (
    <span className={useTypographyClassName(type, className)} {...props}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}
