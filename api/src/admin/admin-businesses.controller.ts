import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuditAction, BusinessDeleteScope } from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import {
  AdminBusinessQuery,
  BulkApprovalDto,
  BulkRejectDto,
  BusinessIdParams,
  FacetQuery,
  UpdateBusinessDto,
} from './admin-businesses.dto.js';
import { AdminBusinessesService, type RemovalStart } from './admin-businesses.service.js';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject, Success, arrayOf, str } from '../docs/schemas.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { JsonBody } from '../http/request-body.js';

@ApiTags('admin businesses')
@Controller()
@Authenticated()
export class AdminBusinessesController {
  constructor(
    private readonly businesses: AdminBusinessesService,
    private readonly audit: AuditService,
  ) {}

  @Get('admin/stats')
  @ApiCall('Directory figures for the dashboard', GenericObject)
  stats() {
    return this.businesses.stats();
  }

  @Get('admin/businesses')
  @ApiCall('A page of businesses, filtered and sorted (admin spec §7)', GenericObject, 400)
  list(@Query() query: AdminBusinessQuery) {
    return this.businesses.list(query);
  }

  @Get('admin/categories')
  @ApiCall(
    'Every category name, for the filters (?include=waiting: also those only waiting ones have)',
    arrayOf(str),
    400,
  )
  categories(@Query() { include }: FacetQuery) {
    return this.businesses.categoryNames(include === 'waiting');
  }

  @Get('admin/country-codes')
  @ApiCall('Every country code in use (?include=waiting: also those only waiting ones have)', arrayOf(str), 400)
  countryCodes(@Query() { include }: FacetQuery) {
    return this.businesses.countryCodes(include === 'waiting');
  }

  /** Every editable field of one business (the admin's edit form). */
  @Get('admin/businesses/:id')
  @ApiCall('Every field of one business, for the edit form', GenericObject, 400, 404)
  get(@Param() { id }: BusinessIdParams) {
    return this.businesses.get(id);
  }

  @Put('admin/businesses/:id')
  @JsonBody('32kb')
  @ApiCall('Edits a business (fields given only)', GenericObject, 400, 403, 404)
  async update(@Param() { id }: BusinessIdParams, @Body() body: UpdateBusinessDto, @Req() req: AdminRequest) {
    return this.audit.write(
      req.admin,
      'business.update',
      () => this.businesses.update(id, body),
      () => ({ id, fields: Object.keys(body) }),
    );
  }

  @Post('admin/businesses/:id/toggle-approval')
  @ApiCall('Approves or hides a business', GenericObject, 400, 403, 404)
  @HttpCode(200)
  async toggleApproval(@Param() { id }: BusinessIdParams, @Req() req: AdminRequest) {
    return this.audit.write(
      req.admin,
      'business.toggle-approval',
      () => this.businesses.toggleApproval(id),
      (result) => ({ id, isApproved: result.isApproved }),
    );
  }

  @Post('admin/businesses/approval')
  @JsonBody('100kb')
  @HttpCode(200)
  @ApiCall(
    'Approves or hides the selected businesses, or all matching filters (a worker job when over 10,000; 202 if it outlasts the wait)',
    GenericObject,
    400,
    403,
    413,
    503,
  )
  async bulkApproval(
    @Body() body: BulkApprovalDto,
    @Req() req: AdminRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const start = await this.audit.write(
      req.admin,
      'business.bulk-approval',
      () => this.businesses.startApproval(body),
      (start) => ({
        isApproved: body.isApproved,
        ...('done' in start ? { count: start.done.selected, changed: start.done.changed } : { jobId: start.job.id }),
        ...(body.ids ? { ids: body.ids.slice(0, 100) } : { matching: body.matching }),
      }),
    );
    const answer = await this.businesses.approvalAnswer(start);
    res.status(answer.status);
    return answer.body;
  }

  @Post('admin/businesses/reject')
  @JsonBody('100kb')
  @HttpCode(200)
  @ApiCall(
    'Rejects (deletes) the selected businesses waiting for approval, or all waiting ones matching filters (a worker job when many; 202 if it outlasts the wait)',
    GenericObject,
    400,
    403,
    413,
    503,
  )
  async bulkReject(
    @Body() body: BulkRejectDto,
    @Req() req: AdminRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const start = await this.audit.write(
      req.admin,
      'business.bulk-reject',
      () => this.businesses.startReject(body),
      (start) => ({
        ...auditOf(start),
        ...(body.ids ? { ids: body.ids.slice(0, 100), count: body.ids.length } : { matching: body.matching }),
      }),
    );
    const answer = await this.businesses.removalAnswer(start);
    res.status(answer.status);
    return answer.body;
  }

  @Delete('admin/businesses/:id')
  @ApiCall('Deletes a business', Success, 400, 403, 404)
  async remove(@Param() { id }: BusinessIdParams, @Req() req: AdminRequest) {
    return this.audit.write(
      req.admin,
      'business.delete',
      () => this.businesses.remove(id),
      (result) => ({ id, name: result.name }),
    );
  }

  /** Legacy alias of the admin delete (admin spec §7). */
  @Delete('businesses/:id')
  @ApiCall('Deletes a business (legacy alias, admin only)', Success, 400, 403, 404)
  removeLegacy(@Param() params: BusinessIdParams, @Req() req: AdminRequest) {
    return this.remove(params, req);
  }

  @Delete('admin/businesses')
  @ApiCall('Deletes every business (a worker job when many; 202 if it outlasts the wait)', GenericObject, 403, 503)
  async removeAll(@Req() req: AdminRequest, @Res({ passthrough: true }) res: FastifyReply) {
    return this.removeBusinesses('all', 'business.delete-all', req, res);
  }

  @Delete('admin/test-data')
  @ApiCall('Deletes the test businesses (a worker job when many; 202 if it outlasts the wait)', GenericObject, 403, 503)
  async removeTestData(@Req() req: AdminRequest, @Res({ passthrough: true }) res: FastifyReply) {
    return this.removeBusinesses('test-data', 'business.delete-test-data', req, res);
  }

  /** The deletion is audited with what it did (or the job doing it); waiting for the job is not part of it. */
  private async removeBusinesses(
    scope: BusinessDeleteScope,
    action: AuditAction,
    req: AdminRequest,
    res: FastifyReply,
  ) {
    const start = await this.audit.write(req.admin, action, () => this.businesses.startRemoval(scope), auditOf);
    const answer = await this.businesses.removalAnswer(start);
    res.status(answer.status);
    return answer.body;
  }

  @Get('admin/audit-log')
  @ApiCall('The latest admin actions', arrayOf(GenericObject))
  async auditLog() {
    return (await this.audit.recent()).map((e) => ({
      id: Number(e.id),
      username: e.admin_username,
      action: e.action,
      details: e.details,
      createdAt: e.created_at,
    }));
  }
}

/** What the audit log keeps of a delete: the count, or the worker's job deleting. */
const auditOf = (start: RemovalStart) =>
  'done' in start ? { deletedCount: start.done.deletedCount } : { jobId: start.job.id };
