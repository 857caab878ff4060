import { CheckCircleFilled } from '@ant-design/icons';
import { Flex } from 'antd';

import { Paragraph, Text, Title } from '@/shared/ui/typography';

const HIGHLIGHTS = [
  'A fair rota for every weekday, filled in one click',
  'Swaps and cancellations without the email chains',
  'Reminders so nobody forgets their duty',
];

/** What Duty Manager is, in one heading and a sentence: the top of the landing page. */
export function LandingHero() {
  return (
    <section aria-labelledby="landing-title">
      <Title id="landing-title" level={1} style={{ fontSize: 44, marginBottom: 16 }}>
        Duty Manager
      </Title>
      <Paragraph style={{ fontSize: 20 }}>
        The duty-manager rota for schools, colleges and universities. Put two duty managers on every
        weekday, and let staff swap, cancel and plan around holidays without a spreadsheet.
      </Paragraph>
      <Flex
        vertical
        gap="small"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {HIGHLIGHTS.map((highlight) => (
          <Flex key={highlight} component="li" gap="small" align="baseline">
            <CheckCircleFilled aria-hidden style={{ color: '#1677ff' }} />
            <Text style={{ fontSize: 16 }}>{highlight}</Text>
          </Flex>
        ))}
      </Flex>
    </section>
  );
}
