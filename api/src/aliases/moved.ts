import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A page read by an old or other address of a city, category or country: answered 301 to the canonical
 * address (the same query string), so links and bookmarks keep working and crawlers move to it.
 */
export class MovedPermanently extends HttpException {
  constructor(readonly path: string) {
    super(
      { statusCode: HttpStatus.MOVED_PERMANENTLY, message: `This address moved to ${path}.`, location: path },
      HttpStatus.MOVED_PERMANENTLY,
    );
  }
}

@Catch(MovedPermanently)
export class MovedPermanentlyFilter implements ExceptionFilter<MovedPermanently> {
  catch(exception: MovedPermanently, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const response = http.getResponse<FastifyReply>();
    const query = request.url.indexOf('?');
    const location = `${exception.path}${query === -1 ? '' : request.url.slice(query)}`;
    void response.status(HttpStatus.MOVED_PERMANENTLY).header('Location', location).send(exception.getResponse());
  }
}
