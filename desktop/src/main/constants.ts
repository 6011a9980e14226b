/** The installer's app id: also the Windows AppUserModelID, so notifications show (issue 7). */
export const APP_ID = 'com.northstar-it.staff-console';
export const PRODUCT_NAME = 'Northstar Staff Console';

/** The renderer's privileged origin: built files only, never remote content (decision 053). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const START_URL = `${APP_ORIGIN}/admin/chat`;

/** The console window's own session (cookies, cache, header hook, protocol handler). */
export const CONSOLE_PARTITION = 'persist:console';
