import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

const FIFTEEN_MINUTES_S = 15 * 60;
export const TOO_MANY_LOGINS = 'Too many sign-in attempts. Wait 15 minutes and try again.';

/** Sign-in attempts are limited per IP (20 per 15 min) and per username (10 per 15 min). */
@Injectable()
export class LoginLimiter {
  private readonly perIp = new RateLimiterMemory({ keyPrefix: 'login-ip', points: 20, duration: FIFTEEN_MINUTES_S });
  private readonly perUsername = new RateLimiterMemory({
    keyPrefix: 'login-user',
    points: 10,
    duration: FIFTEEN_MINUTES_S,
  });

  async consume(ip: string, username: string): Promise<void> {
    try {
      await Promise.all([this.perIp.consume(ip), this.perUsername.consume(username.trim().toLowerCase())]);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new HttpException({ success: false, message: TOO_MANY_LOGINS }, HttpStatus.TOO_MANY_REQUESTS);
      }
      throw rejection;
    }
  }
}
