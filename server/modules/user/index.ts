/** The user module's public surface: the plugin, profiles and the avatar files. */
export { userModule } from './routes';
export { AVATAR_URL_PREFIX, createProfiles, userInfoOf, type Profiles } from './service';
export { avatarStoreOf } from './avatar-store';
