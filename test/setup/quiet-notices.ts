// The AWS SDK warns once per process on Node 20 that its releases after
// January 2027 need Node 22 (README, Quick start): known, and noise in every
// test run on Node 20. Servers the tests start as child processes inherit it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
