import { type CanActivate, type ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The contact form is sent as JSON by the site's own script (public spec §7). A cross-site HTML form can only
 * post url-encoded, multipart or plain-text bodies without a CORS preflight, so refusing every other type
 * means no other site can make a visitor's browser send a message.
 */
@Injectable()
export class ContactJsonGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.is('application/json')) return true;
    const sent = req.headers['content-type']?.split(';')[0].trim();
    throw new UnsupportedMediaTypeException(
      `The contact form must be sent as JSON (Content-Type: application/json); this request sent ${
        sent ? sent : 'no Content-Type'
      }.`,
    );
  }
}
