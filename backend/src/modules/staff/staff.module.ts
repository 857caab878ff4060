import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StaffController } from './staff.controller';
import { StaffService } from './staff.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Staff } from './entities/staff.entity';

@Module({ imports: [MikroOrmModule.forFeature([Staff]), AuthModule], controllers: [StaffController], providers: [StaffService], exports: [StaffService] })
export class StaffModule {}
