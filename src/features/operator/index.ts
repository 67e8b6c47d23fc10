export {
  createOperator,
  disableOperator,
  listOperators,
  type NewOperator,
  type OperatorView,
} from './accounts.ts';
export { registerAdminOversightRoutes } from './oversight-routes.ts';
export { registerAdminRoutes } from './routes.ts';
export { registerAdminSessionRoutes } from './session-routes.ts';
