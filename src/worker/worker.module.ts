import { ALL_PROJECTIONS } from '../modules/projections';
import { Module } from '@nestjs/common';
import { PlatformModule } from '../platform/platform.module';
import { ObservabilityModule } from '../platform/observability/observability.module';
import { WorkerService } from './worker.service';

@Module({
  imports: [PlatformModule.forRoot(ALL_PROJECTIONS), ObservabilityModule.forWorker()],
  providers: [WorkerService],
})
export class WorkerModule {}
