export { RoleBadge, roleStyle } from './role-badge';
