// GET /api/v1/content/settings: what the site says about itself, per language.
import { contentRoute } from '@/server/content-api/content-route';
import { settingsOperation } from '@/server/content-api/operations';
import { readSettings } from '@/server/content-api/read-listings';

const route = contentRoute(settingsOperation, ({ locale }) => readSettings(locale));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
