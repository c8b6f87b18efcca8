import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/routes';
import { addressRoutes } from './address/routes';
import { backupRoutes } from './backup/routes';
import { pendingInvitationRoutes } from './company/invitation-routes';
import { companyRoutes } from './company/routes';
import { contactRoutes } from './contact/routes';
import { contentMediaRoutes } from './content/media-routes';
import { contentRoutes } from './content/routes';
import { disclosureLogRoutes } from './disclosures/log-routes';
import { disclosureReleaseRoutes } from './disclosures/release-routes';
import { disclosuresRoutes } from './disclosures/routes';
import { downloadsRoutes } from './downloads/routes';
import { healthRoutes } from './health/routes';
import { lookupRoutes } from './lookup/routes';
import { partnerRoutes } from './partner/routes';
import { printRoutes } from './print/routes';
import { publicationRoutes } from './publication/routes';
import { qrRoutes } from './qr/routes';
import { requestsRoutes } from './requests/routes';
import { sitesRoutes } from './sites/routes';
import { moveStickerHereRoutes } from './stickers/move-here-routes';
import { stickersRoutes } from './stickers/routes';
import { siteStickersRoutes } from './stickers/site-routes';
import { findUserById } from './users/repository';
import { usersRoutes } from './users/routes';

/**
 * The API's feature modules, registered in this order by buildApp. Each is
 * `modules/<area>/routes.ts` exporting a plugin whose routes spell out their full paths
 * (`/api/users/login`), so a path from the spec can be found with grep.
 */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  usersRoutes,
  stickersRoutes,
  backupRoutes,
  siteStickersRoutes,
  moveStickerHereRoutes,
  // The users module builds on the sites, so the sites are handed who a user is.
  sitesRoutes({ findUser: findUserById }),
  companyRoutes,
  pendingInvitationRoutes,
  publicationRoutes,
  accountRoutes,
  lookupRoutes,
  requestsRoutes,
  disclosuresRoutes,
  disclosureReleaseRoutes,
  disclosureLogRoutes,
  qrRoutes,
  printRoutes,
  addressRoutes,
  contactRoutes,
  partnerRoutes,
  downloadsRoutes,
  contentRoutes,
  contentMediaRoutes(),
];
