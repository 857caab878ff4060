import { Flex, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface SavedSetting {
  label: string;
  value: ReactNode;
}

/** A setting's On/Off state as a tag. */
export function OnOffTag({ on }: { on: boolean }) {
  return on ? (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      On
    </Tag>
  ) : (
    <Tag style={{ marginInlineEnd: 0 }}>Off</Tag>
  );
}

/** A settings card's view mode: one row per setting, its label left and its value right. */
export function SavedSettingsList({ label, rows }: { label: string; rows: SavedSetting[] }) {
  const { token } = theme.useToken();
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, index) => (
        <li
          key={row.label}
          style={{
            padding: '8px 0',
            borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
          }}
        >
          <Flex justify="space-between" align="center" gap="small">
            <Typography.Text>{row.label}</Typography.Text>
            {row.value}
          </Flex>
        </li>
      ))}
    </ul>
  );
}

interface Fetched<T> {
  data?: T;
  fulfilledTimeStamp?: number;
}

/**
 * What was just saved, until the refetch the save triggers has come back: the save's answer
 * when it is newer than the query's `loaded` data (fetched at `loadedAt`).
 */
export function latestSaved<T>(loaded: T, loadedAt: number | undefined, save: Fetched<T>): T {
  return save.data && (save.fulfilledTimeStamp ?? 0) > (loadedAt ?? 0) ? save.data : loaded;
}
