import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { type AuditAction, QUEUES, requestSynonymsReindex, SYNONYM_RULES } from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { ApiCall } from '../docs/api-responses.js';
import { arrayOf, int, object, str } from '../docs/schemas.js';
import { JsonBody } from '../http/request-body.js';
import { JobQueues } from '../jobs/job-queues.js';
import { SynonymDto } from './synonyms.dto.js';
import { SynonymsRepository } from './synonyms.repository.js';

export class SynonymIdParams {
  @Max(2_147_483_647, { message: SYNONYM_RULES.notFound })
  @Min(1, { message: SYNONYM_RULES.notFound })
  @IsInt({ message: SYNONYM_RULES.notFound })
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN))
  id!: number;
}

const Synonym = object({ id: int, phrase: str, means: str, updatedAt: str });

/**
 * Search synonyms the admin edits. Each edit is audited and queues, in the same transaction, the rebuild of the
 * index that applies it (edits close together share one rebuild).
 */
@ApiTags('admin search')
@Controller('admin/search/synonyms')
@Authenticated()
export class SynonymsController {
  constructor(
    private readonly synonyms: SynonymsRepository,
    private readonly audit: AuditService,
    private readonly jobs: JobQueues,
  ) {}

  @Get()
  @ApiCall('Every synonym rule, by phrase', arrayOf(Synonym))
  list() {
    return this.synonyms.list();
  }

  @Post()
  @JsonBody('4kb')
  @HttpCode(201)
  @ApiCall(
    'Adds a rule: a query holding phrase also finds what means finds',
    { status: 201, schema: Synonym },
    400,
    403,
    409,
    503,
  )
  create(@Body() body: SynonymDto, @Req() req: AdminRequest) {
    return this.edit(req, 'synonym.create', () => this.synonyms.create(body.phrase, body.means));
  }

  @Put(':id')
  @JsonBody('4kb')
  @ApiCall('Changes a rule', Synonym, 400, 403, 404, 409, 503)
  update(@Param() { id }: SynonymIdParams, @Body() body: SynonymDto, @Req() req: AdminRequest) {
    return this.edit(req, 'synonym.update', () => this.synonyms.update(id, body.phrase, body.means));
  }

  @Delete(':id')
  @ApiCall('Removes a rule', Synonym, 400, 403, 404, 503)
  remove(@Param() { id }: SynonymIdParams, @Req() req: AdminRequest) {
    return this.edit(req, 'synonym.delete', () => this.synonyms.remove(id));
  }

  private edit(
    req: AdminRequest,
    action: AuditAction,
    write: () => Promise<{ id: number; phrase: string; means: string }>,
  ) {
    return this.audit.write(
      req.admin,
      action,
      async () => {
        const synonym = await write();
        await requestSynonymsReindex(this.jobs.queue(QUEUES.search)).catch((error: Error) => {
          throw new ServiceUnavailableException(
            `Eş anlam kaydedilemedi: arama dizinini yenileyecek iş kuyruğa eklenemedi (${error.message}). Biraz sonra yeniden deneyin.`,
          );
        });
        return synonym;
      },
      (synonym) => ({ id: synonym.id, phrase: synonym.phrase, means: synonym.means }),
    );
  }
}
