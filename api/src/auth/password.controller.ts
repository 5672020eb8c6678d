import { BadRequestException, Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { ApiCall } from '../docs/api-responses.js';
import { object, Success } from '../docs/schemas.js';
import { JsonBody } from '../http/request-body.js';
import { type AdminRequest, Authenticated } from './access.js';
import { assertSameSite } from './access.guard.js';
import { setSessionCookie } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginLimiter } from './login-limiter.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@directory/core';
import { newPasswordProblem } from './passwords.js';
import { addressKey } from '../http/client-address.js';

class ChangePasswordDto {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `currentPassword must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @MinLength(1, { message: 'currentPassword is required: type the password you signed in with' })
  @IsString({ message: 'currentPassword is required: type the password you signed in with' })
  currentPassword!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: `newPassword must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `newPassword must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @IsString({ message: `newPassword is required (at least ${PASSWORD_MIN_LENGTH} characters)` })
  newPassword!: string;
}

/** Why a change was refused, for screens that word it in their own language (the admin's Turkish). */
export type PasswordRefusal = 'wrong-current-password' | 'same-password' | 'weak-password';

function refused(reason: PasswordRefusal, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, error: 'Bad Request', reason });
}

const str = { type: 'string' } as const;

@ApiTags('admin session')
@Controller('admin')
@Authenticated()
export class PasswordController {
  constructor(
    private readonly auth: AuthService,
    private readonly limiter: LoginLimiter,
  ) {}

  /**
   * The signed-in admin's own password. The current password is checked under the sign-in limits (a stolen
   * session must not become a way to guess it); on success every session of the admin ends and this browser
   * gets a fresh one.
   */
  @Post('password')
  @JsonBody('8kb')
  @HttpCode(200)
  @ApiBody({ schema: object({ currentPassword: str, newPassword: str }) })
  @ApiCall('Changes the signed-in admin’s password and signs out their other sessions', Success, 400, 403, 429)
  async change(
    @Body() body: ChangePasswordDto,
    @Req() req: AdminRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    assertSameSite(req);
    const admin = req.admin!;
    const weak = newPasswordProblem(body.newPassword);
    if (weak) throw refused('weak-password', weak);
    const attempt = await this.limiter.begin(addressKey(req.ip), admin.username, res);
    const result = await this.auth.changePassword(admin, body.currentPassword, body.newPassword, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    if ('refused' in result) {
      if (result.refused === 'wrong-current-password')
        throw refused('wrong-current-password', 'The current password is incorrect: type the one you signed in with.');
      await attempt.succeeded();
      throw refused('same-password', 'The new password is the same as the current one: choose a different one.');
    }
    await attempt.succeeded();
    setSessionCookie(req, res, result.token);
    return { success: true, message: 'Password changed. Your other sessions have been signed out.' };
  }
}
