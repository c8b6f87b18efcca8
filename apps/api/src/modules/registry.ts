import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/routes';

/**
 * The API's feature modules, registered in this order by buildApp. Each is
 * `modules/<area>/routes.ts` exporting a plugin whose routes spell out their full paths
 * (`/api/users/login`), so a path from the spec can be found with grep.
 */
export const apiModules: FastifyPluginAsyncZod[] = [healthRoutes];
