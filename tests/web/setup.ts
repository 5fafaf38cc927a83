import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { queryClient } from '../../src/api/query';

// Every test starts with an empty query cache, as a fresh app would.
afterEach(() => queryClient.clear());
