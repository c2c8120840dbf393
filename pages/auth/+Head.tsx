export { default } from '../../src/admin/shell/NoIndexHead'
