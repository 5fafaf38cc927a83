/** The codes module's public surface: the plugin and the code service other modules check codes with. */
export { codesModule } from './routes';
export { createCodes, targetOf,  type Codes,  } from './service';
