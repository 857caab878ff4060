import { Button, Flex, Result } from 'antd';

import { PageTitle } from '@/shared/ui/page-title';

import { ResultHeading as Heading } from '../components/result-heading';
import { addressOf } from '../session/host';

const TITLE = "We couldn't find that school";

/**
 * What an address naming no organisation shows, at every path
 * (docs/product.md#accounts-and-sign-in): a mistyped or outdated address, or a school that has
 * left. It points to the product's own address, where "Find your school" emails the right one.
 */
export function UnknownSchoolPage({ baseDomain }: { baseDomain: string }) {
  return (
    <>
      <PageTitle title={TITLE} />
      <Result
        status="404"
        title={<Heading>{TITLE}</Heading>}
        subTitle={`No organisation uses the address ${window.location.hostname}. Check it for typos, or find your school by email.`}
        extra={
          <Flex gap="small" justify="center" wrap>
            <Button
              type="primary"
              size="large"
              href={addressOf(baseDomain, undefined, '/find-school')}
            >
              Find your school
            </Button>
            <Button size="large" href={addressOf(baseDomain, undefined, '/')}>
              Go to Duty Manager
            </Button>
          </Flex>
        }
      />
    </>
  );
}
