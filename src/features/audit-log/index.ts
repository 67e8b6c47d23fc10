export { listOperatorActions, type Operator, recordOperatorAction } from './operator-audit.ts';
