/**
 * The key a test service accepts by default. Its own file so that the load generators' child processes
 * (heavy-load.ts, load.ts) need nothing else: importing it from service.ts brought ioredis, ajv and the OpenAPI
 * schemas into every child, 3.4 s of CPU at each start, spent inside the fairness tests' measured windows.
 */
export const TEST_API_KEY = 'test-key-0123456789abcdef';
