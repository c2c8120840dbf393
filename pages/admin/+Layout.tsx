export { default } from '../../src/admin/shell/AdminLayout'
