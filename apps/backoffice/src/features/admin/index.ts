export { RolesPage } from './RolesPage';
