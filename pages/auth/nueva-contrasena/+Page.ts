export { default } from '#src/admin/auth/NewPasswordScreen.tsx'
