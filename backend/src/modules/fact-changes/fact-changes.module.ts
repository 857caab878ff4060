import { Global, Module } from '@nestjs/common';
import { FactChangesService } from './fact-changes.service';

/**
 * The fact-change call (FactChangesService.change), low in the module order so that every module
 * owning a fact the rota depends on can call it; global, so that the one instance the requests
 * module binds the repair to is the one they all get.
 */
@Global()
@Module({ providers: [FactChangesService], exports: [FactChangesService] })
export class FactChangesModule {}
