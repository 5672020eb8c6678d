import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Req } from '@nestjs/common';
import { type AdminRequest, AdminOnly } from '../auth/admin.guard.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminBusinessQuery, UpdateBusinessDto } from './admin-businesses.dto.js';
import { AdminBusinessesService } from './admin-businesses.service.js';

@Controller()
export class AdminBusinessesController {
  constructor(
    private readonly businesses: AdminBusinessesService,
    private readonly audit: AuditService,
  ) {}

  @Get('admin/stats')
  stats() {
    return this.businesses.stats();
  }

  @Get('admin/businesses')
  list(@Query() query: AdminBusinessQuery) {
    return this.businesses.list(query);
  }

  @Get('admin/categories')
  categories() {
    return this.businesses.categoryNames();
  }

  @Get('admin/country-codes')
  countryCodes() {
    return this.businesses.countryCodes();
  }

  /** Every editable field of one business (the admin's edit form). */
  @Get('admin/businesses/:id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.businesses.get(id);
  }

  @Put('admin/businesses/:id')
  async update(@Param('id', ParseIntPipe) id: number, @Body() body: UpdateBusinessDto, @Req() req: AdminRequest) {
    const result = await this.businesses.update(id, body);
    await this.audit.record(req.admin!.username, 'business.update', { id, fields: Object.keys(body) });
    return result;
  }

  @Post('admin/businesses/:id/toggle-approval')
  @HttpCode(200)
  async toggleApproval(@Param('id', ParseIntPipe) id: number, @Req() req: AdminRequest) {
    const result = await this.businesses.toggleApproval(id);
    await this.audit.record(req.admin!.username, 'business.toggle-approval', { id, isApproved: result.isApproved });
    return result;
  }

  @Delete('admin/businesses/:id')
  async remove(@Param('id', ParseIntPipe) id: number, @Req() req: AdminRequest) {
    const result = await this.businesses.remove(id);
    await this.audit.record(req.admin!.username, 'business.delete', { id, name: result.name });
    return result;
  }

  /** Legacy alias of the admin delete (admin spec §7). */
  @Delete('businesses/:id')
  @AdminOnly()
  removeLegacy(@Param('id', ParseIntPipe) id: number, @Req() req: AdminRequest) {
    return this.remove(id, req);
  }

  @Delete('admin/businesses')
  async removeAll(@Req() req: AdminRequest) {
    const result = await this.businesses.removeAll();
    await this.audit.record(req.admin!.username, 'business.delete-all', { deletedCount: result.deletedCount });
    return result;
  }

  @Delete('admin/test-data')
  async removeTestData(@Req() req: AdminRequest) {
    const result = await this.businesses.removeTestData();
    await this.audit.record(req.admin!.username, 'business.delete-test-data', { deletedCount: result.deletedCount });
    return result;
  }

  @Get('admin/audit-log')
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
