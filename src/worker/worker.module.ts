import { Module } from '@nestjs/common';
import { PlatformModule } from '../platform/platform.module';
import { WorkerService } from './worker.service';

@Module({ imports: [PlatformModule], providers: [WorkerService] })
export class WorkerModule {}
