process.env.PARLEY_TEST_DB = 'postgresql';
// Servers started by tests log nothing unless a test asks (PARLEY_LOG_LEVEL in its own environment).
process.env.PARLEY_LOG_LEVEL ??= 'silent';
