/**
 * The notice limits shared by the admin's Toaster (React) and the public site's DOM notice
 * (src/behaviors/notice.ts), kept free of React so a behaviour can import them.
 */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
