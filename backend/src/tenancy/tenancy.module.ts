import { Global, Module } from '@nestjs/common';
import { ClsModule } from 'nestjs-cls';

/** Opens an async-local context per request, in which TenantContext keeps the organisation. */
@Global()
@Module({ imports: [ClsModule.forRoot({ global: true, middleware: { mount: true } })] })
export class TenancyModule {}
