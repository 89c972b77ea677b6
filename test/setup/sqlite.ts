process.env.PARLEY_TEST_DB = 'sqlite';
// Servers started by tests log nothing unless a test asks (LOG_LEVEL in its own environment).
process.env.LOG_LEVEL ??= 'silent';
