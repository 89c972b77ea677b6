import {
  decryptTypebotCredentials,
  typebotSecretProblem,
} from '../../../../src/integrations/typebot/credentials-cipher';
import { TYPEBOT_SECRET, typebotEncrypt, typebotEncryptV1 } from '../../../helpers/typebot-source';

// Typebot's two layouts of encrypted credentials, as its database holds them.

const data = { host: 'smtp.example.com', port: 587, from: { email: 'bot@example.com' }, password: 'é-secret' };

test('both layouts decrypt with the secret that encrypted them', () => {
  expect(decryptTypebotCredentials(TYPEBOT_SECRET, typebotEncrypt(data))).toEqual(data);
  expect(decryptTypebotCredentials(TYPEBOT_SECRET, typebotEncryptV1(data))).toEqual(data);
});

test('another secret, or altered data, does not decrypt: an error, never wrong data', () => {
  const other = 'y'.repeat(32);
  expect(() => decryptTypebotCredentials(other, typebotEncrypt(data))).toThrow();
  expect(() => decryptTypebotCredentials(other, typebotEncryptV1(data))).toThrow();
  const sealed = typebotEncrypt(data);
  const bytes = Buffer.from(sealed.data, 'base64');
  bytes[0] = bytes[0]! ^ 1;
  expect(() => decryptTypebotCredentials(TYPEBOT_SECRET, { ...sealed, data: bytes.toString('base64') })).toThrow();
  expect(() => decryptTypebotCredentials(TYPEBOT_SECRET, { data: 'AAAA', iv: sealed.iv })).toThrow(
    'the encrypted data is too short',
  );
  expect(() => decryptTypebotCredentials(TYPEBOT_SECRET, { data: sealed.data, iv: 'zz.' })).toThrow(
    'the IV column is not one Typebot writes',
  );
});

test('a secret must be the 32 bytes Typebot requires', () => {
  expect(typebotSecretProblem(TYPEBOT_SECRET)).toBeNull();
  expect(typebotSecretProblem('short')).toBe('must be 32 bytes, as Typebot requires of ENCRYPTION_SECRET (got 5)');
  // Bytes, not characters: AES-256 takes the UTF-8 bytes.
  expect(typebotSecretProblem('é'.repeat(32))).toBe(
    'must be 32 bytes, as Typebot requires of ENCRYPTION_SECRET (got 64)',
  );
});
