import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import {
  type AuditAction,
  CATEGORY_MERGE_RULES,
  type CategoryMerge,
  QUEUES,
  requestCategoryMergesApplied,
} from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { ApiCall } from '../docs/api-responses.js';
import { arrayOf, int, object, str } from '../docs/schemas.js';
import { JsonBody } from '../http/request-body.js';
import { JobQueues } from '../jobs/job-queues.js';
import { CategoryMergeDto } from './category-merges.dto.js';
import { CategoryMergesRepository } from './category-merges.repository.js';

export class CategoryMergeIdParams {
  @Max(2_147_483_647, { message: CATEGORY_MERGE_RULES.notFound })
  @Min(1, { message: CATEGORY_MERGE_RULES.notFound })
  @IsInt({ message: CATEGORY_MERGE_RULES.notFound })
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN))
  id!: number;
}

const Merge = object({ id: int, spelling: str, into: str, createdAt: str });

/**
 * Category merges the admin edits (a translation into the category it means). Each edit is audited and queues,
 * in the same transaction, the maintenance job that stores every business under its category (edits close
 * together share one job).
 */
@ApiTags('admin categories')
@Controller('admin/category-merges')
@Authenticated()
export class CategoryMergesController {
  constructor(
    private readonly merges: CategoryMergesRepository,
    private readonly audit: AuditService,
    private readonly jobs: JobQueues,
  ) {}

  @Get()
  @ApiCall('Every category merge, by target category', arrayOf(Merge))
  list() {
    return this.merges.list();
  }

  @Post()
  @JsonBody('4kb')
  @HttpCode(201)
  @ApiCall(
    'Merges a spelling into a category: its businesses are stored under the category, its page redirects there',
    { status: 201, schema: Merge },
    400,
    403,
    409,
    503,
  )
  create(@Body() body: CategoryMergeDto, @Req() req: AdminRequest) {
    return this.edit(req, 'category-merge.create', () => this.merges.create(body.spelling, body.into));
  }

  @Delete(':id')
  @ApiCall('Removes a merge (businesses already merged keep their category)', Merge, 400, 403, 404, 503)
  remove(@Param() { id }: CategoryMergeIdParams, @Req() req: AdminRequest) {
    return this.edit(req, 'category-merge.delete', () => this.merges.remove(id));
  }

  private edit(req: AdminRequest, action: AuditAction, write: () => Promise<CategoryMerge>) {
    return this.audit.write(
      req.admin,
      action,
      async () => {
        const merge = await write();
        await requestCategoryMergesApplied(this.jobs.queue(QUEUES.maintenance)).catch((error: Error) => {
          throw new ServiceUnavailableException(
            `Birleştirme kaydedilemedi: işletmeleri güncelleyecek iş kuyruğa eklenemedi (${error.message}). Biraz sonra yeniden deneyin.`,
          );
        });
        return merge;
      },
      (merge) => ({ id: merge.id, spelling: merge.spelling, into: merge.into }),
    );
  }
}
