// Amazon SNS message signatures (how SES reports bounces and complaints): the canonical
// string of the documented fields, signed by the key of a certificate SNS serves from
// https://sns.<region>.amazonaws.com/…pem. SignatureVersion 1 is SHA1withRSA, 2 is
// SHA256withRSA. Fetching the certificate is the caller's (server/mail-events/): here
// only the URL is judged and the signature checked against a PEM given.
import { createVerify, X509Certificate } from 'node:crypto';

export interface SnsEnvelope {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string | null;
  SubscribeURL?: string;
  Token?: string;
}

/** Fields signed, in the documented (alphabetical) order, per message type. */
const notificationFields = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const confirmationFields = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;

/** "Key\nvalue\n" for each signed field present (Subject only when the message has one). */
export function snsCanonicalString(message: SnsEnvelope): string {
  const fields = message.Type === 'Notification' ? notificationFields : confirmationFields;
  let text = '';
  for (const field of fields) {
    const value = message[field];
    if (value === undefined || value === null) continue;
    text += `${field}\n${value}\n`;
  }
  return text;
}

const certHost = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** Only a certificate served by SNS itself over https, never one the message points anywhere else. */
export function isSnsUrl(url: string, pathEnding = ''): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && certHost.test(parsed.hostname) && parsed.port === '' && parsed.username === '' && parsed.pathname.endsWith(pathEnding);
}

export function isSnsCertificateUrl(url: string): boolean {
  return isSnsUrl(url, '.pem');
}

/** True when `certificatePem` signed this message (and the certificate is in its validity period). */
export function verifySnsSignature(message: SnsEnvelope, certificatePem: string, now: Date): boolean {
  const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : null;
  if (!algorithm) return false;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    return false;
  }
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) return false;
  const verifier = createVerify(algorithm);
  verifier.update(snsCanonicalString(message), 'utf8');
  try {
    return verifier.verify(certificate.publicKey, message.Signature, 'base64');
  } catch {
    return false;
  }
}
