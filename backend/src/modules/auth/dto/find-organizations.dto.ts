import { EmailField } from './fields';

/** "Find your school": the address whose organisations to list. */
export class FindOrganizationsDto {
  @EmailField('Invalid email format')
  email!: string;
}
