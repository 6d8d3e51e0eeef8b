/**
 * The public half of Werkboard's license signing key (Ed25519). License keys are issued with
 * the private half by build/issueLicenseKey.mjs; the private key is never in the repository.
 * A server can verify against another key with LICENSE_PUBLIC_KEY (tests use their own pair).
 */
export const BUILT_IN_LICENSE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAZG3EhoscVzZArlETfkvjMGU24f8RpeX7aVEvOtbihz0=
-----END PUBLIC KEY-----
`;
