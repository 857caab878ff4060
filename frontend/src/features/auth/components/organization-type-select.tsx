import { Select, type SelectProps } from 'antd';

/** antd's Select, in a module of its own so the sign-up form can load it after rendering. */
export function OrganizationTypeSelect(props: SelectProps) {
  return <Select {...props} />;
}
