import { sameSecret } from '../../src/same-secret';

test('a secret matches only itself, whatever the lengths', () => {
  expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true);
  expect(sameSecret('s3cret-tokeN', 's3cret-token')).toBe(false);
  expect(sameSecret('s3cret', 's3cret-token')).toBe(false);
  expect(sameSecret('s3cret-token-and-more', 's3cret-token')).toBe(false);
  expect(sameSecret('é', 'é')).toBe(true);
});

test('a missing or empty secret never matches, nor does anything an empty expected one', () => {
  expect(sameSecret(undefined, 's3cret-token')).toBe(false);
  expect(sameSecret('', 's3cret-token')).toBe(false);
  expect(sameSecret('', '')).toBe(false);
  expect(sameSecret(undefined, '')).toBe(false);
});
