import type { AppContext } from '../../app-context.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerBusinessDetailsRoutes } from './business-details-routes.ts';
import { registerKeyRoutes } from './key-routes.ts';
import { registerSettingsRoutes } from './settings-routes.ts';

/** In this order: the OpenAPI document lists paths in the order they are registered. */
export function registerMerchantRoutes(app: TypedApp, ctx: AppContext): void {
  registerAccountRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerKeyRoutes(app, ctx);
  registerBusinessDetailsRoutes(app, ctx);
}
