export { default } from '../../src/admin/auth/AuthScreen'
