/** News's public surface: the plugins (readers, operators) and the service. */
export { newsModule } from './routes';
export { newsOpsModule } from './ops-routes';
export { contentNames, seedContent } from './content';
export { createNews,  } from './service';
