import { Flex, Spin, Tabs, type TabsProps } from 'antd';

import { useSignInHost, type SignInHost } from '../session/host';
import { RegisterForm } from './register-form';
import { SchoolAddressForm } from './school-address-form';
import { SignInForm } from './sign-in-form';

export type GetStartedTab = 'register' | 'sign-in';

interface GetStartedTabsProps {
  /** Controlled mode, so other parts of the page can open a tab; uncontrolled otherwise. */
  activeTab?: GetStartedTab;
  onTabChange?: (tab: GetStartedTab) => void;
  /** False: the tabs without their forms, which a later render adds (the landing page's card). */
  formShown?: boolean;
}

/** Sign In, by the page's address (docs/product.md#accounts-and-sign-in). */
function signIn(host: SignInHost) {
  if (host.kind === 'bare') return <SchoolAddressForm baseDomain={host.baseDomain} />;
  if (host.kind === 'pending') {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  }
  return <SignInForm />;
}

/**
 * Registration (the default) and sign-in, side by side (docs/product.md#screens, logged-out
 * screen). On a school's own address there is only its sign-in.
 */
export function GetStartedTabs({ activeTab, onTabChange, formShown = true }: GetStartedTabsProps) {
  const host = useSignInHost();
  if (host.kind === 'organization') return formShown ? <SignInForm /> : null;
  const items: TabsProps['items'] = [
    { key: 'register', label: 'Start Free Trial', children: formShown && <RegisterForm /> },
    { key: 'sign-in', label: 'Sign In', children: formShown && signIn(host) },
  ];
  return (
    <Tabs
      defaultActiveKey="register"
      activeKey={activeTab}
      onChange={(key) => onTabChange?.(key as GetStartedTab)}
      // Both forms have Email and Password fields: only the visible one may exist, or a
      // label would name two inputs.
      destroyOnHidden
      items={items}
    />
  );
}
