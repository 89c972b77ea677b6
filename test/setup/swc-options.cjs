// How TypeScript is compiled for the tests: by jest's transform (jest.config.js)
// and by the shared runtime for src/ (shared-runtime.cjs), one setting for both.
module.exports = { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } };
