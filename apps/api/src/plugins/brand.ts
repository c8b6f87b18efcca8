import type { BrandConfig } from '@app/brands';
import type { FastifyInstance } from 'fastify';
import { brandOfHost, configuredHosts } from '../lib/public-url';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of the request's Host (the default brand for hosts not configured). */
    brand: BrandConfig;
  }
}

/**
 * Gives every request its brand, on the root instance so every route sees it. From the Host
 * header alone: Fastify's `request.host` would take X-Forwarded-Host when TRUST_PROXY is set, and
 * a cache in front keys its entries on Host, so a forwarded host could put one brand's page in
 * another's place.
 */
export function registerBrand(app: FastifyInstance): void {
  const hosts = configuredHosts(app.env);
  app.decorateRequest('brand', null as unknown as BrandConfig);
  app.addHook('onRequest', (request, _reply, done) => {
    request.brand = brandOfHost(hosts, request.headers.host);
    done();
  });
}
