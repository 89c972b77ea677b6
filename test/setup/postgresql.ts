process.env.PARLEY_TEST_DB = 'postgresql';
// Servers started by tests log nothing unless a test asks (LOG_LEVEL in its own environment).
process.env.LOG_LEVEL ??= 'silent';
