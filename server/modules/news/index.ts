/** News's public surface: the plugins (readers, operators) and the service. */
export { newsModule, newsOpsModule } from './routes';
export { createNews, listNews, newsDetail, publishNews, summaryOf, translateNews, withdrawNews } from './service';
