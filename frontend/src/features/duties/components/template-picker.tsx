import { Flex, Typography } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useApplyDutyTemplateMutation,
  useGetDutyTemplatesQuery,
  type AppliedDutyTemplateDto,
  type DutyTemplateDto,
} from '../api';

/** "Added 5 duties", and the ones skipped because the school has their names. */
export function templateOutcome({ added, skipped }: AppliedDutyTemplateDto): string {
  const done = `Added ${added.length} ${added.length === 1 ? 'duty' : 'duties'}`;
  return skipped.length
    ? `${done}. Skipped, as you have them already: ${skipped.join(', ')}.`
    : done;
}

/**
 * docs/product.md#duties, templates: starts a school's duties from the primary or secondary
 * template. The confirmation lists the template's duties; those whose name the school has are
 * skipped.
 */
export function TemplatePicker() {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetDutyTemplatesQuery();
  const [apply] = useApplyDutyTemplateMutation();
  const toast = useToast();

  const use = async (template: DutyTemplateDto) => {
    try {
      const applied = await apply({ key: template.key }).unwrap();
      toast({ title: 'Success', description: templateOutcome(applied) });
    } catch (failure) {
      toast({
        variant: 'destructive',
        description: getServerMessage(failure) ?? 'Failed to add the template’s duties',
      });
    }
  };

  return (
    <SectionCard title="Start from a template" loading={isLoading}>
      {isError ? (
        <LoadError
          title="Failed to load the templates"
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <Flex vertical gap="small">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Add a typical school’s duties, then change them to fit yours. Duties with a name you
            already have are skipped.
          </Typography.Paragraph>
          <Flex gap="small" wrap>
            {(data ?? []).map((template) => (
              <ConfirmButton
                key={template.key}
                confirmTitle={`Add the ${template.name.toLowerCase()} duties?`}
                confirmDescription={
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {template.duties.map((duty) => (
                      <li key={duty.name}>{duty.name}</li>
                    ))}
                  </ul>
                }
                okText="Add"
                onConfirm={() => use(template)}
              >
                {template.name}
              </ConfirmButton>
            ))}
          </Flex>
        </Flex>
      )}
    </SectionCard>
  );
}
