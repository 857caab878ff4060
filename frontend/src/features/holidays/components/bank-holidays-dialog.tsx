import { Empty, Flex, Form, Modal, Select, Spin, Tag, Typography } from 'antd';
import { useId, useState } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { getServerMessage } from '@/shared/api/errors';
import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { changedRota } from '@/shared/lib/rota-change';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import {
  useAddBankHolidaysMutation,
  usePreviewBankHolidaysQuery,
  type AddBankHolidaysResultDto,
  type Region,
} from '../api';
import { REGION_LABELS, REGION_OPTIONS } from '../lib/regions';

export const BANK_HOLIDAYS_TITLE = 'Add bank holidays';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** e.g. "Added 8 bank holidays for 2025-2026. 1 was already listed and skipped." */
export function bankHolidaysMessage(added: number, skipped: number, academicYear: string): string {
  const addedText = `Added ${added} bank ${added === 1 ? 'holiday' : 'holidays'} for ${academicYear}.`;
  const skippedText = `${skipped} ${skipped === 1 ? 'was' : 'were'} already listed and skipped.`;
  return `${addedText} ${skippedText}`;
}

/**
 * The one toast after adding bank holidays: what was added and, when that took people off the
 * rota, the server's account of it (docs/product.md#the-rota-stays-true).
 */
export function bankHolidaysOutcome(result: AddBankHolidaysResultDto): string {
  const added = bankHolidaysMessage(result.added.length, result.skipped, result.academicYear);
  return changedRota(result.rotaChange) ? `${added} ${result.rotaChange.message}` : added;
}

interface BankHolidaysDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * docs/product.md#holidays: the Add bank holidays dialog. A region (the organisation's to start
 * with), the academic year's bank holidays of it, each marked when a holiday already covers it,
 * then adding the others. Adding another region's makes it the organisation's region.
 */
export function BankHolidaysDialog({ open, onClose }: BankHolidaysDialogProps) {
  // Signed in, the session is already loaded; the organisation's region preselects the list.
  const session = useGetCurrentUserQuery();
  const organizationRegion = session.data?.organization.region;
  const [pickedRegion, setPickedRegion] = useState<Region>();
  const asked = pickedRegion ?? organizationRegion;
  const preview = usePreviewBankHolidaysQuery(asked ? { region: asked } : {}, {
    skip: !open || session.isLoading,
  });
  // Without a region named the server answers with the organisation's.
  const region = asked ?? preview.currentData?.region;
  const holidays = preview.currentData?.holidays;
  const toAdd = holidays?.filter((holiday) => !holiday.alreadyCovered).length ?? 0;
  const [addBankHolidays, { isLoading }] = useAddBankHolidaysMutation();
  const toast = useToast();
  const regionId = useId();

  const add = async () => {
    try {
      const result = await addBankHolidays({
        addBankHolidaysDto: region ? { region } : {},
      }).unwrap();
      toast({ title: 'Success', description: bankHolidaysOutcome(result) });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to add bank holidays',
      });
    }
  };

  let list;
  if (preview.isError) {
    list = (
      <LoadError
        title="Failed to load bank holidays"
        error={preview.error}
        retrying={preview.isFetching}
        onRetry={() => void preview.refetch()}
      />
    );
  } else if (!holidays) {
    list = (
      <Flex justify="center" style={{ padding: 24 }} role="status">
        <Spin description="Loading bank holidays…" />
      </Flex>
    );
  } else if (holidays.length === 0) {
    list = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No bank holidays in this year" />
    );
  } else {
    list = (
      <ul aria-label="Bank holidays" style={LIST_STYLE}>
        {holidays.map((holiday) => (
          <li key={holiday.date} style={{ padding: '6px 0' }}>
            <Flex justify="space-between" align="baseline" gap="small" wrap>
              <span>
                <Typography.Text strong>
                  {formatDate(holiday.date, SHORT_DATE_FORMAT)}
                </Typography.Text>{' '}
                <Typography.Text type={holiday.alreadyCovered ? 'secondary' : undefined}>
                  {holiday.name}
                </Typography.Text>
              </span>
              {holiday.alreadyCovered && <Tag style={{ marginInlineEnd: 0 }}>Already added</Tag>}
            </Flex>
          </li>
        ))}
      </ul>
    );
  }

  const changesRegion =
    region !== undefined && organizationRegion !== undefined && region !== organizationRegion;

  return (
    <Modal
      open={open}
      title={BANK_HOLIDAYS_TITLE}
      okText={toAdd > 0 ? `Add ${toAdd} bank ${toAdd === 1 ? 'holiday' : 'holidays'}` : 'Add'}
      okButtonProps={{ disabled: toAdd === 0 || preview.isFetching, loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      onOk={() => void add()}
      onCancel={onClose}
      // Opened again, it starts from the organisation's region.
      afterClose={() => setPickedRegion(undefined)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Region"
          htmlFor={regionId}
          extra={
            changesRegion
              ? `Adding them makes ${REGION_LABELS[region]} your organisation's bank-holiday region.`
              : undefined
          }
        >
          <Select<Region>
            id={regionId}
            options={REGION_OPTIONS}
            value={region}
            loading={region === undefined}
            onChange={setPickedRegion}
          />
        </Form.Item>
      </Form>
      {preview.currentData && (
        <Typography.Paragraph type="secondary">
          {`${REGION_LABELS[preview.currentData.region]} bank holidays of ${preview.currentData.academicYear}. Ones already covered by a holiday are skipped.`}
        </Typography.Paragraph>
      )}
      {list}
    </Modal>
  );
}
