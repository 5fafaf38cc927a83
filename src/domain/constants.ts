/** Business constants: timeouts, lengths, page sizes and the other limits of the product. */
export const DAY_MS = 86_400_000;
export const API_TIMEOUT_MS = 10_000;
export const TOAST_MS = 2_000;
export const TOAST_HTTP_ERROR_MS = 5_000;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
export const PAY_PASSWORD_LENGTH = 6;
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const NICKNAME_MAX_LENGTH = 24;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const SOCKET_RECONNECT_ATTEMPTS = 10;
export const SOCKET_RECONNECT_DELAY_MS = 2_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 10_000;
export const SOCKET_TIMEOUT_MS = 20_000;

export const TOKEN_KEY = 'auth_token';
export const USER_INFO_KEY = 'user_info';
/** localStorage: present while someone is signed in on this device (read by index.html's boot hint). */
export const SIGNED_IN_HINT_KEY = 'signed_in';
export const COIN_INFO_KEY = 'coin_info';
export const TAB_PATHS = ['/home', '/market', '/order', '/mine'] as const;

/** News: the category of the home's announcements (c_id 4). */
export const NEWS_CATEGORY = 4;
/**
 * A link to a screen of the app in the text of a piece of news or a content page:
 * `[label](/path)` or `[label](/path?key=value)`, the path one of the app's routes.
 */
export const APP_LINK = /\[([^\]\n]+)\]\((\/[a-z0-9/_-]*(?:\?[A-Za-z0-9=&_-]+)?)\)/;
