export { walletModule } from './routes';
