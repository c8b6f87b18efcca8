import { type BrandConfig, resolveBrand } from '@app/brands';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of the request's Host (the default brand for unknown hosts). */
    brand: BrandConfig;
  }
}

/** Gives every request its brand, on the root instance so every route sees it. */
export function registerBrand(app: FastifyInstance): void {
  app.decorateRequest('brand', null as unknown as BrandConfig);
  app.addHook('onRequest', (request, _reply, done) => {
    request.brand = resolveBrand(request.host);
    done();
  });
}
