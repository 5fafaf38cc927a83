/** The user module's public surface: the plugin, profiles and the avatar files. */
export { userModule } from './routes';
export {  createProfiles,   } from './service';
export { avatarStoreOf } from './avatar-store';
export { createUserLookup } from './lookup';
export { userOpsModule } from './ops-routes';
