import { Controller, Get, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { SystemService } from './system.service.js';
import { VISITOR_RETENTION_DAYS, VisitorsService } from './visitors.service.js';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject } from '../docs/schemas.js';
import { Authenticated } from '../auth/access.js';

class VisitorsQuery {
  @IsOptional()
  @Type(() => Number)
  @Max(VISITOR_RETENTION_DAYS, { message: `days must be a whole number from 1 to ${VISITOR_RETENTION_DAYS}` })
  @Min(1, { message: `days must be a whole number from 1 to ${VISITOR_RETENTION_DAYS}` })
  @IsInt({ message: `days must be a whole number from 1 to ${VISITOR_RETENTION_DAYS}` })
  days = 7;
}

/** The dashboard's live figures (admin spec §2): this server's CPU, memory, disk and uptime, and visitors. */
@ApiTags('admin dashboard')
@Controller('admin')
@Authenticated()
export class AdminSystemController {
  constructor(
    private readonly system: SystemService,
    private readonly visitors: VisitorsService,
  ) {}

  @Get('system')
  @ApiCall('Server figures: CPU, memory, disk, uptimes', GenericObject)
  metrics() {
    return this.system.metrics();
  }

  @Get('visitors')
  @ApiCall('Distinct visitors per day, the last ?days', GenericObject, 400)
  visitorCounts(@Query() query: VisitorsQuery) {
    return this.visitors.counts(query.days);
  }
}
