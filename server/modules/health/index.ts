export { healthModule } from './routes';
