import { PERMISSIONS } from '../common/auth/roles';
import { renderPermissionsFile } from './permissions-file';

describe('the frontend permission table', () => {
  const file = renderPermissionsFile();

  it('lists every permission with exactly the roles the server checks', () => {
    for (const [permission, { roles }] of Object.entries(PERMISSIONS)) {
      expect(file).toContain(`  '${permission}': [${roles.map((r) => `'${r}'`).join(', ')}],\n`);
    }
    expect(file.match(/^ {2}'[a-z.]+': \[/gm)).toHaveLength(Object.keys(PERMISSIONS).length);
  });

  it('says it is generated and must not be edited', () => {
    expect(file.split('\n')[1]).toContain('Do not edit');
  });
});
