import {
  BarChartOutlined,
  CalendarOutlined,
  CloseCircleOutlined,
  ExportOutlined,
  MailOutlined,
  RocketOutlined,
  ScheduleOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

import { PlainCard } from '@/shared/ui/plain-card';
import { Paragraph, Title } from '@/shared/ui/typography';

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
}

/**
 * What the product covers (docs/product.md#organisations-and-the-plan). The wording stays clear of the plan's feature list so each
 * of those phrases appears once on the page, in the Pricing card.
 */
export const FEATURES: Feature[] = [
  {
    title: 'Staff records',
    description:
      'Everyone who can take a duty in one list: teaching or support staff, active or not.',
    icon: <TeamOutlined />,
  },
  {
    title: 'Holidays',
    description: 'Bank holidays, half-terms and inset days are kept off the rota automatically.',
    icon: <CalendarOutlined />,
  },
  {
    title: 'Automated assignment and backfill',
    description:
      'Fill the term fairly in one click, and refill a slot on its own when someone drops out.',
    icon: <ThunderboltOutlined />,
  },
  {
    title: 'Swap requests',
    description: 'Staff ask a colleague to swap or cover a duty, and a manager approves it.',
    icon: <SwapOutlined />,
  },
  {
    title: 'Cancel requests',
    description: 'Anyone who cannot make a duty says so, and the gap is filled for them.',
    icon: <CloseCircleOutlined />,
  },
  {
    title: 'Unavailability periods',
    description: 'Leave, training or sickness keeps a person off the rota for exactly those days.',
    icon: <UserDeleteOutlined />,
  },
  {
    title: 'Calendar export',
    description: 'Download your own duties as a file for Outlook, Google or Apple calendars.',
    icon: <ExportOutlined />,
  },
  {
    title: 'Live calendar feed',
    description: 'Subscribe once to a feed of every duty; it keeps itself up to date.',
    icon: <ScheduleOutlined />,
  },
  {
    title: 'Email reminders',
    description: 'Duty managers get a reminder before each duty, on weekdays only.',
    icon: <MailOutlined />,
  },
  {
    title: 'Workload statistics',
    description: 'See who has done how many duties this year, and keep the load even.',
    icon: <BarChartOutlined />,
  },
  {
    title: 'Sign up in minutes',
    description: 'Your organisation gets its own space and subdomain, free to try before you pay.',
    icon: <RocketOutlined />,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title">
      <Title id="features-title" level={2}>
        Features
      </Title>
      <Paragraph type="secondary" style={{ fontSize: 16 }}>
        Everything a school office needs to run its duty rota.
      </Paragraph>
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          gap: 16,
          listStyle: 'none',
          padding: 0,
          margin: 0,
        }}
      >
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <PlainCard style={{ height: '100%' }}>
              <Title level={3} style={{ fontSize: 17, marginTop: 0 }}>
                <span aria-hidden style={{ color: '#1677ff', marginRight: 8 }}>
                  {feature.icon}
                </span>
                {feature.title}
              </Title>
              <Paragraph style={{ marginBottom: 0 }}>{feature.description}</Paragraph>
            </PlainCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
