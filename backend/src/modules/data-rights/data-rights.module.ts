import { Module } from '@nestjs/common';

/**
 * The school's data rights (docs/security.md, "Data rights"): the organisation's export and its
 * import into a new organisation, each person's own data, erasure and the leavers' retention
 * period, and deleting an organisation. Last in the module order: it reads and changes every
 * module's data through that module's own services.
 */
@Module({ imports: [], controllers: [], providers: [] })
export class DataRightsModule {}
