import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { ApiCall } from '../docs/api-responses.js';
import { Session, Success } from '../docs/schemas.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AdminRequest, Authenticated, Public } from './access.js';
import { assertSameSite } from './access.guard.js';
import { AuthService, LOGIN_FAILED_MESSAGE, SESSION_COOKIE, SESSION_TTL_MS } from './auth.service.js';
import { LoginLimiter } from './login-limiter.js';
import { JsonBody } from '../http/request-body.js';
import { addressKey } from '../http/client-address.js';

/** The session lives in an HttpOnly, SameSite=Strict cookie that scripts cannot read. */
export function setSessionCookie(req: FastifyRequest, res: FastifyReply, token: string): void {
  res.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000, // in seconds
  });
}

class LoginDto {
  @MaxLength(200, { message: 'username must be at most 200 characters' })
  @MinLength(1, { message: 'username is required' })
  @IsString({ message: 'username is required' })
  username!: string;

  @MaxLength(1000, { message: 'password must be at most 1000 characters' })
  @MinLength(1, { message: 'password is required' })
  @IsString({ message: 'password is required' })
  password!: string;
}

@ApiTags('admin session')
@Controller('admin')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly limiter: LoginLimiter,
  ) {}

  /** Admin spec §7: answers {success, message}; the session lives in an HttpOnly, SameSite=Strict cookie. */
  @Post('login')
  @JsonBody('8kb')
  @HttpCode(200)
  @ApiCall('Signs in: sets the HttpOnly session cookie admin_session', Success, 400, 401, 403, 429)
  @Public()
  async login(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    assertSameSite(req);
    const attempt = await this.limiter.begin(addressKey(req.ip), body.username, res);
    const userAgent = req.headers['user-agent'];
    const token = await this.auth.login(body.username, body.password, { ip: req.ip, userAgent });
    if (!token) throw new UnauthorizedException({ success: false, message: LOGIN_FAILED_MESSAGE });
    await attempt.succeeded();
    setSessionCookie(req, res, token);
    // The answer that sets the session is never kept by a browser or a proxy.
    res.header('Cache-Control', 'no-store');
    return { success: true, message: 'Welcome' };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiCall('Signs out: ends the session on the server and clears the cookie', Success, 403)
  @Public()
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    assertSameSite(req);
    await this.auth.logout(req.cookies?.[SESSION_COOKIE]);
    res.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      path: '/',
    });
    return { success: true, message: 'Signed out' };
  }

  /** Lets the admin screens ask the server (not the browser flag) whether the session is still valid. */
  @Get('session')
  @Authenticated()
  @ApiCall('Whether the session cookie is still valid, and whose it is', Session)
  session(@Req() req: AdminRequest) {
    return { authenticated: true, username: req.admin?.username };
  }
}
