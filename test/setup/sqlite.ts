process.env.PARLEY_TEST_DB = 'sqlite';
