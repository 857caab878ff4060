import { Tabs, type TabsProps } from 'antd';

import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

export type GetStartedTab = 'register' | 'sign-in';

interface GetStartedTabsProps {
  /** Controlled mode, so other parts of the page can open a tab; uncontrolled otherwise. */
  activeTab?: GetStartedTab;
  onTabChange?: (tab: GetStartedTab) => void;
}

const ITEMS: TabsProps['items'] = [
  { key: 'register', label: 'Start Free Trial', children: <RegisterForm /> },
  { key: 'sign-in', label: 'Sign In', children: <SignInForm /> },
];

/** Registration (the default) and sign-in, side by side (docs/product.md#screens, logged-out screen). */
export function GetStartedTabs({ activeTab, onTabChange }: GetStartedTabsProps) {
  return (
    <Tabs
      defaultActiveKey="register"
      activeKey={activeTab}
      onChange={(key) => onTabChange?.(key as GetStartedTab)}
      // Both forms have Email and Password fields: only the visible one may exist, or a
      // label would name two inputs.
      destroyOnHidden
      items={ITEMS}
    />
  );
}
